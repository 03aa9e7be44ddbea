/** Printing of the stock read side's figures for run.ts: the warehouse page, the stock xlsx, the transfer log (tests/bench/warehouse-stock.ts). */
import type { WarehouseStockResult } from "./warehouse-stock";
import { heading, ms, table } from "./lib";

export interface WarehouseStockMode {
  label: string;
  result: WarehouseStockResult;
}

/** The same as warehouse-stock.ts exports; kept here so run.ts does not load the child. */
const PAGE_TARGET_MS = 15;
const XLSX_TARGET_MS = 1000;
const verdict = (value: number, target: number) => (value <= target ? `≤ ${target} ms ok` : `OVER ${target} ms`);

export function printWarehouseStock(modes: WarehouseStockMode[], failures: string[]): void {
  heading("Stock read side: warehouse page, stock xlsx, transfer log");
  const first = modes[0]?.result;
  if (first) console.log(`  In process through app.request(), ${first.warmup} warm-up + ${first.runs} rounds interleaved with the bare SQL of the same statements; the xlsx fewer rounds.`);
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.serverVersion}; seeded in ${(r.seedMs / 1000).toFixed(1)} s (generate_series)`);
    console.log(
      table(
        ["what", "median", "p95", "min", "÷ SQL", "target"],
        [
          [`GET /warehouse/:id, 20,000 items, 1 category (${r.pageTotal}), page of ${r.pageRows}`, ms(r.page.median), ms(r.page.p95), ms(r.page.min), `${(r.page.median / r.pageSql.median).toFixed(1)}×`, verdict(r.page.median, PAGE_TARGET_MS)],
          ["  bare SQL", ms(r.pageSql.median), ms(r.pageSql.p95), ms(r.pageSql.min), "1.0×", ""],
          [`GET /warehouse/export, ${r.xlsxRows.toLocaleString("en")} rows (${(r.xlsxBytes / 1024).toFixed(0)} KB)`, ms(r.xlsx.median, 0), ms(r.xlsx.p95, 0), ms(r.xlsx.min, 0), "", verdict(r.xlsx.median, XLSX_TARGET_MS)],
          [`GET /warehouse/warehouseTransferLog, 1,000,000 rows, page of 50 (total ${r.logTotal})`, ms(r.logPage.median), ms(r.logPage.p95), ms(r.logPage.min), `${(r.logPage.median / r.logSql.median).toFixed(1)}×`, verdict(r.logPage.median, PAGE_TARGET_MS)],
          ["GET /api/warehouseTransferLog, page of 50", ms(r.logApi.median), ms(r.logApi.p95), ms(r.logApi.min), `${(r.logApi.median / r.logSql.median).toFixed(1)}×`, verdict(r.logApi.median, PAGE_TARGET_MS)],
          ["  bare SQL", ms(r.logSql.median), ms(r.logSql.p95), ms(r.logSql.min), "1.0×", ""],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function warehouseStockSummaryRows(modes: WarehouseStockMode[]): string[][] {
  return modes.flatMap(({ label, result: r }) => [
    [`warehouse page, 20,000 items · ${label}`, ms(r.page.median), `${(r.page.median / r.pageSql.median).toFixed(1)}× bare SQL ${ms(r.pageSql.median)}`, verdict(r.page.median, PAGE_TARGET_MS)],
    [`stock xlsx, 10,000 rows · ${label}`, ms(r.xlsx.median, 0), "", verdict(r.xlsx.median, XLSX_TARGET_MS)],
    [`transfer log page, 1,000,000 rows · ${label}`, ms(r.logPage.median), `${(r.logPage.median / r.logSql.median).toFixed(1)}× bare SQL ${ms(r.logSql.median)}`, verdict(r.logPage.median, PAGE_TARGET_MS)],
  ]);
}
