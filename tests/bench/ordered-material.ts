/**
 * Issue 11 §4 figure: ordered material over 2,000 confirmed orders (each with a fence, a gate and
 * a wicket of docs/fence-geometry.md's examples and an accessory; half of them in MATERIAL_ORDER),
 * with 2,000 price offers beside them that must not count. Server time in process through
 * app.request() as a logged-in user, beside the bare SQL of the same work (the statements
 * getOrderedMaterial sends, captured and replayed through the raw client). Target: median ≤ 100 ms.
 *
 * Each order's material is stored and recomputed only when stale (decision 024): the first read
 * computes all 2,000 (printed apart), the measured reads find them fresh.
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
import { fenceOrderItems, fenceOrderOtherItems, fenceOrders } from "@db/schema";
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
  page: Stats;
  sql: Stats;
  statements: number;
  orders: number;
  items: number;
  lines: number;
  apiBytes: number;
  /** The first read after the seed: every order's material computed (ms). */
  firstMs: number;
}

const log = (text: string) => process.stderr.write(`  [ordered material] ${text}\n`);
const TYPES = ["FENCE-1", "GATE-1", "WICKET-1"] as const;

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
  await db.execute(sql`analyze`);

  // The first read computes every order's stored material (decision 024); the figure is the read after it.
  let started = performance.now();
  const material = await getOrderedMaterial({ ctx, input: {} });
  const firstMs = performance.now() - started;
  log(`first read, computing the material of ${material.orders.length} orders: ${firstMs.toFixed(0)} ms`);
  if (material.orders.length !== CONFIRMED_ORDERS) throw new Error(`ordered material holds ${material.orders.length} orders, not ${CONFIRMED_ORDERS}`);
  let apiBytes = 0;
  const tasks = {
    api: async () => {
      const response = await session.api("/api/orders/fenceOrder/orderedMaterial");
      const text = await response.text();
      if (response.status !== 200) throw new Error(`orderedMaterial answered ${response.status}: ${text.slice(0, 300)}`);
      apiBytes = text.length;
    },
    page: async () => {
      const response = await session.page("/orders/fenceOrder/orderedMaterial");
      await response.text();
      if (response.status !== 200) throw new Error(`the page answered ${response.status}`);
    },
  };
  const captured = (await client.capture(() => getOrderedMaterial({ ctx, input: {} }))).statements;
  // Which statement costs what (stderr): the first thing to look at when the figure is over.
  for (const statement of captured) {
    started = performance.now();
    await client.run(statement);
    log(`  ${(performance.now() - started).toFixed(1)} ms  ${brief(statement.sql, 120)}`);
    if (process.env.EXPLAIN) log(await client.explainAnalyze(statement));
  }
  log(`${material.orders.length} orders, ${material.lines.length} lines; ${warmup} warm-up + ${runs} measured rounds, interleaved`);
  const measured = await measureInterleaved({ ...tasks, sql: () => client.replay(captured) }, { warmup, runs });
  return {
    kind: client.kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    api: measured.api,
    page: measured.page,
    sql: measured.sql,
    statements: captured.length,
    orders: material.orders.length,
    items: material.orders.length * TYPES.length,
    lines: material.lines.length,
    apiBytes,
    firstMs,
  };
});
