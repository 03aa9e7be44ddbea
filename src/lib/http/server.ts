import type { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { serverBodyLimit } from "./body-limit";
import type { UploadLimit } from "./module";

/**
 * The HTTP server around the app. Its own body limit sits above every route's (the largest
 * declared upload), so an oversized body is refused by the app, with an envelope, and an upload
 * the app allows is never cut off by the server first.
 */
export function startHttpServer(init: { app: Hono<AppEnv>; port: number; hostname: string; uploadLimits: readonly UploadLimit[] }) {
  return Bun.serve({
    port: init.port,
    hostname: init.hostname,
    maxRequestBodySize: serverBodyLimit(init.uploadLimits),
    fetch: (request, server) => init.app.fetch(request, { remoteAddress: server.requestIP(request)?.address }),
  });
}
