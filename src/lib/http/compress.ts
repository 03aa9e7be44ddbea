/**
 * Pages and JSON answers gzip-compressed for a client that accepts it (every browser does):
 * docs/decisions/085-compressed-answers.md.
 *
 * Why here and not only in a proxy: an answer of more than about 16 KB (headers and body) that
 * Bun.serve writes after an await leaves in one send() per header fragment, some 70 for our headers,
 * instead of one; at 16 concurrent clients that cost more CPU than the page's whole render. Level 1
 * turns a 15–150 KB page into 3–20 KB for about 0.1 ms.
 *
 * Left as they are: what already has a Content-Encoding (the static assets carry their own gzip),
 * downloads (Content-Disposition), streams (the live scale feed's text/event-stream is not a type
 * compressed here), HEAD, and answers under MIN_COMPRESS_BYTES.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";

/** Below this a compressed answer saves nothing worth its CPU (a header line and a packet). */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSED_TYPES = /^(text\/html|application\/json)\b/i;

/** True when Accept-Encoding names gzip (or *) without q=0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export const compressAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const answer = c.res;
  const type = answer.headers.get("Content-Type") ?? "";
  if (!answer.body || !COMPRESSED_TYPES.test(type) || answer.headers.has("Content-Encoding") || answer.headers.has("Content-Disposition")) return;
  answer.headers.append("Vary", "Accept-Encoding");
  if (c.req.method === "HEAD" || !acceptsGzip(c.req.header("Accept-Encoding"))) return;
  const bytes = await answer.arrayBuffer();
  const headers = new Headers(answer.headers);
  headers.delete("Content-Length");
  let body: Uint8Array<ArrayBuffer> | ArrayBuffer = bytes;
  if (bytes.byteLength >= MIN_COMPRESS_BYTES) {
    // libdeflate at level 1: faster than zlib's and a quarter smaller (35 KB of this README: 59 → 50 µs, 15.9 → 12.1 KB).
    body = Bun.gzipSync(new Uint8Array(bytes), { level: 1, library: "libdeflate" }) as Uint8Array<ArrayBuffer>;
    headers.set("Content-Encoding", "gzip");
    // Other bytes than the uncompressed answer's: a strong validator becomes a weak one (as nginx does).
    const etag = headers.get("ETag");
    if (etag?.startsWith('"')) headers.set("ETag", `W/${etag}`);
  }
  // Through undefined, so Hono does not copy the old answer's headers (a stale length) onto the new one.
  c.res = undefined;
  c.res = new Response(body, { status: answer.status, statusText: answer.statusText, headers });
};
