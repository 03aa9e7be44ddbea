import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { clientIp, readSessionToken, setSessionCookie, clearSessionCookie } from "@/lib/http/session-cookie";
import { parseInput } from "@/lib/validation";
import { languageInput } from "./schemas";
import { login, logout, setLanguage } from "./service";

export const authApi = new Hono<AppEnv>();

authApi.post("/login", async (c) => {
  const deps = c.get("deps");
  const body = await c.req.json().catch(() => ({}));
  const result = await login({
    ctx: c.get("ctx"),
    input: body,
    meta: { ip: clientIp(c), userAgent: c.req.header("User-Agent") ?? null, ttlHours: deps.sessionTtlHours, cost: deps.passwordCost },
  });
  setSessionCookie(c, result.token, result.expiresAt);
  return c.json({ ...success({ token: result.token, user: result.user }), code: "OK" });
});

authApi.post("/logout", async (c) => {
  const session = readSessionToken(c);
  if (session) await logout({ ctx: c.get("ctx"), input: { token: session.token } });
  clearSessionCookie(c);
  return c.json(success(null));
});

authApi.get("/me", (c) => c.json(success(c.get("user"))));

authApi.put("/me/language", async (c) => {
  const { lang } = parseInput(languageInput, await c.req.json().catch(() => ({})));
  await setLanguage({ ctx: c.get("ctx"), input: { userId: c.get("user")!.id, lang } });
  return c.json(success({ lang }));
});
