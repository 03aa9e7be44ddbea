import { asc, eq } from "drizzle-orm";
import { vatRates } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService } from "@/lib/crud/service";
import { formatDecimal } from "@/lib/money";
import { cachedRead, tableNames } from "@/lib/read-cache";
import { type Vat, vatInput } from "./schemas";

const toVat = (row: typeof vatRates.$inferSelect): Vat => {
  const rate = Number(row.rate);
  return { id: row.id, rate, active: row.active, name: `${formatDecimal(rate, "cs")} %` };
};

export const vatService = createCrudService({
  table: vatRates,
  input: vatInput,
  toEntity: toVat,
  toValues: (input) => ({ rate: String(input.rate), active: input.active }),
  listFields: {
    id: { column: vatRates.id, filter: "number", sortable: true },
    rate: { column: vatRates.rate, filter: "number", sortable: true },
    active: { column: vatRates.active, filter: "boolean", sortable: true },
  },
  defaultSort: ["rate", "asc"],
});

const VAT_TABLES = tableNames(vatRates);

/**
 * Rates offered on new documents (inactive ones stay only on old documents). A choice on every
 * order and invoice form: kept until this instance writes a rate (src/lib/read-cache.ts).
 */
export async function listActiveVatRates({ ctx }: { ctx: Ctx }): Promise<Vat[]> {
  return cachedRead(ctx.db, "activeVatRates", VAT_TABLES, async () => {
    const rows = await ctx.db.select().from(vatRates).where(eq(vatRates.active, true)).orderBy(asc(vatRates.rate));
    return rows.map(toVat);
  });
}
