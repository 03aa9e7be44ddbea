import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppContext } from "../hono-env";

export const SESSION_COOKIE = "ohrada_session";
/** A paired kiosk device's token (docs/domain.md#kiosk-devices); writes riding on it need the same-origin proof a session cookie does. */
export const KIOSK_DEVICE_COOKIE = "ohrada_kiosk";

export function setSessionCookie(c: AppContext, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:" || (c.get("deps").trustProxy && c.req.header("X-Forwarded-Proto") === "https"),
    expires: expiresAt,
  });
}

export const clearSessionCookie = (c: AppContext) => deleteCookie(c, SESSION_COOKIE, { path: "/" });

/** The bearer token wins over the cookie; the caller learns which one was used (CSRF applies to cookies). */
export function readSessionToken(c: AppContext): { token: string; via: "bearer" | "cookie" } | null {
  const header = c.req.header("Authorization");
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), via: "bearer" };
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

export function clientIp(c: AppContext): string {
  if (c.get("deps").trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const remote = (c.env as { remoteAddress?: string } | undefined)?.remoteAddress;
  return remote ?? "local";
}
