/**
 * Stock read side figures (docs/domain.md#warehouse-page, docs/domain.md#transfer-log), as a logged-in user through app.request(), beside the bare SQL of the
 * same statements (captured from the service and replayed through the raw client):
 *
 *   - the warehouse page (GET /warehouse/:id) with 20,000 items, filtered by one category (1,000
 *     of them), page of 20 — target ≤ 15 ms;
 *   - the xlsx export of 10,000 stock rows (GET /warehouse/export?id=) — target ≤ 1 s;
 *   - the transfer log at 1,000,000 rows, page of 50 (GET /warehouse/warehouseTransferLog and
 *     GET /api/warehouseTransferLog) — target ≤ 15 ms.
 *
 * The big tables are seeded with generate_series in a few statements, not row by row.
 *
 *   bun tests/bench/warehouse-stock.ts [--warmup 20] [--runs 100]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { sql } from "drizzle-orm";
import { categories, warehouses } from "@db/schema";
import { listWarehouseItems } from "@/modules/warehouse/items/service";
import { listTransferLogs } from "@/modules/warehouse/transfer-log/service";
import { defaultVatId } from "../helpers/factories";
import { runBenchChild } from "./child";
import { measureInterleaved, type Stats } from "./lib";

export const WAREHOUSE_PAGE_TARGET_MS = 15;
export const STOCK_XLSX_TARGET_MS = 1000;
export const TRANSFER_LOG_TARGET_MS = 15;
const PRODUCTS = 20_000;
const CATEGORIES = 20;
const EXPORT_ROWS = 10_000;
const LOG_ROWS = 1_000_000;

export interface WarehouseStockResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  warmup: number;
  runs: number;
  seedMs: number;
  page: Stats;
  pageSql: Stats;
  pageRows: number;
  pageTotal: number;
  xlsx: Stats;
  xlsxRows: number;
  xlsxBytes: number;
  logPage: Stats;
  logApi: Stats;
  logSql: Stats;
  logTotal: string;
}

const log = (text: string) => process.stderr.write(`  [warehouse stock] ${text}\n`);

await runBenchChild({ warmup: 20, runs: 100 }, async ({ t, client, warmup, runs }): Promise<WarehouseStockResult> => {
  const db = t.ctx.db;
  const session = await t.login();
  const seedStarted = performance.now();
  const vatId = await defaultVatId(db);
  const [big] = await db.insert(warehouses).values({ name: "Centrální sklad" }).returning({ id: warehouses.id });
  const [small] = await db.insert(warehouses).values({ name: "Pobočka" }).returning({ id: warehouses.id });
  const categoryIds = (await db.insert(categories).values(Array.from({ length: CATEGORIES }, (_, i) => ({ name: `Kategorie ${i + 1}` }))).returning({ id: categories.id })).map((row) => row.id);
  const first = Number(
    ((await db.execute(sql`select coalesce(max(id), 0) + 1 as first from products`)) as unknown as { rows?: { first: number }[] } & { first: number }[]).rows?.[0]?.first ??
      ((await db.execute(sql`select coalesce(max(id), 0) + 1 as first from products`)) as unknown as { first: number }[])[0]!.first,
  );
  await db.execute(sql`insert into products (id, name, vat_id, weight, scale_tolerance_amount)
    overriding system value
    select ${first}::int + g - 1, 'Skladový produkt ' || g, ${vatId}, 1000 + g % 500, g % 3 from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
  const categoryList = sql.join(categoryIds.map((id) => sql`${id}::int`), sql`, `);
  await db.execute(sql`insert into product_categories (product_id, category_id)
    select ${first}::int + g - 1, (array[${categoryList}])[1 + g % ${CATEGORIES}] from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`insert into warehouse_items (warehouse_id, product_id, quantity, on_the_way, required_stock_level)
    select ${big!.id}, ${first}::int + g - 1, (g % 97)::numeric, (g % 7)::numeric, (g % 120)::numeric from generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`insert into warehouse_items (warehouse_id, product_id, quantity, on_the_way, required_stock_level)
    select ${small!.id}, ${first}::int + g - 1, (g % 53)::numeric + 0.5, 0, 25 from generate_series(1, ${EXPORT_ROWS}) g`);
  // Three rack scales on every tenth item of the big warehouse.
  await db.execute(sql`insert into warehouse_rack_scales (name, ext_id, last_weight, last_weight_change) select 'Regál ' || g, 900000 + g, 15000 + g * 10, now() from generate_series(1, 3) g`);
  await db.execute(sql`insert into warehouse_item_rack_scales (warehouse_item_id, rack_scale_id)
    select wi.id, s.id from warehouse_items wi cross join warehouse_rack_scales s where wi.warehouse_id = ${big!.id} and wi.id % 10 = 0`);
  log(`seeding ${LOG_ROWS.toLocaleString("en")} transfer-log rows`);
  for (let from = 1; from <= LOG_ROWS; from += 250_000) {
    await db.execute(sql`insert into warehouse_transfer_logs (created_at, target_warehouse_id, source_warehouse_id, product_id, transfer_type, quantity, user_id, log_group)
      select timestamptz '2026-11-24 06:00:00+00' - g * interval '20 seconds',
        case when g % 3 = 0 then null else ${big!.id}::int end,
        case when g % 3 = 0 then ${big!.id}::int when g % 3 = 1 then ${small!.id}::int else null end,
        ${first}::int + g % ${PRODUCTS},
        (array['INVENTORY_IN','INVENTORY_OUT','PRODUCTION_IN','PRODUCTION_OUT','TRANSFER'])[1 + g % 5],
        1 + g % 9, ${session.user.id}, 'op-' || (g / 4)
      from generate_series(${from}::int, ${Math.min(from + 249_999, LOG_ROWS)}::int) g`);
  }
  // As autovacuum would leave them: statistics and the visibility map (index-only scans).
  await db.execute(sql`vacuum analyze`);
  const seedMs = performance.now() - seedStarted;
  log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);

  const category = categoryIds[3]!;
  const pagePath = `/warehouse/${big!.id}?categories=${category}`;
  const list = { page: 1, size: 20, filters: { categories: String(category) } };
  const pageCapture = await client.capture(() => listWarehouseItems({ ctx: t.ctx, input: { warehouseId: big!.id, list } }));
  const pageResult = pageCapture.result as Awaited<ReturnType<typeof listWarehouseItems>>;
  const logCapture = await client.capture(() => listTransferLogs({ ctx: t.ctx, input: { page: 1, size: 50, filters: {} } }));
  const logResult = logCapture.result as Awaited<ReturnType<typeof listTransferLogs>>;
  log(`page: ${pageResult.rows.length} rows of ${pageResult.meta.total}; log: ${logResult.rows.length} rows, total ${logResult.meta.total}${logResult.meta.capped ? "+" : ""}`);

  const ok = async (response: Response, what: string) => {
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${new TextDecoder().decode(body).slice(0, 300)}`);
    return body.byteLength;
  };
  const pages = await measureInterleaved(
    {
      page: () => session.page(pagePath).then((response) => ok(response, "warehouse page")),
      pageSql: () => client.replay(pageCapture.statements),
      logPage: () => session.page("/warehouse/warehouseTransferLog?size=50").then((response) => ok(response, "transfer log page")),
      logApi: () => session.api("/api/warehouseTransferLog?size=50").then((response) => ok(response, "transfer log API")),
      logSql: () => client.replay(logCapture.statements),
    },
    { warmup, runs },
  );

  log("xlsx of 10,000 rows");
  let xlsxBytes = 0;
  const xlsx = await measureInterleaved(
    {
      xlsx: async () => {
        xlsxBytes = await ok(await session.page(`/warehouse/export?id=${small!.id}`), "xlsx export");
      },
    },
    { warmup: 2, runs: Math.max(5, Math.round(runs / 10)) },
  );

  return {
    kind: client.kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    seedMs,
    page: pages.page,
    pageSql: pages.pageSql,
    pageRows: pageResult.rows.length,
    pageTotal: pageResult.meta.total,
    xlsx: xlsx.xlsx,
    xlsxRows: EXPORT_ROWS,
    xlsxBytes,
    logPage: pages.logPage,
    logApi: pages.logApi,
    logSql: pages.logSql,
    logTotal: `${logResult.meta.total}${logResult.meta.capped ? "+" : ""}`,
  };
});
