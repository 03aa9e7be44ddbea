/** Test support for the order files tests: an order row with only the required columns. */
import { fenceOrders } from "@db/schema";
import type { Db } from "@/lib/db";

export async function insertBareOrder(db: Db, values: Partial<typeof fenceOrders.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(fenceOrders)
    .values({
      status: "PRICE_OFFER",
      firstName: "Petr",
      lastName: "Dvořák",
      phone: "+420 603 123 456",
      email: "petr.dvorak@example.cz",
      paymentRuleConfirmation: 10,
      paymentRuleDelivery: 55,
      paymentRuleCompletion: 35,
      delivery: "výroba 1-14 týdnů, montáž 1-7 dní",
      vat: "21",
      ...values,
    })
    .returning({ id: fenceOrders.id });
  return row!.id;
}
