/** Printing of the ordered material figure for run.ts: ordered material over 2,000 confirmed orders (tests/bench/ordered-material.ts). */
import type { OrderedMaterialResult } from "./ordered-material";
import { heading, inProcessMethod, ms, table } from "./lib";

export interface OrderedMaterialMode {
  label: string;
  result: OrderedMaterialResult;
}

/** The same as ordered-material.ts exports; kept here so run.ts does not load the child. */
const TARGET_MS = 100;
const verdict = (value: number) => (value <= TARGET_MS ? `≤ ${TARGET_MS} ms ok` : `OVER ${TARGET_MS} ms`);

export function printOrderedMaterial(modes: OrderedMaterialMode[], failures: string[]): void {
  heading("Ordered material: 2,000 orders in order confirmation and material order, 2,000 price offers beside them");
  const first = modes[0]?.result;
  if (first) console.log(inProcessMethod(first, "service sends for the sum (the orders' material already stored)"));
  for (const { label, result: r } of modes) {
    console.log(
      `\n  ${label} — ${r.serverVersion}; ${r.orders} orders, ${r.items} items, ${r.lines} lines (${r.shortLines} short against ${r.stockRows} warehouse items), the JSON is ${(r.apiBytes / 1024).toFixed(0)} KB (${(r.apiSourcesBytes / 1024).toFixed(0)} KB with the sources); computing every order's material the first time took ${ms(r.firstMs, 0)}`,
    );
    const ratio = (median: number) => `${(median / r.sql.median).toFixed(1)}×`;
    console.log(
      table(
        ["what", "median", "p95", "min", "÷ SQL", "target"],
        [
          ["GET /api/orders/fenceOrder/orderedMaterial", ms(r.api.median), ms(r.api.p95), ms(r.api.min), ratio(r.api.median), verdict(r.api.median)],
          ["  … ?sources=1 (each line's orders)", ms(r.apiSources.median), ms(r.apiSources.p95), ms(r.apiSources.min), `${(r.apiSources.median / r.sqlSources.median).toFixed(1)}×`, ""],
          ["GET /orders/fenceOrder/orderedMaterial (page, with the sources)", ms(r.page.median), ms(r.page.p95), ms(r.page.min), ratio(r.page.median), ""],
          [`  bare SQL (${r.statements} statements)`, ms(r.sql.median), ms(r.sql.p95), ms(r.sql.min), "1.0×", ""],
          ["  bare SQL with the sources", ms(r.sqlSources.median), ms(r.sqlSources.p95), ms(r.sqlSources.min), "", ""],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function orderedMaterialSummaryRows(modes: OrderedMaterialMode[]): string[][] {
  return modes.map(({ label, result: r }) => [`ordered material, 2,000 orders · ${label}`, ms(r.api.median), `${(r.api.median / r.sql.median).toFixed(1)}× bare SQL ${ms(r.sql.median)}`, verdict(r.api.median)]);
}
