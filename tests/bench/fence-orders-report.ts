/** Printing of the order list figures (tests/bench/fence-orders.ts) for run.ts: the section and its summary rows. */
import type { FenceOrdersResult, OrderFigure } from "./fence-orders";
import { heading, inProcessMethod, ms, table } from "./lib";

export interface FenceOrdersMode {
  label: string;
  result: FenceOrdersResult;
}

const thousands = (n: number) => n.toLocaleString("en").replace(/,/g, " ");
const NOT_BUILT = "not built yet";

function verdict(f: OrderFigure): string {
  if (!f.stats) return "";
  return f.stats.median <= f.target ? `≤ ${f.target} ms ok` : `OVER ${f.target} ms`;
}

function ratio(f: OrderFigure, r: FenceOrdersResult): string {
  const bare = r.sql[f.sqlKey].stats;
  return f.stats && bare ? `${(f.stats.median / bare.median).toFixed(1)}×` : "";
}

export function printFenceOrders(modes: FenceOrdersMode[], failures: string[]): void {
  heading("6. Fence orders: order list at 100,000 orders, contained-product filter");
  if (!modes.length && !failures.length) {
    console.log("  not measured");
    return;
  }
  const first = modes[0]?.result;
  if (first) console.log(inProcessMethod(first, "list service sends for that query (parallel ones in parallel)"));
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.serverVersion}; ${thousands(r.orders)} orders, ${thousands(r.items)} items, generated in ${(r.generateMs / 1000).toFixed(1)} s`);
    const rows: string[][] = [];
    for (const key of ["list", "product"] as const) {
      const s = r.sql[key];
      for (const f of r.figures.filter((figure) => figure.sqlKey === key)) {
        rows.push(
          f.stats
            ? [f.label, ms(f.stats.median), ms(f.stats.p95), ms(f.stats.min), ratio(f, r), verdict(f)]
            : [f.label, NOT_BUILT, "", "", "", f.note ? `(${f.note})` : ""],
        );
      }
      rows.push(
        s.stats
          ? [`  bare SQL (${s.statements.length} statements; ${thousands(s.matches ?? 0)} matches)`, ms(s.stats.median), ms(s.stats.p95), ms(s.stats.min), "1.0×", ""]
          : ["  bare SQL", NOT_BUILT, "", "", "", "(list service)"],
      );
    }
    console.log(table(["what", "median", "p95", "min", "÷ SQL", "target"], rows));
    for (const f of r.figures) if (f.stats) console.log(`  ${f.path}`);
    for (const key of ["list", "product"] as const) {
      const s = r.sql[key];
      if (!s.statements.length) continue;
      console.log(`  ${s.label}: statements alone (median of 10)`);
      console.log(table(["statement", "median"], s.statements.map((statement) => [statement.sql, ms(statement.median)]), { leftColumns: 1 }));
      for (const w of s.whatIf ?? []) console.log(`  what-if: ${w.label}: ${ms(w.median)} (now ${ms(w.baseline)})\n    ${w.sql}`);
      if (s.explain) console.log(`  over target: EXPLAIN (ANALYZE, BUFFERS) of the slowest\n    ${s.explain.sql}\n${s.explain.plan.replace(/^/gm, "    | ")}`);
    }
    if (!r.lookups?.length) continue;
    console.log(`  customer lookup by phone: the API, and the phone statement alone through the bare client`);
    const lookupRows = r.lookups.flatMap((l) => [
      [l.label, ms(l.stats.median), ms(l.stats.p95), ms(l.stats.min)],
      ["  bare SQL", ms(l.sql.stats.median), ms(l.sql.stats.p95), ms(l.sql.stats.min)],
    ]);
    console.log(table(["what", "median", "p95", "min"], lookupRows));
    for (const l of r.lookups) console.log(`  ${l.path}: EXPLAIN (ANALYZE, BUFFERS)\n    ${l.sql.sql}\n${l.plan.replace(/^/gm, "    | ")}`);
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function fenceOrdersSummaryRows(modes: FenceOrdersMode[]): string[][] {
  const rows: string[][] = [];
  for (const { label, result: r } of modes) {
    for (const f of r.figures.filter((figure) => !figure.label.startsWith(" "))) {
      const api = r.figures[r.figures.indexOf(f) + 1];
      rows.push([
        `${f.label} · ${label}`,
        f.stats ? ms(f.stats.median) : NOT_BUILT,
        api?.stats ? `JSON ${ms(api.stats.median)}; ${ratio(f, r) || ratio(api, r)} bare SQL` : api ? `JSON ${NOT_BUILT}` : "",
        f.stats ? verdict(f) : api?.stats ? verdict(api) : `≤ ${f.target} ms`,
      ]);
    }
    for (const l of r.lookups ?? []) rows.push([`${l.label} · ${label}`, ms(l.stats.median), `bare SQL ${ms(l.sql.stats.median)}`, ""]);
  }
  return rows;
}
