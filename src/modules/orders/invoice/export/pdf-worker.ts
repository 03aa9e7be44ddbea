/**
 * A worker thread of the export's PDF pool (pdf-pool.ts): renders the snapshots it is sent and
 * answers each PDF's bytes (transferred, not copied). Its own react-pdf and fonts, loaded on the
 * first document.
 */
import type { PdfImage } from "@/lib/pdf/logo";
import type { Lang } from "@/lib/context";
import type { InvoiceSnapshot } from "../formats/snapshot";
import { renderInvoicePdf } from "../pdf/service";

declare const self: Worker;

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
