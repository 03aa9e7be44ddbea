import { type ComponentType, createElement, type ReactElement } from "react";
import type { DocumentProps } from "@react-pdf/renderer";

/**
 * Renders a react-pdf document component to PDF bytes, with the Czech-capable font registered.
 * react-pdf, the fonts and the document's own module load on the first PDF, not at start-up
 * (they cost ~140 ms of every start), so callers pass the document as a loader:
 * `renderPdf(() => import("./offer-document").then((m) => m.OfferDocument), props)`.
 */
export async function renderPdf<P extends object>(loadDocument: () => Promise<ComponentType<P>>, props: P): Promise<Uint8Array> {
  const [{ renderToBuffer }, { ensurePdfFonts }, Document] = await Promise.all([import("@react-pdf/renderer"), import("./fonts"), loadDocument()]);
  await ensurePdfFonts();
  const buffer = await renderToBuffer(createElement(Document, props) as ReactElement<DocumentProps>);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
