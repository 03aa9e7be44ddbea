/** Printing of the manufacture list figures for run.ts: the manufacture list (tests/bench/manufacture-list.ts). */
import type { ManufactureListResult } from "./manufacture-list";
import { heading, inProcessMethod, ms, table } from "./lib";

export interface ManufactureListMode {
  label: string;
  result: ManufactureListResult;
}

/** The targets (the list of 30 items ≤ 20 ms; the cut list of 10,000 items well under 100 ms); here, so run.ts never loads the child. */
export const LIST_TARGET_MS = 20;
export const CUT_LIST_TARGET_MS = 100;

const verdict = (value: number, target: number) => (value <= target ? `≤ ${target} ms ok` : `OVER ${target} ms`);

export function printManufactureList(modes: ManufactureListMode[], failures: string[]): void {
  heading("Manufacture list: an order with 30 fence items; the cut list of 10,000 items");
  const first = modes[0]?.result;
  if (first) console.log(inProcessMethod(first, "service sends for the list"));
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.serverVersion}; ${r.lines} lines, the JSON is ${(r.apiBytes / 1024).toFixed(1)} KB`);
    const ratio = (median: number) => `${(median / r.sql.median).toFixed(1)}×`;
    console.log(
      table(
        ["what", "median", "p95", "min", "÷ SQL", "target"],
        [
          ["POST /api/orders/manufactureList/all (30 items)", ms(r.api.median), ms(r.api.p95), ms(r.api.min), ratio(r.api.median), verdict(r.api.median, LIST_TARGET_MS)],
          ["GET /orders/fenceOrder/manufacture/:id (page)", ms(r.page.median), ms(r.page.p95), ms(r.page.min), ratio(r.page.median), ""],
          [`  bare SQL (${r.statements} statements)`, ms(r.sql.median), ms(r.sql.p95), ms(r.sql.min), "1.0×", ""],
          ["buildCutList, 10,000 items of 100 orders (no DB)", ms(r.cutList.median), ms(r.cutList.p95), ms(r.cutList.min), "", verdict(r.cutList.median, CUT_LIST_TARGET_MS)],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function manufactureListSummaryRows(modes: ManufactureListMode[]): string[][] {
  return modes.flatMap(({ label, result: r }) => [
    [`manufacture list, 30 items · ${label}`, ms(r.api.median), `${(r.api.median / r.sql.median).toFixed(1)}× bare SQL ${ms(r.sql.median)}`, verdict(r.api.median, LIST_TARGET_MS)],
    [`cut list, 10,000 items · ${label}`, ms(r.cutList.median), "no database", verdict(r.cutList.median, CUT_LIST_TARGET_MS)],
  ]);
}
