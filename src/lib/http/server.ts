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

/** How long shutdown lets the requests in flight finish before their connections are closed. */
export const HTTP_DRAIN_MS = 10_000;

/**
 * Stops taking requests (new connections are refused) and waits for those in flight to answer; past
 * `graceMs`, or as soon as `now` resolves (a second signal), the connections still open are closed
 * (docs/architecture.md#components). Answers how it went.
 */
export async function drainHttpServer(
  server: { stop(closeActiveConnections?: boolean): Promise<void> },
  { graceMs = HTTP_DRAIN_MS, now }: { graceMs?: number; now?: Promise<void> } = {},
): Promise<"drained" | "forced"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"forced">((resolve) => {
    timer = setTimeout(() => resolve("forced"), graceMs);
  });
  const waited = [server.stop(false).then(() => "drained" as const), late, ...(now ? [now.then(() => "forced" as const)] : [])];
  const outcome = await Promise.race(waited);
  clearTimeout(timer);
  if (outcome === "forced") await server.stop(true);
  return outcome;
}
