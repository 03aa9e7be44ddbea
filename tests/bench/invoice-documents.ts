/**
 * Bench figures of the invoice PDF and the accountant export (docs/decisions/054-invoice-pdf-and-accountant-export.md), in process
 * through app.request() as a logged-in user:
 *
 * - the invoice PDF of a document with 30 lines, uncached: GET /pdf/invoices/:id?regenerate=true
 *   (target median ≤ 150 ms), and held: GET /pdf/invoices/:id;
 * - the accountant export of 1,000 documents (a quarter each proformas, payment tax documents,
 *   final invoices and a non-payer's invoices): queued by POST /api/orders/invoices/accountantExport,
 *   run by the job runner to its stored ZIP (target ≤ 20 s), while a list page
 *   (GET /orders/fenceOrder, page of 20) is requested every 100 ms on the same event loop: how
 *   long those requests take meanwhile (target ≤ 50 ms each).
 *
 * Run as a child of run.ts once per database mode:
 *
 *   bun tests/bench/invoice-documents.ts [--warmup 5] [--runs 30] [--documents 1000]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { createJobRunner } from "@/lib/jobs/runner";
import { silentLogger } from "@/lib/logger";
import { EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE, EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_PROFORMA } from "@/modules/orders/invoice/formats/examples";
import { accountantExportJob } from "@/modules/orders/invoice/export/job";
import { issueSnapshot, manyLineSnapshot } from "../helpers/invoice-documents";
import { numberArgument, runBenchChild } from "./child";
import { INVOICE_LINES, type InvoiceDocumentsResult } from "./invoice-documents-report";
import { measureInterleaved, sleep, stats } from "./lib";

export type { InvoiceDocumentsResult };

const log = (text: string) => process.stderr.write(`  [invoice documents] ${text}\n`);

await runBenchChild({ warmup: 5, runs: 30 }, async ({ t, client, warmup, runs }): Promise<InvoiceDocumentsResult> => {
  const documents = numberArgument("--documents", 1000);
  const session = await t.login();
  const ctx = { ...t.ctx, userId: session.user.id };

  const invoice = await issueSnapshot(ctx, manyLineSnapshot(INVOICE_LINES));
  let bytes = 0;
  let pages = 0;
  const get = async (path: string) => {
    const response = await session.page(path);
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    bytes = body.byteLength;
    return body;
  };
  pages = (new TextDecoder("latin1").decode(await get(`/pdf/invoices/${invoice.id}?regenerate=true`)).match(/\/Type \/Page\b/g) ?? []).length;
  log(`PDF of ${INVOICE_LINES} lines: ${pages} pages`);
  const pdf = await measureInterleaved(
    {
      uncached: () => get(`/pdf/invoices/${invoice.id}?regenerate=true`),
      held: () => get(`/pdf/invoices/${invoice.id}`),
    },
    { warmup, runs },
  );

  log(`issuing ${documents} documents`);
  const kinds = [EXAMPLE_PROFORMA, EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE];
  const issueStarted = performance.now();
  for (let index = 0; index < documents; index++) {
    const day = String((index % 28) + 1).padStart(2, "0");
    await issueSnapshot(ctx, { ...kinds[index % kinds.length]!, issueDate: `2026-05-${day}`, dueDate: "2026-06-30", ...(index % 4 === 0 ? { taxableSupplyDate: null } : { taxableSupplyDate: `2026-05-${day}` }) });
  }
  const issueMs = performance.now() - issueStarted;

  const listPath = "/orders/fenceOrder";
  const list = () => get(listPath);
  for (let index = 0; index < 20; index++) await list();
  const idle: number[] = [];
  for (let index = 0; index < 40; index++) {
    const started = performance.now();
    await list();
    idle.push(performance.now() - started);
  }

  log(`exporting ${documents} documents`);
  const queued = await session.api("/api/orders/invoices/accountantExport", { method: "POST", json: { from: "2026-05-01", to: "2026-05-31" } });
  const { id } = ((await queued.json()) as { data: { id: number } }).data;
  const runner = createJobRunner({ database: t.database, jobs: [accountantExportJob], logger: silentLogger });
  const during: number[] = [];
  let running = true;
  const exportStarted = performance.now();
  const exportCpuStarted = process.cpuUsage();
  const work = runner.runDue().finally(() => {
    running = false;
  });
  while (running) {
    const started = performance.now();
    await list();
    during.push(performance.now() - started);
    await sleep(100);
  }
  const outcomes = await work;
  const exportMs = performance.now() - exportStarted;
  const exportCpu = process.cpuUsage(exportCpuStarted);
  if (outcomes[0]?.outcome !== "done") throw new Error(`the export ended ${outcomes[0]?.outcome}: ${outcomes[0]?.error}`);
  const job = ((await (await session.api(`/api/jobs/${id}`)).json()) as { data: { result: { size: number }; progress: { done: number } } }).data;
  log(`export: ${(exportMs / 1000).toFixed(1)} s (CPU of all threads ${((exportCpu.user + exportCpu.system) / 1e6).toFixed(1)} s), ${job.progress.done} documents, ${job.result.size} bytes; ${during.length} list requests meanwhile`);

  return {
    kind: t.database.kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    lines: INVOICE_LINES,
    pages,
    bytes,
    uncached: pdf.uncached,
    held: pdf.held,
    documents,
    issueMs,
    exportMs,
    exportCpuMs: (exportCpu.user + exportCpu.system) / 1000,
    zipBytes: job.result.size,
    listDuring: stats(during),
    listIdle: stats(idle),
  };
});
