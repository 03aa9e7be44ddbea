/**
 * Logs and metrics (docs/architecture.md#observability): the request line's fields, no secret in
 * any line, /metrics' counts and who may read it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { startHttpServer } from "@/lib/http/server";
import { defineJob } from "@/lib/jobs/define";
import { createJobRunner } from "@/lib/jobs/runner";
import { createLogger } from "@/lib/logger";
import { createMetrics } from "@/lib/metrics";
import { createScaleFeedWriter } from "@/modules/warehouse/scale-feed/writer";
import { createTestApp, HOOK_TIMEOUT_MS, json, ORIGIN, type Session, TEST_PASSWORD, type TestApp } from "../helpers/app";
import { findLeaks } from "../helpers/log-scan";

const lines: string[] = [];
const metrics = createMetrics();
let t: TestApp;
let admin: Session;
let worker: Session;
let server: ReturnType<typeof startHttpServer> | null = null;

beforeAll(async () => {
  t = await createTestApp({ logger: createLogger("debug", (line) => lines.push(line)), metrics });
  [admin, worker] = await Promise.all([t.login({ admin: true }), t.login()]);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop(true);
  await t?.close();
}, HOOK_TIMEOUT_MS);

/** The request lines logged since `from`, parsed (`key=value`, quoted values JSON-read). */
const requestLines = (from: number) =>
  lines.slice(from).flatMap((line) => {
    const match = / INFO request (.*)$| WARN request (.*)$/.exec(line);
    if (!match) return [];
    const fields: Record<string, string> = {};
    for (const [, key, quoted, bare] of (match[1] ?? match[2]!).matchAll(/(\w+)=(?:("(?:[^"\\]|\\.)*")|(\S*))/g)) fields[key!] = quoted ? JSON.parse(quoted) : bare!;
    return [fields];
  });

/** A sample's value in Prometheus's text format, or null when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return null;
}

const metricsText = async () => {
  const response = await admin.page("/metrics");
  expect(response.status).toBe(200);
  return response.text();
};

describe("the request log", () => {
  test("one line per request: request id (the X-Request-Id answered), user id, method, route pattern, status, duration", async () => {
    const from = lines.length;
    const response = await admin.api("/api/warehouse/warehouseItem/987654321");
    expect(response.status).toBe(404);
    const [line, ...more] = requestLines(from);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      requestId: response.headers.get("X-Request-Id")!,
      userId: String(admin.user.id),
      method: "GET",
      route: "/api/warehouse/warehouseItem/:id{[0-9]+}",
      status: "404",
    });
    expect(Number(line!.ms)).toBeGreaterThanOrEqual(0);
    // The id in the path is not in the line: the pattern stands for it.
    expect(lines.slice(from).join("\n")).not.toContain("987654321");
  });

  test("a request id the client sent is the one logged; an anonymous request has no user id", async () => {
    const from = lines.length;
    const response = await t.request("/api/warehouse/warehouseItem/5", { headers: { "X-Request-Id": "scan-42" } });
    expect(response.status).toBe(401);
    const [line] = requestLines(from);
    expect(line).toMatchObject({ requestId: "scan-42", method: "GET", route: "/api/warehouse/warehouseItem/:id{[0-9]+}", status: "401" });
    expect(line!.userId).toBeUndefined();
  });

  test("a login, a bearer call and a kiosk pairing leave no password, token or pairing secret in any line", async () => {
    const from = lines.length;
    const login = await t.request("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.9.9.9" },
      body: JSON.stringify({ email: admin.user.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = (await json(login)).data.token as string;
    expect((await t.request("/api/warehouse/warehouseItem/1", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
    const created = await admin.api("/api/settings/kioskDevices", { method: "POST", json: { name: "Dílna logů" } });
    expect(created.status).toBe(201);
    const pairingUrl = (await json(created)).data.pairingUrl as string;
    const secret = pairingUrl.split("/kiosk/pair/")[1]!;
    const paired = await t.request(`/kiosk/pair/${secret}`, { method: "POST", headers: { Origin: ORIGIN }, redirect: "manual" });
    expect(paired.status).toBe(303);
    const kioskCookie = /ohrada_kiosk=([^;]+)/.exec(paired.headers.get("Set-Cookie") ?? "")![1]!;

    const logged = lines.slice(from);
    expect(requestLines(from).map((line) => line.route)).toEqual(["/api/login", "/api/warehouse/warehouseItem/:id{[0-9]+}", "/api/settings/kioskDevices", "/kiosk/pair/:secret"]);
    expect(findLeaks(logged, [TEST_PASSWORD, token, admin.token, secret, kioskCookie])).toEqual([]);
  });

  test("an unhandled error is logged with the request id and the route pattern, not the path", async () => {
    const from = lines.length;
    // A table gone from under the app makes the next query fail with an error it did not expect
    // (a closed connection would be an outage instead: a 503, decision 069).
    const broken = await createTestApp({ logger: createLogger("debug", (line) => lines.push(line)) });
    const session = await broken.login();
    await broken.database.db.execute(sql`alter table warehouse_items rename to warehouse_items_gone`);
    const response = await session.api("/api/warehouse/warehouseItem/777777");
    await broken.database.destroy();
    expect(response.status).toBeGreaterThanOrEqual(500);
    const errorLine = lines.slice(from).find((line) => line.includes(" ERROR unhandled error"));
    expect(errorLine).toBeDefined();
    expect(errorLine).toContain(`requestId=${response.headers.get("X-Request-Id")}`);
    expect(errorLine).toContain("route=/api/warehouse/warehouseItem/:id{[0-9]+}");
    // The failed statement's values are not logged (they may be a token or a customer's data).
    expect(errorLine).not.toContain("777777");
    expect(errorLine).toContain("params: [redacted]");
  });
});

describe("the suite's secret scan", () => {
  test("finds a known secret and secrets' shapes, passes redacted lines", () => {
    const leaks = findLeaks(
      [
        "2026-01-01T00:00:00.000Z INFO request route=/api/login status=200",
        "2026-01-01T00:00:00.000Z INFO login password=[redacted] header=\"Bearer [redacted]\"",
        "2026-01-01T00:00:00.000Z WARN oops typed=heslo-pro-testy",
        "2026-01-01T00:00:00.000Z WARN header=\"Bearer abcdefghijklmnopqrstuvwxyz123\"",
        "2026-01-01T00:00:00.000Z WARN cookie ohrada_session=abcdefghijklmnopqrstuvwxyz123",
        "2026-01-01T00:00:00.000Z WARN link /kiosk/pair/abcdefghijklmnopqrstuvwxyz123",
      ],
      ["heslo-pro-testy"],
    );
    expect(leaks).toHaveLength(4);
    expect(leaks[0]).toBe("2026-01-01T00:00:00.000Z WARN oops typed=<SECRET>");
  });
});

describe("/metrics", () => {
  test("Prometheus text: the request made here counted under its route pattern and status class", async () => {
    const labels = { method: "GET", route: "/api/warehouse/warehouseItem/:id{[0-9]+}", status: "4xx" };
    const before = sample(await metricsText(), "ohrada_http_request_duration_seconds_count", labels) ?? 0;
    expect((await worker.api("/api/warehouse/warehouseItem/123456")).status).toBe(404);
    const text = await metricsText();
    expect(sample(text, "ohrada_http_request_duration_seconds_count", labels)).toBe(before + 1);
    expect(sample(text, "ohrada_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(before + 1);
    expect(text).toContain("# TYPE ohrada_http_request_duration_seconds histogram");
    // Each line is a comment, a blank or `name{labels} value`.
    for (const line of text.split("\n")) expect(line === "" || line.startsWith("#") || /^[a-zA-Z_:][\w:]*(\{.*\})? -?[\d.e+-]+|NaN|[+-]Inf$/.test(line)).toBe(true);
  });

  test("database queries are timed: a request's queries counted, none left in flight", async () => {
    metrics.watchDatabase(t.database);
    const before = sample(await metricsText(), "ohrada_db_query_duration_seconds_count", { outcome: "ok" }) ?? 0;
    expect((await worker.api("/api/warehouse/warehouseItem/1")).status).toBe(404);
    const text = await metricsText();
    expect(sample(text, "ohrada_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(before);
    expect(sample(text, "ohrada_db_queries_in_flight")).toBe(0);
    expect(sample(text, "ohrada_db_pool_size")).toBeGreaterThanOrEqual(1);
    // A transaction's queries run on the transaction's own client: counted too.
    const counted = sample(text, "ohrada_db_query_duration_seconds_count", { outcome: "ok" })!;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
    });
    await expect((async () => t.database.db.execute(sql`select * from no_such_table`))()).rejects.toThrow();
    const after = await metrics.text();
    expect(sample(after, "ohrada_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThanOrEqual(counted + 2);
    expect(sample(after, "ohrada_db_query_duration_seconds_count", { outcome: "error" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "ohrada_db_queries_in_flight")).toBe(0);
  });

  test("a job run counts by job name and outcome", async () => {
    const name = `test.metricsJob${process.pid}`;
    const failing = `test.metricsFailing${process.pid}`;
    const now = new Date("2099-05-01T08:00:00Z");
    const runner = createJobRunner({
      database: t.database,
      jobs: [defineJob({ name, schedule: { everyMinutes: 60 }, run: async () => {} }), defineJob({ name: failing, schedule: { everyMinutes: 60 }, run: async () => Promise.reject(new Error("no")) })],
      logger: createLogger("silent"),
      clock: () => now,
      onOutcome: metrics.jobRun,
    });
    await runner.prepare();
    expect(sample(await metricsText(), "ohrada_job_runs_total", { job: name, outcome: "done" })).toBeNull();
    const { jobs } = await import("@db/schema");
    const { inArray } = await import("drizzle-orm");
    await t.database.db.update(jobs).set({ runAt: now }).where(inArray(jobs.name, [name, failing]));
    expect((await runner.runDue()).map((outcome) => outcome.outcome).sort()).toEqual(["done", "failed"]);
    const text = await metricsText();
    expect(sample(text, "ohrada_job_runs_total", { job: name, outcome: "done" })).toBe(1);
    expect(sample(text, "ohrada_job_runs_total", { job: failing, outcome: "failed" })).toBe(1);
    expect(sample(text, "ohrada_job_run_duration_seconds_count", { job: name })).toBe(1);
  });

  test("scale readings received are counted from the feed's writer", async () => {
    const writer = createScaleFeedWriter({ logger: createLogger("silent") });
    metrics.watchScaleFeed(writer.stats);
    expect(sample(await metricsText(), "ohrada_scale_readings_received_total")).toBe(0);
    for (const weight of [100, 200, 300]) writer.record(4242, weight, Date.now());
    expect(sample(await metricsText(), "ohrada_scale_readings_received_total")).toBe(3);
    await writer.close();
  });

  test("access: admin 200, signed-in non-admin 403, anonymous from elsewhere 401", async () => {
    expect((await admin.page("/metrics")).status).toBe(200);
    expect((await admin.api("/metrics")).status).toBe(200);
    expect((await worker.page("/metrics")).status).toBe(403);
    expect((await worker.api("/metrics")).status).toBe(403);
    // app.request has no socket: not loopback.
    expect((await t.request("/metrics")).status).toBe(401);
  });

  test("access over a real socket: loopback anonymous 200; a proxied request (X-Forwarded-For) from outside is not loopback", async () => {
    server = startHttpServer({ app: t.app, port: 0, hostname: "127.0.0.1" });
    const url = `http://127.0.0.1:${server.port}/metrics`;
    const local = await fetch(url);
    expect(local.status).toBe(200);
    expect(local.headers.get("Content-Type")).toContain("text/plain");
    expect(sample(await local.text(), "ohrada_http_request_duration_seconds_count", { method: "GET", route: "/metrics", status: "2xx" })).toBeGreaterThan(0);
    expect((await fetch(url, { headers: { "X-Forwarded-For": "203.0.113.7" } })).status).toBe(401);
    expect((await fetch(url, { headers: { Forwarded: "for=203.0.113.7" } })).status).toBe(401);
    // Even a proxy on this machine forwarding a local client: the proxy's traffic is not trusted as local.
    expect((await fetch(url, { headers: { "X-Forwarded-For": "127.0.0.1" } })).status).toBe(401);
    expect((await fetch(url, { headers: { Cookie: worker.cookie } })).status).toBe(403);
  });
});
