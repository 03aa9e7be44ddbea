/**
 * The demo's customer directory: its fence orders are inserted in one go (not through the order
 * service), so their customers are gathered here the way each saved order files its customer
 * (docs/domain.md#customers), oldest order first. Idempotent: only orders without a contact.
 */
import { asc, eq, isNull } from "drizzle-orm";
import { fenceOrders } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { recordOrderCustomer } from "@/modules/orders";

export async function seedDemoCustomers(ctx: Ctx): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const orders = await tx.db.select().from(fenceOrders).where(isNull(fenceOrders.customerId)).orderBy(asc(fenceOrders.id));
    for (const order of orders) {
      const customerId = await recordOrderCustomer(tx, order);
      await tx.db.update(fenceOrders).set({ customerId }).where(eq(fenceOrders.id, order.id));
    }
  });
}
