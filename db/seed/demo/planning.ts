/**
 * Demo planning (docs/domain.md#planning-rules): the demo's PLANNED orders on the grid in the weeks
 * ahead (every colour, the vans in turn, weekdays only) with a manufacture plan each (some lines
 * made), and its CLOSED orders delivered and assembled in the weeks behind. Inserted directly (the
 * orders already have their statuses; the plan rules would only confirm them); only while there
 * are no plans, so a second run changes nothing.
 */
import { asc, count, eq, inArray } from "drizzle-orm";
import { deliveryVans, fenceOrderItems, fenceOrders, manufacturePlanLines, orderPlanItems, orderPlans } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { addDays, isoWeekday, todayInPrague } from "@/lib/dates";
import { saveManufacturePlan } from "@/modules/planning/service";

/** The next weekday from `iso` on (a Saturday or Sunday moves to Monday). */
const weekday = (iso: string) => (isoWeekday(iso) > 5 ? addDays(iso, 8 - isoWeekday(iso)) : iso);

export async function seedDemoPlanning(ctx: Ctx): Promise<{ plans: number }> {
  return withTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select({ n: count() }).from(orderPlans);
    if (Number(existing?.n ?? 0) > 0) return { plans: 0 };
    const vans = (await tx.db.select({ id: deliveryVans.id }).from(deliveryVans).orderBy(asc(deliveryVans.id))).map((row) => row.id);
    const orders = await tx.db
      .select({ id: fenceOrders.id, status: fenceOrders.status })
      .from(fenceOrders)
      .where(inArray(fenceOrders.status, ["PLANNED", "CLOSED"]))
      .orderBy(asc(fenceOrders.id));
    if (!vans.length || !orders.length) return { plans: 0 };
    const items = await tx.db
      .select({ id: fenceOrderItems.id, orderId: fenceOrderItems.orderId, amount: fenceOrderItems.amount })
      .from(fenceOrderItems)
      .where(inArray(fenceOrderItems.orderId, orders.map((order) => order.id)));
    const today = todayInPrague();
    const planned = orders.map((order, index) => {
      const closed = order.status === "CLOSED";
      const date = weekday(addDays(today, closed ? -(7 + ((index * 3) % 40)) : 1 + ((index * 2) % 35)));
      // Planned orders in every colour; closed ones were delivered and assembled.
      const kind = closed ? 1 : index % 3;
      return { order, date, vanId: vans[index % vans.length]!, delivery: kind !== 2, assembly: kind !== 0, closed };
    });
    const made = await tx.db
      .insert(orderPlans)
      .values(planned.map((plan) => ({ orderId: plan.order.id, date: plan.date, vanId: plan.vanId, delivery: plan.delivery, assembly: plan.assembly, createdBy: tx.userId, updatedBy: tx.userId })))
      .returning({ id: orderPlans.id, orderId: orderPlans.orderId });
    const planOf = new Map(made.map((row) => [row.orderId, row.id]));
    const byOrder = new Map(planned.map((plan) => [plan.order.id, plan]));
    await tx.db.insert(orderPlanItems).values(
      items.map((item) => {
        const plan = byOrder.get(item.orderId)!;
        const done = plan.closed ? plan.date : null;
        return { planId: planOf.get(item.orderId)!, itemId: item.id, amount: item.amount, deliveredOn: done, assembledOn: done, assembledNote: plan.closed ? "Smontováno, zákazník spokojen" : null };
      }),
    );
    // The planned orders' manufacture: ten days before the plan, painted two days later; every third made.
    for (const [index, plan] of planned.filter((one) => !one.closed).entries()) {
      const manufacture = weekday(addDays(plan.date, -10));
      const saved = await saveManufacturePlan({ ctx: tx, input: { orderId: plan.order.id, manufactureDate: manufacture, paintingDate: weekday(addDays(manufacture, 2)) } }).catch(() => null);
      if (saved && index % 3 === 0) await tx.db.update(manufacturePlanLines).set({ manufactured: true }).where(eq(manufacturePlanLines.planId, saved.id));
    }
    return { plans: made.length };
  });
}
