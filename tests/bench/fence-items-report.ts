/** Printing of the items tab figures for run.ts: the items tab (tests/bench/fence-items.ts) and the fence engine's rate. */
import type { FenceItemsResult, ItemsFigure } from "./fence-items";
import { heading, inProcessMethod, ms, table } from "./lib";

export interface FenceItemsMode {
  label: string;
  result: FenceItemsResult;
}

/** src/modules/orders/fence-item/engine.bench.ts's answer. */
export interface EngineRate {
  perSecond: number;
  min: number;
  max: number;
  items: number;
  rounds: number;
}

export const ENGINE_TARGET_PER_SECOND = 50_000;

const verdict = (f: ItemsFigure) => (f.app.median <= f.target ? `≤ ${f.target} ms ok` : `OVER ${f.target} ms`);
const ratio = (f: ItemsFigure) => `${(f.app.median / f.sql.median).toFixed(1)}×`;
const perSecond = (n: number) => `${Math.round(n).toLocaleString("en").replace(/,/g, " ")} items/s`;

export function printFenceItems(modes: FenceItemsMode[], engine: EngineRate | null, failures: string[]): void {
  heading("7. Order items tab: 30 fence items + 20 other items; the fence engine");
  const first = modes[0]?.result;
  if (first) console.log(inProcessMethod(first, "service sends for that work (a save's inside one transaction)"));
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.serverVersion}; the tab's JSON is ${(r.tabBytes / 1024).toFixed(1)} KB`);
    const rows = r.figures.flatMap((f) => [
      [f.label, ms(f.app.median), ms(f.app.p95), ms(f.app.min), ratio(f), verdict(f)],
      [`  bare SQL (${f.statements} statements)`, ms(f.sql.median), ms(f.sql.p95), ms(f.sql.min), "1.0×", ""],
    ]);
    console.log(table(["what", "median", "p95", "min", "÷ SQL", "target"], rows));
  }
  if (engine) {
    console.log(
      `\n  fence engine (computeFenceItem, one item of each type in turn): ${perSecond(engine.perSecond)}, median of ${engine.rounds} × ${engine.items.toLocaleString("en")}` +
        ` (min ${perSecond(engine.min)}, max ${perSecond(engine.max)}); target ≥ ${perSecond(ENGINE_TARGET_PER_SECOND)}: ${engine.perSecond >= ENGINE_TARGET_PER_SECOND ? "ok" : "UNDER"}`,
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function fenceItemsSummaryRows(modes: FenceItemsMode[], engine: EngineRate | null): string[][] {
  const rows = modes.flatMap(({ label, result: r }) =>
    r.figures.map((f) => [`${f.label} · ${label}`, ms(f.app.median), `${ratio(f)} bare SQL ${ms(f.sql.median)}`, verdict(f)]),
  );
  if (engine) rows.push(["fence engine", perSecond(engine.perSecond), `median of ${engine.rounds}`, engine.perSecond >= ENGINE_TARGET_PER_SECOND ? `≥ ${perSecond(ENGINE_TARGET_PER_SECOND)} ok` : "UNDER"]);
  return rows;
}
