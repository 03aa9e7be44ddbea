import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { AppError } from "../errors";
import type { AppContext, AppEnv } from "../hono-env";
import { publicOrigin } from "./origin";
import { KIOSK_DEVICE_COOKIE } from "./session-cookie";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A write that rides on the session cookie (or a kiosk device's cookie) must come from our own origin (bearer calls cannot be forged by a page). */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.get("authVia") === "bearer") return next();
  const own = publicOrigin(c as AppContext);
  const origin = c.req.header("Origin");
  const referer = c.req.header("Referer");
  const fetchSite = c.req.header("Sec-Fetch-Site");
  const fromElsewhere =
    (origin !== undefined && origin !== own) ||
    (origin === undefined && referer !== undefined && !referer.startsWith(`${own}/`)) ||
    (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none");
  const unprovable = origin === undefined && referer === undefined && fetchSite === undefined && (c.get("authVia") === "cookie" || getCookie(c, KIOSK_DEVICE_COOKIE) !== undefined);
  if (fromElsewhere || unprovable) throw AppError.error("CSRF");
  return next();
};
