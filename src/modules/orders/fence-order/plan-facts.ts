/**
 * What an order's shipment and assembly plans prove for its status (docs/decisions/055-planning.md):
 * per fence item, the amounts planned for delivery and for assembly and the amounts delivered and
 * assembled (the items through the order read model, the plans' sums beside them);
 * `planFactsFrom` turns them into the two facts status.ts reads.
 * Here, beside the status rules, so the order's status form and the planning module both read it
 * without the orders importing planning.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { readOrderItems } from "../order-snapshot/order-items";
import type { PlanFacts } from "./status";

export interface ItemPlanAmounts {
  itemId: number;
  productType: string;
  /** The name the item shows (the manufactured variant's, else the product's). */
  name: string | null;
  amount: number;
  deliveryPlanned: number;
  assemblyPlanned: number;
  delivered: number;
  assembled: number;
}

/** Amounts compare to the thousandth, as they are stored. */
const covers = (part: number, whole: number) => Math.round(part * 1000) >= Math.round(whole * 1000);

/** An order without fence items proves nothing. */
export function planFactsFrom(items: readonly ItemPlanAmounts[]): PlanFacts {
  if (!items.length) return { allPlanned: false, allDone: false };
  return {
    allPlanned: items.every((item) => covers(item.deliveryPlanned, item.amount) || covers(item.assemblyPlanned, item.amount)),
    allDone: items.every((item) => (item.assemblyPlanned > 0 ? covers(item.assembled, item.amount) : covers(item.delivered, item.amount))),
  };
}

/**
 * Each fence item of the order (read through the order read model, order-snapshot/order-items.ts)
 * with its planned, delivered and assembled amounts, in the items tab's order.
 */
export async function readItemPlanAmounts(ctx: Ctx, orderId: number): Promise<ItemPlanAmounts[]> {
  const [items, planned] = await Promise.all([
    readOrderItems(ctx, [orderId]),
    selectRows<{ item_id: number; delivery_planned: string; assembly_planned: string; delivered: string; assembled: string }>(
      ctx.db,
      sql`select pi.item_id,
            coalesce(sum(pi.amount) filter (where p.delivery), 0) as delivery_planned,
            coalesce(sum(pi.amount) filter (where p.assembly), 0) as assembly_planned,
            coalesce(sum(pi.amount) filter (where p.delivery and pi.delivered_on is not null), 0) as delivered,
            coalesce(sum(pi.amount) filter (where p.assembly and pi.assembled_on is not null), 0) as assembled
          from order_plan_items pi join order_plans p on p.id = pi.plan_id
          where p.order_id = ${orderId}
          group by pi.item_id`,
    ),
  ]);
  const sums = new Map(planned.map((row) => [Number(row.item_id), row]));
  return items.map((item) => {
    const row = sums.get(item.id);
    return {
      itemId: item.id,
      productType: item.productType,
      name: item.name,
      amount: item.amount,
      deliveryPlanned: Number(row?.delivery_planned ?? 0),
      assemblyPlanned: Number(row?.assembly_planned ?? 0),
      delivered: Number(row?.delivered ?? 0),
      assembled: Number(row?.assembled ?? 0),
    };
  });
}

export const readPlanFacts = async (ctx: Ctx, orderId: number): Promise<PlanFacts> => planFactsFrom(await readItemPlanAmounts(ctx, orderId));
