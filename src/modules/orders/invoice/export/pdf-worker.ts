/**
 * A worker thread of the export's PDF pool (pdf-pool.ts): renders the snapshots it is sent and
 * answers each PDF's bytes (transferred, not copied). Its own react-pdf and fonts, loaded on the
 * first document. It runs at a lower priority than the main thread (PDF_WORKER_NICE), so a request
 * that arrives while both cores render takes a core at once and the PDFs get the rest.
 */
import os from "node:os";
import type { PdfImage } from "@/lib/pdf/logo";
import type { Lang } from "@/lib/context";
import type { InvoiceSnapshot } from "../formats/snapshot";
import { renderInvoicePdf } from "../pdf/service";

declare const self: Worker;

/**
 * The thread's niceness (Linux gives each thread its own): at 5 a waiting request's thread weighs
 * three times a render's, yet with nothing else to run the renders take both cores as before
 * (docs/decisions/054-invoice-pdf-and-accountant-export.md#throughput).
 */
const PDF_WORKER_NICE = 5;

try {
  os.setPriority(0, PDF_WORKER_NICE);
} catch {
  // A system that refuses it renders at the normal priority.
}

self.onmessage = async (event: MessageEvent<{ id: number; snapshot: InvoiceSnapshot; lang: Lang; logo: PdfImage | null }>) => {
  const { id, snapshot, lang, logo } = event.data;
  try {
    const pdf = await renderInvoicePdf(snapshot, lang, logo);
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : pdf.slice();
    self.postMessage({ id, pdf: own }, [own.buffer as ArrayBuffer]);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
};
