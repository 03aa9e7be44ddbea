/** Printing of the products import's figures for run.ts: 20,000 rows read, previewed and imported (tests/bench/import-products.ts). */
import type { ImportProductsResult } from "./import-products";
import { heading, secs, table } from "./lib";

export interface ImportProductsMode {
  label: string;
  result: ImportProductsResult;
}

/** The same as docs/decisions/075-spreadsheet-import.md states; kept here so run.ts does not load the child. */
const TIME_TARGET_MS = 60_000;
const MEMORY_TARGET_BYTES = 200 * 1024 * 1024;

const megabytes = (bytes: number) => `+${(bytes / 1024 / 1024).toFixed(0)} MB`;
const within = (value: number, target: number, text: string) => (value <= target ? `≤ ${text} ok` : `OVER ${text}`);

export function printImportProducts(modes: ImportProductsMode[], failures: string[]): void {
  heading("Products import: 20,000 rows read, previewed and imported in one transaction");
  console.log("  resident memory above where it stood before the read (sampled every 20 ms and by maxRSS; GC between steps); PGlite in a data directory on disk");
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.rows.toLocaleString("en")} rows, ${(r.xlsxBytes / 1024 / 1024).toFixed(2)} MB xlsx`);
    console.log(
      table(
        ["step", "time", "peak memory", "target"],
        [
          ["read (xlsx → table)", secs(r.read.ms), megabytes(r.read.peakGrowthBytes), ""],
          ["preview (every row checked)", secs(r.preview.ms), megabytes(r.preview.peakGrowthBytes), ""],
          [`import (${(r.counts.new ?? 0).toLocaleString("en")} new, one transaction)`, secs(r.import.ms), megabytes(r.import.peakGrowthBytes), ""],
          ["read + preview + import", secs(r.totalMs), megabytes(r.peakGrowthBytes), `${within(r.totalMs, TIME_TARGET_MS, "60 s")}, ${within(r.peakGrowthBytes, MEMORY_TARGET_BYTES, "200 MB")}`],
          [`the same file again (${(r.againCounts.unchanged ?? 0).toLocaleString("en")} unchanged)`, secs(r.again.ms), megabytes(r.again.peakGrowthBytes), ""],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function importProductsSummaryRows(modes: ImportProductsMode[]): string[][] {
  return modes.map(({ label, result: r }) => [
    `import ${r.rows.toLocaleString("en")} products · ${label}`,
    secs(r.totalMs),
    `memory ${megabytes(r.peakGrowthBytes)}`,
    `${within(r.totalMs, TIME_TARGET_MS, "60 s")}, ${within(r.peakGrowthBytes, MEMORY_TARGET_BYTES, "200 MB")}`,
  ]);
}
