/** Printing of the stock operations figure for run.ts: production of 100 lines from 3 source baskets (tests/bench/stock-operations.ts). */
import type { StockOperationsResult } from "./stock-operations";
import { heading, ms, table } from "./lib";

export interface StockOperationsMode {
  label: string;
  result: StockOperationsResult;
}

/** The same as stock-operations.ts exports; kept here so run.ts does not load the child. */
const TARGET_MS = 150;
const verdict = (value: number) => (value <= TARGET_MS ? `≤ ${TARGET_MS} ms ok` : `OVER ${TARGET_MS} ms`);

export function printStockOperations(modes: StockOperationsMode[], failures: string[]): void {
  heading("Stock operations: production of 100 lines from 3 source baskets");
  const first = modes[0]?.result;
  if (first) console.log(`  In process through app.request(), ${first.warmup} warm-up + ${first.runs} rounds interleaved with the bare SQL (the statements produce sends, replayed in one transaction); the baskets refilled before each call, outside the timing.`);
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.serverVersion}; ${r.lines} lines moved per production`);
    const ratio = (median: number) => `${(median / r.sql.median).toFixed(1)}×`;
    console.log(
      table(
        ["what", "median", "p95", "min", "÷ SQL", "target"],
        [
          ["POST /api/transformation/transform", ms(r.api.median), ms(r.api.p95), ms(r.api.min), ratio(r.api.median), verdict(r.api.median)],
          [`  bare SQL (${r.statements} statements)`, ms(r.sql.median), ms(r.sql.p95), ms(r.sql.min), "1.0×", ""],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function stockOperationsSummaryRows(modes: StockOperationsMode[]): string[][] {
  return modes.map(({ label, result: r }) => [`production, 100 lines · ${label}`, ms(r.api.median), `${(r.api.median / r.sql.median).toFixed(1)}× bare SQL ${ms(r.sql.median)}`, verdict(r.api.median)]);
}
