import { asc, count, isNull } from "drizzle-orm";
import { products, supplierOrders, suppliers } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createSupplier, createSupplierOrder } from "../factories";

export const DEMO_SUPPLIERS = [
  { name: "Ferona, a.s.", email: "objednavky@ferona.cz" },
  { name: "Pilecký s.r.o.", email: "obchod@pilecky.cz" },
  { name: "Betafence s.r.o.", email: "objednavky@betafence.cz" },
  { name: "Würth, spol. s r.o.", email: "objednavky@wuerth.cz" },
  { name: "Hörmann Česká republika s.r.o.", email: "prodej@hormann.cz" },
  { name: "ZINKPOWER Brno a.s.", email: "zakazky@zinkpower-brno.cz" },
  { name: "Nice CZ s.r.o.", email: "info@niceczech.cz" },
  { name: "Ocelové profily Novák s.r.o.", email: "novak@ocelprofily.cz" },
];

/** Orders by supplier index, with how many of the first products each orders and the quantities. */
const DEMO_ORDERS = [
  { supplier: 0, name: "Jekly 60 × 40 – doplnění skladu", note: "Dodat na paletách, max. délka 6 m.", quantities: [40, 25, 12] },
  { supplier: 2, name: "Pletivo a napínací drát – jaro", note: null, quantities: [15, 30] },
  { supplier: 3, name: "Spojovací materiál – březen", note: "Nerezové šrouby A2.", quantities: [500, 250, 1000, 200] },
  { supplier: 6, name: "Pohony posuvných bran", note: "Potvrdit termín dodání e-mailem.", quantities: [3, 3] },
  { supplier: 5, name: "Žárové zinkování – zakázka Brno-Líšeň", note: null, quantities: [8, 16, 4] },
];

/**
 * Eight suppliers and five supplier orders, each table only when it is empty. The orders get
 * lines from the catalogue's first products when there are any (run after the catalogue's demo);
 * with no products (the reference seed's system products, assembly and the like, do not count)
 * they are created without lines.
 */
export async function seedDemoSuppliers(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select({ n: count() }).from(suppliers);
    if (Number(existing?.n ?? 0) === 0) for (const supplier of DEMO_SUPPLIERS) await createSupplier(tx, supplier);
    const [orders] = await tx.db.select({ n: count() }).from(supplierOrders);
    if (Number(orders?.n ?? 0) > 0) return;
    const supplierRows = await tx.db.select({ id: suppliers.id }).from(suppliers).orderBy(asc(suppliers.id)).limit(DEMO_SUPPLIERS.length);
    if (supplierRows.length === 0) return;
    const productIds = (await tx.db.select({ id: products.id }).from(products).where(isNull(products.systemRole)).orderBy(asc(products.id)).limit(20)).map((row) => row.id);
    for (const [index, order] of DEMO_ORDERS.entries()) {
      const supplierId = supplierRows[order.supplier % supplierRows.length]!.id;
      // Each order takes its own run of products, so the lines differ between orders.
      const lines = order.quantities
        .map((quantity, line) => ({ productId: productIds[(index * 4 + line) % Math.max(productIds.length, 1)], quantity }))
        .filter((line): line is { productId: number; quantity: number } => line.productId !== undefined);
      const unique = [...new Map(lines.map((line) => [line.productId, line])).values()];
      await createSupplierOrder(tx, { name: order.name, supplier: supplierId, note: order.note, lines: unique });
    }
  });
}
