/**
 * Security basics (docs/architecture.md#security): CSRF on cookie writes, secure headers, body
 * limits, /healthz, and how an unexpected error is answered and logged.
 */
import { describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { appTables } from "@/app";
import { MAX_BODY_BYTES } from "@/lib/http/body-limit";
import { startHttpServer } from "@/lib/http/server";
import type { Db } from "@/lib/db";
import { createLogger } from "@/lib/logger";
import { createTestApp, json, ORIGIN, useTestApp } from "../helpers/app";
import { defaultVatId } from "../helpers/factories";
import { usingPostgres } from "../helpers/db";
import "./support";

const t = useTestApp();

const vatJson = (rate: number) => JSON.stringify({ rate, active: true });

/** A POST's head declaring `declaredBytes` of body, followed by only 5 bytes of it. */
const declaredPost = (path: string, token: string, declaredBytes: number) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${declaredBytes}\r\n\r\nhello`;

/** Writes `request` to a real socket and reads the one answer (status and body), leaving the request unfinished. */
function rawAnswer(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const head = received.subarray(0, headEnd).toString();
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (received.byteLength < headEnd + 4 + length) return;
      socket.destroy();
      resolve({ status: Number(head.split(" ")[1]), body: received.subarray(headEnd + 4, headEnd + 4 + length).toString() });
    });
  });
}

/** A cookie-authenticated JSON write, with whatever origin headers the test names. */
async function cookieWrite(path: string, headers: Record<string, string>, body = vatJson(7)) {
  const session = await t.current.login();
  return t.current.request(path, {
    method: "POST",
    headers: { Cookie: session.cookie, "Content-Type": "application/json", ...headers },
    body,
    redirect: "manual",
  });
}

describe("CSRF: cookie-authenticated writes must come from our origin", () => {
  test("an API write with Origin http://evil.example answers 403 CSRF and saves nothing", async () => {
    const before = await (await (await t.current.login()).api("/api/vat")).json();
    const response = await cookieWrite("/api/vat", { Origin: "http://evil.example" });
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ status: "error", code: "CSRF" });
    const after = await (await (await t.current.login()).api("/api/vat")).json();
    expect(after.meta.total).toBe(before.meta.total);
  });

  test("a page form post with a foreign Origin answers 403", async () => {
    const session = await t.current.login();
    const response = await session.page("/products/dph/new", { form: { rate: "7" }, headers: { Origin: "http://evil.example" } });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Požadavek nepřišel z této aplikace");
  });

  test("a foreign Referer without Origin answers 403", async () => {
    const response = await cookieWrite("/api/vat", { Referer: "http://evil.example/page" });
    expect(response.status).toBe(403);
    expect((await json(response)).code).toBe("CSRF");
  });

  test("a referer that only starts like our origin is foreign", async () => {
    const response = await cookieWrite("/api/vat", { Referer: `${ORIGIN}.evil.example/page` });
    expect(response.status).toBe(403);
  });

  test("Sec-Fetch-Site cross-site answers 403 even with a same-origin Origin", async () => {
    const response = await cookieWrite("/api/vat", { Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" });
    expect(response.status).toBe(403);
    expect((await json(response)).code).toBe("CSRF");
  });

  test("a cookie write with no Origin, Referer or Sec-Fetch-Site answers 403", async () => {
    const response = await cookieWrite("/api/vat", {});
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ status: "error", code: "CSRF" });
  });

  test("the language switch and logout are cookie writes too", async () => {
    const session = await t.current.login();
    const language = await session.page("/language", { form: { lang: "en" }, headers: { Origin: "http://evil.example" } });
    expect(language.status).toBe(403);
    const logout = await session.page("/logout", { method: "POST", headers: { Origin: "http://evil.example" } });
    expect(logout.status).toBe(403);
    // The session survived both.
    expect((await session.api("/api/me")).status).toBe(200);
    expect((await json(await session.api("/api/me"))).data.language).toBe("cs");
  });

  test("a same-origin Origin passes", async () => {
    const response = await cookieWrite("/api/vat", { Origin: ORIGIN }, vatJson(7.5));
    expect(response.status).toBe(201);
    expect((await json(response)).status).toBe("success");
  });

  test("a same-origin Referer, or Sec-Fetch-Site same-origin alone, passes", async () => {
    const byReferer = await cookieWrite("/api/vat", { Referer: `${ORIGIN}/products/dph/new` }, vatJson(7.6));
    expect(byReferer.status).toBe(201);
    const byFetchSite = await cookieWrite("/api/vat", { "Sec-Fetch-Site": "same-origin" }, vatJson(7.7));
    expect(byFetchSite.status).toBe(201);
  });

  test("a bearer-authenticated API write without Origin passes", async () => {
    const session = await t.current.login();
    const response = await t.current.request("/api/vat", {
      method: "POST",
      headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
      body: vatJson(8.5),
    });
    expect(response.status).toBe(201);
    expect(typeof (await json(response)).data).toBe("number");
  });

  test("a bearer write from a foreign Origin passes too (a token is no ambient credential)", async () => {
    const session = await t.current.login();
    const response = await session.api("/api/vat", { method: "POST", json: { rate: 8.6 }, headers: { Origin: "http://evil.example" } });
    expect(response.status).toBe(201);
  });

  test("reads are never refused for their origin", async () => {
    const session = await t.current.login();
    const response = await t.current.request("/api/vat", { headers: { Cookie: session.cookie, Origin: "http://evil.example" } });
    expect(response.status).toBe(200);
  });
});

describe("secure headers", () => {
  test("pages carry CSP, nosniff, frame protection and a referrer policy", async () => {
    const session = await t.current.login();
    for (const response of [await t.current.request("/login"), await session.page("/index"), await session.api("/api/vat")]) {
      const csp = response.headers.get("Content-Security-Policy");
      expect(csp).toBeTruthy();
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const framing = response.headers.get("X-Frame-Options") ?? "";
      expect(framing === "SAMEORIGIN" || framing === "DENY" || csp!.includes("frame-ancestors 'none'")).toBe(true);
      expect(response.headers.get("Referrer-Policy")).toBeTruthy();
      expect(response.headers.get("X-Request-Id")).toBeTruthy();
      await response.body?.cancel();
    }
  });

  test("a request id sent by a proxy is echoed back", async () => {
    const response = await t.current.request("/login", { headers: { "X-Request-Id": "proxy-abc-123" } });
    expect(response.headers.get("X-Request-Id")).toBe("proxy-abc-123");
    await response.body?.cancel();
  });
});

describe("body size limit", () => {
  const big = () => JSON.stringify({ rate: 5, padding: "x".repeat(MAX_BODY_BYTES + 10) });

  test(`a JSON body over ${MAX_BODY_BYTES} bytes answers 413 PAYLOAD_TOO_LARGE in the envelope`, async () => {
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
    const session = await t.current.login();
    const body = big();
    const response = await t.current.request("/api/vat", {
      method: "POST",
      headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json", "Content-Length": String(body.length) },
      body,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await json(response)).toEqual({ status: "error", code: "PAYLOAD_TOO_LARGE" });
  });

  test("a streamed body over the limit (no Content-Length) answers the same", async () => {
    const session = await t.current.login();
    const bytes = new TextEncoder().encode(big());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
        controller.close();
      },
    });
    const response = await t.current.request("/api/vat", {
      method: "POST",
      headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
      body: stream,
      // @ts-expect-error: Bun and undici need this for a streamed request body.
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(await json(response)).toEqual({ status: "error", code: "PAYLOAD_TOO_LARGE" });
  });

  test("an oversized login body is refused before any work", async () => {
    const body = JSON.stringify({ email: "a@b.cz", password: "x".repeat(MAX_BODY_BYTES) });
    const response = await t.current.request("/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(response.status).toBe(413);
    expect(await json(response)).toEqual({ status: "error", code: "PAYLOAD_TOO_LARGE" });
  });

  test("an oversized form post to a page answers 413 with the readable text", async () => {
    const session = await t.current.login();
    const response = await session.page("/products/dph/new", { form: { rate: "5", padding: "x".repeat(MAX_BODY_BYTES) } });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Požadavek je příliš velký");
  });

  test("the HTTP server leaves every limit to the app: bodies over Bun's default and over the largest upload get the envelope", async () => {
    const largest = Math.max(...appTables.uploadLimits.map((limit) => limit.maxBytes));
    // Order files: 10 × 20 MB, above Bun's own default of 128 MB.
    expect(largest).toBeGreaterThan(128 * 1024 * 1024);
    const server = startHttpServer({ app: t.current.app, port: 0, hostname: "127.0.0.1" });
    try {
      const session = await t.current.login();
      const post = (body: BodyInit, headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${server.port}/api/vat`, {
          method: "POST",
          headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json", ...headers },
          body,
          duplex: "half",
        } as RequestInit);
      // Declared over Bun's default limit (only 5 bytes sent, not 130 MB built): the app's own 1 MB limit answers, as an envelope.
      const declared = await rawAnswer(server.port!, declaredPost("/api/vat", session.token, 130 * 1024 * 1024));
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toEqual({ status: "error", code: "PAYLOAD_TOO_LARGE" });
      // Streamed (no Content-Length) and longer than the largest upload: still the envelope; the
      // app stops reading at its limit, so only a few chunks are ever made.
      const chunk = new Uint8Array(1024 * 1024);
      let sent = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > largest + chunk.byteLength) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const streamed = await post(endless);
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toEqual({ status: "error", code: "PAYLOAD_TOO_LARGE" });
      expect(sent).toBeLessThan(largest);
    } finally {
      await server.stop(true);
    }
  });

  test("a body declared over the route's cap is refused from its Content-Length at once: 5 bytes sent, the 413 envelope", async () => {
    const session = await t.current.login();
    const declared = 129 * 1024 * 1024;
    const paths = ["/api/vat", "/api/basket/uploadManufactureData"];
    for (const path of paths) {
      const response = await t.current.request(path, {
        method: "POST",
        headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json", "Content-Length": String(declared) },
        body: "hello",
      });
      expect(response.status).toBe(413);
      expect(await json(response)).toEqual({ status: "error", code: "PAYLOAD_TOO_LARGE" });
    }
    // On a socket that never sends the rest: any answer at all shows nothing waited for it.
    const server = startHttpServer({ app: t.current.app, port: 0, hostname: "127.0.0.1" });
    try {
      for (const path of paths) {
        const answer = await rawAnswer(server.port!, declaredPost(path, session.token, declared));
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toEqual({ status: "error", code: "PAYLOAD_TOO_LARGE" });
      }
    } finally {
      await server.stop(true);
    }
  });

  test("a body just under the limit is read normally", async () => {
    const session = await t.current.login();
    const response = await session.api("/api/vat", { method: "POST", json: { rate: 9.5, padding: "x".repeat(100_000) } });
    expect(response.status).toBe(201);
  });

  test("malformed JSON answers 400 BAD_REQUEST", async () => {
    const session = await t.current.login();
    const response = await t.current.request("/api/vat", {
      method: "POST",
      headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
      body: "{ not json",
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ status: "error", code: "BAD_REQUEST" });
  });
});

describe("/healthz", () => {
  test("answers without a session with db up and the MQTT status, and no secrets", async () => {
    const response = await t.current.request("/healthz");
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body).toEqual({ status: "success", data: { db: "up", mqtt: "up" } });
    expect(text).not.toMatch(/postgres:\/\/|password|secret|token|DATABASE_URL/i);
    if (process.env.TEST_DATABASE_URL) expect(text).not.toContain(process.env.TEST_DATABASE_URL);
  });

  test("reports MQTT down while the app keeps serving", async () => {
    const app = await createTestApp({ mqttStatus: () => "down" });
    try {
      const response = await app.request("/healthz");
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ status: "success", data: { db: "up", mqtt: "down" } });
    } finally {
      await app.close();
    }
  });

  test("reports the scale feed's readings per minute and the newest reading's age when the app has a feed", async () => {
    const app = await createTestApp({ scaleFeedStats: () => ({ readingsPerMinute: 1200, newestReadingAgeSeconds: 0.4 }) });
    try {
      const response = await app.request("/healthz");
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ status: "success", data: { db: "up", mqtt: "up", scaleFeed: { readingsPerMinute: 1200, newestReadingAgeSeconds: 0.4 } } });
    } finally {
      await app.close();
    }
  });

  test("reports a database that does not answer as down with 503", async () => {
    const app = await createTestApp();
    try {
      app.deps.database = { ...app.database, ping: async () => false };
      const response = await app.request("/healthz");
      expect(response.status).toBe(503);
      expect(await json(response)).toEqual({ status: "error", code: "UNAVAILABLE", data: { db: "down", mqtt: "up" } });
    } finally {
      await app.close();
    }
  });
});

describe("caching", () => {
  test("pages that show data are no-store; static files may be cached", async () => {
    const session = await t.current.login();
    // A seeded VAT rate's own page, by the id the database gave it.
    const vatId = await defaultVatId(t.current.ctx.db);
    for (const path of ["/index", "/products/dph", `/products/dph/${vatId}`, "/settings/eshop/new"]) {
      const response = await session.page(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    const login = await t.current.request("/login");
    expect(login.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("an unexpected error", () => {
  test("answers 500 error INTERNAL, logs the request id, and leaks nothing", async () => {
    const lines: string[] = [];
    const app = await createTestApp({ logger: createLogger("debug", (line) => lines.push(line)) });
    try {
      const session = await app.login();
      const real = app.database.db;
      let failing = false;
      // A database that breaks mid-flight: every query of the request throws a plain Error.
      const broken = new Proxy(real, {
        get(target, property, receiver) {
          if (failing) throw new Error("database exploded: connection to 10.0.0.5 lost");
          return Reflect.get(target, property, receiver);
        },
      }) as Db;
      app.deps.database = { ...app.database, db: broken };
      failing = true;

      const response = await app.request("/api/vat", { headers: { Authorization: `Bearer ${session.token}`, "X-Request-Id": "req-boom-1" } });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ status: "error", code: "INTERNAL" });
      expect(text).not.toContain("exploded");
      expect(response.headers.get("X-Request-Id")).toBe("req-boom-1");
      const logged = lines.filter((line) => line.includes("req-boom-1"));
      expect(logged.length).toBeGreaterThanOrEqual(1);
      expect(logged[0]).toContain("ERROR");
      expect(logged[0]).toContain("database exploded");

      // A page request is answered with the fallback text and logged with its own id.
      const page = await app.request("/products/dph", { headers: { Cookie: session.cookie, "X-Request-Id": "req-boom-2" } });
      expect(page.status).toBe(500);
      expect(await page.text()).toContain("Někde nastala chyba");
      expect(lines.some((line) => line.includes("req-boom-2"))).toBe(true);

      // Without a proxy-sent id the app makes one, and the log line carries it.
      const third = await app.request("/api/vat", { headers: { Authorization: `Bearer ${session.token}` } });
      expect(third.status).toBe(500);
      const generated = third.headers.get("X-Request-Id");
      expect(generated).toBeTruthy();
      expect(lines.some((line) => line.includes(`requestId=${generated}`))).toBe(true);
      failing = false;
    } finally {
      await app.close();
    }
  });

  test(`runs against ${usingPostgres ? "PostgreSQL" : "PGlite"} like the rest`, async () => {
    expect(t.current.database.kind).toBe(usingPostgres ? "postgres" : "pglite");
  });
});

describe("htmx errors", () => {
  test("an htmx request that fails with a Czech message gets the toast as an ASCII-safe header", async () => {
    const app = await createTestApp();
    try {
      const session = await app.login();
      const response = await session.page("/products/dph/999999", { headers: { "HX-Request": "true" } });
      expect(response.status).toBe(404);
      const header = response.headers.get("HX-Trigger")!;
      expect(header).toMatch(/^[\x20-\x7e]+$/);
      expect(JSON.parse(header)).toEqual({ toast: { kind: "error", text: "Záznam nebo stránka neexistuje" } });
    } finally {
      await app.close();
    }
  });
});
