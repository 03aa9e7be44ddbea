/**
 * `npm run bench -- --load`: the app under concurrent load, beside the bare stack's ceiling
 * measured in the same run (docs/architecture.md#bench, decision 083). Loopback only, bounded:
 * every route gets a short warm-up and a fixed measured window.
 *
 *   npm run bench -- --load                       PGlite, and PostgreSQL when TEST_DATABASE_URL is set
 *   npm run bench -- --load --database postgres   one mode only (postgres | pglite)
 *   npm run bench -- --load --demo                the demo company instead of the large data set
 *   npm run bench -- --load --seconds 8 --connections 16 --routes /api/vat,/products/dph
 *   npm run bench -- --load --orders 1000000 --products 500000   the large data set's scale
 *
 * For each route: autocannon with 16 connections for the window, then req/s, p50 and p99 latency,
 * and the app's CPU per request: the app's process's user + system time over the window (every
 * thread, PGlite's too when it is embedded; on PostgreSQL the server's own CPU is not the app's)
 * divided by the requests answered. First a calibration (a fixed CPU loop and the bare SQL of
 * one indexed page) so that a slower machine's run reads as ratios.
 *
 * The large data set (tests/bench/load-data.ts) is built once and kept: PostgreSQL in the
 * database `ohrada_load` beside TEST_DATABASE_URL's, PGlite under `.bench/load-pglite`.
 */
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, envWithout, freePort, heading, ms, ROOT, sleep, stop, table, track } from "./lib";

type Kind = "pglite" | "postgres";
type RouteClass = "json" | "list" | "orders" | "items" | "grid";

interface Route {
  path: string;
  class: RouteClass;
  label: string;
}

/** App CPU per request wanted on PostgreSQL (ms), by the class of route. */
export const LOAD_TARGETS_MS: Record<RouteClass, number | null> = { json: 1, list: 2, orders: 3, items: 8, grid: null };

export interface LoadRow {
  route: Route;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequest: number;
  non2xx: number;
  errors: number;
  /** Bytes per answer (headers and body). */
  bytes: number;
}

interface Options {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  modes: Kind[];
  demo: boolean;
  routes: string[] | null;
  orders: number;
  products: number;
}

const CLOCK_TICKS_PER_SECOND = 100;
/** Where the PGlite copy of the large data set is kept between runs (git-ignored). */
const LOAD_PGLITE_DIR = join(ROOT, ".bench/load-pglite");
const progress = (text: string) => process.stderr.write(`  … ${text}\n`);

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const number = (name: string, fallback: number) => {
    const n = Number(value(name));
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const database = value("--database");
  const modes: Kind[] = database === "postgres" ? ["postgres"] : database === "pglite" ? ["pglite"] : postgresUrl ? ["postgres", "pglite"] : ["pglite"];
  if (modes.includes("postgres") && !postgresUrl) throw new Error("--database postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)");
  const demo = argv.includes("--demo");
  return {
    seconds: number("--seconds", 8),
    warmupSeconds: number("--warmup-seconds", 2),
    connections: Math.round(number("--connections", 16)),
    modes,
    demo,
    routes: value("--routes")?.split(",") ?? null,
    orders: Math.round(number("--orders", 1_000_000)),
    products: Math.round(number("--products", 500_000)),
  };
}

/** The app's (or the ceiling's) CPU so far, in ms: utime + stime of every thread. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** A fixed amount of integer work: its time tells this machine's single-core speed. */
function calibrationLoopMs(): number {
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    let x = 1;
    for (let i = 0; i < 50_000_000; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
    if (x === 42) console.log("");
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

/** The bare SQL of one indexed page (20 rows by an index, and their count) on an in-memory PGlite, or on the PostgreSQL server. */
async function calibrationSqlMs(kind: Kind, url?: string): Promise<number> {
  const setup = [
    "create temporary table load_calibration (id int primary key, name text not null, amount numeric(12,2) not null)",
    "insert into load_calibration select i, 'řádek ' || i, i * 1.5 from generate_series(1, 10000) i",
    "analyze load_calibration",
  ];
  const page = "select id, name, amount from load_calibration where id > $1 order by id limit 20";
  const times: number[] = [];
  if (kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite();
    for (const statement of setup) await db.exec(statement);
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      await db.query(page, [(i * 37) % 9000]);
      if (i >= 50) times.push(performance.now() - started);
    }
    await db.close();
  } else {
    const postgres = (await import("postgres")).default;
    const sql = postgres(url!, { max: 1, onnotice: () => {} });
    for (const statement of setup) await sql.unsafe(statement);
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      await sql.unsafe(page, [(i * 37) % 9000], { prepare: true });
      if (i >= 50) times.push(performance.now() - started);
    }
    await sql.end();
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function hammer(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds, timeout: 30 });
  return {
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  };
}

/** One route under load: a warm-up that is not counted, then the measured window with the server's CPU read around it. */
async function measureRoute(pid: number, base: string, route: Route, headers: Record<string, string>, options: Options): Promise<LoadRow> {
  await hammer(`${base}${route.path}`, headers, options.warmupSeconds, options.connections);
  const cpuBefore = processCpuMs(pid);
  const run = await hammer(`${base}${route.path}`, headers, options.seconds, options.connections);
  const cpu = processCpuMs(pid) - cpuBefore;
  return { route, ...run, cpuPerRequest: run.requests > 0 ? cpu / run.requests : Number.NaN };
}

async function waitForLine(stream: ReadableStream<Uint8Array>, prefix: string): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let text = "";
  for (;;) {
    const { value: chunk, done } = await reader.read();
    if (done) break;
    text += decoder.decode(chunk, { stream: true });
    const line = text.split("\n").find((l) => l.startsWith(prefix));
    if (line) {
      reader.releaseLock();
      return line.slice(prefix.length).trim();
    }
  }
  throw new Error(`the child ended before printing ${prefix}: ${text.slice(-2000)}`);
}

/** What Chromium sends with every request, so the answers are the ones a browser gets (compressed: src/lib/http/compress.ts). */
const BROWSER_HEADERS = { "Accept-Encoding": "gzip, deflate, br, zstd" };

async function measureCeiling(options: Options): Promise<LoadRow> {
  const child = track(Bun.spawn([BUN, join(import.meta.dir, "load-ceiling.tsx")], { cwd: ROOT, env: { ...envWithout([]), NODE_ENV: "production" }, stdout: "pipe", stderr: "inherit" }));
  try {
    const port = await waitForLine(child.stdout, "PORT ");
    return await measureRoute(child.pid, `http://127.0.0.1:${port}`, { path: "/", class: "list", label: "bare stack: Hono + React, 50-row table" }, { ...BROWSER_HEADERS }, options);
  } finally {
    await stop(child);
  }
}

interface Prepared {
  env: Record<string, string>;
  user: { email: string; password: string };
  ids: { warehouseId: number; itemsOrderId: number };
  counts: Record<string, number>;
  cleanup(): Promise<void>;
}

const ADMIN = { email: "admin@ohrada.local", password: "load-bench-heslo-1" };

/** The demo company in a throwaway PGlite directory or PostgreSQL database: quick, and small. */
async function prepareDemo(kind: Kind): Promise<Prepared> {
  const dataDir = mkdtempSync(join(tmpdir(), "ohrada-load-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO: "1", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  let dropDatabase = async () => {};
  if (kind === "postgres") {
    const postgres = (await import("postgres")).default;
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `ohrada_load_demo_${process.pid}`;
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const again = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  }
  return {
    env,
    user: ADMIN,
    // Found on the pages once the app runs (the demo's ids are its own).
    ids: { warehouseId: 0, itemsOrderId: 0 },
    counts: {},
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    },
  };
}

/** The large data set, built once and kept (tests/bench/load-data.ts). */
async function prepareLarge(kind: Kind, options: Options): Promise<Prepared> {
  const { ensureLoadData, loadUrl } = await import("./load-data");
  const scale = { orders: options.orders, products: options.products };
  const started = performance.now();
  const data =
    kind === "postgres"
      ? await ensureLoadData({ kind: "postgres", url: process.env.TEST_DATABASE_URL! }, scale, progress)
      : await ensureLoadData({ kind: "pglite", dataDir: LOAD_PGLITE_DIR }, scale, progress);
  progress(`${kind} data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const scratch = mkdtempSync(join(tmpdir(), "ohrada-load-"));
  const env: Record<string, string> = kind === "postgres" ? { DATA_DIR: scratch, DATABASE_URL: loadUrl(process.env.TEST_DATABASE_URL!) } : { DATA_DIR: LOAD_PGLITE_DIR };
  return {
    env,
    user: data.user,
    ids: { warehouseId: data.ids.warehouseId, itemsOrderId: data.ids.itemsOrderId },
    counts: data.counts,
    cleanup: async () => rmSync(scratch, { recursive: true, force: true }),
  };
}

async function login(base: string, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(user).toString(),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ohrada_session="));
  if (response.status !== 303 || !cookie) throw new Error(`login as ${user.email} answered ${response.status}`);
  return cookie.split(";")[0]!;
}

async function firstId(base: string, headers: Record<string, string>, page: string, pattern: RegExp): Promise<number> {
  const html = await (await fetch(`${base}${page}`, { headers })).text();
  const match = pattern.exec(html);
  if (!match) throw new Error(`no id found on ${page}`);
  return Number(match[1]);
}

function routesFor(ids: Prepared["ids"]): Route[] {
  return [
    { path: "/api/vat?page=1&pageSize=20", class: "json", label: "VAT rates (JSON)" },
    { path: "/api/orders/fenceOrder?page=1", class: "json", label: "orders (JSON)" },
    { path: "/api/products?page=1", class: "json", label: "products (JSON)" },
    { path: "/products/dph", class: "list", label: "VAT rates page" },
    { path: "/products", class: "list", label: "products page" },
    { path: `/warehouse/${ids.warehouseId}`, class: "list", label: "warehouse page" },
    { path: "/orders/invoices", class: "list", label: "invoice list" },
    { path: "/orders/fenceOrder", class: "orders", label: "order list" },
    { path: `/orders/fenceOrder/${ids.itemsOrderId}?tab=1`, class: "items", label: "order items tab" },
    { path: "/orders/planning", class: "grid", label: "planning grid" },
  ];
}

async function measureApp(kind: Kind, options: Options): Promise<{ rows: LoadRow[]; counts: Record<string, number> }> {
  const prepared = options.demo ? await prepareDemo(kind) : await prepareLarge(kind, options);
  const port = await freePort();
  const mqttPort = await freePort();
  const env = {
    ...envWithout(["DATABASE_URL", "TEST_DATABASE_URL", "MQTT_URL", "TEST_MQTT_URL", "DEMO"]),
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    ...prepared.env,
  };
  const app = track(Bun.spawn([BUN, "src/main.ts"], { cwd: ROOT, env, stdout: "ignore", stderr: "pipe" }));
  const base = `http://127.0.0.1:${port}`;
  try {
    const started = performance.now();
    for (;;) {
      if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}: ${(await new Response(app.stderr).text()).slice(-2000)}`);
      const ok = await fetch(`${base}/login`).then((r) => r.ok, () => false);
      if (ok) break;
      if (performance.now() - started > 180_000) throw new Error("the app did not answer within 3 minutes");
      await sleep(200);
    }
    const cookie = await login(base, prepared.user);
    const headers = { ...BROWSER_HEADERS, Cookie: cookie };
    const ids = { ...prepared.ids };
    if (!ids.warehouseId) ids.warehouseId = await firstId(base, headers, "/warehouse/selectWarehouse", /href="\/warehouse\/(\d+)"/);
    if (!ids.itemsOrderId) ids.itemsOrderId = await firstId(base, headers, "/orders/fenceOrder", /href="\/orders\/fenceOrder\/(\d+)"/);
    const routes = routesFor(ids).filter((r) => !options.routes || options.routes.some((wanted) => r.path.startsWith(wanted)));
    const rows: LoadRow[] = [];
    for (const route of routes) {
      progress(`${kind}: ${route.path} (${options.warmupSeconds} s warm-up + ${options.seconds} s)`);
      rows.push(await measureRoute(app.pid, base, route, headers, options));
    }
    return { rows, counts: prepared.counts };
  } finally {
    await stop(app);
    await prepared.cleanup();
  }
}

const fixed = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : "n/a");

function printMode(label: string, rows: LoadRow[], ceiling: LoadRow, kind: Kind) {
  console.log(`\n  ${label}`);
  console.log(
    table(
      ["route", "req/s", "p50", "p99", "KB/answer", "app CPU/req", "÷ ceiling CPU", "share of ceiling req/s", kind === "postgres" ? "target CPU/req" : "", "non-2xx/errors"],
      rows.map((row) => {
        const target = LOAD_TARGETS_MS[row.route.class];
        const verdict = kind === "postgres" && target !== null ? `${ms(target, 0)} ${row.cpuPerRequest <= target ? "ok" : "OVER"}` : "";
        return [
          `${row.route.label}  ${row.route.path}`,
          fixed(row.rps, 0),
          ms(row.p50, 1),
          ms(row.p99, 1),
          fixed(row.bytes / 1024),
          ms(row.cpuPerRequest, 2),
          `${fixed(row.cpuPerRequest / ceiling.cpuPerRequest)}×`,
          `${fixed((row.rps / ceiling.rps) * 100)} %`,
          verdict,
          `${row.non2xx}/${row.errors}`,
        ];
      }),
    ),
  );
}

export async function runLoadBench(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const benchStarted = performance.now();
  heading(`Load: ${options.connections} connections, ${options.warmupSeconds} s warm-up + ${options.seconds} s per route, loopback`);
  progress("calibration");
  const loop = calibrationLoopMs();
  const sqlPglite = await calibrationSqlMs("pglite");
  const sqlPostgres = options.modes.includes("postgres") ? await calibrationSqlMs("postgres", process.env.TEST_DATABASE_URL) : Number.NaN;
  console.log(
    table(
      ["calibration (read the figures below as ratios to these on another machine)", ""],
      [
        ["fixed CPU loop (50 M multiply-adds, median of 5)", ms(loop, 1)],
        ["bare SQL of one indexed page, PGlite in memory (median of 250)", ms(sqlPglite, 3)],
        ["bare SQL of one indexed page, PostgreSQL (median of 250)", Number.isFinite(sqlPostgres) ? ms(sqlPostgres, 3) : "not measured (set TEST_DATABASE_URL)"],
      ],
      { leftColumns: 2 },
    ),
  );
  progress("the bare stack's ceiling");
  const ceiling = await measureCeiling(options);
  console.log(`\n  ceiling — ${ceiling.route.label}: ${fixed(ceiling.rps, 0)} req/s, p50 ${ms(ceiling.p50, 1)}, p99 ${ms(ceiling.p99, 1)}, ${ms(ceiling.cpuPerRequest, 3)} CPU per request, ${ceiling.non2xx}/${ceiling.errors} non-2xx/errors`);
  for (const kind of options.modes) {
    const { rows, counts } = await measureApp(kind, options);
    const data = options.demo ? "the demo company" : Object.entries(counts).map(([name, n]) => `${n.toLocaleString("en")} ${name}`).join(", ");
    printMode(`${kind === "postgres" ? "PostgreSQL" : "PGlite"} — ${data}`, rows, ceiling, kind);
  }
  console.log(`\n  app CPU/req: the app's process (all threads) over the window ÷ requests answered; on PostgreSQL the server's CPU is not counted.`);
  console.log(`  targets (PostgreSQL): JSON lists ≤ 1 ms, list pages ≤ 2 ms, the order list ≤ 3 ms, the items tab ≤ 8 ms. Whole run: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s.`);
}
