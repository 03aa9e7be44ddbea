import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors";
import type { AppEnv } from "../hono-env";
import type { AdminPrefix, PublicRoute } from "./module";

/**
 * What answers without a session whatever the modules say (docs/architecture.md#public-routes): health,
 * static files, and /metrics, whose route lets in only admins and local scrapers (src/lib/http/observe.ts).
 */
export const BASE_PUBLIC_ROUTES: PublicRoute[] = [
  { method: "GET", pattern: /^\/healthz$/ },
  { method: "GET", pattern: /^\/metrics$/ },
  { method: "GET", pattern: /^\/static\/[\w.-]+$/ },
  { method: "GET", pattern: /^\/build\/[\w.-]+$/ },
  { method: "GET", pattern: /^\/favicon\.ico$/ },
];

export const isApiPath = (path: string): boolean => path === "/api" || path.startsWith("/api/");

export const isPublicRoute = (routes: readonly PublicRoute[], method: string, path: string): boolean =>
  routes.some((entry) => (entry.method === method || (method === "HEAD" && entry.method === "GET")) && entry.pattern.test(path));

/**
 * No session, no answer (docs/domain.md#layout): the API says UNAUTHORIZED, htmx is sent to /login by
 * HX-Redirect, a page by a redirect.
 */
export function sessionGuard(publicRoutes: readonly PublicRoute[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get("user") || isPublicRoute(publicRoutes, c.req.method, c.req.path)) return next();
    if (isApiPath(c.req.path)) throw AppError.error("UNAUTHORIZED");
    if (c.req.header("HX-Request") === "true") {
      c.header("HX-Redirect", "/login");
      return c.body(null, 401);
    }
    return c.redirect("/login", 302);
  };
}

/** Under a prefix: the prefix itself or anything below it. */
const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

const isRead = (method: string) => method === "GET" || method === "HEAD";

/** Whether only admins may make this request under one declared prefix. */
const adminsOnly = (entry: string | AdminPrefix, method: string, path: string): boolean => {
  const prefix = typeof entry === "string" ? entry : entry.prefix;
  if (underPrefix(path, prefix)) return true;
  if (!underPrefix(path, `/api${prefix}`)) return false;
  return typeof entry === "string" || !isRead(method);
};

/**
 * Admin-only paths (docs/domain.md#roles: users and kiosk devices; the company identity's writes), pages
 * and API alike: anyone else gets 403 FORBIDDEN, which keeps their session (decision 016).
 */
export function adminGuard(prefixes: readonly (string | AdminPrefix)[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!prefixes.some((entry) => adminsOnly(entry, c.req.method, c.req.path))) return next();
    const user = c.get("user");
    if (!user) throw AppError.error("UNAUTHORIZED");
    if (!user.isAdmin) throw AppError.error("FORBIDDEN");
    return next();
  };
}
