/** Printing of the invoice documents' figures for run.ts: the invoice PDF and the accountant export (tests/bench/invoice-documents.ts). */
import { heading, kb, ms, secs, type Stats, table } from "./lib";

/** The figures' sizes and targets, kept here so run.ts reads them without starting the bench child. */
export const INVOICE_LINES = 30;
export const INVOICE_PDF_TARGET_MS = 150;
export const EXPORT_TARGET_MS = 20_000;
export const LIST_DURING_EXPORT_TARGET_MS = 50;

export interface InvoiceDocumentsResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  warmup: number;
  runs: number;
  lines: number;
  pages: number;
  bytes: number;
  uncached: Stats;
  held: Stats;
  documents: number;
  /** Issuing the documents (setup, not a target). */
  issueMs: number;
  exportMs: number;
  /** The process's CPU time (every thread: the PDF workers, the main thread with its list requests) while the export ran: on a shared machine steadier than its wall time. */
  exportCpuMs: number;
  zipBytes: number;
  /** The list page's request times while the export ran. */
  listDuring: Stats;
  /** The same list page with nothing running, for comparison. */
  listIdle: Stats;
}


export interface InvoiceDocumentsMode {
  label: string;
  result: InvoiceDocumentsResult;
}

const verdict = (value: number, target: number, unit = "ms") => (value <= target ? `≤ ${target} ${unit} ok` : `OVER ${target} ${unit}`);

export function printInvoiceDocuments(modes: InvoiceDocumentsMode[], failures: string[]): void {
  heading("13. Invoice PDF and accountant export");
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.serverVersion}; ${r.lines} lines, ${r.pages} pages, ${kb(r.bytes)}; ${r.warmup} warm-up + ${r.runs} rounds`);
    const row = (name: string, s: InvoiceDocumentsResult["uncached"], target?: number) => [name, ms(s.median), ms(s.p95), ms(s.max), target === undefined ? "" : verdict(s.median, target)];
    console.log(
      table(
        ["what", "median", "p95", "max", "target"],
        [
          row("GET /pdf/invoices/:id?regenerate=true (uncached)", r.uncached, INVOICE_PDF_TARGET_MS),
          row("GET /pdf/invoices/:id (held)", r.held),
          row(`GET /orders/fenceOrder while the export runs (${r.listDuring.n} requests)`, r.listDuring, LIST_DURING_EXPORT_TARGET_MS),
          row("GET /orders/fenceOrder, nothing running", r.listIdle),
        ],
      ),
    );
    console.log(`  export of ${r.documents} documents: ${secs(r.exportMs, 1)} (${verdict(r.exportMs / 1000, EXPORT_TARGET_MS / 1000, "s")}), ZIP ${(r.zipBytes / 1024 / 1024).toFixed(1)} MB, ${secs(r.exportCpuMs, 1)} of CPU; issuing them took ${secs(r.issueMs, 1)}`);
  }
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function invoiceDocumentsSummaryRows(modes: InvoiceDocumentsMode[]): string[][] {
  return modes.flatMap(({ label, result: r }) => [
    [`invoice PDF, 30 lines, uncached · ${label}`, ms(r.uncached.median), `${r.pages} pages`, verdict(r.uncached.median, INVOICE_PDF_TARGET_MS)],
    [`accountant export, ${r.documents} documents · ${label}`, secs(r.exportMs, 1), `ZIP ${(r.zipBytes / 1024 / 1024).toFixed(1)} MB`, verdict(r.exportMs / 1000, EXPORT_TARGET_MS / 1000, "s")],
    [`list page during the export, p95 · ${label}`, ms(r.listDuring.p95), `median ${ms(r.listDuring.median)}, max ${ms(r.listDuring.max)}`, verdict(r.listDuring.p95, LIST_DURING_EXPORT_TARGET_MS)],
  ]);
}
