import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { LoginPage } from "@views/auth/login-page";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { LANGUAGE_COOKIE } from "@/lib/http/session";
import { translateMessage } from "@/lib/i18n";
import { backPath, flash, renderPage } from "@/web/render";
import { clearSessionCookie, clientIp, readSessionToken, setSessionCookie } from "@/lib/http/session-cookie";
import { pickLanguage } from "@/lib/i18n";
import { login, logout, setLanguage } from "./service";

export const authPages = new Hono<AppEnv>();

authPages.get("/login", (c) => {
  if (c.get("user")) return c.redirect("/index", 302);
  const lang = pickLanguage(c.req.query("lang"));
  if (lang) {
    setCookie(c, LANGUAGE_COOKIE, lang, { path: "/", sameSite: "Lax", maxAge: 365 * 24 * 3600 });
    return c.redirect("/login", 303);
  }
  return renderPage(c, <LoginPage />);
});

authPages.post("/login", async (c) => {
  const deps = c.get("deps");
  const body = (await c.req.parseBody()) as Record<string, string>;
  const t = c.get("t");
  try {
    const result = await login({
      ctx: c.get("ctx"),
      input: { email: body.email, password: body.password },
      meta: { ip: clientIp(c), userAgent: c.req.header("User-Agent") ?? null, ttlHours: deps.sessionTtlHours, cost: deps.passwordCost },
    });
    setSessionCookie(c, result.token, result.expiresAt);
    return c.redirect("/index", 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const email = typeof body.email === "string" ? body.email : "";
    if (error.kind === "fail") {
      const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, translateMessage(t, message)]));
      return renderPage(c, <LoginPage email={email} error={t("FORM_NOT_VALID")} fieldErrors={fieldErrors} />, { status: 422 });
    }
    const text = t(`API_ERROR_${error.code}`, { defaultValue: t("GENERIC_ERROR") });
    return renderPage(c, <LoginPage email={email} error={text} />, { status: error.status });
  }
});

const endSession = async (c: AppContext) => {
  const session = readSessionToken(c);
  // A GET logout (islands after a 401/403) must not let another site log people out with a link.
  const crossSite = c.req.method === "GET" && !["same-origin", "none", undefined].includes(c.req.header("Sec-Fetch-Site"));
  if (crossSite) return c.redirect(c.get("user") ? "/index" : "/login", 303);
  if (session) await logout({ ctx: c.get("ctx"), input: { token: session.token } });
  clearSessionCookie(c);
  if (c.req.query("expired")) flash(c, "warning", "API_ERROR_UNAUTHORIZED");
  return c.redirect("/login", 303);
};

authPages.post("/logout", endSession);
// Islands and app.js land here after a 401/403: the spec ends the session on either.
authPages.get("/logout", endSession);

/** Remembered per user when logged in, per browser on the login page. */
authPages.post("/language", async (c) => {
  const body = (await c.req.parseBody()) as Record<string, string>;
  const lang = pickLanguage(body.lang);
  if (lang) {
    const user = c.get("user");
    if (user) await setLanguage({ ctx: c.get("ctx"), input: { userId: user.id, lang } });
    setCookie(c, LANGUAGE_COOKIE, lang, { path: "/", sameSite: "Lax", maxAge: 365 * 24 * 3600 });
  }
  return c.redirect(backPath(c), 303);
});
