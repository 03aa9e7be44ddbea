/** Serving an order file's bytes (download and preview), shared by the page and API routes. */
import { AppError } from "@/lib/errors";
import type { AppContext } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { getOrderFile, isImageType } from "./files.service";

/**
 * The stored bytes under their stored type: images inline (`inline` forces it for any type),
 * anything else as an attachment.
 */
export async function fileResponse(c: AppContext, input: { fileId: number; orderId?: number }, mode?: "inline"): Promise<Response> {
  const file = await getOrderFile({ ctx: c.get("ctx"), input });
  const disposition = mode === "inline" || isImageType(file.mimeType) ? "inline" : "attachment";
  return sendFile(c, { bytes: file.data, contentType: file.mimeType, fileName: file.fileName, disposition, etag: `"of-${file.id}-${file.size}"` });
}

/** `?load={fileId}`: the file inline; a missing or malformed id is NOT_FOUND. */
export function previewResponse(c: AppContext): Promise<Response> {
  const raw = c.req.query("load") ?? "";
  if (!/^[0-9]{1,10}$/.test(raw)) throw AppError.notFound();
  return fileResponse(c, { fileId: Number(raw) }, "inline");
}
