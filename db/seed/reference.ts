import { count } from "drizzle-orm";
import { products, vatRates } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { withTransaction } from "@/lib/context";
import { startUpLock } from "@/lib/db";
import type { SystemRole } from "@/modules/catalogue/product/schemas";
import { defaultVatId } from "@/modules/catalogue/product/service";
import { seedEngineParameters } from "@/modules/catalogue/category-parameter/roles";
import { SEEDED_VAT_RATES } from "@/modules/catalogue/vat/schemas";

/**
 * docs/domain.md#reference-products: the products the order items editor relies on, found by `system_role`, never by id
 * (the spec's 18, 20, 19 and 16). The virtual custom product (-1) is a value, not a row
 * (docs/decisions/008).
 */
const REFERENCE_PRODUCTS: { systemRole: SystemRole; name: string; invoiceName: string }[] = [
  { systemRole: "ASSEMBLY_FENCE", name: "Montáž plotu", invoiceName: "Montáž plotu" },
  { systemRole: "ASSEMBLY_GATE", name: "Montáž brány", invoiceName: "Montáž brány" },
  { systemRole: "ASSEMBLY_WICKET", name: "Montáž branky", invoiceName: "Montáž branky" },
  { systemRole: "ATTENTION", name: "Ostatní – upřesnit", invoiceName: "Ostatní" },
];

/**
 * Reference rows every installation needs (docs/architecture.md#first-start). Idempotent: VAT rates go only into an
 * empty table, reference products and the fence engine's category parameters only where their
 * role is missing, so a restart or a later edit by staff (a renamed parameter) is never overwritten.
 */
export async function seedReference(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    // Instances starting together take turns: the second finds the VAT rates there (docs/architecture.md#several-instances).
    await startUpLock(tx.db);
    const [vat] = await tx.db.select({ n: count() }).from(vatRates);
    if ((vat?.n ?? 0) === 0) {
      await tx.db.insert(vatRates).values(SEEDED_VAT_RATES.map((rate) => ({ rate: String(rate), active: true })));
    }
    const vatId = await defaultVatId({ ctx: tx });
    await tx.db
      .insert(products)
      .values(REFERENCE_PRODUCTS.map((product) => ({ ...product, vatId, storable: false })))
      .onConflictDoNothing({ target: products.systemRole });
    // Without them a new company's fence products cannot count slats (docs/decisions/035-engine-parameter-roles.md).
    await seedEngineParameters(tx.db);
  });
}
