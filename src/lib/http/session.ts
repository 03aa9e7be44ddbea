import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { type Ctx, type Lang, systemCtx, type Wiring } from "../context";
import type { AppEnv, SessionUser } from "../hono-env";
import { pickLanguage, tFor } from "../i18n";
import { clearSessionCookie, readSessionToken } from "./session-cookie";

/** The language a visitor without an account picked on the login page. */
export const LANGUAGE_COOKIE = "ohrada_lang";

/**
 * Reads the session (cookie or bearer), the request's language and the service context. A stale
 * session cookie is dropped; the guard decides what a visitor without a user may see.
 */
export function loadSession(init: { wiring: Wiring; findUser: (ctx: Ctx, token: string) => Promise<SessionUser | null> }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get("deps");
    const session = readSessionToken(c);
    const visitorLang: Lang = pickLanguage(getCookie(c, LANGUAGE_COOKIE)) ?? "cs";
    // Set before the session is read: when the database is away, its error page is still translated.
    c.set("lang", visitorLang);
    c.set("t", tFor(visitorLang));
    const user = session ? await init.findUser(systemCtx(deps.database.db, "cs", init.wiring), session.token) : null;
    if (session && !user && session.via === "cookie") clearSessionCookie(c);
    const lang: Lang = user?.language ?? visitorLang;
    c.set("user", user);
    c.set("authVia", user ? session!.via : null);
    c.set("lang", lang);
    c.set("t", tFor(lang));
    // Read when used: the login page answers before the database is open (src/lib/http/startup.ts).
    c.set("ctx", {
      get db() {
        return deps.database.db;
      },
      userId: user?.id ?? null,
      lang,
      wiring: init.wiring,
    });
    await next();
  };
}
