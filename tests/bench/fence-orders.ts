/**
 * Bench figures: the fence order list with 100,000 orders (filtered by two statuses, sorted by
 * deadline, a page of 20) and the contained-product filter on the same data (orders holding a
 * product whose name matches); the customer lookup by phone, with its plan. Server time in process through app.request() as a logged-in
 * user, page and JSON API, each beside the bare SQL of the same query: the statements the list
 * service sends, captured and replayed through the raw client. A route or service that is not
 * built yet prints as such (never a failure). Run as a child of run.ts once per database mode.
 *
 *   bun tests/bench/fence-orders.ts [--warmup 5] [--runs 50]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { customerLookup } from "@/modules/orders/fence-order/service";
import { createTestApp, type Session, type TestApp } from "../helpers/app";
import { addFenceOrders, addOrderProducts } from "./fence-orders-data";
import { measureInterleaved, type Stats, stats as statsOf } from "./lib";
import { brief, type SqlClient, type Statement, sqlClient } from "./sql-capture";

export const ORDERS = 100_000;
export const ORDER_PRODUCTS = 1_000;
export const PAGE_SIZE = 20;
export const LIST_TARGET_MS = 15;
export const PRODUCT_TARGET_MS = 30;
export const STATUS_FILTER = "ORDER_CONFIRMATION,MATERIAL_ORDER";
export const PRODUCT_FILTER = "branka";

export interface OrderFigure {
  key: string;
  label: string;
  path: string;
  target: number;
  sqlKey: "list" | "product";
  /** null: the route is not built yet (or did not answer the list). */
  stats: Stats | null;
  note?: string;
}

export interface OrderSqlFigure {
  key: "list" | "product";
  label: string;
  /** null when the list service is not built yet. */
  stats: Stats | null;
  /** Each statement alone (median of 10 after 3), in the order sent. */
  statements: { sql: string; median: number }[];
  matches: number | null;
  /** EXPLAIN (ANALYZE, BUFFERS) of the slowest statement, when a figure of this query is over target. */
  explain?: { sql: string; plan: string };
  /** Measured alternatives (not app code) for a query over target: the same statement in another state of the database. */
  whatIf?: { label: string; sql: string; median: number; baseline: number }[];
}

/** GET /api/orders/fenceOrder/lookup by phone: the API, the phone statement alone, and its plan. */
export interface LookupFigure {
  label: string;
  path: string;
  /** Whether an order answered (a known phone) or none (a new customer). */
  found: boolean;
  stats: Stats;
  sql: { sql: string; stats: Stats };
  /** EXPLAIN (ANALYZE, BUFFERS) of the phone statement: an index read, not every order. */
  plan: string;
}

export interface FenceOrdersResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  orders: number;
  items: number;
  generateMs: number;
  warmup: number;
  runs: number;
  figures: OrderFigure[];
  sql: Record<"list" | "product", OrderSqlFigure>;
  lookups: LookupFigure[];
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}

const log = (text: string) => process.stderr.write(`  [fence orders] ${text}\n`);

type ListFn = (args: { ctx: unknown; input: unknown }) => Promise<{ rows: { id: number }[]; meta: { total: number } }>;
type InputFn = (query: Record<string, string>, keys: string[]) => unknown;

/** The list service and its query parsing, when engineer A's module provides them. */
async function listService(): Promise<{ list: ListFn; input: (query: Record<string, string>) => unknown } | null> {
  try {
    const service = (await import("@/modules/orders/fence-order/service")) as unknown as { listFenceOrders?: ListFn };
    const api = (await import("@/modules/orders/fence-order/api")) as unknown as { fenceOrderFilterKeys?: string[] };
    const pages = (await import("@/lib/crud/list-query")) as unknown as { listInputFromQuery?: InputFn };
    if (!service.listFenceOrders || !api.fenceOrderFilterKeys || !pages.listInputFromQuery) return null;
    const keys = api.fenceOrderFilterKeys;
    const parse = pages.listInputFromQuery;
    return { list: service.listFenceOrders, input: (query) => parse(query, keys) };
  } catch {
    return null;
  }
}

/**
 * Phones typed into a new order: an early order's number written another way (the generator's
 * order 4 321 has +420 600004321; the newest match answers) and a number no order has.
 */
const LOOKUP_PHONES = [
  { label: "customer lookup, known phone", phone: "600 004 321", found: true },
  { label: "customer lookup, new phone", phone: "777 123 456", found: false },
];

/** The lookup through the API and its phone statement through the bare client, interleaved; each statement's plan. */
async function measureLookups(t: TestApp, client: SqlClient, session: Session, rounds: { warmup: number; runs: number }): Promise<LookupFigure[]> {
  const tasks: Record<string, () => Promise<unknown>> = {};
  const cases = [];
  for (const [i, { label, phone, found }] of LOOKUP_PHONES.entries()) {
    const path = `/api/orders/fenceOrder/lookup?${new URLSearchParams({ phone })}`;
    const { statements, result } = await client.capture(() => customerLookup({ ctx: t.ctx, input: { phone } }));
    // With only a phone given, the lookup sends the one phone statement.
    const statement = statements[0]!;
    if ((result !== null) !== found) throw new Error(`the lookup of ${phone} ${found ? "found no order" : "found an order"}`);
    tasks[`api${i}`] = async () => {
      const response = await session.api(path);
      await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    };
    tasks[`sql${i}`] = () => client.run(statement);
    cases.push({ label, path, found, statement, plan: await client.explainAnalyze(statement) });
  }
  const measured = await measureInterleaved(tasks, rounds);
  return cases.map(({ statement, ...rest }, i) => ({ ...rest, stats: measured[`api${i}`]!, sql: { sql: brief(statement.sql, 160), stats: measured[`sql${i}`]! } }));
}

async function main() {
  const warmup = arg("--warmup", 5);
  const runs = arg("--runs", 50);
  const t = await createTestApp();
  try {
    const client = sqlClient(t.database);
    const kind = client.kind;
    const serverVersion = await client.serverVersion();

    log(`${kind}: generating ${ORDER_PRODUCTS.toLocaleString("en")} products and ${ORDERS.toLocaleString("en")} orders with 1–3 items (insert … select … generate_series)`);
    const started = performance.now();
    const productIds = await addOrderProducts(client, ORDER_PRODUCTS);
    await addFenceOrders(client, { n: ORDERS, productIds });
    const generateMs = performance.now() - started;
    const [{ orders, items } = { orders: 0, items: 0 }] = (await client.exec(
      "select (select count(*)::int from fence_orders) as orders, (select count(*)::int from fence_order_items) as items",
    )) as { orders: number; items: number }[];
    log(`${kind}: ${orders} orders, ${items} items in ${Math.round(generateMs)} ms`);

    const session = await t.login();
    const queries = {
      list: { status: STATUS_FILTER, sort: "deadline,asc" },
      product: { product: PRODUCT_FILTER },
    } as const;
    const qs = (query: Record<string, string>, extra: Record<string, string> = {}) => new URLSearchParams({ ...query, ...extra }).toString().replace(/%2C/g, ",");
    const paths = {
      listPage: `/orders/fenceOrder?${qs(queries.list)}`,
      listApi: `/api/orders/fenceOrder?${qs(queries.list, { size: String(PAGE_SIZE) })}`,
      productPage: `/orders/fenceOrder?${qs(queries.product)}`,
      productApi: `/api/orders/fenceOrder?${qs(queries.product, { size: String(PAGE_SIZE) })}`,
    };

    // ---- bare SQL: the statements the list service sends -----------------------------------------
    const service = await listService();
    const sql: FenceOrdersResult["sql"] = {
      list: { key: "list", label: "order list, 2 statuses by deadline", stats: null, statements: [], matches: null },
      product: { key: "product", label: `order list, contained product "${PRODUCT_FILTER}"`, stats: null, statements: [], matches: null },
    };
    const captured: Partial<Record<"list" | "product", Statement[]>> = {};
    const firstIds: Partial<Record<"list" | "product", number>> = {};
    if (service) {
      for (const key of ["list", "product"] as const) {
        const input = service.input({ ...queries[key], size: String(PAGE_SIZE) });
        const { statements, result } = await client.capture(() => service.list({ ctx: t.ctx, input }));
        const answer = result as Awaited<ReturnType<ListFn>>;
        captured[key] = statements;
        firstIds[key] = answer.rows[0]?.id;
        for (const statement of statements) {
          for (let i = 0; i < 3; i++) await client.run(statement);
          const samples: number[] = [];
          for (let i = 0; i < 10; i++) {
            const before = performance.now();
            await client.run(statement);
            samples.push(performance.now() - before);
          }
          sql[key].statements.push({ sql: brief(statement.sql, 160), median: statsOf(samples).median });
        }
        sql[key].matches = answer.meta.total;
      }
    } else {
      log(`${kind}: the fence order list service is not built yet`);
    }

    // ---- which routes answer the list --------------------------------------------------------------
    const get = (path: string) => async () => {
      const response = await session.page(path);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
      return body;
    };
    /** A route counts as built when it answers 200 with the list's first order (a placeholder page does not). */
    const built = async (path: string, key: "list" | "product"): Promise<string | null> => {
      try {
        const response = await session.page(path);
        const body = await response.text();
        if (response.status !== 200) return `answered ${response.status}`;
        const first = firstIds[key];
        if (path.startsWith("/api/")) {
          const data = (JSON.parse(body) as { data?: { id: number }[] }).data;
          if (!Array.isArray(data) || data.length !== PAGE_SIZE) return "did not answer a page of 20";
          if (first !== undefined && data[0]?.id !== first) return "answered another first order than the service";
          return null;
        }
        if (first === undefined || !body.includes(`/orders/fenceOrder/${first}`)) return "no order rows in the page (placeholder?)";
        return null;
      } catch (error) {
        return (error as Error).message.split("\n")[0]!;
      }
    };

    const tasks: Record<string, () => Promise<unknown>> = {};
    const notes: Record<string, string> = {};
    for (const [key, path] of Object.entries(paths)) {
      const problem = await built(path, key.startsWith("list") ? "list" : "product");
      if (problem) notes[key] = problem;
      else tasks[key] = get(path);
    }
    for (const key of ["list", "product"] as const) {
      const statements = captured[key];
      if (statements) tasks[`${key}Sql`] = () => client.replay(statements);
    }

    log(`${kind}: ${Object.keys(tasks).length} figures, ${warmup} warm-up + ${runs} measured rounds, interleaved${Object.keys(notes).length ? ` (not built: ${Object.keys(notes).join(", ")})` : ""}`);
    const measured: Record<string, Stats> = Object.keys(tasks).length ? await measureInterleaved(tasks, { warmup, runs }) : {};
    for (const key of ["list", "product"] as const) sql[key].stats = measured[`${key}Sql`] ?? null;
    log(`${kind}: customer lookup by phone, ${warmup} warm-up + ${runs} measured rounds`);
    const lookups = await measureLookups(t, client, session, { warmup, runs });

    // Where the time goes for a query over target: the plan of its slowest statement.
    for (const key of ["list", "product"] as const) {
      const target = key === "list" ? LIST_TARGET_MS : PRODUCT_TARGET_MS;
      const statements = captured[key];
      const over = ["Page", "Api", "Sql"].some((suffix) => (measured[`${key}${suffix}`]?.median ?? 0) > target);
      if (!statements?.length || !over) continue;
      const timings = sql[key].statements;
      const slowest = timings.reduce((best, timing, i) => (timing.median > timings[best]!.median ? i : best), 0);
      sql[key].explain = { sql: brief(statements[slowest]!.sql, 400), plan: await client.explainAnalyze(statements[slowest]!) };
    }

    // What-ifs, measured last (they change the database): the slow statements again after
    // VACUUM (the visibility map autovacuum keeps on a live server, which lets a count read the
    // index alone) and, for the status list, with an index on (deadline, id) it could walk in order.
    const medianOf = async (statement: Statement) => {
      for (let i = 0; i < 3; i++) await client.run(statement);
      const samples: number[] = [];
      for (let i = 0; i < 10; i++) {
        const before = performance.now();
        await client.run(statement);
        samples.push(performance.now() - before);
      }
      return statsOf(samples).median;
    };
    const overTarget = (["list", "product"] as const).filter((key) => sql[key].explain && captured[key]);
    if (overTarget.length) {
      await client.exec("vacuum analyze fence_orders");
      await client.exec("vacuum analyze fence_order_items");
      for (const key of overTarget) {
        const statements = captured[key]!;
        sql[key].whatIf = [];
        for (const [index, statement] of statements.entries()) {
          if (!/^\s*select count\(\*\)/i.test(statement.sql)) continue;
          sql[key].whatIf!.push({ label: "the count after VACUUM (visibility map set)", sql: brief(statement.sql, 120), median: await medianOf(statement), baseline: sql[key].statements[index]!.median });
        }
      }
      const list = captured.list;
      if (sql.list.whatIf && list?.[0]) {
        await client.exec("create index bench_fence_orders_deadline_idx on fence_orders (deadline, id)");
        await client.exec("analyze fence_orders");
        sql.list.whatIf.push({ label: "the page select with an index on (deadline, id)", sql: brief(list[0].sql, 120), median: await medianOf(list[0]), baseline: sql.list.statements[0]!.median });
        await client.exec("drop index bench_fence_orders_deadline_idx");
      }
    }

    const figure = (key: keyof typeof paths, label: string, target: number, sqlKey: "list" | "product"): OrderFigure => ({
      key,
      label,
      path: paths[key],
      target,
      sqlKey,
      stats: measured[key] ?? null,
      note: notes[key],
    });
    const result: FenceOrdersResult = {
      kind,
      serverVersion,
      orders,
      items,
      generateMs,
      warmup,
      runs,
      figures: [
        figure("listPage", "order list page, 2 statuses, by deadline", LIST_TARGET_MS, "list"),
        figure("listApi", "  JSON API", LIST_TARGET_MS, "list"),
        figure("productPage", `order list page, contained product "${PRODUCT_FILTER}"`, PRODUCT_TARGET_MS, "product"),
        figure("productApi", "  JSON API", PRODUCT_TARGET_MS, "product"),
      ],
      sql,
      lookups,
    };
    process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await t.close();
  }
}

await main();
