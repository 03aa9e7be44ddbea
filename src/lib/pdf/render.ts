import { type ComponentType, createElement, type ReactElement } from "react";
import type { DocumentProps } from "@react-pdf/renderer";
import { concurrencyLimit } from "../concurrency";

/**
 * Renders at once per thread. A layout holds tens of MB while it runs, so unbounded renders grow
 * the process with the number of people asking (32 offers regenerated at once: 1.17 GB); a render
 * also waits now and then, so two at a time halve the throughput. Six keep most of it (15 of 19
 * offers/s) at 0.93 GB (docs/decisions/033-speed-and-memory.md).
 */
export const PDF_RENDERS_AT_ONCE = 6;
const pdfSlot = concurrencyLimit(PDF_RENDERS_AT_ONCE);

/**
 * Renders a react-pdf document component to PDF bytes, with the Czech-capable font registered.
 * react-pdf, the fonts and the document's own module load on the first PDF, not at start-up
 * (they cost ~140 ms of every start), so callers pass the document as a loader:
 * `renderPdf(() => import("./offer-document").then((m) => m.OfferDocument), props)`.
 */
export async function renderPdf<P extends object>(loadDocument: () => Promise<ComponentType<P>>, props: P): Promise<Uint8Array> {
  const [{ renderToBuffer }, { ensurePdfFonts }, Document] = await Promise.all([import("@react-pdf/renderer"), import("./fonts"), loadDocument()]);
  await ensurePdfFonts();
  const buffer = await pdfSlot(() => renderToBuffer(createElement(Document, props) as ReactElement<DocumentProps>));
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
