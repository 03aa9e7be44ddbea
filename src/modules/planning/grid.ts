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
import { thousandths } from "./order-planning";
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

/** Splits "a,b,c" ("" and null for none). */
const listOf = (text: string | null): string[] => (text ? text.split(",") : []);

/** The planned items of the plans in the range, a column each: plan, product type, amount, sort order, item. */
type PlannedColumns = [number[], string[], number[], number[], number[]];

/**
 * Pieces planned per product type of each plan from its planned items: summed in thousandths
 * (amounts have three decimals), the types in the order of their items (the smallest sort order,
 * then the smallest item id), as `plannedTypesOf` orders them. A plan has a type or two, so each
 * keeps a short list rather than a map.
 */
function typesOfColumns([planIds, productTypes, amounts, sorts, itemIds]: PlannedColumns): Map<number, PlanCard["plannedTypes"]> {
  const byPlan = new Map<number, { productType: string; thousandths: number; sort: number; item: number }[]>();
  for (let i = 0; i < planIds.length; i++) {
    const planId = planIds[i]!;
    let list = byPlan.get(planId);
    if (!list) byPlan.set(planId, (list = []));
    const productType = productTypes[i]!;
    const type = list.find((entry) => entry.productType === productType);
    if (!type) list.push({ productType, thousandths: thousandths(amounts[i]!), sort: sorts[i]!, item: itemIds[i]! });
    else {
      type.thousandths += thousandths(amounts[i]!);
      type.sort = Math.min(type.sort, sorts[i]!);
      type.item = Math.min(type.item, itemIds[i]!);
    }
  }
  const types = new Map<number, PlanCard["plannedTypes"]>();
  for (const [planId, list] of byPlan) {
    if (list.length > 1) list.sort((a, b) => a.sort - b.sort || a.item - b.item);
    types.set(planId, list.map((type) => ({ productType: type.productType, count: type.thousandths / 1000 })));
  }
  return types;
}

/**
 * The grid's read (docs/decisions/055-planning.md#throughput): one statement of five small answers,
 * each a column per field (`json_build_array(array_agg(id), array_agg(date)…)`: a JSON array of
 * numbers or strings is written and parsed far faster than 3,000 JSON rows): the plans in the
 * range, their orders once each, the planned items per plan (summed per type in code), the
 * manufactured mark per order and the orders with the deposit paid; the vans' names once each.
 * The cards are put together and sorted (day, van, id) here. Beside it, the vans the grid shows.
 */
export async function readPlansForDateRange(ctx: Ctx, { from, to }: DateRange): Promise<PlansForDateRange> {
  const inRange = (alias: string) => sql`${sql.raw(alias)}.date between ${from} and ${to}`;
  const ordersInRange = sql`select p.order_id from order_plans p where ${inRange("p")}`;
  const [[row], vans] = await Promise.all([
    selectRows<{ plans: string; orders: string; vans: string; types: string; made: string; paid: string | null }>(
      ctx.db,
      sql`select
            (select json_build_array(array_agg(p.id), array_agg(p.date), array_agg(p.van_id), array_agg(p.version), array_agg(p.delivery), array_agg(p.assembly), array_agg(p.order_id))::text
             from order_plans p where ${inRange("p")}) as plans,
            (select json_build_array(array_agg(o.id), array_agg(o.last_name), array_agg(o.first_name), array_agg(o.status))::text
             from fence_orders o where o.id in (${ordersInRange})) as orders,
            (select json_build_array(array_agg(v.id), array_agg(v.name))::text
             from delivery_vans v where v.id in (select p.van_id from order_plans p where ${inRange("p")})) as vans,
            -- The planned items, a column each; summed per type and ordered in code, cheaper than grouping here.
            (select json_build_array(array_agg(pi.plan_id), array_agg(i.product_type), array_agg(pi.amount), array_agg(i.sort_order), array_agg(i.id))::text
             from order_plan_items pi join order_plans p on p.id = pi.plan_id join ${orderItemsSql(ordersInRange)} i on i.id = pi.item_id
             where ${inRange("p")}) as types,
            (select json_build_array(array_agg(d.order_id), array_agg(d.made))::text
             from (select m.order_id, bool_and(l.manufactured) as made
                   from manufacture_plans m join manufacture_plan_lines l on l.plan_id = m.id
                   where m.order_id in (${ordersInRange})
                   group by m.order_id) d) as made,
            -- The invoices' rule for a paid deposit (invoice/deposit.ts), once per order in the range.
            (select string_agg(x.order_id::text, ',') from (select distinct p.order_id from order_plans p where ${inRange("p")}) x
             where ${depositPaidSql(sql`x.order_id`)}) as paid`,
    ),
    readPlanningVans(ctx, { from, to }),
  ]);
  // No plans: every array_agg is null.
  const [ids, dates, vanIds, versions, deliveries, assemblies, planOrders] = JSON.parse(row!.plans) as [number[], string[], number[], number[], boolean[], boolean[], number[]];
  if (!ids) return { from, to, vans, plans: [] };
  const [orderIds, lastNames, firstNames, statuses] = JSON.parse(row!.orders) as [number[], string[], string[], string[]];
  const orders = new Map<number, PlanCard["order"]>();
  orderIds.forEach((id, i) => orders.set(id, { id, lastName: lastNames[i]!, firstName: firstNames[i]!, status: statuses[i]! }));
  const [vanIdsNamed, vanNames] = JSON.parse(row!.vans) as [number[], string[]];
  const vanName = new Map(vanIdsNamed.map((id, i) => [id, vanNames[i]!]));
  // No planned items: every array_agg is null.
  const planned = JSON.parse(row!.types) as PlannedColumns | [null, null, null, null, null];
  const types = planned[0] ? typesOfColumns(planned as PlannedColumns) : new Map<number, PlanCard["plannedTypes"]>();
  const [madeOrders, madeFlags] = JSON.parse(row!.made) as [number[] | null, boolean[] | null];
  const made = new Map((madeOrders ?? []).map((id, i) => [id, madeFlags![i]!]));
  const paid = new Set(listOf(row!.paid).map(Number));
  const order = ids.map((_, i) => i);
  order.sort((a, b) => (dates[a]! < dates[b]! ? -1 : dates[a]! > dates[b]! ? 1 : vanIds[a]! - vanIds[b]! || ids[a]! - ids[b]!));
  const plans = order.map((i): PlanCard => {
    const id = ids[i]!;
    const orderId = planOrders[i]!;
    const delivery = deliveries[i]!;
    const assembly = assemblies[i]!;
    return {
      id,
      date: dates[i]!,
      vehicle: { id: vanIds[i]!, name: vanName.get(vanIds[i]!)! },
      version: versions[i]!,
      order: orders.get(orderId)!,
      delivery,
      assembly,
      color: planColour({ delivery, assembly })!,
      plannedTypes: types.get(id) ?? [],
      manufactured: made.get(orderId) ?? null,
      depositPaid: paid.has(orderId),
    };
  });
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
