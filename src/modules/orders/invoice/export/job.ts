/**
 * The accountant export as a one-off job (docs/decisions/047-background-jobs.md,
 * docs/decisions/054-invoice-pdf-and-accountant-export.md): every document issued in the period,
 * oldest first, into one ZIP (zip.ts) — its PDF and ISDOC file as it goes, then one Pohoda
 * dataPack and the CSV summary — streamed into the job's result piece by piece, progress reported
 * per document ("120 of 1000"). Everything comes from the documents' stored snapshots.
 *
 * The server keeps answering meanwhile: rendering a PDF is the long step (~12–17 ms a document,
 * 5 of them the QR code), so an export of more than POOL_FROM documents renders them on worker
 * threads (pdf-pool.ts), a few ahead, and adds them in order; what stays on the main thread (ISDOC,
 * the ZIP, storing its pieces) gives the event loop a turn after each document.
 */
import { drawableLogos } from "../logo";
import type { PdfImage } from "@/lib/pdf/logo";
import { asc, between } from "drizzle-orm";
import { invoices } from "@db/schema";
import type { Lang } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import { defineJob } from "@/lib/jobs/define";
import { invoiceCsv } from "../formats/csv";
import { isdocFileName, isdocXml } from "../formats/isdoc";
import { encodeWindows1250, pohodaDocuments, pohodaItemXml, pohodaPackFrame } from "../formats/pohoda";
import type { InvoiceSnapshot } from "../formats/snapshot";
import { invoiceTotals } from "../formats/vat";
import { renderInvoicePdf } from "../pdf/service";
import type { AccountantExportRange } from "./schemas";
import { inProcessRenderer, type PdfRenderer, pdfPool } from "./pdf-pool";
import { StreamedZip } from "./zip";

/** From this many documents the PDFs render on worker threads; fewer are not worth a thread's start (~0.5 s). */
export const POOL_FROM = 20;

export interface AccountantExportInput extends AccountantExportRange {
  lang: Lang;
}

export const EXPORT_ENTRIES = { pdf: "pdf/", isdoc: "isdoc/", pohoda: "pohoda.xml", csv: "souhrn.csv", readme: "README.txt" } as const;

const encoder = new TextEncoder();
/** A turn of the event loop for whatever waits (requests), between two documents. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export const accountantExportFileName = (range: AccountantExportRange, lang: Lang) => tFor(lang)("invoiceExport.fileName", { from: range.from, to: range.to }) as string;

/**
 * The ZIP of `snapshots` in pieces, as they are made; `onDocument(done)` after each document
 * (progress, and the place to stop: it may throw).
 */
export async function* accountantExportZip(
  snapshots: readonly InvoiceSnapshot[],
  input: AccountantExportInput,
  onDocument: (done: number) => Promise<void> = async () => {},
  renderer: PdfRenderer = inProcessRenderer(renderInvoicePdf),
  logos: ReadonlyMap<string, PdfImage | null> = new Map(),
): AsyncGenerator<Uint8Array> {
  const t = tFor(input.lang);
  const tt = (key: string, values?: Record<string, unknown>) => t(key, values ?? {}) as string;
  const zip = new StreamedZip();
  zip.deflate(EXPORT_ENTRIES.readme, encoder.encode(tt("invoiceExport.readme", { from: input.from, to: input.to, count: snapshots.length })));
  // Up to `renderer.parallel` PDFs on their way while the earlier ones go into the ZIP, in order.
  const renders = new Map<number, Promise<Uint8Array>>();
  const startRender = (index: number) => {
    const snapshot = snapshots[index];
    if (!snapshot) return;
    const render = renderer.render(snapshot, input.lang, snapshot.logo ? (logos.get(snapshot.logo.sha256) ?? null) : null);
    render.catch(() => {});
    renders.set(index, render);
  };
  for (let index = 0; index < renderer.parallel; index++) startRender(index);
  // The Pohoda pack's items, encoded as their documents pass (a pack of 1,000 at once would hold the thread ~0.5 s).
  const packItems: Uint8Array[] = [];
  let done = 0;
  for (const [index, snapshot] of snapshots.entries()) {
    const totals = invoiceTotals(snapshot);
    const pdf = await renders.get(index)!;
    renders.delete(index);
    startRender(index + renderer.parallel);
    zip.store(`${EXPORT_ENTRIES.pdf}${snapshot.number}.pdf`, pdf);
    zip.deflate(`${EXPORT_ENTRIES.isdoc}${isdocFileName(snapshot)}`, encoder.encode(isdocXml(snapshot, totals)));
    if (pohodaDocuments([snapshot]).length) packItems.push(encodeWindows1250(pohodaItemXml(snapshot)));
    yield* zip.take();
    await onDocument(++done);
    await yieldToRequests();
  }
  if (packItems.length) {
    const ico = snapshots.find((snapshot) => snapshot.supplier.ico)?.supplier.ico ?? null;
    const frame = pohodaPackFrame({ id: `ohrada-${input.from}-${input.to}`, ico, note: tt("invoiceExport.packNote", { from: input.from, to: input.to }) });
    await zip.deflateParts(EXPORT_ENTRIES.pohoda, [encodeWindows1250(frame.open), ...packItems, encodeWindows1250(frame.close)], yieldToRequests);
    yield* zip.take();
  }
  zip.deflate(EXPORT_ENTRIES.csv, invoiceCsv(snapshots, { t: tt, lang: input.lang }));
  zip.end();
  yield* zip.take();
}

export const accountantExportJob = defineJob<AccountantExportInput>({
  name: "orders.exportInvoices",
  async run({ ctx, input, progress, saveResult, signal }) {
    const rows = await ctx.db
      .select({ snapshot: invoices.snapshot })
      .from(invoices)
      .where(between(invoices.issueDate, input.from, input.to))
      .orderBy(asc(invoices.issueDate), asc(invoices.number));
    const snapshots = rows.map((row) => row.snapshot);
    await progress(0, snapshots.length);
    const renderer = snapshots.length >= POOL_FROM ? pdfPool() : inProcessRenderer(renderInvoicePdf);
    try {
      await saveResult({
        fileName: accountantExportFileName(input, input.lang),
        mimeType: "application/zip",
        chunks: accountantExportZip(
          snapshots,
          input,
          async (done) => {
            signal.throwIfAborted();
            await progress(done, snapshots.length);
          },
          renderer,
          await drawableLogos(ctx, snapshots),
        ),
      });
    } finally {
      renderer.close();
    }
  },
});
