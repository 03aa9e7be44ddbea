/**
 * The order's planning as tab 5 shows it (docs/domain.md#planning; docs/decisions/055-planning.md):
 * each fence item with what is planned, delivered and assembled and what remains, and the order's
 * plans with their items and marks (`getOrderPlanning`). The items come through the order read model
 * (order-snapshot/order-items.ts, by way of plan-facts.ts). What remains is also the limit of a new
 * plan (plan-writes.ts).
 */
import { asc, eq, inArray } from "drizzle-orm";
import { deliveryVans, fenceOrders, orderPlanItems, orderPlans } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { type ItemPlanAmounts, readItemPlanAmounts } from "@/modules/orders";
import { readManufactured } from "./manufacture-plans";
import { idInput, planColour, type PlanColour } from "./schemas";

/** Amounts compare to the thousandth, as they are stored. */
export const thousandths = (n: number) => Math.round(n * 1000);

/** An item's planned and done amounts (what the order's status reads), and what a plan may still take. */
export interface OrderPlanningItem extends Omit<ItemPlanAmounts, "itemId"> {
  id: number;
  /** What a new plan may still take: of the delivery, of the assembly. */
  deliveryRemaining: number;
  assemblyRemaining: number;
}

export interface OrderPlanEntry {
  id: number;
  date: string;
  /** The plan's van (the spec's `vehicle`), with its registration for the tab. */
  vehicle: { id: number; name: string; spz: string };
  delivery: boolean;
  assembly: boolean;
  color: PlanColour;
  version: number;
  items: {
    id: number;
    itemId: number;
    productType: string;
    name: string | null;
    amount: number;
    deliveredOn: string | null;
    deliveredNote: string | null;
    assembledOn: string | null;
    assembledNote: string | null;
  }[];
}

export interface OrderPlanning {
  order: { id: number; status: string; lastName: string };
  /** Every line of the order's manufacture plan manufactured; null without a plan (tab 6). */
  manufactured: boolean | null;
  items: OrderPlanningItem[];
  plans: OrderPlanEntry[];
}

export const remaining = (amount: number, planned: number) => Math.max(0, thousandths(amount) - thousandths(planned)) / 1000;

/** Tab 5's data: each fence item with what is planned and what remains, and the order's plans with their items and marks; 404 without the order. */
export async function getOrderPlanning({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<OrderPlanning> {
  const { id } = parseInput(idInput, input);
  const [order] = await ctx.db.select({ id: fenceOrders.id, status: fenceOrders.status, lastName: fenceOrders.lastName }).from(fenceOrders).where(eq(fenceOrders.id, id));
  if (!order) throw AppError.notFound();
  const amounts = await readItemPlanAmounts(ctx, id);
  const manufactured = await readManufactured(ctx, [id]);
  const nameOf = new Map(amounts.map((row) => [row.itemId, row]));
  const items = amounts.map((row): OrderPlanningItem => ({
    id: row.itemId,
    productType: row.productType,
    name: row.name,
    amount: row.amount,
    deliveryPlanned: row.deliveryPlanned,
    assemblyPlanned: row.assemblyPlanned,
    delivered: row.delivered,
    assembled: row.assembled,
    deliveryRemaining: remaining(row.amount, row.deliveryPlanned),
    assemblyRemaining: remaining(row.amount, row.assemblyPlanned),
  }));
  const planRows = await ctx.db
    .select({ plan: orderPlans, vehicle: { id: deliveryVans.id, name: deliveryVans.name, spz: deliveryVans.spz } })
    .from(orderPlans)
    .innerJoin(deliveryVans, eq(deliveryVans.id, orderPlans.vanId))
    .where(eq(orderPlans.orderId, id))
    .orderBy(asc(orderPlans.date), asc(orderPlans.id));
  const planItems = planRows.length
    ? await ctx.db.select().from(orderPlanItems).where(inArray(orderPlanItems.planId, planRows.map((row) => row.plan.id))).orderBy(asc(orderPlanItems.id))
    : [];
  const plans = planRows.map(({ plan, vehicle }): OrderPlanEntry => ({
    id: plan.id,
    date: plan.date,
    vehicle,
    delivery: plan.delivery,
    assembly: plan.assembly,
    color: planColour(plan)!,
    version: plan.version,
    items: planItems
      .filter((line) => line.planId === plan.id)
      .map((line) => ({
        id: line.id,
        itemId: line.itemId,
        productType: nameOf.get(line.itemId)?.productType ?? "",
        name: nameOf.get(line.itemId)?.name ?? null,
        amount: line.amount,
        deliveredOn: line.deliveredOn,
        deliveredNote: line.deliveredNote,
        assembledOn: line.assembledOn,
        assembledNote: line.assembledNote,
      })),
  }));
  return { order, manufactured: manufactured.get(id) ?? null, items, plans };
}
