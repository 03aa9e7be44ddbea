import type { Context } from "hono";

/**
 * Answers a PDF for the browser's viewer (inline), under an ASCII file name. Not cached by the
 * browser: documents follow edits (a cached PDF lives in the database, not in the browser).
 */
export function pdfResponse(c: Context, document: { fileName: string; pdf: Uint8Array }): Response {
  c.header("Content-Type", "application/pdf");
  c.header("Content-Disposition", `inline; filename="${document.fileName.replace(/[^\w.-]/g, "_")}"`);
  c.header("Content-Length", String(document.pdf.byteLength));
  c.header("Cache-Control", "private, no-cache");
  return c.body(document.pdf as Uint8Array<ArrayBuffer>, 200);
}
