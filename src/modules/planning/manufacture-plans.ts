/**
 * Manufacture and painting plans (docs/decisions/055-planning.md): `saveManufacturePlan` (tab 6;
 * the lines from the order's manufacture list, read through the order read model),
 * `setManufactured`, `addManufactureLineToBasket`, the plan detail (`getManufacturePlan`,
 * `getOrderManufacturePlan`), the calendar (`manufacturePlansForDateRange`) and the readiness mark
 * of the grid's cards and tab 5 (`readManufactured`).
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { fenceOrders, manufacturePlanLines, manufacturePlans, products } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { AppError, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { parseInput } from "@/lib/validation";
import { buildCutList, cutListItemsOf, lockFenceOrder, readOrderSnapshot } from "@/modules/orders";
import { addLinesToBasket } from "@/modules/baskets/service";
import { COMMON_WAREHOUSE_ID } from "@/modules/baskets/schemas";
import { addLineToBasketInput, dateRangeInput, idInput, isNoColour, type ManufactureEntry, type ManufacturePlan, saveManufacturePlanInput, setManufacturedInput } from "./schemas";

/** Per order with a manufacture plan: whether every line of it is manufactured (the readiness mark). */
export async function readManufactured(ctx: Ctx, orderIds: number[]): Promise<Map<number, boolean>> {
  if (!orderIds.length) return new Map();
  const rows = await ctx.db
    .select({ orderId: manufacturePlans.orderId, done: sql<boolean>`bool_and(${manufacturePlanLines.manufactured})` })
    .from(manufacturePlans)
    .innerJoin(manufacturePlanLines, eq(manufacturePlanLines.planId, manufacturePlans.id))
    .where(inArray(manufacturePlans.orderId, orderIds))
    .groupBy(manufacturePlans.orderId);
  return new Map(rows.map((row) => [row.orderId, row.done]));
}

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
    lines: lines.map(({ line, product }) => ({ id: line.id, product, plannedAmount: line.amount, notForPainting: line.notForPainting, manufactured: line.manufactured })),
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

/**
 * The manufacture and painting calendar: each plan on its manufacture day (workplace MANUFACTURE)
 * and its painting day (PAINTING), by day, workplace and order. One statement answering a column
 * per field, the orders' names once each, as the grid (docs/decisions/055-planning.md#throughput);
 * sorted here.
 */
export async function manufacturePlansForDateRange({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ from: string; to: string; entries: ManufactureEntry[] }> {
  const { from, to } = parseInput(dateRangeInput, input);
  const [row] = await selectRows<{ entries: string; orders: string }>(
    ctx.db,
    sql`with days as (
          select m.manufacture_date as date, 'MANUFACTURE' as workplace, m.id, m.order_id from manufacture_plans m where m.manufacture_date between ${from} and ${to}
          union all
          select m.painting_date, 'PAINTING', m.id, m.order_id from manufacture_plans m where m.painting_date between ${from} and ${to}
        )
        select (select json_build_array(array_agg(d.date), array_agg(d.workplace), array_agg(d.id), array_agg(d.order_id))::text from days d) as entries,
          (select json_build_array(array_agg(o.id), array_agg(o.last_name))::text from fence_orders o where o.id in (select d.order_id from days d)) as orders`,
  );
  const [dates, workplaces, planIds, orderIds] = JSON.parse(row!.entries) as [string[], ManufactureEntry["workplace"][], number[], number[]];
  if (!dates) return { from, to, entries: [] };
  const [namedIds, lastNames] = JSON.parse(row!.orders) as [number[], string[]];
  const lastName = new Map(namedIds.map((id, i) => [id, lastNames[i]!]));
  const order = dates.map((_, i) => i);
  order.sort((a, b) => (dates[a]! < dates[b]! ? -1 : dates[a]! > dates[b]! ? 1 : workplaces[a]! < workplaces[b]! ? -1 : workplaces[a]! > workplaces[b]! ? 1 : orderIds[a]! - orderIds[b]!));
  const entries = order.map((i) => ({ date: dates[i]!, workplace: workplaces[i]!, planId: planIds[i]!, order: { id: orderIds[i]!, lastName: lastName.get(orderIds[i]!)! } }));
  return { from, to, entries };
}
