import type { ReactElement } from "react";
import { type DocumentProps, renderToBuffer } from "@react-pdf/renderer";
import { ensurePdfFonts } from "./fonts";

/** Renders a react-pdf <Document> (or a component returning one) to PDF bytes, with the Czech-capable font registered. */
export async function renderPdf(element: ReactElement): Promise<Uint8Array> {
  await ensurePdfFonts();
  const buffer = await renderToBuffer(element as ReactElement<DocumentProps>);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
