/**
 * The shipment and assembly grid (docs/domain.md#planning; docs/decisions/055-planning.md): the
 * vans it shows (`readPlanningVans`), the plans of a range as cards (`plansForDateRange`, one
 * statement answered as one JSON text), one card (`getPlan`) and the cards' material marks
 * (`materialForDateRange`, asked for after the grid is shown). The plans' fence items come from
 * the order read model's item read (order-snapshot/order-items.ts), embedded in the statement.
 */
import { and, asc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { deliveryVans, fenceOrders, manufacturePlanLines, manufacturePlans, orderPlans } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { depositPaidSql, materialReadinessOf, orderItemsSql } from "@/modules/orders";
import { readManufactured } from "./manufacture-plans";
import { type DateRange, dateRangeInput, idInput, type MaterialForDateRange, type PlanCard, planColour, type PlanningVan, type PlansForDateRange } from "./schemas";

/** The vans a plan may go with, by name: the active ones, and with a range also any with plans in it (the grid's columns). */
export async function readPlanningVans(ctx: Ctx, range: DateRange | null = null): Promise<PlanningVan[]> {
  const withPlans = range ? inArray(deliveryVans.id, ctx.db.selectDistinct({ id: orderPlans.vanId }).from(orderPlans).where(and(gte(orderPlans.date, range.from), lte(orderPlans.date, range.to)))) : undefined;
  return ctx.db
    .select({ id: deliveryVans.id, name: deliveryVans.name, spz: deliveryVans.spz, active: deliveryVans.active })
    .from(deliveryVans)
    .where(withPlans ? or(eq(deliveryVans.active, true), withPlans) : eq(deliveryVans.active, true))
    .orderBy(asc(deliveryVans.name), asc(deliveryVans.id));
}

/** Pieces planned per product type of each plan, in the items' order. */
async function plannedTypesOf(ctx: Ctx, where: ReturnType<typeof sql>): Promise<Map<number, PlanCard["plannedTypes"]>> {
  const rows = await selectRows<{ plan_id: number; product_type: string; count: string }>(
    ctx.db,
    sql`select pi.plan_id, i.product_type, sum(pi.amount) as count
        from order_plan_items pi join order_plans p on p.id = pi.plan_id
          join ${orderItemsSql(sql`select order_id from order_plans p where ${where}`)} i on i.id = pi.item_id
        where ${where}
        group by pi.plan_id, i.product_type
        order by pi.plan_id, min(i.sort_order), min(i.id)`,
  );
  const types = new Map<number, PlanCard["plannedTypes"]>();
  for (const row of rows) {
    const planId = Number(row.plan_id);
    let list = types.get(planId);
    if (!list) types.set(planId, (list = []));
    list.push({ productType: row.product_type, count: Number(row.count) });
  }
  return types;
}

const cardColumns = {
  id: orderPlans.id,
  date: orderPlans.date,
  vanId: orderPlans.vanId,
  vanName: deliveryVans.name,
  version: orderPlans.version,
  delivery: orderPlans.delivery,
  assembly: orderPlans.assembly,
  orderId: fenceOrders.id,
  lastName: fenceOrders.lastName,
  firstName: fenceOrders.firstName,
  status: fenceOrders.status,
};
type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"] };

const toCard = (row: CardRow, types: Map<number, PlanCard["plannedTypes"]>, manufactured: boolean | null, depositPaid: boolean): PlanCard => ({
  id: row.id,
  date: row.date,
  vehicle: { id: row.vanId, name: row.vanName },
  version: row.version,
  order: { id: row.orderId, lastName: row.lastName, firstName: row.firstName, status: row.status },
  delivery: row.delivery,
  assembly: row.assembly,
  color: planColour(row)!,
  plannedTypes: types.get(row.id) ?? [],
  manufactured,
  depositPaid,
});

export async function readPlanCard(ctx: Ctx, id: number): Promise<PlanCard> {
  const [found] = await ctx.db
    .select({ row: cardColumns, depositPaid: depositPaidSql(fenceOrders.id) })
    .from(orderPlans)
    .innerJoin(fenceOrders, eq(fenceOrders.id, orderPlans.orderId))
    .innerJoin(deliveryVans, eq(deliveryVans.id, orderPlans.vanId))
    .where(eq(orderPlans.id, id));
  if (!found) throw AppError.notFound();
  const { row, depositPaid } = found;
  return toCard(row, await plannedTypesOf(ctx, sql`p.id = ${id}`), (await readManufactured(ctx, [row.orderId])).get(row.orderId) ?? null, depositPaid);
}

/** `GET /api/orders/planning/:id`: one plan as its card. */
export async function getPlan({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<PlanCard> {
  const { id } = parseInput(idInput, input);
  return readPlanCard(ctx, id);
}

/**
 * `plansForDateRange` (docs/domain.md#planning): the plans of the days from `from` to `to` as cards,
 * by day, van and id, and the vans the grid shows: the active ones and any with plans in the range.
 */
export async function plansForDateRange({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<PlansForDateRange> {
  const { from, to } = parseInput(dateRangeInput, input);
  return readPlansForDateRange(ctx, { from, to });
}

/**
 * The grid's read: the cards in one statement answered as one JSON text (3,000 rows decoded one by
 * one cost more than the query itself), beside the vans.
 */
export async function readPlansForDateRange(ctx: Ctx, { from, to }: DateRange): Promise<PlansForDateRange> {
  const [[cards], vans] = await Promise.all([
    selectRows<{ cards: string }>(
      ctx.db,
      sql`with counts as (
            select pi.plan_id, i.product_type, sum(pi.amount) as count, min(i.sort_order) as s, min(i.id) as i
            from order_plan_items pi join order_plans p on p.id = pi.plan_id
              join ${orderItemsSql(sql`select order_id from order_plans where date between ${from} and ${to}`)} i on i.id = pi.item_id
            where p.date between ${from} and ${to}
            group by pi.plan_id, i.product_type
          ), types as (
            -- Product types are constants (FENCE, GATE…): "FENCE:6,GATE:1" is cheaper to build than JSON.
            select plan_id, string_agg(product_type || ':' || count, ',' order by s, i) as types from counts group by plan_id
          ), made as (
            select m.order_id, bool_and(l.manufactured) as made
            from manufacture_plans m join manufacture_plan_lines l on l.plan_id = m.id
            where m.order_id in (select order_id from order_plans where date between ${from} and ${to})
            group by m.order_id
          ), paid as (
            -- The invoices' rule for a paid deposit (invoice/deposit.ts), once per order in the range.
            select x.order_id from (select distinct order_id from order_plans where date between ${from} and ${to}) x
            where ${depositPaidSql(sql`x.order_id`)}
          )
          select coalesce(json_agg(json_build_array(p.id, p.date, p.van_id, v.name, p.version, p.delivery, p.assembly, o.id, o.last_name, o.first_name, o.status, t.types, made.made, paid.order_id is not null)
                   order by p.date, p.van_id, p.id), '[]')::text as cards
          from order_plans p join fence_orders o on o.id = p.order_id join delivery_vans v on v.id = p.van_id left join types t on t.plan_id = p.id left join made on made.order_id = p.order_id
            left join paid on paid.order_id = p.order_id
          where p.date between ${from} and ${to}`,
    ),
    readPlanningVans(ctx, { from, to }),
  ]);
  type Tuple = [number, string, number, string, number, boolean, boolean, number, string, string, string, string | null, boolean | null, boolean];
  const plans = (JSON.parse(cards!.cards) as Tuple[]).map(([id, date, vanId, vanName, version, delivery, assembly, orderId, lastName, firstName, status, types, manufactured, depositPaid]): PlanCard => ({
    id,
    date,
    vehicle: { id: vanId, name: vanName },
    version,
    order: { id: orderId, lastName, firstName, status },
    delivery,
    assembly,
    color: planColour({ delivery, assembly })!,
    plannedTypes: types
      ? types.split(",").map((pair) => {
          const [productType, count] = pair.split(":");
          return { productType: productType!, count: Number(count) };
        })
      : [],
    manufactured,
    depositPaid,
  }));
  return { from, to, vans, plans };
}

/**
 * `GET /api/orders/planning/material?from&to` (docs/domain.md#planning-rules): the material mark of
 * every order with a plan in the range, except the orders wholly manufactured (their material has
 * left stock as what they are made into) and the closed or cancelled ones (nothing more to make). The orders take stock in the order of their first plan
 * in the range, so the earlier card gets the last pieces. Asked for after the grid is shown: an
 * order's material may first have to be worked out by the engine.
 */
export async function materialForDateRange({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<MaterialForDateRange> {
  const { from, to } = parseInput(dateRangeInput, input);
  const orders = await selectRows<{ orderId: number }>(
    ctx.db,
    sql`select p.order_id as "orderId" from ${orderPlans} p join ${fenceOrders} o on o.id = p.order_id
        where p.date between ${from} and ${to} and o.status not in ('CLOSED', 'CANCELED')
        group by p.order_id
        having not coalesce((select bool_and(l.manufactured) from ${manufacturePlans} m join ${manufacturePlanLines} l on l.plan_id = m.id where m.order_id = p.order_id), false)
        order by min(p.date), p.order_id`,
  );
  const orderIds = orders.map((row) => Number(row.orderId));
  const readiness = await materialReadinessOf(ctx, orderIds);
  return { from, to, orders: orderIds.map((orderId) => ({ orderId, ...readiness.get(orderId)! })) };
}
