/**
 * The invoice PDF (`GET /pdf/invoices/:id`, `?regenerate=true`): the document's stored snapshot
 * rendered (content.ts, document.tsx), never the live order or company, so the same document
 * prints the same whatever changed since it was issued
 * (docs/decisions/054-invoice-pdf-and-accountant-export.md).
 *
 * Cached like the offer's held copies (decision 029): the process keeps the last PDFs it answered
 * per database, `invoiceId:lang`, up to INVOICE_PDF_MEMORY_MAX_BYTES, the least recently answered
 * dropped first. An issued snapshot never changes, so no fingerprint is needed: the key and the
 * document's version say it all; `regenerate` renders it again (from the same snapshot).
 */
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema";
import type { Ctx, Lang } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { heldCache } from "@/lib/held-cache";
import { tFor } from "@/lib/i18n";
import { renderPdf } from "@/lib/pdf/render";
import type { InvoiceSnapshot } from "../formats/snapshot";
import type { PdfImage } from "@/lib/pdf/logo";
import { logoOfSnapshot } from "../logo";
import { invoiceContent } from "./content";

/** Raise when the document's look or content changes: every held PDF is then rendered again once. */
export const INVOICE_DOCUMENT_VERSION = 3;
export const INVOICE_PDF_MEMORY_MAX_BYTES = 16 * 1024 * 1024;

/** A snapshot's PDF in `lang`, with the logo its snapshot names (logo.ts reads it). */
export function renderInvoicePdf(snapshot: InvoiceSnapshot, lang: Lang, logo: PdfImage | null = null): Promise<Uint8Array> {
  return renderPdf(() => import("./document").then((m) => m.InvoiceDocument), { invoice: invoiceContent(snapshot, lang), logo });
}

export const invoicePdfFileName = (snapshot: Pick<InvoiceSnapshot, "number">, lang: Lang) => tFor(lang)("invoicePdf.fileName", { number: snapshot.number }) as string;

/** The PDFs this process answered lately, per database and `invoiceId:lang:version`. */
const heldPdfs = heldCache<Uint8Array>(INVOICE_PDF_MEMORY_MAX_BYTES, (pdf) => pdf.byteLength);

export interface InvoicePdf {
  fileName: string;
  pdf: Uint8Array;
  /** Whether the answer came from the held copy (nothing rendered). */
  cached: boolean;
}

/** The document's PDF in the caller's language; 404 without the document. */
export async function invoicePdf({ ctx, input }: { ctx: Ctx; input: { invoiceId: number; regenerate?: boolean } }): Promise<InvoicePdf> {
  const [row] = await ctx.db.select({ number: invoices.number, snapshot: invoices.snapshot }).from(invoices).where(eq(invoices.id, input.invoiceId));
  if (!row) throw AppError.notFound();
  const fileName = invoicePdfFileName(row, ctx.lang);
  const key = `${input.invoiceId}:${ctx.lang}:${INVOICE_DOCUMENT_VERSION}`;
  const copy = input.regenerate ? undefined : heldPdfs.get(ctx.db, key);
  // A copy each time: whoever gets the answer may keep or change its bytes.
  if (copy) return { fileName, pdf: copy.slice(), cached: true };
  const pdf = await renderInvoicePdf(row.snapshot, ctx.lang, await logoOfSnapshot(ctx, row.snapshot));
  if (pdf.byteLength <= INVOICE_PDF_MEMORY_MAX_BYTES / 4) heldPdfs.set(ctx.db, key, pdf.slice());
  return { fileName, pdf, cached: false };
}
