/**
 * Flash toasts survive the redirect after a form post (docs/architecture.md#forms). Several toasts queued in
 * one request all arrive, e.g. every message of a refused delete.
 */
import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";
import { flash } from "@/web/render";
import "./support";

/** The flash list the browser keeps: the last Set-Cookie of the name wins. */
function storedFlash(response: Response): { kind: string; text: string }[] {
  const lines = response.headers.getSetCookie().filter((line) => line.startsWith("ohrada_flash="));
  const value = lines.at(-1)!.split(";")[0]!.slice("ohrada_flash=".length);
  return JSON.parse(decodeURIComponent(decodeURIComponent(value)));
}

describe("flash()", () => {
  const app = new Hono<AppEnv>();
  app.post("/two", (c) => {
    flash(c, "fail", "Záznam nelze smazat, používá se jinde");
    flash(c, "fail", "Druhý důvod");
    return c.redirect("/somewhere", 303);
  });
  app.post("/one", (c) => {
    flash(c, "success", "CREATED");
    return c.redirect("/somewhere", 303);
  });

  test("two toasts queued in one request both reach the next page", async () => {
    const response = await app.request("http://localhost/two", { method: "POST" });
    expect(response.status).toBe(303);
    expect(storedFlash(response)).toEqual([
      { kind: "fail", text: "Záznam nelze smazat, používá se jinde" },
      { kind: "fail", text: "Druhý důvod" },
    ]);
  });

  test("a toast still waiting in the browser's cookie is kept", async () => {
    const first = await app.request("http://localhost/one", { method: "POST" });
    const cookie = first.headers.getSetCookie()[0]!.split(";")[0]!;
    const second = await app.request("http://localhost/two", { method: "POST", headers: { Cookie: cookie } });
    expect(storedFlash(second).map((toast) => toast.text)).toEqual(["CREATED", "Záznam nelze smazat, používá se jinde", "Druhý důvod"]);
  });

  test("the cookie is HttpOnly, SameSite=Lax and short-lived", async () => {
    const response = await app.request("http://localhost/one", { method: "POST" });
    const line = response.headers.getSetCookie()[0]!;
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).toContain("Max-Age=60");
    expect(line).toContain("Path=/");
  });
});
