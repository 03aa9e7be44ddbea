/** Serving an order file's bytes (download and preview), shared by the page and API routes. */
import { AppError } from "@/lib/errors";
import type { AppContext } from "@/lib/hono-env";
import { getOrderFile, isImageType } from "./files.service";

/**
 * The stored bytes under their stored type: images inline (`inline` forces it for any type),
 * anything else as an attachment. A file's bytes never change under its id, so an ETag lets the
 * browser revalidate cheaply.
 */
export async function fileResponse(c: AppContext, input: { fileId: number; orderId?: number }, mode?: "inline"): Promise<Response> {
  const file = await getOrderFile({ ctx: c.get("ctx"), input });
  const etag = `"of-${file.id}-${file.size}"`;
  c.header("ETag", etag);
  c.header("Cache-Control", "private, max-age=86400");
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
  const disposition = mode === "inline" || isImageType(file.mimeType) ? "inline" : "attachment";
  c.header("Content-Type", file.mimeType);
  c.header("Content-Length", String(file.data.byteLength));
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Content-Disposition", `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  return c.body(file.data as Uint8Array<ArrayBuffer>, 200);
}

/** `?load={fileId}`: the file inline; a missing or malformed id is NOT_FOUND. */
export function previewResponse(c: AppContext): Promise<Response> {
  const raw = c.req.query("load") ?? "";
  if (!/^[0-9]{1,10}$/.test(raw)) throw AppError.notFound();
  return fileResponse(c, { fileId: Number(raw) }, "inline");
}
