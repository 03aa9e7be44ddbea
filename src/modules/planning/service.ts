/**
 * Planning verbs (docs/domain.md#planning; docs/decisions/055-planning.md):
 * - shipment and assembly: `planOrderItems` (tab 5; each item's amount at most what remains),
 *   `movePlan` (only the day and the van; a move over an older version is refused with
 *   PlanVersionConflict, the route's 409), `deletePlan`, `markPlanItem` (tabs 7 and 8), the order's
 *   planning (`getOrderPlanning`) and the grid (`plansForDateRange`, `getPlan`);
 * - manufacture and painting: `saveManufacturePlan` (the lines from the order's manufacture list,
 *   read through the order read model), `setManufactured`, `manufacturePlansForDateRange`,
 *   `getManufacturePlan`.
 * Every write of a plan runs the order's plan rules (fence-order/service.ts planRulesOnChange) in
 * its transaction: all items planned → PLANNED, all done → CLOSED, forward only, never over a
 * status set by hand.
 */
import { depositPaidSql } from "@/modules/orders/invoice/deposit";
import { and, asc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { deliveryVans, fenceOrders, manufacturePlanLines, manufacturePlans, orderPlanItems, orderPlans, products, users } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { AppError, type Message, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { parseInput } from "@/lib/validation";
import { buildCutList } from "@/modules/orders/fence-item/cut-list";
import { readItemPlanAmounts } from "@/modules/orders/fence-order/plan-facts";
import { lockFenceOrder, planRulesOnChange } from "@/modules/orders/fence-order/service";
import { cutListItemsOf } from "@/modules/orders/manufacture-list/service";
import { materialReadinessOf } from "@/modules/orders/ordered-material/service";
import { readOrderSnapshot } from "@/modules/orders/order-snapshot/service";
import { addLinesToBasket } from "@/modules/baskets/service";
import { COMMON_WAREHOUSE_ID } from "@/modules/baskets/schemas";
import {
  addLineToBasketInput,
  createPlanInput,
  type DateRange,
  dateRangeInput,
  deletePlanInput,
  idInput,
  isNoColour,
  type ManufactureEntry,
  type ManufacturePlan,
  type MaterialForDateRange,
  markPlanItemInput,
  movePlanInput,
  type PlanCard,
  planColour,
  type PlanColour,
  type PlanningVan,
  type PlansForDateRange,
  saveManufacturePlanInput,
  setManufacturedInput,
} from "./schemas";

type PlanRow = typeof orderPlans.$inferSelect;

/** A move or delete sent over an older version of the plan than the stored one: who wrote it last and when, for the 409. */
export class PlanVersionConflict extends Error {
  constructor(
    readonly changedBy: { id: number; name: string } | null,
    readonly changedAt: Date,
    readonly version: number,
    readonly plan: { date: string; vanId: number },
  ) {
    super("CONFLICT");
  }
}

const thousandths = (n: number) => Math.round(n * 1000);

/** The plan's row, locked until the transaction ends; 404 without it. */
async function lockPlan(ctx: Ctx, id: number): Promise<PlanRow> {
  const [row] = await ctx.db.select().from(orderPlans).where(eq(orderPlans.id, id)).for("update");
  if (!row) throw AppError.notFound();
  return row;
}

async function checkPlanVersion(ctx: Ctx, plan: PlanRow, sent: number): Promise<void> {
  if (sent === plan.version) return;
  const [writer] =
    plan.updatedBy === null
      ? []
      : await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, plan.updatedBy));
  throw new PlanVersionConflict(writer ? { id: writer.id, name: `${writer.firstName} ${writer.lastName}` } : null, plan.updatedAt, plan.version, { date: plan.date, vanId: plan.vanId });
}

async function checkVan(ctx: Ctx, vanId: number): Promise<void> {
  const [van] = await ctx.db.select({ id: deliveryVans.id }).from(deliveryVans).where(eq(deliveryVans.id, vanId));
  if (!van) throw AppError.invalid({ vanId: msg("planning.validation.van") });
}

/** The columns every write of a plan sets: the next version, who and when. */
const nextVersion = (ctx: Ctx) => ({ version: sql`${orderPlans.version} + 1`, updatedAt: new Date(), updatedBy: ctx.userId });

// ---------------------------------------------------------------------------------------------
// The order's planning (tab 5, 7, 8)

export interface OrderPlanningItem {
  id: number;
  productType: string;
  name: string | null;
  amount: number;
  deliveryPlanned: number;
  assemblyPlanned: number;
  delivered: number;
  assembled: number;
  /** What a new plan may still take: of the delivery, of the assembly. */
  deliveryRemaining: number;
  assemblyRemaining: number;
}

export interface OrderPlanEntry {
  id: number;
  date: string;
  van: { id: number; name: string; spz: string };
  delivery: boolean;
  assembly: boolean;
  colour: PlanColour;
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

const remaining = (amount: number, planned: number) => Math.max(0, thousandths(amount) - thousandths(planned)) / 1000;

/** Tab 5's data: each fence item with what is planned and what remains, and the order's plans with their items and marks; 404 without the order. */
export async function getOrderPlanning({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<OrderPlanning> {
  const { id } = parseInput(idInput, input);
  const [order] = await ctx.db.select({ id: fenceOrders.id, status: fenceOrders.status, lastName: fenceOrders.lastName }).from(fenceOrders).where(eq(fenceOrders.id, id));
  if (!order) throw AppError.notFound();
  const amounts = await readItemPlanAmounts(ctx, id);
  const manufactured = await readManufactured(ctx, [id]);
  const names = await selectRows<{ id: number; product_type: string; name: string | null }>(
    ctx.db,
    sql`select i.id, i.product_type, coalesce(m.name, p.name) as name
        from fence_order_items i left join products p on p.id = i.product_id left join products m on m.id = i.manufactured_product_id
        where i.order_id = ${id}`,
  );
  const nameOf = new Map(names.map((row) => [Number(row.id), row]));
  const items = amounts.map((row): OrderPlanningItem => ({
    id: row.itemId,
    productType: nameOf.get(row.itemId)?.product_type ?? "",
    name: nameOf.get(row.itemId)?.name ?? null,
    amount: row.amount,
    deliveryPlanned: row.deliveryPlanned,
    assemblyPlanned: row.assemblyPlanned,
    delivered: row.delivered,
    assembled: row.assembled,
    deliveryRemaining: remaining(row.amount, row.deliveryPlanned),
    assemblyRemaining: remaining(row.amount, row.assemblyPlanned),
  }));
  const planRows = await ctx.db
    .select({ plan: orderPlans, van: { id: deliveryVans.id, name: deliveryVans.name, spz: deliveryVans.spz } })
    .from(orderPlans)
    .innerJoin(deliveryVans, eq(deliveryVans.id, orderPlans.vanId))
    .where(eq(orderPlans.orderId, id))
    .orderBy(asc(orderPlans.date), asc(orderPlans.id));
  const planItems = planRows.length
    ? await ctx.db.select().from(orderPlanItems).where(inArray(orderPlanItems.planId, planRows.map((row) => row.plan.id))).orderBy(asc(orderPlanItems.id))
    : [];
  const plans = planRows.map(({ plan, van }): OrderPlanEntry => ({
    id: plan.id,
    date: plan.date,
    van,
    delivery: plan.delivery,
    assembly: plan.assembly,
    colour: planColour(plan)!,
    version: plan.version,
    items: planItems
      .filter((line) => line.planId === plan.id)
      .map((line) => ({
        id: line.id,
        itemId: line.itemId,
        productType: nameOf.get(line.itemId)?.product_type ?? "",
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

/** Per order with a manufacture plan: whether every line of it is manufactured (the readiness mark). */
async function readManufactured(ctx: Ctx, orderIds: number[]): Promise<Map<number, boolean>> {
  if (!orderIds.length) return new Map();
  const rows = await ctx.db
    .select({ orderId: manufacturePlans.orderId, done: sql<boolean>`bool_and(${manufacturePlanLines.manufactured})` })
    .from(manufacturePlans)
    .innerJoin(manufacturePlanLines, eq(manufacturePlanLines.planId, manufacturePlans.id))
    .where(inArray(manufacturePlans.orderId, orderIds))
    .groupBy(manufacturePlans.orderId);
  return new Map(rows.map((row) => [row.orderId, row.done]));
}

/**
 * Plans an order's fence items (tab 5): a day, a van, delivery and/or assembly; each item at most
 * what remains of it for the chosen types. Then the plan rules. At most once per idempotency key.
 */
export async function planOrderItems({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number; version: number; status: string }> {
  const values = parseInput(createPlanInput, input);
  return withIdempotency({ ctx, key: values.idempotencyKey, operation: `planning.plan:${values.orderId}` }, async (tx) => {
    await lockFenceOrder(tx, values.orderId);
    await checkVan(tx, values.vanId);
    const amounts = new Map((await readItemPlanAmounts(tx, values.orderId)).map((row) => [row.itemId, row]));
    const fields: Record<string, Message> = {};
    const seen = new Set<number>();
    values.items.forEach((line, index) => {
      const item = amounts.get(line.itemId);
      if (!item || seen.has(line.itemId)) {
        fields[`items.${index}.itemId`] = msg("validation.invalid");
        return;
      }
      seen.add(line.itemId);
      const left = Math.min(values.delivery ? remaining(item.amount, item.deliveryPlanned) : Infinity, values.assembly ? remaining(item.amount, item.assemblyPlanned) : Infinity);
      if (thousandths(line.amount) > thousandths(left)) fields[`items.${index}.amount`] = msg("planning.validation.moreThanRemains", { remains: left });
    });
    if (Object.keys(fields).length) throw AppError.invalid(fields);
    const [plan] = await tx.db
      .insert(orderPlans)
      .values({ orderId: values.orderId, date: values.date, vanId: values.vanId, delivery: values.delivery, assembly: values.assembly, createdBy: tx.userId, updatedBy: tx.userId })
      .returning({ id: orderPlans.id, version: orderPlans.version });
    await tx.db.insert(orderPlanItems).values(values.items.map((line) => ({ planId: plan!.id, itemId: line.itemId, amount: line.amount, createdBy: tx.userId, updatedBy: tx.userId })));
    const status = await planRulesOnChange(tx, values.orderId);
    return { id: plan!.id, version: plan!.version, status };
  });
}

/** Re-plan: the day and the van change, the items stay; refused (PlanVersionConflict) when the plan changed since the client read `version`. */
export async function movePlan({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<PlanCard> {
  const values = parseInput(movePlanInput, input);
  return withTransaction(ctx, async (tx) => {
    const plan = await lockPlan(tx, values.id);
    await checkPlanVersion(tx, plan, values.version);
    await checkVan(tx, values.vanId);
    await tx.db.update(orderPlans).set({ date: values.date, vanId: values.vanId, ...nextVersion(tx) }).where(eq(orderPlans.id, plan.id));
    await planRulesOnChange(tx, plan.orderId);
    return readPlanCard(tx, plan.id);
  });
}

/** Removes a plan (its items come off with it); the status stays where the rules moved it (forward only). */
export async function deletePlan({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number }> {
  const values = parseInput(deletePlanInput, input);
  return withTransaction(ctx, async (tx) => {
    const plan = await lockPlan(tx, values.id);
    await checkPlanVersion(tx, plan, values.version);
    await tx.db.delete(orderPlans).where(eq(orderPlans.id, plan.id));
    return { id: plan.id };
  });
}

/** Tabs 7 and 8: a planned item delivered or assembled on a date with the crew's note (no date clears the mark); then the plan rules. */
export async function markPlanItem({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ planItemId: number; status: string }> {
  const values = parseInput(markPlanItemInput, input);
  return withIdempotency({ ctx, key: values.idempotencyKey, operation: `planning.mark:${values.planItemId}` }, async (tx) => {
    const [line] = await tx.db.select({ planId: orderPlanItems.planId }).from(orderPlanItems).where(eq(orderPlanItems.id, values.planItemId));
    if (!line) throw AppError.notFound();
    const plan = await lockPlan(tx, line.planId);
    if (values.kind === "delivered" && !plan.delivery) throw AppError.fail(msg("planning.validation.notForDelivery"));
    if (values.kind === "assembled" && !plan.assembly) throw AppError.fail(msg("planning.validation.notForAssembly"));
    const note = values.date === null ? null : (values.note ?? null);
    const set = values.kind === "delivered" ? { deliveredOn: values.date, deliveredNote: note } : { assembledOn: values.date, assembledNote: note };
    await tx.db.update(orderPlanItems).set({ ...set, updatedAt: new Date(), updatedBy: tx.userId }).where(eq(orderPlanItems.id, values.planItemId));
    await tx.db.update(orderPlans).set(nextVersion(tx)).where(eq(orderPlans.id, plan.id));
    const status = await planRulesOnChange(tx, plan.orderId);
    return { planItemId: values.planItemId, status };
  });
}

// ---------------------------------------------------------------------------------------------
// The grid

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
        from order_plan_items pi join order_plans p on p.id = pi.plan_id join fence_order_items i on i.id = pi.item_id
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
  vanId: row.vanId,
  version: row.version,
  order: { id: row.orderId, lastName: row.lastName, firstName: row.firstName, status: row.status },
  delivery: row.delivery,
  assembly: row.assembly,
  colour: planColour(row)!,
  plannedTypes: types.get(row.id) ?? [],
  manufactured,
  depositPaid,
});

async function readPlanCard(ctx: Ctx, id: number): Promise<PlanCard> {
  const [found] = await ctx.db
    .select({ row: cardColumns, depositPaid: depositPaidSql(fenceOrders.id) })
    .from(orderPlans)
    .innerJoin(fenceOrders, eq(fenceOrders.id, orderPlans.orderId))
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
            from order_plan_items pi join order_plans p on p.id = pi.plan_id join fence_order_items i on i.id = pi.item_id
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
          select coalesce(json_agg(json_build_array(p.id, p.date, p.van_id, p.version, p.delivery, p.assembly, o.id, o.last_name, o.first_name, o.status, t.types, made.made, paid.order_id is not null)
                   order by p.date, p.van_id, p.id), '[]')::text as cards
          from order_plans p join fence_orders o on o.id = p.order_id left join types t on t.plan_id = p.id left join made on made.order_id = p.order_id
            left join paid on paid.order_id = p.order_id
          where p.date between ${from} and ${to}`,
    ),
    readPlanningVans(ctx, { from, to }),
  ]);
  type Tuple = [number, string, number, number, boolean, boolean, number, string, string, string, string | null, boolean | null, boolean];
  const plans = (JSON.parse(cards!.cards) as Tuple[]).map(([id, date, vanId, version, delivery, assembly, orderId, lastName, firstName, status, types, manufactured, depositPaid]): PlanCard => ({
    id,
    date,
    vanId,
    version,
    order: { id: orderId, lastName, firstName, status },
    delivery,
    assembly,
    colour: planColour({ delivery, assembly })!,
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

// ---------------------------------------------------------------------------------------------
// Manufacture and painting

async function readManufacturePlan(ctx: Ctx, where: { id?: number; orderId?: number }): Promise<ManufacturePlan | null> {
  const [plan] = await ctx.db
    .select({ plan: manufacturePlans, order: { id: fenceOrders.id, lastName: fenceOrders.lastName, firstName: fenceOrders.firstName } })
    .from(manufacturePlans)
    .innerJoin(fenceOrders, eq(fenceOrders.id, manufacturePlans.orderId))
    .where(where.id !== undefined ? eq(manufacturePlans.id, where.id) : eq(manufacturePlans.orderId, where.orderId!));
  if (!plan) return null;
  const lines = await ctx.db
    .select({ line: manufacturePlanLines, product: { id: products.id, name: products.name } })
    .from(manufacturePlanLines)
    .innerJoin(products, eq(products.id, manufacturePlanLines.productId))
    .where(eq(manufacturePlanLines.planId, plan.plan.id))
    .orderBy(asc(manufacturePlanLines.sortOrder), asc(manufacturePlanLines.id));
  return {
    id: plan.plan.id,
    orderId: plan.plan.orderId,
    order: plan.order,
    manufactureDate: plan.plan.manufactureDate,
    paintingDate: plan.plan.paintingDate,
    lines: lines.map(({ line, product }) => ({ id: line.id, product, amount: line.amount, notForPainting: line.notForPainting, manufactured: line.manufactured })),
  };
}

/** `GET /api/orders/manufacture/:id`: the plan detail; 404 without it. */
export async function getManufacturePlan({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ManufacturePlan> {
  const { id } = parseInput(idInput, input);
  const plan = await readManufacturePlan(ctx, { id });
  if (!plan) throw AppError.notFound();
  return plan;
}

/** Tab 6: the order's manufacture plan, null when it has none yet. */
export async function getOrderManufacturePlan({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ManufacturePlan | null> {
  const { id } = parseInput(idInput, input);
  return readManufacturePlan(ctx, { orderId: id });
}

/**
 * Tab 6: sets the order's manufacture and painting dates. The first save makes the plan's lines
 * from the order's manufacture list (the products to produce, through the order read model): a
 * line is not for painting when its product says so or when its items have no colour. An order
 * with nothing to produce is refused (422).
 */
export async function saveManufacturePlan({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ManufacturePlan> {
  const values = parseInput(saveManufacturePlanInput, input);
  const paintingDate = values.paintingDate ?? null;
  if (paintingDate !== null && paintingDate < values.manufactureDate) throw AppError.invalid({ paintingDate: msg("planning.validation.paintingBeforeManufacture") });
  return withTransaction(ctx, async (tx) => {
    await lockFenceOrder(tx, values.orderId);
    const [existing] = await tx.db.select({ id: manufacturePlans.id }).from(manufacturePlans).where(eq(manufacturePlans.orderId, values.orderId));
    if (existing) {
      await tx.db.update(manufacturePlans).set({ manufactureDate: values.manufactureDate, paintingDate, updatedAt: new Date(), updatedBy: tx.userId }).where(eq(manufacturePlans.id, existing.id));
    } else {
      const snapshot = await readOrderSnapshot(tx, values.orderId);
      const { production } = buildCutList(cutListItemsOf([snapshot]));
      if (!production.length) throw AppError.fail(msg("planning.manufacturePlan.nothingToMake"));
      const flags = new Map(
        (await tx.db.select({ id: products.id, notForPainting: products.notForPainting }).from(products).where(inArray(products.id, production.map((line) => line.product.id)))).map((row) => [
          row.id,
          row.notForPainting,
        ]),
      );
      // An item line is painted when any of its items has a colour.
      const coloured = new Set<number>();
      for (const item of snapshot.items) {
        const made = item.manufactured?.id ?? item.product?.id;
        if (made !== undefined && !isNoColour(item.row.color)) coloured.add(made);
      }
      const [plan] = await tx.db
        .insert(manufacturePlans)
        .values({ orderId: values.orderId, manufactureDate: values.manufactureDate, paintingDate, createdBy: tx.userId, updatedBy: tx.userId })
        .returning({ id: manufacturePlans.id });
      await tx.db.insert(manufacturePlanLines).values(
        production.map((line, index) => ({
          planId: plan!.id,
          productId: line.product.id,
          amount: line.amount,
          notForPainting: (flags.get(line.product.id) ?? false) || (line.kind === "item" && !coloured.has(line.product.id)),
          sortOrder: index,
          createdBy: tx.userId,
          updatedBy: tx.userId,
        })),
      );
    }
    return (await readManufacturePlan(tx, { orderId: values.orderId }))!;
  });
}

/** The plan detail's checkbox: a line manufactured or not. */
export async function setManufactured({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number; manufactured: boolean }> {
  const values = parseInput(setManufacturedInput, input);
  const [row] = await ctx.db
    .update(manufacturePlanLines)
    .set({ manufactured: values.manufactured, updatedAt: new Date(), updatedBy: ctx.userId })
    .where(eq(manufacturePlanLines.id, values.lineId))
    .returning({ id: manufacturePlanLines.id, manufactured: manufacturePlanLines.manufactured });
  if (!row) throw AppError.notFound();
  return row;
}

/** The plan detail's add-to-basket: 1 piece of the line's product into the caller's common basket (ADDED), at most once per idempotency key. */
export async function addManufactureLineToBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ productId: number; basketId: number }> {
  const { lineId, idempotencyKey } = parseInput(addLineToBasketInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: `manufacturePlan.addToBasket:${lineId}` }, async (tx) => {
    const [line] = await tx.db.select({ productId: manufacturePlanLines.productId }).from(manufacturePlanLines).where(eq(manufacturePlanLines.id, lineId));
    if (!line) throw AppError.notFound();
    const { basketId } = await addLinesToBasket({ ctx: tx, input: { type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID, lines: [{ productId: line.productId, amount: 1 }] } });
    return { productId: line.productId, basketId };
  });
}

/** The manufacture and painting calendar: each plan on its manufacture day (MANUFACTURE) and its painting day (PAINTING), by day, kind and order; one JSON text, as the grid. */
export async function manufacturePlansForDateRange({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ from: string; to: string; entries: ManufactureEntry[] }> {
  const { from, to } = parseInput(dateRangeInput, input);
  const [row] = await selectRows<{ entries: string }>(
    ctx.db,
    sql`with days as (
          select m.manufacture_date as date, 'MANUFACTURE' as kind, m.id, m.order_id from manufacture_plans m where m.manufacture_date between ${from} and ${to}
          union all
          select m.painting_date, 'PAINTING', m.id, m.order_id from manufacture_plans m where m.painting_date between ${from} and ${to}
        )
        select coalesce(json_agg(json_build_array(d.date, d.kind, d.id, o.id, o.last_name) order by d.date, d.kind, o.id), '[]')::text as entries
        from days d join fence_orders o on o.id = d.order_id`,
  );
  const entries = (JSON.parse(row!.entries) as [string, ManufactureEntry["kind"], number, number, string][]).map(([date, kind, planId, orderId, lastName]) => ({ date, kind, planId, order: { id: orderId, lastName } }));
  return { from, to, entries };
}
