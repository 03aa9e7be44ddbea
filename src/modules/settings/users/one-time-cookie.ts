/**
 * Shows one-time secrets (issued-secrets.ts) once, on the next page: a short-lived HttpOnly,
 * SameSite=Strict cookie scoped to that page's path, deleted as it is read.
 */
import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { publicOrigin } from "@/lib/http/origin";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import type { AdminCtx, IssuedSecret, SecretKind } from "./issued-secrets";

const PAGE_OF: Record<SecretKind, string> = { password: "/settings/users", pairing: "/settings/kioskDevices" };
const cookieName = (kind: SecretKind) => `ohrada_once_${kind}`;
const ONCE_SECONDS = 300;

/** Keeps secrets for the next page of their kind (the list the redirect goes to). */
export function showOnNextPage(c: AppContext, secrets: IssuedSecret[]): void {
  for (const kind of Object.keys(PAGE_OF) as SecretKind[]) {
    const own = secrets.filter((secret) => secret.kind === kind).slice(-3);
    if (!own.length) continue;
    setCookie(c, cookieName(kind), encodeURIComponent(JSON.stringify(own)), {
      path: PAGE_OF[kind],
      httpOnly: true,
      sameSite: "Strict",
      secure: publicOrigin(c).startsWith("https:"),
      maxAge: ONCE_SECONDS,
    });
  }
}

/** The secrets waiting for this page, removed as they are read: shown once. */
export function takeSecrets(c: AppContext, kind: SecretKind): IssuedSecret[] {
  const raw = getCookie(c, cookieName(kind));
  if (!raw) return [];
  deleteCookie(c, cookieName(kind), { path: PAGE_OF[kind] });
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((item): item is IssuedSecret => item && typeof item === "object" && (item as IssuedSecret).kind === kind && typeof (item as IssuedSecret).value === "string")
      : [];
  } catch {
    return [];
  }
}

/** Gives the verbs an AdminCtx and, after a redirect, keeps what they issued for the next page. */
export const collectSecrets: MiddlewareHandler<AppEnv> = async (c, next) => {
  const issued: IssuedSecret[] = [];
  const ctx: AdminCtx = { ...c.get("ctx"), passwordCost: c.get("deps").passwordCost, issued };
  c.set("ctx", ctx);
  await next();
  if (issued.length && c.res.status >= 300 && c.res.status < 400) showOnNextPage(c as AppContext, issued);
};
