/**
 * The guard (docs/architecture.md#public-routes, docs/domain.md#layout): no route answers without a session except the
 * public allow-list. The first test walks every route the app registers, so a new module is
 * covered the moment it is mounted.
 */
import { describe, expect, test } from "bun:test";
import { PUBLIC_ROUTES } from "@/app";
import { json, useTestApp } from "../helpers/app";
import "./support";

const t = useTestApp();

const isPublic = (method: string, path: string) =>
  PUBLIC_ROUTES.some((entry) => entry.method === method && entry.pattern.test(path));

/** `:id{[0-9]+}` and plain `:id` become `1`; wildcards become a made-up segment. */
const concretePath = (pattern: string) => pattern.replace(/:\w+(\{[^}]*\})?/g, "1").replace(/\*/g, "anything");

interface Probe {
  method: string;
  path: string;
  pattern: string;
}

function probes(): Probe[] {
  const seen = new Set<string>();
  const list: Probe[] = [];
  for (const route of t.current.app.routes) {
    if (route.method === "ALL" && (route.path === "*" || route.path === "/*")) continue;
    const methods = route.method === "ALL" ? ["GET", "POST", "PUT", "DELETE"] : [route.method];
    for (const method of methods) {
      const path = concretePath(route.path);
      const key = `${method} ${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      list.push({ method, path, pattern: route.path });
    }
  }
  return list;
}

describe("every registered route without a session", () => {
  test("the app registers the first modules: VAT, e-shops, shipping and the index page", () => {
    const paths = new Set(t.current.app.routes.map((route) => route.path));
    for (const path of ["/api/vat", "/api/settings/eshop", "/api/settings/shipping", "/products/dph", "/settings/eshop", "/settings/shipping", "/index"]) {
      expect(paths.has(path)).toBe(true);
    }
  });

  test("is refused: the API answers 401 UNAUTHORIZED, pages redirect to /login", async () => {
    const all = probes();
    const guarded = all.filter((probe) => !isPublic(probe.method, probe.path));
    expect(guarded.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const probe of guarded) {
      const init: RequestInit = { method: probe.method, redirect: "manual" };
      if (probe.method !== "GET") {
        init.headers = { "Content-Type": "application/json" };
        init.body = "{}";
      }
      const response = await t.current.request(probe.path, init);
      const label = `${probe.method} ${probe.path} (${probe.pattern})`;
      if (probe.path === "/api" || probe.path.startsWith("/api/")) {
        const body = await response.text();
        if (response.status !== 401) failures.push(`${label}: status ${response.status}`);
        else if (body !== JSON.stringify({ status: "error", code: "UNAUTHORIZED" })) failures.push(`${label}: body ${body}`);
        else if (!response.headers.get("Content-Type")?.startsWith("application/json")) failures.push(`${label}: not JSON`);
      } else {
        if (response.status !== 302) failures.push(`${label}: status ${response.status}`);
        else if (response.headers.get("Location") !== "/login") failures.push(`${label}: Location ${response.headers.get("Location")}`);
        await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
  });

  test("is refused for HEAD as for GET", async () => {
    for (const path of ["/index", "/products/dph", "/settings/eshop/1"]) {
      const response = await t.current.request(path, { method: "HEAD", redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
    }
    const api = await t.current.request("/api/vat", { method: "HEAD" });
    expect(api.status).toBe(401);
  });

  test("only the public allow-list answers without a session", async () => {
    const open = probes().filter((probe) => isPublic(probe.method, probe.path));
    const names = open.map((probe) => `${probe.method} ${probe.pattern}`).sort();
    expect(names).toEqual(
      [
        "GET /build/:file{[\\w.-]+}",
        "GET /favicon.ico",
        "GET /fot",
        "GET /fot/*",
        "GET /fot/:imageId{[0-9]{1,10}}",
        "GET /healthz",
        "GET /kiosk",
        "GET /kiosk/pair/:secret",
        "GET /login",
        "GET /logout",
        // Passes the session guard; its route lets in only admins and local scrapers (tests/integration/observability.test.ts).
        "GET /metrics",
        "GET /static/:file{[\\w.-]+}",
        "GET /static/htmx.min.js",
        "POST /api/kiosk/scan",
        "POST /api/login",
        "POST /kiosk/pair/:secret",
        "POST /login",
        "POST /logout",
      ].sort(),
    );
  });

  test("the public pages do answer without a session", async () => {
    const login = await t.current.request("/login");
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('name="password"');

    const health = await t.current.request("/healthz");
    expect(health.status).toBe(200);
    expect((await json(health)).status).toBe("success");

    const htmx = await t.current.request("/static/htmx.min.js");
    expect(htmx.status).toBe(200);
    expect(htmx.headers.get("Content-Type")).toContain("javascript");
    await htmx.body?.cancel();

    const css = await t.current.request("/static/app.css");
    expect(css.status).toBe(200);
    await css.body?.cancel();

    const favicon = await t.current.request("/favicon.ico");
    expect(favicon.status).toBe(200);
    await favicon.body?.cancel();

    const logout = await t.current.request("/logout", { redirect: "manual" });
    expect(logout.status).toBe(303);
    expect(logout.headers.get("Location")).toBe("/login");
  });

  test("the public patterns do not open anything next to them", async () => {
    for (const path of ["/login/x", "/loginx", "/healthz/x", "/static/../index", "/static/a/b.js", "/build/x/y.js", "/api/loginx"]) {
      const response = await t.current.request(path, { redirect: "manual" });
      expect([302, 401, 404]).toContain(response.status);
      if (path.startsWith("/api/")) expect(response.status).toBe(401);
      await response.body?.cancel();
    }
    // GET /api/login is not a public route (only POST is).
    const getLogin = await t.current.request("/api/login");
    expect(getLogin.status).toBe(401);
  });
});

describe("routing with and without a session", () => {
  test("'/' goes to /login without a session and to /index with one", async () => {
    const anonymous = await t.current.request("/", { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/login");
    const session = await t.current.login();
    const response = await session.page("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/index");
  });

  test("/redirect goes to /index", async () => {
    const session = await t.current.login();
    const response = await session.page("/redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/index");
  });

  test("an unknown API path with a session answers 404 NOT_FOUND", async () => {
    const session = await t.current.login();
    for (const [method, path] of [
      ["GET", "/api/nothing-here"],
      ["POST", "/api/nothing/here"],
      ["DELETE", "/api/vat/not-a-number"],
      ["GET", "/api"],
    ] as const) {
      const response = await session.api(path, { method });
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ status: "error", code: "NOT_FOUND" });
    }
  });

  test("an unknown API path without a session answers 401, not 404", async () => {
    const response = await t.current.request("/api/nothing-here");
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe("UNAUTHORIZED");
  });

  test("an unknown page with a session shows PAGE_NOT_FOUND and then goes to /index", async () => {
    const session = await t.current.login();
    for (const path of ["/no/such/page", "/products/dph/abc", "/settings/eshop/1/2/3"]) {
      const response = await session.page(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("<html");
      expect(html).toContain("Stránka nenalezena");
      expect(html).toMatch(/<meta http-equiv="refresh" content="\d+;url=\/index"/);
      // Said once as the title (and the toast), then what happened and where it goes, by name.
      expect(html).toContain("Tato adresa neexistuje, nebo záznam mezitím někdo smazal.");
      expect(html).toContain('Za chvíli vás přesměrujeme: <a href="/index">Přehled</a>');
      // It is a logged-in page: the menu is there.
      expect(html).toContain('href="/products/dph"');
    }
  });

  test("a record that does not exist shows the not-found page too", async () => {
    const session = await t.current.login();
    const response = await session.page("/products/dph/999999999");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Stránka nenalezena");
  });

  test("an htmx request without a session gets HX-Redirect to /login", async () => {
    const response = await t.current.request("/products/dph", { headers: { "HX-Request": "true", "HX-Target": "list-vat" }, redirect: "manual" });
    expect(response.status).toBe(401);
    expect(response.headers.get("HX-Redirect")).toBe("/login");
    expect(response.headers.get("Location")).toBeNull();
  });

  test("an htmx request with a dead session gets HX-Redirect to /login as well", async () => {
    const response = await t.current.request("/settings/eshop", {
      headers: { "HX-Request": "true", Cookie: "ohrada_session=expired-or-made-up" },
      redirect: "manual",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("HX-Redirect")).toBe("/login");
  });
});
