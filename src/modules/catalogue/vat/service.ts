import { asc, eq, inArray } from "drizzle-orm";
import { vatRates } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService } from "@/lib/crud/service";
import { formatDecimal } from "@/lib/money";
import { cachedRead, readCacheOf, tableNames } from "@/lib/read-cache";
import { type Vat, vatInput } from "./schemas";

export const toVat = (row: typeof vatRates.$inferSelect): Vat => {
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

/**
 * VAT rates by id, for pages that name the rate of each row (products): the short table read whole
 * and kept in the read cache; inside a transaction (no cache) only the ids asked for.
 */
export async function vatRatesById({ ctx, input }: { ctx: Ctx; input: { ids: number[] } }): Promise<Map<number, Vat>> {
  const byId = (rows: (typeof vatRates.$inferSelect)[]) => new Map(rows.map((row) => [row.id, toVat(row)]));
  if (!readCacheOf(ctx.db)) return byId(await ctx.db.select().from(vatRates).where(inArray(vatRates.id, input.ids)));
  return cachedRead(ctx.db, "vatRatesById", VAT_TABLES, async () => byId(await ctx.db.select().from(vatRates)));
}
