import { count } from "drizzle-orm";
import { vatRates } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { withTransaction } from "@/lib/context";
import { SEEDED_VAT_RATES } from "@/modules/catalogue/vat/schemas";

/**
 * Reference rows every installation needs (DESIGN.md §6). Idempotent: each set is inserted only
 * into an empty table, so a restart or a later edit by staff is never overwritten.
 */
export async function seedReference(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [vat] = await tx.db.select({ n: count() }).from(vatRates);
    if ((vat?.n ?? 0) === 0) {
      await tx.db.insert(vatRates).values(SEEDED_VAT_RATES.map((rate) => ({ rate: String(rate), active: true })));
    }
  });
}
