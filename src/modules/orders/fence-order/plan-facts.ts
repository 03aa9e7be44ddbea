/**
 * What an order's shipment and assembly plans prove for its status (docs/decisions/055-planning.md):
 * per fence item, the amounts planned for delivery and for assembly and the amounts delivered and
 * assembled, read in one statement; `planFactsFrom` turns them into the two facts status.ts reads.
 * Here, beside the status rules, so the order's status form and the planning module both read it
 * without the orders importing planning.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { selectRows } from "@/lib/db";
import type { PlanFacts } from "./status";

export interface ItemPlanAmounts {
  itemId: number;
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

/** Each fence item of the order with its planned, delivered and assembled amounts, in the items tab's order. */
export async function readItemPlanAmounts(ctx: Ctx, orderId: number): Promise<ItemPlanAmounts[]> {
  const rows = await selectRows<{ item_id: number; amount: string; delivery_planned: string; assembly_planned: string; delivered: string; assembled: string }>(
    ctx.db,
    sql`select i.id as item_id, i.amount,
          coalesce(sum(pi.amount) filter (where p.delivery), 0) as delivery_planned,
          coalesce(sum(pi.amount) filter (where p.assembly), 0) as assembly_planned,
          coalesce(sum(pi.amount) filter (where p.delivery and pi.delivered_on is not null), 0) as delivered,
          coalesce(sum(pi.amount) filter (where p.assembly and pi.assembled_on is not null), 0) as assembled
        from fence_order_items i
        left join order_plan_items pi on pi.item_id = i.id
        left join order_plans p on p.id = pi.plan_id
        where i.order_id = ${orderId}
        group by i.id, i.amount, i.sort_order
        order by i.sort_order, i.id`,
  );
  return rows.map((row) => ({
    itemId: Number(row.item_id),
    amount: Number(row.amount),
    deliveryPlanned: Number(row.delivery_planned),
    assemblyPlanned: Number(row.assembly_planned),
    delivered: Number(row.delivered),
    assembled: Number(row.assembled),
  }));
}

export const readPlanFacts = async (ctx: Ctx, orderId: number): Promise<PlanFacts> => planFactsFrom(await readItemPlanAmounts(ctx, orderId));
