import type { AppContext } from "../hono-env";
import { sendFile } from "./file";

/** A PDF for the browser's viewer (inline), not cached by the browser: documents follow edits. */
export const pdfResponse = (c: AppContext, document: { fileName: string; pdf: Uint8Array }): Response =>
  sendFile(c, { bytes: document.pdf, contentType: "application/pdf", fileName: document.fileName, disposition: "inline" });
