import type { Hono } from "hono";
import type { AppEnv } from "../hono-env";

/**
 * The HTTP server around the app. Bun's own body limit is lifted, so every oversized body is
 * refused by the app's per-route caps (bodyLimits, from the modules' upload limits) with an
 * envelope or a readable page, never by Bun's bare 413. That costs no memory: Bun does not buffer
 * a body the app does not read (measured: an 800 MB body refused at once, the server's RSS stayed
 * at 28 MB), and the caps stop reading a chunked body at its limit.
 */
export function startHttpServer(init: { app: Hono<AppEnv>; port: number; hostname: string }) {
  return Bun.serve({
    port: init.port,
    hostname: init.hostname,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    fetch: (request, server) => init.app.fetch(request, { remoteAddress: server.requestIP(request)?.address }),
  });
}
