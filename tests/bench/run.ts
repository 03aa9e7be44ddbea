/**
 * `npm run bench`: prints the figures of issues 2 and 3 (docs/architecture.md#bench, docs/architecture.md#quality-bar). Nothing here asserts a time.
 *
 *   npm run bench                       PGlite (+ PostgreSQL when TEST_DATABASE_URL is set)
 *   npm run bench -- --suite            also the wall time of `bun test` in both database modes
 *   npm run bench -- --load             only the load figures: routes under 16 connections beside the bare
 *                                       stack's ceiling (tests/bench/load.ts has its own options)
 *   npm run bench -- --startup-only     only figure 3 (start-up), with its FAIL line and exit code
 *   npm run bench -- --diagnose         also the page with NODE_ENV=production (what-if) and the
 *                                       steps of a cold start replayed one by one (slower)
 *   npm run bench -- --runs 200         fewer measured requests (default 500, after 50 warm-up)
 *   npm run bench -- --catalogue-runs 50    rounds of the catalogue figures (default 100, after 30 warm-up)
 *   npm run bench -- --fence-runs 50        rounds of the order list and items tab figures (default 100, after 30 warm-up)
 *
 * 1. List page: server time of GET /products/dph (1,000 VAT rows, page of 20, logged in), in
 *    process through app.request(), beside the bare SQL of the same two statements.
 * 2. JavaScript shipped per page, in gzip KB, and whether React is included.
 * 3. Start-up of `bun src/main.ts`: cold (empty DATA_DIR) and warm, spawn to first 200 on /login.
 * 4. Test suite wall time (--suite only).
 * 5. Catalogue: products list with 50,000 products filtered by name and by three
 *    categories, the 2,000-node category tree (JSON and page), the label PDF; beside bare SQL.
 * 6. Fence orders: order list with 100,000 orders filtered by two statuses, sorted by
 *    deadline, and the contained-product filter (page and JSON); beside bare SQL.
 * 7. Order items tab: saving 30 fence items and 20 other items (new, and each changed),
 *    and the tab's GET, beside bare SQL; the fence engine's items per second.
 * 8. Manufacture list: an order with 30 fence items (JSON and page) beside bare SQL;
 *    the cut list of 10,000 items.
 * 9. Ordered material: 2,000 confirmed orders summed, beside bare SQL.
 * 10. Offer PDF: an order with 30 fence items, built (regenerate) and from the cache,
 *    beside the bare SQL of the fingerprint query.
 * 11. Stock operations: production of 100 lines from 3 source baskets, beside bare SQL.
 * 12. Stock read side: the warehouse page (20,000 items, a category), the stock
 *    xlsx (10,000 rows) and the transfer log (1,000,000 rows, page of 50), beside bare SQL.
 * 13. Invoices: the invoice list at 100,000 invoices filtered by status and issue
 *    date, page of 20 (API and page), beside bare SQL.
 * 14. Invoice documents: the invoice PDF with 30 lines, and the accountant
 *    export of 1,000 documents with a list page requested meanwhile.
 * 15. Planning: the grid of 12 weeks × 10 vans × 3,000 plans (API and page), the
 *    manufacture calendar of the same range, and moving a plan with its status automation.
 * 16. Kiosk: a scan's server time, the replay of 500 queued scans (twice: the second
 *    changes nothing), the kiosk script's gzip size.
 * 17. Scale feed: 5,000 readings/s from 500 scales for 15 s through MQTT_URL (default
 *    the Mosquitto on 127.0.0.1:1883; the embedded broker when none answers) into the stored
 *    lastWeight, and how far it lags.
 * 18. Scale pages live: the server's CPU with 10 warehouse pages listening while 200
 *    scales report once a second, beside the writes alone.
 * 19. Products import: 20,000 rows of a price list read, previewed and imported in one
 *    transaction; the time and the memory it takes.
 */
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { measureJsShipped, type ShippedResult } from "./js-shipped";
import type { CatalogueResult } from "./catalogue";
import { type CatalogueMode, catalogueSummaryRows, printCatalogue } from "./catalogue-report";
import type { FenceItemsResult } from "./fence-items";
import { type EngineRate, type FenceItemsMode, fenceItemsSummaryRows, printFenceItems } from "./fence-items-report";
import type { FenceOrdersResult } from "./fence-orders";
import { type FenceOrdersMode, fenceOrdersSummaryRows, printFenceOrders } from "./fence-orders-report";
import type { ImportProductsResult } from "./import-products";
import { type ImportProductsMode, importProductsSummaryRows, printImportProducts } from "./import-products-report";
import { BUN, envWithout, heading, kb, killAll, ms, ROOT, secs, table, track } from "./lib";
import type { ManufactureListResult } from "./manufacture-list";
import { type ManufactureListMode, manufactureListSummaryRows, printManufactureList } from "./manufacture-list-report";
import type { OrderedMaterialResult } from "./ordered-material";
import { type OrderedMaterialMode, orderedMaterialSummaryRows, printOrderedMaterial } from "./ordered-material-report";
import type { OfferPdfResult } from "./offer-pdf";
import { type OfferPdfMode, offerPdfSummaryRows, printOfferPdf } from "./offer-pdf-report";
import type { StockOperationsResult } from "./stock-operations";
import { printStockOperations, type StockOperationsMode, stockOperationsSummaryRows } from "./stock-operations-report";
import type { WarehouseStockResult } from "./warehouse-stock";
import { printWarehouseStock, type WarehouseStockMode, warehouseStockSummaryRows } from "./warehouse-stock-report";
import type { InvoicesResult } from "./invoices";
import { type InvoicesMode, invoicesSummaryRows, printInvoices } from "./invoices-report";
import type { InvoiceDocumentsResult } from "./invoice-documents";
import { type InvoiceDocumentsMode, invoiceDocumentsSummaryRows, printInvoiceDocuments } from "./invoice-documents-report";
import type { PlanningResult } from "./planning";
import { type PlanningMode, planningSummaryRows, printPlanning } from "./planning-report";
import type { KioskResult } from "./kiosk";
import { type KioskMode, kioskSummaryRows, printKiosk } from "./kiosk-report";
import type { ScaleFeedResult } from "./scale-feed";
import { printScaleFeed, type ScaleFeedMode, scaleFeedSummaryRows } from "./scale-feed-report";
import type { ListPageResult } from "./list-page";
import type { ScaleLiveResult } from "./scale-live";
import { printScaleLive, type ScaleLiveMode, scaleLiveSummaryRows } from "./scale-live-report";
import type { Phase } from "./startup-phases";
import { measureStartup, STARTUP_TARGET_MS, type StartupResult, startupFailures } from "./startup";
import { measureSuite, SUITE_MQTT_URL, SUITE_POSTGRES_URL, type SuiteRun } from "./suite";

const TARGET_MS = 5;
const argv = process.argv.slice(2);
const withSuite = argv.includes("--suite");
const diagnose = argv.includes("--diagnose");
const startupOnly = argv.includes("--startup-only");
const numberArg = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  const value = i >= 0 ? Number(argv[i + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
};
const RUNS = numberArg("--runs", 500);
const WARMUP = numberArg("--warmup", 50);
const CATALOGUE_RUNS = numberArg("--catalogue-runs", 100);
const FENCE_RUNS = numberArg("--fence-runs", 100);
/**
 * Rounds before measuring the catalogue and order list figures. A running server answers with compiled code;
 * with only a few rounds first, the medians still held the JIT's first tiers (PostgreSQL products
 * page with 3 categories: 10.1 ms after 5 rounds, 8.1 ms after 30).
 */
const CATALOGUE_WARMUP = 30;
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

const progress = (text: string) => process.stderr.write(`  … ${text}\n`);
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, "//$1:***@");

process.on("SIGINT", () => {
  killAll();
  process.exit(130);
});

/** Runs a bench child (`bun tests/bench/<file>`) and returns its BENCH_RESULT payload. */
async function child<T>(file: string, args: string[], env: Record<string, string>): Promise<T> {
  const proc = track(Bun.spawn([BUN, join(import.meta.dir, file), ...args], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" }));
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  const line = stdout.split("\n").find((l) => l.startsWith("BENCH_RESULT "));
  if (code !== 0 || !line) throw new Error(`${file} exited with ${code}:\n${(stderr + stdout).trim().slice(-3000)}`);
  for (const l of stderr.split("\n")) if (l.trim()) process.stderr.write(`${l}\n`);
  return JSON.parse(line.slice("BENCH_RESULT ".length)) as T;
}

function machineInfo() {
  const cpus = os.cpus();
  const git = (cmd: string) => {
    try {
      return execSync(cmd, { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
    } catch {
      return "";
    }
  };
  const commit = git("git rev-parse --short HEAD");
  const dirty = git("git status --porcelain --untracked-files=no") !== "";
  const pglite = (JSON.parse(readFileSync(join(ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }).version;
  const react = (JSON.parse(readFileSync(join(ROOT, "node_modules/react/package.json"), "utf8")) as { version: string }).version;
  const nodeEnv = process.env.NODE_ENV;
  console.log("Ohrada benchmarks (figures printed, never asserted; docs/architecture.md#bench)");
  console.log(
    table(
      ["machine", ""],
      [
        ["cores", `${os.availableParallelism()} (${cpus[0]?.model.trim() ?? "?"}, ${cpus.length} logical CPUs)`],
        ["memory", `${(os.totalmem() / 2 ** 30).toFixed(1)} GB`],
        ["load average at start", os.loadavg().map((x) => x.toFixed(2)).join(" / ") + "  (1/5/15 min; other work on the machine skews the figures)"],
        ["os", `${os.type()} ${os.release()} ${os.arch()}`],
        ["bun", `${Bun.version} (${Bun.revision.slice(0, 9)})`],
        ["react (server)", `${react}, ${nodeEnv === "production" ? "production" : "development"} build (NODE_ENV=${nodeEnv ?? "unset"}, as npm start runs it)`],
        ["pglite", pglite],
        ["postgresql", postgresUrl ? redact(postgresUrl) : "not measured (set TEST_DATABASE_URL)"],
        ["commit", `${commit}${dirty ? " + uncommitted changes" : ""}`],
        ["date", new Date().toISOString()],
      ],
      { leftColumns: 2 },
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// 1. List page

interface ListMode {
  label: string;
  result: ListPageResult;
}

async function listPage(): Promise<ListMode[]> {
  const args = ["--warmup", String(WARMUP), "--runs", String(RUNS)];
  const modes: ListMode[] = [];
  const embedded = envWithout(["TEST_DATABASE_URL"]);
  progress(`list page on PGlite (${WARMUP} warm-up + ${RUNS} measured rounds)`);
  modes.push({ label: "PGlite", result: await child<ListPageResult>("list-page.ts", args, embedded) });
  if (postgresUrl) {
    progress("list page on PostgreSQL");
    modes.push({ label: "PostgreSQL", result: await child<ListPageResult>("list-page.ts", args, { ...envWithout([]), TEST_DATABASE_URL: postgresUrl }) });
  }
  if (diagnose && process.env.NODE_ENV !== "production") {
    progress("list page on PGlite with NODE_ENV=production (what-if)");
    modes.push({ label: "PGlite, NODE_ENV=production (what-if)", result: await child<ListPageResult>("list-page.ts", args, { ...embedded, NODE_ENV: "production" }) });
  }
  return modes;
}

/** A difference of medians; below 0.1 ms it is noise. */
const approx = (x: number) => (x < 0.1 ? "0 (within noise)" : ms(x));

function printListPage(modes: ListMode[]) {
  heading("1. List page: GET /products/dph, 1,000 VAT rows, page of 20, logged in (cookie)");
  console.log(`  in process through app.request(), body read to the end; ${WARMUP} warm-up then ${RUNS} measured rounds, lines interleaved;`);
  console.log("  ÷ SQL = median over the bare SQL median; CPU/run = this process's CPU time per run (PGlite runs inside it)");
  for (const { label, result: r } of modes) {
    const ratio = (x: number) => `${(x / r.sql.median).toFixed(1)}×`;
    const row = (name: string, s: ListPageResult["page"]) => [name, ms(s.median), ms(s.p95), ms(s.min), ratio(s.median), s.cpu === undefined ? "" : ms(s.cpu)];
    console.log(`\n  ${label} — ${r.serverVersion}, ${r.rows} rows`);
    console.log(
      table(
        ["what", "median", "p95", "min", "÷ SQL", "CPU/run"],
        [
          row("GET /products/dph (HTML page)", r.page),
          row("GET /api/vat?size=20 (JSON)", r.api),
          row("  vatService.list() (drizzle, 1 statement: the page with its count)", r.service),
          row("  findSessionUser() (the guard's lookup)", r.session),
          row("  bare SQL: page select + count(*), in parallel", r.sql),
          row("    bare SQL: page select only", r.sqlSelect),
          row("    bare SQL: count(*) only", r.sqlCount),
          row("GET /healthz (no session; Hono + select 1)", r.healthz),
        ],
      ),
    );
    const rest = r.page.median - r.service.median - r.session.median;
    const apiRest = r.api.median - r.service.median - r.session.median;
    console.log(`  page / bare SQL = ${(r.page.median / r.sql.median).toFixed(1)}× (median ${ms(r.page.median)} vs ${ms(r.sql.median)})`);
    console.log(
      `  target ≤ ${TARGET_MS} ms: page median ${ms(r.page.median)} — ${r.page.median <= TARGET_MS ? "within target" : `OVER by ${ms(r.page.median - TARGET_MS)}`}; ` +
        `JSON ${ms(r.api.median)} — ${r.api.median <= TARGET_MS ? "within" : "over"}`,
    );
    console.log(
      `  where it goes (medians): SQL ${ms(r.sql.median)}, drizzle on top ${ms(r.service.median - r.sql.median)}, session lookup ${ms(r.session.median)}, ` +
        `render + Hono ≈ ${approx(rest)} (JSON: ≈ ${approx(apiRest)})`,
    );
    console.log(`  statements per request: page ${r.statementsPerPage}, JSON ${r.statementsPerApi}; HTML ${kb(r.pageBytes)}, JSON ${kb(r.apiBytes)}`);
  }
  if (!diagnose && process.env.NODE_ENV !== "production") {
    console.log("\n  React renders with its development build here, as under npm start (NODE_ENV unset); --diagnose adds a NODE_ENV=production run");
  }
}

// ---------------------------------------------------------------------------------------------
// 2. JavaScript shipped

function printJs(js: ShippedResult) {
  heading("2. JavaScript shipped (logged in)");
  console.log(`  ${js.method === "chromium" ? "measured with" : "FALLBACK:"} ${js.note}${js.browserVersion ? `; Chromium ${js.browserVersion}` : ""}`);
  console.log(
    table(
      ["page", "scripts", "raw", "gzip -9", "on the wire", "React", "islands"],
      js.pages.map((p) => [
        p.path,
        String(p.scripts.length),
        kb(p.rawBytes),
        kb(p.gzipBytes),
        p.transferBytes === null ? "n/a" : kb(p.transferBytes),
        p.react ? `yes${p.reactMarker ? "" : " (marker not found?)"}` : p.reactMarker ? "no (marker found?)" : "no",
        String(p.islands),
      ]),
    ),
  );
  const all = new Map<string, { raw: number; gz: number; dynamic: boolean; pages: string[] }>();
  for (const p of js.pages) {
    for (const s of p.scripts) {
      const entry = all.get(s.path) ?? { raw: s.rawBytes, gz: s.gzipBytes, dynamic: s.dynamic, pages: [] };
      entry.pages.push(p.path);
      all.set(s.path, entry);
    }
  }
  const order = (path: string) => (path.startsWith("/static/") ? 0 : path.endsWith("/client.js") ? 1 : 2);
  console.log("");
  console.log(
    table(
      ["script", "raw", "gzip -9", "loaded", "on"],
      [...all.entries()]
        .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
        .map(([path, s]) => [
          path,
          kb(s.raw),
          kb(s.gz),
          path.startsWith("/static/") ? "<script>" : s.dynamic ? "import() (island)" : path.endsWith("/client.js") ? "<script type=module>" : "static import",
          s.pages.length === js.pages.length ? "every page" : s.pages.join(", "),
        ]),
      { leftColumns: 1 },
    ),
  );
  console.log("  React is included iff the islands bundle (/build/) is loaded; it is loaded on any page that renders an island.");
}

// ---------------------------------------------------------------------------------------------
// 3. Start-up

function printStartup(s: StartupResult, phases: Phase[] | null, phasesError: string | null) {
  heading("3. Start-up: bun src/main.ts on PGlite, spawn → first 200 on /login (polled every 20 ms)");
  const cold = s.runs.filter((r) => r.kind === "cold");
  const warm = s.runs.filter((r) => r.kind === "warm");
  console.log(
    table(
      ["run", "cold (empty DATA_DIR)", "of which to admin line", "warm (same DATA_DIR)", "warm: first database page", "SIGTERM → exit"],
      [
        ...cold.map((c, i) => [
          String(i + 1),
          ms(c.readyMs, 0),
          c.firstOutputMs === null ? "n/a" : ms(c.firstOutputMs, 0),
          ms(warm[i]?.readyMs ?? Number.NaN, 0),
          ms(warm[i]?.dbPageMs ?? Number.NaN, 0),
          `${ms(c.stopMs, 0)} / ${ms(warm[i]?.stopMs ?? Number.NaN, 0)}`,
        ]),
        ["median", ms(s.coldMedian, 0), ms(s.coldFirstOutputMedian, 0), ms(s.warmMedian, 0), ms(s.warmDbPageMedian, 0), ms(s.stopMedian, 0)],
      ],
    ),
  );
  const unclean = s.runs.filter((r) => r.exitCode !== 0 || r.forced);
  console.log(
    unclean.length
      ? `  ! ${unclean.length} stop(s) not clean: ${unclean.map((r) => `${r.kind} exit ${r.exitCode}${r.forced ? " (SIGKILL)" : ""}`).join(", ")}`
      : "  every run exited 0 on SIGTERM; temp DATA_DIRs removed",
  );
  if (phases) {
    const total = phases.reduce((sum, p) => sum + p.ms, 0);
    console.log("\n  where a start goes: main.ts's steps replayed one by one in a fresh process (one run; diagnostic)");
    console.log(table(["step", "time"], phases.map((p) => [p.name, ms(p.ms, 0)]).concat([["total", ms(total, 0)]])));
  } else if (phasesError) {
    console.log(`  (start-up phases failed: ${phasesError.split("\n")[0]})`);
  } else {
    console.log("  run with --diagnose to see where a cold start's time goes (main.ts's steps replayed one by one)");
  }
  const failures = startupFailures(s);
  console.log(
    failures.length
      ? failures.map((line) => `\n  ${line}`).join("")
      : `  targets: cold ≤ ${STARTUP_TARGET_MS.cold} ms, warm ≤ ${STARTUP_TARGET_MS.warm} ms, warm first database page ≤ ${STARTUP_TARGET_MS.warmDbPage} ms: all within`,
  );
  // A start-up past target fails the bench loudly: the figures still print, the exit code says it.
  if (failures.length) process.exitCode = 1;
}

// ---------------------------------------------------------------------------------------------
// 4. Suite

function printSuite(runs: SuiteRun[] | null) {
  heading("4. Test suite wall time (bun test)");
  if (!runs) {
    console.log("  not measured (slow): run `npm run bench -- --suite` for `bun test` on embedded PGlite/aedes and on");
    console.log(`  PostgreSQL + Mosquitto (TEST_DATABASE_URL=${SUITE_POSTGRES_URL} TEST_MQTT_URL=${SUITE_MQTT_URL}); target < 5 min on 2 cores`);
    return;
  }
  console.log(
    table(
      ["mode", "wall time", "pass", "fail", "skip", "files", "exit", "target < 5 min"],
      runs.map((r) => [
        r.mode,
        secs(r.wallMs, 1),
        String(r.pass ?? "?"),
        String(r.fail ?? "?"),
        String(r.skip ?? "?"),
        String(r.files ?? "?"),
        String(r.exitCode),
        r.wallMs < 5 * 60_000 ? "within" : "OVER",
      ]),
    ),
  );
  for (const r of runs) {
    if (r.summary) console.log(`  ${r.mode}: ${r.summary}`);
    if (r.exitCode !== 0) console.log(`  ${r.mode} failed; last lines:\n${r.tail.replace(/^/gm, "    | ")}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 5–7. Figures measured in a child per database mode

/**
 * A bench child (`tests/bench/<file>`) once per database mode (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), each in its own process; a failure is reported and the other figures still print.
 */
async function inEachMode<T>(file: string, args: string[], what: string, scale: string): Promise<{ modes: { label: string; result: T }[]; failures: string[] }> {
  const modes: { label: string; result: T }[] = [];
  const failures: string[] = [];
  const runMode = async (label: string, env: Record<string, string>) => {
    progress(`${what} on ${label} (${scale})`);
    try {
      modes.push({ label, result: await child<T>(file, args, env) });
    } catch (error) {
      failures.push(`${what} on ${label} failed: ${(error as Error).message.split("\n").slice(0, 12).join("\n    ")}`);
    }
  };
  await runMode("PGlite", envWithout(["TEST_DATABASE_URL"]));
  if (postgresUrl) await runMode("PostgreSQL", { ...envWithout([]), TEST_DATABASE_URL: postgresUrl });
  return { modes, failures };
}

/** 5. Catalogue. */
const catalogue = (): Promise<{ modes: CatalogueMode[]; failures: string[] }> =>
  inEachMode<CatalogueResult>(
    "catalogue.ts",
    ["--warmup", String(CATALOGUE_WARMUP), "--runs", String(CATALOGUE_RUNS), "--pdf-runs", "20"],
    "catalogue figures",
    `50,000 products, 2,000 categories; ${CATALOGUE_WARMUP} warm-up + ${CATALOGUE_RUNS} rounds`,
  );

/** 6. Fence orders. */
const fenceOrders = (): Promise<{ modes: FenceOrdersMode[]; failures: string[] }> =>
  inEachMode<FenceOrdersResult>(
    "fence-orders.ts",
    ["--warmup", String(CATALOGUE_WARMUP), "--runs", String(FENCE_RUNS)],
    "fence order figures",
    `100,000 orders; ${CATALOGUE_WARMUP} warm-up + ${FENCE_RUNS} rounds`,
  );

/** 7. The order items tab and the fence engine's rate. */
async function fenceItems(): Promise<{ modes: FenceItemsMode[]; engine: EngineRate | null; failures: string[] }> {
  const { modes, failures } = await inEachMode<FenceItemsResult>(
    "fence-items.ts",
    ["--warmup", String(CATALOGUE_WARMUP), "--runs", String(FENCE_RUNS)],
    "items tab figures",
    `30 fence items + 20 other items; ${CATALOGUE_WARMUP} warm-up + ${FENCE_RUNS} rounds`,
  );
  let engine: EngineRate | null = null;
  progress("fence engine: items per second");
  try {
    engine = await child<EngineRate>("../../src/modules/orders/fence-item/engine.bench.ts", [], envWithout([]));
  } catch (error) {
    failures.push(`fence engine rate failed: ${(error as Error).message.split("\n")[0]}`);
  }
  return { modes, engine, failures };
}

/** 8. The manufacture list. */
const manufactureList = (): Promise<{ modes: ManufactureListMode[]; failures: string[] }> =>
  inEachMode<ManufactureListResult>(
    "manufacture-list.ts",
    ["--warmup", String(CATALOGUE_WARMUP), "--runs", String(FENCE_RUNS)],
    "manufacture list figures",
    `30 fence items; ${CATALOGUE_WARMUP} warm-up + ${FENCE_RUNS} rounds`,
  );

/** 9. Ordered material. */
const orderedMaterial = (): Promise<{ modes: OrderedMaterialMode[]; failures: string[] }> =>
  inEachMode<OrderedMaterialResult>(
    "ordered-material.ts",
    // Each round reads 2,000 orders' material three ways: fewer rounds than the small figures.
    ["--warmup", "5", "--runs", "30"],
    "ordered material figures",
    "2,000 confirmed orders; 5 warm-up + 30 rounds",
  );

/** 10. The offer PDF. */
const offerPdf = (): Promise<{ modes: OfferPdfMode[]; failures: string[] }> =>
  inEachMode<OfferPdfResult>("offer-pdf.ts", ["--warmup", "5", "--runs", "30"], "offer PDF figures", "30 fence items; 5 warm-up + 30 rounds built, 20 + 120 cached");

/** 11. Stock operations. */
const stockOperations = (): Promise<{ modes: StockOperationsMode[]; failures: string[] }> =>
  inEachMode<StockOperationsResult>("stock-operations.ts", ["--warmup", "5", "--runs", "30"], "stock operation figures", "production of 100 lines; 5 warm-up + 30 rounds");

/** 12. Stock read side. */
const warehouseStock = (): Promise<{ modes: WarehouseStockMode[]; failures: string[] }> =>
  inEachMode<WarehouseStockResult>("warehouse-stock.ts", ["--warmup", "20", "--runs", "100"], "stock read-side figures", "20,000 items, 10,000-row xlsx, 1,000,000 log rows; 20 warm-up + 100 rounds");

/** 13. The invoice list. */
const invoiceList = (): Promise<{ modes: InvoicesMode[]; failures: string[] }> =>
  inEachMode<InvoicesResult>("invoices.ts", ["--warmup", "20", "--runs", "100"], "invoice list figures", "100,000 invoices; 20 warm-up + 100 rounds");

/** 14. Invoice documents. */
const invoiceDocuments = (): Promise<{ modes: InvoiceDocumentsMode[]; failures: string[] }> =>
  inEachMode<InvoiceDocumentsResult>("invoice-documents.ts", ["--warmup", "5", "--runs", "30", "--documents", "1000"], "invoice document figures", "30-line PDF, 5 warm-up + 30 rounds; export of 1,000 documents");

/** 15. Planning. */
const planning = (): Promise<{ modes: PlanningMode[]; failures: string[] }> =>
  inEachMode<PlanningResult>("planning.ts", ["--warmup", "5", "--runs", "30"], "planning figures", "3,000 plans, 10 vans, 12 weeks; 5 warm-up + 30 rounds");

/** 16. The kiosk. */
const kiosk = (): Promise<{ modes: KioskMode[]; failures: string[] }> =>
  inEachMode<KioskResult>("kiosk.ts", ["--warmup", "50", "--runs", "500"], "kiosk figures", "50 warm-up + 500 scans; 500 queued scans replayed twice");

/** 17. The scale feed. */
const scaleFeed = (): Promise<{ modes: ScaleFeedMode[]; failures: string[] }> =>
  inEachMode<ScaleFeedResult>("scale-feed.ts", ["--scales", "500", "--rate", "5000", "--seconds", "15"], "scale feed figures", "500 scales, 5,000 readings/s for 15 s");
/** 18. Scale pages live. */
const scaleLive = (): Promise<{ modes: ScaleLiveMode[]; failures: string[] }> =>
  inEachMode<ScaleLiveResult>("scale-live.ts", ["--seconds", "20", "--clients", "10", "--scales", "200"], "scale live figures", "200 of 1,000 scales at 1 Hz, 10 pages, 20 s");

/** 19. The products import. */
const importProducts = (): Promise<{ modes: ImportProductsMode[]; failures: string[] }> =>
  inEachMode<ImportProductsResult>("import-products.ts", ["--rows", "20000"], "products import figures", "20,000 rows read, previewed and imported once, then again");

// ---------------------------------------------------------------------------------------------

function printSummary(
  modes: ListMode[],
  js: ShippedResult | null,
  start: StartupResult | null,
  suite: SuiteRun[] | null,
  catalogueModes: CatalogueMode[],
  fenceModes: FenceOrdersMode[],
  items: { modes: FenceItemsMode[]; engine: EngineRate | null },
  manufacture: ManufactureListMode[] = [],
  material: OrderedMaterialMode[] = [],
  offer: OfferPdfMode[] = [],
  stock: StockOperationsMode[] = [],
  stockView: WarehouseStockMode[] = [],
  invoiceModes: InvoicesMode[] = [],
  invoiceDocumentModes: InvoiceDocumentsMode[] = [],
  planningModes: PlanningMode[] = [],
  kioskModes: KioskMode[] = [],
  scaleFeedModes: ScaleFeedMode[] = [],
  scaleLiveModes: ScaleLiveMode[] = [],
  importProductsModes: ImportProductsMode[] = [],
) {
  heading("Summary");
  const rows: string[][] = [];
  for (const { label, result: r } of modes) {
    rows.push([`list page median (p95) · ${label}`, `${ms(r.page.median)} (${ms(r.page.p95)})`, `${(r.page.median / r.sql.median).toFixed(1)}× bare SQL ${ms(r.sql.median)}`, r.page.median <= TARGET_MS ? "≤ 5 ms ok" : "> 5 ms"]);
    rows.push([`JSON /api/vat median · ${label}`, ms(r.api.median), `${(r.api.median / r.sql.median).toFixed(1)}× bare SQL`, r.api.median <= TARGET_MS ? "≤ 5 ms ok" : "> 5 ms"]);
  }
  for (const p of js?.pages ?? []) {
    const budget = p.budgetBytes === null ? "" : p.gzipBytes <= p.budgetBytes ? ` · ≤ ${kb(p.budgetBytes)} ok` : ` · > ${kb(p.budgetBytes)}`;
    rows.push([`JS shipped ${p.path}`, kb(p.gzipBytes), `gzip -9, ${p.scripts.length} scripts`, `React: ${p.react ? "yes" : "no"}${budget}`]);
  }
  if (start) {
    const verdict = (median: number, target: number) => (median <= target ? `≤ ${target} ms ok` : `> ${target} ms FAIL`);
    rows.push(["start-up cold (median of 3)", ms(start.coldMedian, 0), "empty DATA_DIR", verdict(start.coldMedian, STARTUP_TARGET_MS.cold)]);
    rows.push(["start-up warm (median of 3)", ms(start.warmMedian, 0), "same DATA_DIR", verdict(start.warmMedian, STARTUP_TARGET_MS.warm)]);
    rows.push(["start-up warm, first database page", ms(start.warmDbPageMedian, 0), "/index with a session", verdict(start.warmDbPageMedian, STARTUP_TARGET_MS.warmDbPage)]);
  }
  rows.push(...catalogueSummaryRows(catalogueModes));
  rows.push(...fenceOrdersSummaryRows(fenceModes));
  rows.push(...fenceItemsSummaryRows(items.modes, items.engine));
  rows.push(...manufactureListSummaryRows(manufacture));
  rows.push(...orderedMaterialSummaryRows(material));
  rows.push(...offerPdfSummaryRows(offer));
  rows.push(...stockOperationsSummaryRows(stock));
  rows.push(...warehouseStockSummaryRows(stockView));
  rows.push(...invoicesSummaryRows(invoiceModes));
  rows.push(...invoiceDocumentsSummaryRows(invoiceDocumentModes));
  rows.push(...planningSummaryRows(planningModes));
  rows.push(...kioskSummaryRows(kioskModes));
  rows.push(...scaleFeedSummaryRows(scaleFeedModes));
  rows.push(...scaleLiveSummaryRows(scaleLiveModes));
  rows.push(...importProductsSummaryRows(importProductsModes));
  for (const r of suite ?? []) rows.push([`bun test · ${r.mode}`, secs(r.wallMs, 1), `${r.pass ?? "?"} pass, ${r.fail ?? "?"} fail`, r.wallMs < 5 * 60_000 ? "< 5 min ok" : "≥ 5 min"]);
  console.log(table(["figure", "value", "", "target"], rows, { leftColumns: 1 }));
  console.log(`  load average at end: ${os.loadavg().map((x) => x.toFixed(2)).join(" / ")}`);
}

/** Figure 3: measured, its steps replayed with --diagnose, printed with its targets (and the exit code). */
async function startupFigure(): Promise<StartupResult> {
  progress("start-up: 3 × cold + warm");
  const start = await measureStartup({ log: progress });
  let phases: Phase[] | null = null;
  let phasesError: string | null = null;
  if (diagnose) {
    progress("start-up steps replayed one by one (diagnostic)");
    try {
      phases = await child<Phase[]>("startup-phases.ts", [], envWithout(["DATABASE_URL", "TEST_DATABASE_URL"]));
    } catch (error) {
      phasesError = (error as Error).message;
    }
  }
  printStartup(start, phases, phasesError);
  return start;
}

async function main() {
  if (argv.includes("--load")) {
    machineInfo();
    const { runLoadBench } = await import("./load");
    await runLoadBench(argv);
    return;
  }
  if (startupOnly) {
    machineInfo();
    await startupFigure();
    return;
  }
  const started = performance.now();
  machineInfo();

  const modes = await listPage();
  printListPage(modes);

  const catalogueFigures = await catalogue();
  const fenceFigures = await fenceOrders();
  const itemsFigures = await fenceItems();
  const manufactureFigures = await manufactureList();
  const materialFigures = await orderedMaterial();
  const offerFigures = await offerPdf();
  const stockFigures = await stockOperations();
  const stockViewFigures = await warehouseStock();
  const invoiceFigures = await invoiceList();
  const invoiceDocumentFigures = await invoiceDocuments();
  const planningFigures = await planning();
  const kioskFigures = await kiosk();
  const scaleFeedFigures = await scaleFeed();
  const scaleLiveFigures = await scaleLive();
  const importProductsFigures = await importProducts();

  progress("JavaScript shipped (Chromium)");
  const js = await measureJsShipped();
  printJs(js);

  const start = await startupFigure();

  const suite = withSuite ? await measureSuite(progress) : null;
  printSuite(suite);

  printCatalogue(catalogueFigures.modes, catalogueFigures.failures);
  printFenceOrders(fenceFigures.modes, fenceFigures.failures);
  printFenceItems(itemsFigures.modes, itemsFigures.engine, itemsFigures.failures);
  printManufactureList(manufactureFigures.modes, manufactureFigures.failures);
  printOrderedMaterial(materialFigures.modes, materialFigures.failures);
  printOfferPdf(offerFigures.modes, offerFigures.failures);
  printStockOperations(stockFigures.modes, stockFigures.failures);
  printWarehouseStock(stockViewFigures.modes, stockViewFigures.failures);
  printInvoices(invoiceFigures.modes, invoiceFigures.failures);
  printInvoiceDocuments(invoiceDocumentFigures.modes, invoiceDocumentFigures.failures);
  printPlanning(planningFigures.modes, planningFigures.failures);
  printKiosk(kioskFigures.modes, kioskFigures.failures);
  printScaleFeed(scaleFeedFigures.modes, scaleFeedFigures.failures);
  printScaleLive(scaleLiveFigures.modes, scaleLiveFigures.failures);
  printImportProducts(importProductsFigures.modes, importProductsFigures.failures);

  printSummary(modes, js, start, suite, catalogueFigures.modes, fenceFigures.modes, itemsFigures, manufactureFigures.modes, materialFigures.modes, offerFigures.modes, stockFigures.modes, stockViewFigures.modes, invoiceFigures.modes, invoiceDocumentFigures.modes, planningFigures.modes, kioskFigures.modes, scaleFeedFigures.modes, scaleLiveFigures.modes, importProductsFigures.modes);
  console.log(`\n  bench took ${secs(performance.now() - started, 1)}`);
  for (const line of startupFailures(start)) console.log(`  ${line}`);
}

try {
  await main();
} finally {
  killAll();
}
