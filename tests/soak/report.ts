/** The soak's printed report and its budget lines (docs/decisions/073-soak.md). */
import { table } from "../bench/lib";
import { BUDGETS, BUSY_OFFICE, PERIOD_MS, SOAK_FACTOR, SOAK_PLAN } from "./office";
import type { KindFigures } from "./load";
import type { SoakResult } from "./soak";
import { KINDS } from "./streams";

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

/** The load in one paragraph: the office, the factor, and what each actor does how often. */
export function describeLoad(): string {
  const o = BUSY_OFFICE;
  return [
    `a busy office: ${o.officeUsers} office users (a list page every ${60 / o.pageViewsPerUserPerMinute} s, an item save a minute), ${o.kiosks} kiosks (a scan a minute),`,
    `${o.rackScales} rack scales (a reading every ${60 / o.readingsPerScalePerMinute} s), ${o.stockOperationsPerMinute} stock operations a minute; the soak runs ${SOAK_FACTOR}× that, open loop:`,
    `${SOAK_PLAN.pageSessions} sessions × a list page every ${PERIOD_MS.page / 1000} s, ${SOAK_PLAN.savers} savers × a save every ${PERIOD_MS.save / 1000} s, ${SOAK_PLAN.kiosks} kiosks × a scan every ${PERIOD_MS.scan / 1000} s,`,
    `${SOAK_PLAN.rackScales} scales × a reading every ${PERIOD_MS.reading / 1000} s, ${SOAK_PLAN.clerks} clerks × a stock operation (basket add + transfer) every ${PERIOD_MS.stock / 1000} s`,
  ]
    .map((line) => `  ${line}`)
    .join("\n");
}

/** PASS/FAIL lines of the budgets; `failed` is true when any is missed. */
export function budgetLines(result: SoakResult): { lines: string[]; failed: boolean } {
  const figure = (kind: string) => result.figures.find((f) => f.kind === kind);
  const checks: [string, boolean][] = [
    [`p95 of list pages ${fixed(figure(KINDS.page)?.p95 ?? Number.NaN)} ms ≤ ${BUDGETS.listP95Ms} ms`, (figure(KINDS.page)?.p95 ?? Number.NaN) <= BUDGETS.listP95Ms],
    [`p95 of item saves ${fixed(figure(KINDS.save)?.p95 ?? Number.NaN)} ms ≤ ${BUDGETS.saveP95Ms} ms`, (figure(KINDS.save)?.p95 ?? Number.NaN) <= BUDGETS.saveP95Ms],
    [`errors ${result.errors} = ${BUDGETS.errors}`, result.errors === BUDGETS.errors],
    [`memory growth after the warm-up ${fixed(result.rss.growthPercent)} % ≤ ${BUDGETS.rssGrowthPercent} %`, result.rss.growthPercent <= BUDGETS.rssGrowthPercent],
    ["every kind got answers", result.figures.every((f) => f.count > 0)],
  ];
  return { lines: checks.map(([text, ok]) => `${ok ? "PASS" : "FAIL"}: ${text}`), failed: checks.some(([, ok]) => !ok) };
}

export function formatReport(result: SoakResult): string {
  const cells = (f: KindFigures) => [f.kind, String(f.count), String(f.errors), fixed(f.p50), fixed(f.p95), fixed(f.p99), fixed(f.max), String(f.late)];
  const header = ["count", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms", "late"];
  const warm = Object.entries(result.warmup)
    .map(([kind, w]) => `${kind} ${w.count}${w.errors ? ` (${w.errors} errors)` : ""}`)
    .join(", ");
  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
  return [
    `== Soak: ${result.seconds} s on ${result.database} (${result.databaseWhere}), broker ${result.broker} ==`,
    describeLoad(),
    `  set-up (database, demo company, actors, app start) ${result.setupSeconds.toFixed(1)} s; warm-up ${result.warmupSeconds} s (not in the figures: ${warm})`,
    "",
    table(["kind", ...header], result.figures.map(cells)),
    "",
    table(["list page", ...header], result.pages.map(cells)),
    "",
    "  latency = from when the request was due to its answer read in full; late = sent over 100 ms after it was due;",
    "  scale reading = from its publishing until GET /api/warehouseRackScale (read each second, in pages of 500) shows it or a newer one.",
    `  readings: ${result.readings.published} published, ${result.readings.stored} stored`,
    `  app RSS (median of the ${result.rss.windowSeconds} s after the warm-up / of the last ${result.rss.windowSeconds} s): ${mb(result.rss.warmupEndKb)} → ${mb(result.rss.endKb)}, growth ${fixed(result.rss.growthPercent)} %;`,
    `    single samples ${mb(result.rss.atWarmupEndKb)} at the warm-up's end and ${mb(result.rss.atEndKb)} at the end; ${mb(result.rss.minKb)} … ${mb(result.rss.maxKb)} after the warm-up`,
    `  CPU after the warm-up: the app ${fixed(result.cpu.appCores, 2)} cores, this driver ${fixed(result.cpu.driverCores, 2)} cores; the machine's load average at the end ${fixed(result.cpu.loadAverage, 2)}`,
    `  app exit after SIGTERM: ${result.exit.code}${result.exit.forced ? " (killed after the grace time)" : ""}`,
    `  errors: ${result.errors}`,
    ...result.errorSamples.map((line) => `    ${line}`),
  ].join("\n");
}
