import type { AppContext } from "../hono-env";

export interface FileAnswer {
  /** The file, or a stream of it (a job's result read piece by piece) with its `size`. */
  bytes: Uint8Array | ReadableStream<Uint8Array>;
  /** The stream's length in bytes (bytes know their own). */
  size?: number;
  contentType: string;
  fileName: string;
  /** `inline` shows it in the browser (PDFs, images), `attachment` downloads it. */
  disposition: "inline" | "attachment";
  /**
   * A stored file whose bytes never change under its id: the browser keeps it a day and
   * revalidates with this ETag. Without one the answer is not cached (generated documents follow edits).
   */
  etag?: string;
}

/** The one way a file leaves the app: its name UTF-8 encoded (RFC 6266) beside an ASCII fallback, never sniffed. */
export function sendFile(c: AppContext, file: FileAnswer): Response {
  if (file.etag) {
    c.header("ETag", file.etag);
    c.header("Cache-Control", "private, max-age=86400");
    if (c.req.header("If-None-Match") === file.etag) return c.body(null, 304);
  } else {
    c.header("Cache-Control", "private, no-store");
  }
  const ascii = file.fileName.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\w.-]/g, "_");
  c.header("Content-Type", file.contentType);
  const size = file.bytes instanceof ReadableStream ? file.size : file.bytes.byteLength;
  if (size !== undefined) c.header("Content-Length", String(size));
  c.header("X-Content-Type-Options", "nosniff");
  const utf8 = ascii === file.fileName ? "" : `; filename*=UTF-8''${encodeURIComponent(file.fileName)}`;
  c.header("Content-Disposition", `${file.disposition}; filename="${ascii}"${utf8}`);
  return c.body(file.bytes as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, 200);
}
