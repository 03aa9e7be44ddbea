/**
 * Bench figure (docs/domain.md#ordered-material): ordered material over 2,000 confirmed orders (each with a fence, a gate and
 * a wicket of docs/fence-geometry.md's examples and an accessory; half of them in MATERIAL_ORDER),
 * with 2,000 price offers beside them that must not count. Server time in process through
 * app.request() as a logged-in user, beside the bare SQL of the same work (the statements
 * getOrderedMaterial sends, captured and replayed through the raw client). Target: median ≤ 100 ms.
 *
 * Each order's material is stored and recomputed only when stale (decision 024): the first read
 * computes all 2,000 (printed apart), the measured reads find them fresh.
 *
 * Against stock: two warehouses hold 10,000 other products each (20,000 warehouse
 * items, 20,000 more products in the catalogue) beside the order's products, some of them short;
 * each line's stock is looked up in the same statement. The figure is the API as it answers by
 * default, the lines without their 40,000 sources; the call with them (`?sources=1`, as the page
 * and the xlsx read) and the page are measured beside it (decision 024).
 *
 * The orders are cloned in SQL from one order saved through the items service, so the seed takes
 * seconds, and the items are exactly what the service stores.
 *
 *   bun tests/bench/ordered-material.ts [--warmup 3] [--runs 20]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { fenceOrderItems, fenceOrderOtherItems, fenceOrders, warehouseItems, warehouses } from "@db/schema";
import type { Db } from "@/lib/db";
import { WORKED_EXAMPLES } from "@/modules/orders/fence-item/worked-examples";
import { getOrderedMaterial } from "@/modules/orders/ordered-material/service";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, createProduct } from "../helpers/factories";
import { runBenchChild } from "./child";
import { measureInterleaved, type Stats } from "./lib";
import { brief } from "./sql-capture";

export const CONFIRMED_ORDERS = 2_000;
export const ORDERED_MATERIAL_TARGET_MS = 100;

export interface OrderedMaterialResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  warmup: number;
  runs: number;
  api: Stats;
  /** `?sources=1`: each line's orders too. */
  apiSources: Stats;
  page: Stats;
  sql: Stats;
  /** The statements of `?sources=1`. */
  sqlSources: Stats;
  statements: number;
  orders: number;
  items: number;
  lines: number;
  apiBytes: number;
  apiSourcesBytes: number;
  /** The first read after the seed: every order's material computed (ms). */
  firstMs: number;
  /** Warehouse items in the database, and the lines short against them. */
  stockRows: number;
  shortLines: number;
}

const log = (text: string) => process.stderr.write(`  [ordered material] ${text}\n`);
const TYPES = ["FENCE-1", "GATE-1", "WICKET-1"] as const;
/** Other products each warehouse holds, beside the orders' products. */
const OTHER_STOCKED = 10_000;

/** The table's stored columns (not the id, not the generated ones), as SQL names. */
const storedColumns = (table: PgTable, leaveOut: string[]) =>
  Object.values(getTableColumns(table))
    .filter((column) => !column.primary && !column.generated && !column.generatedIdentity && !leaveOut.includes(column.name))
    .map((column) => `"${column.name}"`);

/** `copies` copies of the template order (its items and other items), in `status`. */
async function cloneOrder(db: Db, template: number, copies: number, status: string) {
  const orderColumns = storedColumns(fenceOrders, ["status"]).join(", ");
  const itemColumns = storedColumns(fenceOrderItems, ["order_id"]).join(", ");
  const otherColumns = storedColumns(fenceOrderOtherItems, ["order_id"]).join(", ");
  await db.execute(
    sql.raw(`
      with copies as (
        insert into fence_orders (status, ${orderColumns})
        select '${status}', ${orderColumns} from fence_orders, generate_series(1, ${copies}) where id = ${template}
        returning id
      ), items as (
        insert into fence_order_items (order_id, ${itemColumns})
        select copies.id, ${itemColumns} from copies, fence_order_items where fence_order_items.order_id = ${template}
      )
      insert into fence_order_other_items (order_id, ${otherColumns})
      select copies.id, ${otherColumns} from copies, fence_order_other_items where fence_order_other_items.order_id = ${template}`),
  );
}

await runBenchChild({ warmup: 3, runs: 20 }, async ({ t, client, warmup, runs }): Promise<OrderedMaterialResult> => {
  const db = t.ctx.db;
  const session = await t.login();
  const ctx = { ...t.ctx, userId: session.user.id };

  const category = await createFenceCategory(db);
  const items = [];
  for (const [index, type] of TYPES.entries()) {
    const product = await createFenceProduct(db, category, WORKED_EXAMPLES[type]!.parameters as Record<string, number>, { name: `Výrobek ${type}` });
    items.push({ ...WORKED_EXAMPLES[type]!.item, product, color: ["RAL 7016", "RAL 9005", "RAL 6005"][index] });
  }
  const motor = await createProduct(db, { name: "Pohon brány", unitPrice: "9900.00" });
  const { id: template } = await createFenceOrderWithItems(ctx, { order: { orderDate: "2026-11-02" }, items, otherItems: [{ product: motor, amount: 1, unitPrice: 9900 }] });
  log(`${client.kind}: cloning the order ${CONFIRMED_ORDERS} × confirmed (half in material order) and ${CONFIRMED_ORDERS} × price offer`);
  await cloneOrder(db, template, CONFIRMED_ORDERS / 2 - 1, "ORDER_CONFIRMATION");
  await cloneOrder(db, template, CONFIRMED_ORDERS / 2, "MATERIAL_ORDER");
  await cloneOrder(db, template, CONFIRMED_ORDERS, "PRICE_OFFER");
  // Stock: the orders' products in both warehouses (the fence products short, the motors covered), and 10,000 other products in each.
  const stocked = await db.insert(warehouses).values([{ name: "Centrální sklad" }, { name: "Pobočka" }]).returning({ id: warehouses.id });
  for (const { id: warehouseId } of stocked) {
    await db.insert(warehouseItems).values([
      ...items.map((item) => ({ warehouseId, productId: item.product, quantity: "5000.500", onTheWay: "250" })),
      { warehouseId, productId: motor, quantity: "1500", onTheWay: "0" },
    ]);
    await db.execute(sql`
      with made as (insert into products (name, unit_price) select 'Skladová položka ' || g || ' / ' || ${warehouseId}, 10 from generate_series(1, ${OTHER_STOCKED}) g returning id)
      insert into warehouse_items (warehouse_id, product_id, quantity, on_the_way, required_stock_level) select ${warehouseId}, id, 100, 10, 50 from made`);
  }
  await db.execute(sql`analyze`);

  // The first read computes every order's stored material (decision 024); the figure is the read after it.
  let started = performance.now();
  const material = await getOrderedMaterial({ ctx, input: {} });
  const firstMs = performance.now() - started;
  log(`first read, computing the material of ${material.orders.length} orders: ${firstMs.toFixed(0)} ms`);
  if (material.orders.length !== CONFIRMED_ORDERS) throw new Error(`ordered material holds ${material.orders.length} orders, not ${CONFIRMED_ORDERS}`);
  const [{ n: stockRows } = { n: 0 }] = (await db.select({ n: sql<number>`count(*)::int` }).from(warehouseItems)) as { n: number }[];
  const motorLine = material.lines.find((line) => line.product?.id === motor);
  if (!material.shortLines || motorLine?.inStock !== 3000 || motorLine.short !== 0) throw new Error(`the stock columns are not there: ${material.shortLines} short lines, motors ${JSON.stringify(motorLine && [motorLine.inStock, motorLine.short])}`);
  log(`${stockRows} warehouse items; ${material.shortLines} of ${material.lines.length} lines short`);
  const bytes = { api: 0, apiSources: 0 };
  const read = async (which: keyof typeof bytes, path: string) => {
    const response = await session.api(path);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    bytes[which] = text.length;
  };
  const tasks = {
    api: () => read("api", "/api/orders/fenceOrder/orderedMaterial"),
    apiSources: () => read("apiSources", "/api/orders/fenceOrder/orderedMaterial?sources=1"),
    page: async () => {
      const response = await session.page("/orders/fenceOrder/orderedMaterial");
      await response.text();
      if (response.status !== 200) throw new Error(`the page answered ${response.status}`);
    },
  };
  const captured = (await client.capture(() => getOrderedMaterial({ ctx, input: {} }))).statements;
  const capturedSources = (await client.capture(() => getOrderedMaterial({ ctx, input: { sources: true } }))).statements;
  // Which statement costs what (stderr): the first thing to look at when the figure is over.
  for (const statement of [...captured, capturedSources.find((one) => one.sql.includes("string_agg"))!]) {
    started = performance.now();
    await client.run(statement);
    log(`  ${(performance.now() - started).toFixed(1)} ms  ${brief(statement.sql, 120)}`);
    if (process.env.EXPLAIN) log(await client.explainAnalyze(statement));
  }
  log(`${material.orders.length} orders, ${material.lines.length} lines; ${warmup} warm-up + ${runs} measured rounds, interleaved`);
  const measured = await measureInterleaved({ ...tasks, sql: () => client.replay(captured), sqlSources: () => client.replay(capturedSources) }, { warmup, runs });
  return {
    kind: client.kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    api: measured.api,
    apiSources: measured.apiSources,
    page: measured.page,
    sql: measured.sql,
    sqlSources: measured.sqlSources,
    statements: captured.length,
    orders: material.orders.length,
    items: material.orders.length * TYPES.length,
    lines: material.lines.length,
    apiBytes: bytes.api,
    apiSourcesBytes: bytes.apiSources,
    firstMs,
    stockRows,
    shortLines: material.shortLines,
  };
});
