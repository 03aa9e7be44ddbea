/** Printing of the invoice list figure for run.ts: the invoice list at 100,000 invoices (tests/bench/invoices.ts). */
import type { InvoicesResult } from "./invoices";
import { heading, inProcessMethod, ms, table } from "./lib";

export interface InvoicesMode {
  label: string;
  result: InvoicesResult;
}

/** The same as invoices.ts exports; kept here so run.ts does not load the child. */
const TARGET_MS = 15;
const verdict = (value: number) => (value <= TARGET_MS ? `≤ ${TARGET_MS} ms ok` : `OVER ${TARGET_MS} ms`);

export function printInvoices(modes: InvoicesMode[], failures: string[]): void {
  heading("Invoices: the list at 100,000 invoices, open ones issued in a quarter, newest first, page of 20");
  const first = modes[0]?.result;
  if (first) console.log(inProcessMethod(first, "list service sends (the page and its count, the page's payments)"));
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.serverVersion}; ${r.invoices} invoices, ${r.matches} match the filter`);
    const ratio = (median: number) => `${(median / r.sql.median).toFixed(1)}×`;
    console.log(
      table(
        ["what", "median", "p95", "min", "÷ SQL", "target"],
        [
          ["GET /api/orders/invoices?status=OPEN&from=&to=", ms(r.api.median), ms(r.api.p95), ms(r.api.min), ratio(r.api.median), verdict(r.api.median)],
          ["GET /orders/invoices (page)", ms(r.page.median), ms(r.page.p95), ms(r.page.min), ratio(r.page.median), ""],
          [`  bare SQL (${r.statements} statements)`, ms(r.sql.median), ms(r.sql.p95), ms(r.sql.min), "1.0×", ""],
        ],
      ),
    );
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function invoicesSummaryRows(modes: InvoicesMode[]): string[][] {
  return modes.map(({ label, result: r }) => [`invoice list, 100,000 invoices · ${label}`, ms(r.api.median), `${(r.api.median / r.sql.median).toFixed(1)}× bare SQL ${ms(r.sql.median)}`, verdict(r.api.median)]);
}
