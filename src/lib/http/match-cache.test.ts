import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { KEPT_MATCHES, MatchCache } from "./match-cache";

/** The trie router, counting the matches it works out. */
class CountingRouter<T> extends TrieRouter<T> {
  matched = 0;
  override match(method: string, path: string) {
    this.matched += 1;
    return super.match(method, path);
  }
}

function appWith(router: CountingRouter<any>) {
  const app = new Hono({ router: new MatchCache(router) });
  app.use("*", async (c, next) => {
    await next();
    c.header("X-Seen", "yes");
  });
  app.get("/orders/:id{[0-9]+}", (c) => c.text(`order ${c.req.param("id")}`));
  app.get("/orders/:id{[0-9]+}/items", (c) => c.text(`items of ${c.req.param("id")}`));
  app.get("/name/:name", (c) => c.text(`name ${c.req.param("name")}`));
  return app;
}

describe("MatchCache", () => {
  test("a path is matched once; each request still gets its own parameters and every middleware", async () => {
    const router = new CountingRouter<any>();
    const app = appWith(router);
    const texts = [];
    for (const path of ["/orders/41000007", "/orders/41000007", "/orders/52000009/items", "/orders/41000007", "/name/%C5%A0t%C4%9Bp%C3%A1n", "/name/%C5%A0t%C4%9Bp%C3%A1n"]) {
      const response = await app.request(path);
      expect(response.headers.get("X-Seen")).toBe("yes");
      texts.push(await response.text());
    }
    expect(texts).toEqual(["order 41000007", "order 41000007", "items of 52000009", "order 41000007", "name Štěpán", "name Štěpán"]);
    expect(router.matched).toBe(3);
    // Another method is another match; a path nothing answers is kept as such.
    expect((await app.request("/orders/41000007", { method: "POST" })).status).toBe(404);
    expect((await app.request("/orders/41000007", { method: "POST" })).status).toBe(404);
    expect(router.matched).toBe(4);
  });

  test("keeps at most KEPT_MATCHES paths, the oldest dropped first", () => {
    const router = new CountingRouter<string>();
    const cache = new MatchCache(router);
    cache.add("GET", "/orders/:id", "order");
    for (let id = 0; id <= KEPT_MATCHES; id++) cache.match("GET", `/orders/${id}`);
    expect(router.matched).toBe(KEPT_MATCHES + 1);
    // The last one is kept; the first was dropped for it, and is worked out again.
    cache.match("GET", `/orders/${KEPT_MATCHES}`);
    expect(router.matched).toBe(KEPT_MATCHES + 1);
    cache.match("GET", "/orders/0");
    expect(router.matched).toBe(KEPT_MATCHES + 2);
  });

  test("a route added later drops what was kept", () => {
    const router = new CountingRouter<string>();
    const cache = new MatchCache(router);
    cache.add("GET", "/a", "first");
    expect(cache.match("GET", "/a")[0].map(([handler]) => handler)).toEqual(["first"]);
    cache.add("GET", "/a", "second");
    expect(cache.match("GET", "/a")[0].map(([handler]) => handler)).toEqual(["first", "second"]);
  });
});
