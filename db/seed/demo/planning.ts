/**
 * Demo planning (docs/domain.md#planning-rules): the demo's PLANNED orders on the grid in the weeks
 * ahead (every colour, the vans in turn, weekdays only) with a manufacture plan each (some lines
 * made), and its CLOSED orders delivered and assembled in the weeks behind. Inserted directly (the
 * orders already have their statuses; the plan rules would only confirm them); only while there
 * are no plans, so a second run changes nothing. Then the material of the earliest open plans is
 * received into the production warehouse, so the grid's material marks show the planner a mix:
 * the next weeks' orders in stock, the later ones short (docs/domain.md#planning-rules).
 */
import { asc, count, eq, inArray } from "drizzle-orm";
import { deliveryVans, fenceOrderItems, fenceOrders, manufacturePlanLines, orderPlanItems, orderPlans, users, warehouses } from "@db/schema";
import { addLinesToBasket, clearBasket } from "@/modules/baskets/service";
import { materialReadinessOf } from "@/modules/orders";
import { takeStock } from "@/modules/warehouse/stock/service";
import { type Ctx, withTransaction } from "@/lib/context";
import { addDays, isoWeekday, todayInPrague } from "@/lib/dates";
import { saveManufacturePlan } from "@/modules/planning/service";

/** The next weekday from `iso` on (a Saturday or Sunday moves to Monday). */
const weekday = (iso: string) => (isoWeekday(iso) > 5 ? addDays(iso, 8 - isoWeekday(iso)) : iso);

export async function seedDemoPlanning(ctx: Ctx): Promise<{ plans: number }> {
  const seeded = await seedPlans(ctx);
  if (seeded.open.length) await receiveMaterialOfFirst(ctx, seeded.open, Math.ceil(seeded.open.length * MATERIAL_RECEIVED_SHARE));
  return { plans: seeded.plans };
}

/** The share of the open plans, earliest first, whose material the demo has received. */
const MATERIAL_RECEIVED_SHARE = 0.4;
/** Who receives the goods (db/seed/demo/users.ts) and where (db/seed/demo/warehouse.ts). */
const KEEPER_EMAIL = "jana.dvorakova@ploty-ohrada.cz";
const MATERIAL_WAREHOUSE = "Výroba – polotovary";

/**
 * One stocktaking in (INVENTORY_IN, through the stock service, so the transfer log balances) of
 * what the first `howMany` of the open orders lack: the orders take stock in that order, so what
 * each lacks after the ones before it is exactly what makes them all in stock.
 */
async function receiveMaterialOfFirst(ctx: Ctx, open: number[], howMany: number): Promise<void> {
  const [keeper] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, KEEPER_EMAIL));
  const [store] = await ctx.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.name, MATERIAL_WAREHOUSE));
  if (!keeper || !store) return;
  const readiness = await materialReadinessOf(ctx, open);
  const lacking = new Map<number, number>();
  for (const orderId of open.slice(0, howMany)) {
    for (const line of readiness.get(orderId)?.short ?? []) lacking.set(line.productId, (lacking.get(line.productId) ?? 0) + Math.ceil(line.required - line.available));
  }
  if (!lacking.size) return;
  await withTransaction({ ...ctx, userId: keeper.id }, async (tx) => {
    await addLinesToBasket({ ctx: tx, input: { type: "COMMON", lines: [...lacking].map(([productId, amount]) => ({ productId, amount })) } });
    await takeStock({ ctx: tx, input: { transferType: "INVENTORY_IN", warehouseId: store.id } });
    await clearBasket({ ctx: tx, input: { type: "COMMON" } });
  });
}

/** The plans; answers the open orders (PLANNED, not wholly manufactured) by their plan's date. */
async function seedPlans(ctx: Ctx): Promise<{ plans: number; open: number[] }> {
  return withTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select({ n: count() }).from(orderPlans);
    if (Number(existing?.n ?? 0) > 0) return { plans: 0, open: [] };
    const vans = (await tx.db.select({ id: deliveryVans.id }).from(deliveryVans).orderBy(asc(deliveryVans.id))).map((row) => row.id);
    const orders = await tx.db
      .select({ id: fenceOrders.id, status: fenceOrders.status })
      .from(fenceOrders)
      .where(inArray(fenceOrders.status, ["PLANNED", "CLOSED"]))
      .orderBy(asc(fenceOrders.id));
    if (!vans.length || !orders.length) return { plans: 0, open: [] };
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
    const open: { orderId: number; date: string }[] = [];
    for (const [index, plan] of planned.filter((one) => !one.closed).entries()) {
      const manufacture = weekday(addDays(plan.date, -10));
      const saved = await saveManufacturePlan({ ctx: tx, input: { orderId: plan.order.id, manufactureDate: manufacture, paintingDate: weekday(addDays(manufacture, 2)) } }).catch(() => null);
      if (saved && index % 3 === 0) await tx.db.update(manufacturePlanLines).set({ manufactured: true }).where(eq(manufacturePlanLines.planId, saved.id));
      else open.push({ orderId: plan.order.id, date: plan.date });
    }
    open.sort((a, b) => a.date.localeCompare(b.date) || a.orderId - b.orderId);
    return { plans: made.length, open: open.map((plan) => plan.orderId) };
  });
}
