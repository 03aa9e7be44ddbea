/**
 * Ordered material (decision 024): the cut list (fence-item/cut-list.ts) of every
 * fence item of the orders in ORDER_CONFIRMATION and MATERIAL_ORDER, summed per base product,
 * part and colour over every length (a slat of 2 476 mm and one of 1 176 mm are the same
 * material: pieces and running metres add up), with the sub-products and the other items bought
 * in, and the orders each line comes from. The office may narrow the sum to some of those orders.
 *
 * Each order's material is kept in `fence_order_material`, computed from its items by the engine
 * when stale: triggers (migration 0015) clear `fence_orders.material_at` whenever an item, a
 * sub-product, an other item or a product's parameters change, and `getOrderedMaterial` first
 * recomputes the stale orders of the two statuses, then sums in SQL. Over 2,000 orders that is one
 * grouped query instead of 6,000 items through the engine (tests/bench/ordered-material.ts).
 *
 * Against stock (docs/domain.md#ordered-material): each line carries what all warehouses hold of its product and have
 * on the way (summed in the same statement) and what is short; "Create a supplier order" turns the
 * short lines of the same choice of orders into one supplier order (`createSupplierOrderFromShortLines`).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { fenceOrderMaterial, fenceOrders, products, warehouseItems } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { AppError, msg } from "@/lib/errors";
import { type T, tFor } from "@/lib/i18n";
import { withIdempotency } from "@/lib/idempotency";
import { parseInput } from "@/lib/validation";
import { findSupplier, insertSupplierOrder } from "@/modules/suppliers/orders/service";
import { buildCutList, CUT_COMPONENTS, type CutComponent } from "../fence-item/cut-list";
import { cutLineName, cutListItemsOf } from "../manufacture-list/service";
import { type OrderSnapshot, readOrderSnapshots } from "../order-snapshot/service";
import {
  type MaterialComponent,
  type MaterialReadiness,
  type MaterialShortage,
  ORDERED_MATERIAL_STATUSES,
  type OrderedMaterial,
  type OrderedMaterialLine,
  type OrderedMaterialOrder,
  type OrderedMaterialSkipped,
  type OrderedMaterialSupplierOrder,
  type OrderSource,
  orderedMaterialInput,
  orderedMaterialSupplierOrderInput,
} from "./schemas";

/** An amount (pieces, running metres: at most 3 decimals) as integer thousandths, so sums are exact; and back. */
const amountInThousandths = (amount: number) => Math.round(amount * 1000);
const amountOfThousandths = (thousandths: number) => thousandths / 1000;
const COMPONENT_ORDER = new Map<MaterialComponent, number>([...CUT_COMPONENTS, "otherItem" as const].map((component, index) => [component, index]));
const czech = new Intl.Collator("cs", { sensitivity: "base", numeric: true });
/** The orders whose material is summed: a condition reused by every statement here. */
const inOrderedStatuses = inArray(fenceOrders.status, [...ORDERED_MATERIAL_STATUSES]);
/** Orders recomputed per transaction: a long backlog (after a parameter change) goes in steps. */
const REFRESH_BATCH = 500;

// ---- one order's material, stored ------------------------------------------------------------------

type MaterialRow = typeof fenceOrderMaterial.$inferInsert;

/**
 * The other items bought in (not assembly, not the ATTENTION product): the storable ones, catalogue
 * or custom. A service sold as an other item (the removal of the old fence) is no material to order.
 */
const boughtIn = (snapshot: OrderSnapshot) => snapshot.otherItems.filter((line) => line.systemRole === null && line.storable);

/** The material rows of these orders: the base products' cut list split back per order by its sources, and the other items. */
async function materialRowsOf(ctx: Ctx, orderIds: readonly number[]): Promise<{ rows: MaterialRow[]; skipped: Map<number, OrderedMaterialSkipped[]> }> {
  const snapshots = [...(await readOrderSnapshots(ctx, orderIds)).values()];
  const items = cutListItemsOf(snapshots);
  // The base product's parts: the material is the slat system, whatever variant it is made into.
  const list = buildCutList(items, { product: "base" });
  const sums = new Map<string, { orderId: number; productId: number | null; component: MaterialComponent; color: string | null; customName: string | null; amount: number; running: number | null }>();
  const add = (orderId: number, productId: number | null, component: MaterialComponent, color: string | null, customName: string | null, amount: number, lengthMm: number | null) => {
    const key = `${orderId}|${productId ?? `custom:${customName}`}|${component}|${color ?? ""}`;
    let sum = sums.get(key);
    if (!sum) sums.set(key, (sum = { orderId, productId, component, color, customName, amount: 0, running: null }));
    sum.amount += amountInThousandths(amount);
    // Pieces × length in mm is metres in thousandths.
    if (lengthMm !== null) sum.running = (sum.running ?? 0) + Math.round(amount * lengthMm);
  };
  for (const group of list.groups) {
    for (const line of group.lines) {
      for (const source of line.sources) add(source.orderId, line.product.id, line.component, line.color, null, source.amount, line.length);
    }
  }
  for (const snapshot of snapshots) {
    for (const { row, product, amount } of boughtIn(snapshot)) add(row.orderId, product?.id ?? null, "otherItem", null, product === null ? (row.invoiceName ?? "") : null, amount, null);
  }
  const names = new Map(items.map((item) => [item.id, item.product?.name ?? null]));
  const skipped = new Map<number, OrderedMaterialSkipped[]>();
  for (const item of list.skipped) {
    if (item.orderId === null) continue;
    const entry = { orderId: item.orderId, itemId: item.itemId, productName: item.product?.name ?? names.get(item.itemId ?? 0) ?? null };
    skipped.set(item.orderId, [...(skipped.get(item.orderId) ?? []), entry]);
  }
  // In order id order: the table's rows then mostly lie that way, and the sum's sources come back sorted.
  const rows = [...sums.values()].sort((a, b) => a.orderId - b.orderId).map((sum) => ({
    orderId: sum.orderId,
    productId: sum.productId,
    component: sum.component,
    color: sum.color,
    customName: sum.customName,
    amount: String(amountOfThousandths(sum.amount)),
    runningMeters: sum.running === null ? null : String(amountOfThousandths(sum.running)),
  }));
  return { rows, skipped };
}

/**
 * Recomputes the stale material of the orders in the statuses (or of the given orders, whatever
 * their status: the planning grid's, docs/domain.md#planning-rules), a batch per transaction.
 * Claiming an order sets its `material_at` under the row's lock: a second reader waits for the
 * first, then finds it fresh; an item saved meanwhile waits for the lock and marks it stale again after.
 */
export async function refreshOrderMaterial({ ctx, orderIds }: { ctx: Ctx; orderIds?: readonly number[] }): Promise<number> {
  if (orderIds && !orderIds.length) return 0;
  const which = orderIds ? inArray(fenceOrders.id, [...orderIds]) : inOrderedStatuses;
  // Mostly nothing is stale: one indexed look, no transaction.
  const [stale] = await selectRows<{ id: number }>(ctx.db, sql`select id from ${fenceOrders} where ${which} and material_at is null limit 1`);
  if (!stale) return 0;
  let refreshed = 0;
  for (;;) {
    const claimed = await withTransaction(ctx, async (tx) => {
      const ids = await selectRows<{ id: number }>(
        tx.db,
        sql`update ${fenceOrders} set material_at = now(), material_skipped = null
            where id in (select id from ${fenceOrders} where ${which} and material_at is null order by id limit ${REFRESH_BATCH} for update)
              and material_at is null
            returning id`,
      );
      if (!ids.length) return 0;
      const claimedIds = ids.map((row) => Number(row.id));
      const { rows, skipped } = await materialRowsOf(tx, claimedIds);
      await tx.db.delete(fenceOrderMaterial).where(inArray(fenceOrderMaterial.orderId, claimedIds));
      for (let start = 0; start < rows.length; start += 1000) await tx.db.insert(fenceOrderMaterial).values(rows.slice(start, start + 1000));
      for (const [orderId, items] of skipped) await tx.db.update(fenceOrders).set({ materialSkipped: items }).where(eq(fenceOrders.id, orderId));
      return claimedIds.length;
    });
    refreshed += claimed;
    if (claimed < REFRESH_BATCH) {
      // After a large recompute the planner's picture of the table is stale (PGlite has no autovacuum): the sum's plan depends on it.
      if (refreshed >= REFRESH_BATCH) await ctx.db.execute(sql`analyze ${fenceOrderMaterial}`);
      return refreshed;
    }
  }
}

// ---- one order's material against stock (the planning grid's mark) ----------------------------------

/**
 * docs/domain.md#planning-rules: whether stock covers each order's material (its stored material
 * rows with a storable catalogue product: a custom item has no stock to check, and a product that
 * is not storable is not kept in stock — a service such as the removal of the old fence, or a
 * slat system made to order). The orders take
 * stock in the order given (the grid's: earliest plan first), so two orders needing the last ten
 * posts do not both show them as there. Each product's stock is summed over every warehouse.
 */
export async function materialReadinessOf(ctx: Ctx, orderIds: readonly number[]): Promise<Map<number, MaterialReadiness>> {
  const readiness = new Map<number, MaterialReadiness>();
  if (!orderIds.length) return readiness;
  await refreshOrderMaterial({ ctx, orderIds });
  const rows = await selectRows<{ orderId: number; productId: number; amount: string; name: string; stock: string | null; onTheWay: string | null }>(
    ctx.db,
    sql`with needs as (
          select m.order_id, m.product_id, sum(m.amount) as amount
          from ${fenceOrderMaterial} m join ${products} p on p.id = m.product_id
          where m.order_id in ${sql.raw(`(${orderIds.map(Number).join(",")})`)} and p.storable
          group by 1, 2
        ), stock as (
          select ${warehouseItems.productId} as product_id, sum(${warehouseItems.quantity}) as quantity, sum(${warehouseItems.onTheWay}) as on_the_way
          from ${warehouseItems} where ${warehouseItems.productId} in (select product_id from needs)
          group by 1
        )
        select n.order_id as "orderId", n.product_id as "productId", n.amount::text as amount, p.name, s.quantity::text as stock, s.on_the_way::text as "onTheWay"
        from needs n join ${products} p on p.id = n.product_id left join stock s on s.product_id = n.product_id
        order by n.order_id, p.name, n.product_id`,
  );
  const skippedRows = await ctx.db.select({ id: fenceOrders.id, skipped: fenceOrders.materialSkipped }).from(fenceOrders).where(inArray(fenceOrders.id, [...orderIds]));
  const skippedOf = new Map(skippedRows.map((row) => [row.id, row.skipped?.length ?? 0]));
  const needsOf = new Map<number, typeof rows>();
  const inStock = new Map<number, number>();
  const onTheWay = new Map<number, number>();
  for (const row of rows) {
    const productId = Number(row.productId);
    const orderNeeds = needsOf.get(Number(row.orderId));
    if (orderNeeds) orderNeeds.push(row);
    else needsOf.set(Number(row.orderId), [row]);
    inStock.set(productId, amountInThousandths(Number(row.stock ?? 0)));
    onTheWay.set(productId, amountInThousandths(Number(row.onTheWay ?? 0)));
  }
  for (const orderId of orderIds) {
    let state: MaterialReadiness["state"] = "IN_STOCK";
    const short: MaterialShortage[] = [];
    for (const need of needsOf.get(orderId) ?? []) {
      const productId = Number(need.productId);
      const required = amountInThousandths(Number(need.amount));
      const stock = inStock.get(productId)!;
      const coming = onTheWay.get(productId)!;
      if (required > stock) {
        short.push({ productId, name: need.name, required: amountOfThousandths(required), available: amountOfThousandths(stock) });
        // Short anywhere makes the order short; otherwise what is on the way completes it.
        if (required > stock + coming) state = "SHORT";
        else if (state === "IN_STOCK") state = "ON_THE_WAY";
      }
      // What this order takes is gone for the orders after it: stock first, then what is on the way.
      const fromStock = Math.min(stock, required);
      inStock.set(productId, stock - fromStock);
      onTheWay.set(productId, Math.max(0, coming - (required - fromStock)));
    }
    const skipped = skippedOf.get(orderId) ?? 0;
    readiness.set(orderId, { state: state === "IN_STOCK" && skipped > 0 ? "UNKNOWN" : state, short, skipped });
  }
  return readiness;
}

// ---- the sum over orders ----------------------------------------------------------------------------

/**
 * The orders in the statuses, deadline first. Read as one JSON text: PGlite hands every value of
 * every row to JavaScript at a cost, and 2,000 orders × 7 columns took 17 ms that way, 5 ms as one value.
 */
async function ordersInStatus(ctx: Ctx, selected: readonly number[]): Promise<OrderedMaterialOrder[]> {
  const [row] = await selectRows<{ orders: string | null }>(
    ctx.db,
    sql`select json_agg(json_build_array(id, status, first_name, last_name, company, order_date, deadline) order by deadline asc nulls last, id)::text as orders
        from ${fenceOrders} where ${inOrderedStatuses}`,
  );
  const chosen = new Set(selected);
  type Tuple = [number, string, string, string, string | null, string | null, string | null];
  return (JSON.parse(row?.orders ?? "[]") as Tuple[]).map(([id, status, firstName, lastName, company, orderDate, deadline]) => ({
    id,
    status,
    firstName,
    lastName,
    company,
    orderDate,
    deadline,
    selected: chosen.size === 0 || chosen.has(id),
  }));
}

interface SummedRow {
  productId: number | null;
  productName: string | null;
  component: MaterialComponent;
  color: string | null;
  customName: string | null;
  amount: string;
  runningMeters: string | null;
  sources: string;
  /** "[Σ quantity, Σ on the way]" over the product's warehouse items ([null, null] without any); null without a product. */
  stock: string | null;
}

const lineName = (t: T, row: SummedRow): string => {
  if (row.productId === null) return row.customName ?? "";
  const product = { id: row.productId, name: row.productName ?? "" };
  return row.component === "otherItem" ? product.name : cutLineName(t, { product, component: row.component as CutComponent });
};

/** "order:amount,…" (string_agg's answer) as sources, orders ascending; one pass, sorted only when the scan's order was not. */
function parseSources(text: string): OrderSource[] {
  const sources: OrderSource[] = [];
  let sorted = true;
  for (let start = 0; start < text.length; ) {
    const colon = text.indexOf(":", start);
    let end = text.indexOf(",", colon);
    if (end < 0) end = text.length;
    const orderId = Number(text.slice(start, colon));
    if (sorted && sources.length && sources[sources.length - 1]![0] > orderId) sorted = false;
    sources.push([orderId, Number(text.slice(colon + 1, end))]);
    start = end + 1;
  }
  return sorted ? sources : sources.sort((a, b) => a[0] - b[0]);
}

function lineOf(t: T, row: SummedRow): OrderedMaterialLine {
  const sources = row.sources ? parseSources(row.sources) : [];
  const [inStock, onTheWay] = row.productId === null ? [null, null] : (JSON.parse(row.stock ?? "[null,null]") as [number | null, number | null]).map((value) => value ?? 0);
  return {
    product: row.productId === null ? null : { id: row.productId, name: row.productName ?? "" },
    component: row.component,
    name: lineName(t, row),
    color: row.color,
    amount: Number(row.amount),
    runningMeters: row.runningMeters === null ? null : Number(row.runningMeters),
    sources,
    inStock,
    onTheWay,
    // Set by coverByStock once the lines are in the list's order.
    short: null,
  };
}

/**
 * What is short per line: required − in stock − on the way, at least 0, in thousandths (exact). A
 * product's stock counts once: its lines (several parts and colours of one base product) take it
 * in the list's order, so the shorts of a product's lines add up to Σ required − stock − on the way.
 */
function coverByStock(lines: OrderedMaterialLine[]): void {
  const left = new Map<number, number>();
  for (const line of lines) {
    if (!line.product) continue;
    const available = left.get(line.product.id) ?? amountInThousandths(line.inStock ?? 0) + amountInThousandths(line.onTheWay ?? 0);
    const required = amountInThousandths(line.amount);
    const covered = Math.min(available, required);
    left.set(line.product.id, available - covered);
    line.short = amountOfThousandths(required - covered);
  }
}

const byProductPartColour = (a: OrderedMaterialLine, b: OrderedMaterialLine) =>
  czech.compare(a.product?.name ?? a.name, b.product?.name ?? b.name) ||
  (a.product?.id ?? 0) - (b.product?.id ?? 0) ||
  COMPONENT_ORDER.get(a.component)! - COMPONENT_ORDER.get(b.component)! ||
  czech.compare(a.color ?? "", b.color ?? "") ||
  czech.compare(a.name, b.name);

/**
 * The chosen orders' (none chosen: every order in the statuses) summed lines against stock, in the
 * list's order. `sources` false leaves each line's orders out: over 2,000 orders they are 40,000
 * pairs, about half the statement's time and most of the answer (decision 024).
 */
async function summedLines(ctx: Ctx, chosen: readonly number[], options: { sources: boolean }): Promise<OrderedMaterialLine[]> {
  const inStatuses = sql`${fenceOrderMaterial.orderId} in (select ${fenceOrders.id} from ${fenceOrders} where ${inOrderedStatuses})`;
  const chosenOrders = chosen.length ? sql`${fenceOrderMaterial.orderId} in ${sql.raw(`(${chosen.join(",")})`)} and ${inStatuses}` : inStatuses;
  // Sources are "order:amount,…" unsorted: on PGlite an ordered or JSON aggregate over 2,000 orders costs twice as much; parsed below.
  const sources = options.sources ? sql`string_agg(${fenceOrderMaterial.orderId} || ':' || ${fenceOrderMaterial.amount}, ',')` : sql`''`;
  // Summed first on the narrow keys (a hash aggregate over the chosen orders' rows); then, per sum, the product's name and its stock over every
  // warehouse as subqueries: an index look each (a few dozen lines), where a join would hash the whole catalogue and stock (50,000 products)
  // because the planner cannot know how few sums there are.
  const rows = await selectRows<SummedRow>(
    ctx.db,
    sql`select s.product_id as "productId", s.component, s.color, s.custom_name as "customName", s.amount, s.running_meters as "runningMeters", s.sources,
               (select ${products.name} from ${products} where ${products.id} = s.product_id) as "productName",
               (select json_build_array(sum(${warehouseItems.quantity}), sum(${warehouseItems.onTheWay}))::text from ${warehouseItems} where ${warehouseItems.productId} = s.product_id) as stock
        from (select ${fenceOrderMaterial.productId} as product_id, ${fenceOrderMaterial.component} as component, ${fenceOrderMaterial.color} as color,
                     ${fenceOrderMaterial.customName} as custom_name, sum(${fenceOrderMaterial.amount})::text as amount, sum(${fenceOrderMaterial.runningMeters})::text as running_meters,
                     ${sources} as sources
              from ${fenceOrderMaterial} where ${chosenOrders}
              group by 1, 2, 3, 4) s`,
  );
  const t = tFor(ctx.lang);
  const lines = rows.map((row) => lineOf(t, row)).sort(byProductPartColour);
  coverByStock(lines);
  return lines;
}

/** `GET /api/orders/fenceOrder/orderedMaterial`: the orders in the statuses, and the material of the chosen ones (all by default) against stock. */
export async function getOrderedMaterial({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<OrderedMaterial> {
  const { orders: chosen, short: onlyShort, sources } = parseInput(orderedMaterialInput, input);
  await refreshOrderMaterial({ ctx });
  // Three statements that need nothing from each other: at once on PostgreSQL (PGlite has one connection and runs them in turn).
  const [orders, all, skippedRows] = await Promise.all([
    ordersInStatus(ctx, chosen),
    summedLines(ctx, chosen, { sources }),
    ctx.db
      .select({ skipped: fenceOrders.materialSkipped })
      .from(fenceOrders)
      .where(and(inOrderedStatuses, chosen.length ? inArray(fenceOrders.id, [...chosen]) : undefined, sql`${fenceOrders.materialSkipped} is not null`)),
  ]);
  const shortLines = all.filter((line) => (line.short ?? 0) > 0);
  const lines = onlyShort ? shortLines : all;
  let amount = 0;
  let runningMeters = 0;
  for (const line of lines) {
    amount += amountInThousandths(line.amount);
    runningMeters += amountInThousandths(line.runningMeters ?? 0);
  }
  return {
    orders,
    chosen,
    withSources: sources,
    lines,
    skipped: skippedRows.flatMap((row) => row.skipped ?? []).sort((a, b) => a.orderId - b.orderId || (a.itemId ?? 0) - (b.itemId ?? 0)),
    totals: { amount: amountOfThousandths(amount), runningMeters: amountOfThousandths(runningMeters) },
    onlyShort,
    shortLines: shortLines.length,
  };
}

/**
 * "Create a supplier order" (docs/domain.md#ordered-material): the short lines of the chosen orders (the page's
 * choice: `orders`, none meaning every order in the statuses) as one supplier order for the chosen
 * supplier, a line per product with what is short of it (its lines' shorts summed), in the list's
 * order; one transaction, and a retried submit (the same idempotency key) answers the first order
 * and writes nothing. Nothing short is refused (422) and nothing is written. The stock is read as
 * it is at the submit, so the order holds what is short then.
 */
export async function createSupplierOrderFromShortLines({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<OrderedMaterialSupplierOrder> {
  const { orders: chosen, supplier, name, idempotencyKey } = parseInput(orderedMaterialSupplierOrderInput, input);
  // The stored material brought up to date first, in its own transactions (decision 024), as a read does.
  await refreshOrderMaterial({ ctx });
  return withIdempotency({ ctx, key: idempotencyKey, operation: "orderedMaterial.supplierOrder" }, async (tx) => {
    const found = await findSupplier(tx, supplier);
    const short = new Map<number, number>();
    for (const line of await summedLines(tx, chosen, { sources: false })) {
      if (line.product && line.short) short.set(line.product.id, (short.get(line.product.id) ?? 0) + amountInThousandths(line.short));
    }
    if (!short.size) throw AppError.fail(msg("orderedMaterial.nothingShort"));
    const lines = [...short].map(([productId, quantity]) => ({ productId, quantity: amountOfThousandths(quantity) }));
    const id = await insertSupplierOrder(tx, { supplier: found, name, lines: lines.map((line) => ({ productId: line.productId, quantity: line.quantity.toFixed(3) })) });
    return { id, lines };
  });
}
