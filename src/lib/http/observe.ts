/**
 * Every request's log line and its place in the metrics; who may read /metrics
 * (docs/architecture.md#observability, docs/decisions/072-logs-and-metrics.md).
 */
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { AppError } from "../errors";
import type { AppContext, AppEnv } from "../hono-env";
import type { Metrics } from "../metrics";
import { isLoopbackHost } from "../net";

const isWildcard = (path: string) => path.endsWith("*");

/**
 * The route pattern that answered (`/api/orders/fenceOrder/:id`), never the path itself: ids and
 * the kiosk's pairing secret stay out of logs, and the metrics' label set stays bounded. When a
 * middleware answered (a guard's refusal), the route the request was going to; `/*` when none.
 */
export function routePattern(c: AppContext): string {
  let routes: ReturnType<typeof matchedRoutes>;
  try {
    routes = matchedRoutes(c);
  } catch {
    return "/*";
  }
  const index = c.req.routeIndex ?? 0;
  const answered = routes[index];
  if (answered && !isWildcard(answered.path)) return answered.path;
  const target = routes.slice(index + 1).find((route) => !isWildcard(route.path));
  return target?.path ?? answered?.path ?? "/*";
}

/** One log line per request (info; warn from 500 on) and its duration in the metrics. */
export function observeRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = routePattern(c);
    const status = c.res.status;
    metrics.request({ method: c.req.method, route, status, seconds });
    const fields = { requestId: c.get("requestId"), userId: c.get("user")?.id, method: c.req.method, route, status, ms: Math.round(seconds * 10_000) / 10 };
    const logger = c.get("deps").logger;
    if (status >= 500) logger.warn("request", fields);
    else logger.info("request", fields);
  };
}

/** `::ffff:127.0.0.1` is IPv4 loopback seen through an IPv6 socket. */
const loopbackAddress = (address: string | undefined) => !!address && isLoopbackHost(address.replace(/^::ffff:/i, ""));

/**
 * A request straight from this machine: the socket's peer is loopback and no proxy forwarded it.
 * A proxy on this machine connects from loopback for everyone, so any forwarding header means "not
 * local", whatever TRUST_PROXY says.
 */
export function isLoopbackRequest(c: AppContext): boolean {
  if (c.req.header("X-Forwarded-For") || c.req.header("Forwarded") || c.req.header("X-Real-IP")) return false;
  return loopbackAddress((c.env as { remoteAddress?: string } | undefined)?.remoteAddress);
}

/**
 * Who reads /metrics: an admin, or a scraper on this machine without a session (a Prometheus
 * beside the app). A signed-in non-admin is refused (403), anyone else asked to sign in (401).
 */
export function metricsAccess(c: AppContext): "allowed" | "UNAUTHORIZED" | "FORBIDDEN" {
  const user = c.get("user");
  if (user) return user.isAdmin ? "allowed" : "FORBIDDEN";
  return isLoopbackRequest(c) ? "allowed" : "UNAUTHORIZED";
}

export const METRICS_PATH = "/metrics";

/** The route: Prometheus's text format, never cached. */
export function metricsRoute(metrics: Metrics): (c: AppContext) => Promise<Response> {
  return async (c) => {
    const access = metricsAccess(c);
    // A scraper is no browser: a bare 401, not the redirect to /login a page would get.
    if (access === "UNAUTHORIZED") return c.body(null, 401);
    if (access === "FORBIDDEN") throw AppError.error("FORBIDDEN");
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.text(), 200, { "Content-Type": metrics.contentType });
  };
}
