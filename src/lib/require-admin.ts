import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors";
import type { AppEnv } from "./hono-env";

/**
 * Admin-only routes (DESIGN.md §8.7: users and kiosk devices). Anyone else gets 403 FORBIDDEN:
 * `{status:"error",code:"FORBIDDEN"}` from the API, the error page for a page, and for htmx the
 * redirect to /logout that app.onError adds (a 403 logs the browser out, spec 01 §6).
 * Mount it on the admin paths only, never on "*" of a router mounted at "/".
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw AppError.error("UNAUTHORIZED");
  if (!user.isAdmin) throw AppError.error("FORBIDDEN");
  await next();
};
