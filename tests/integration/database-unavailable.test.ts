/**
 * How each kind of request is answered when the database cannot be reached (docs/decisions/069-faults.md):
 * the app over a real postgres.js pool pointed at a port where nothing listens, so every query is
 * refused as it would be with PostgreSQL stopped. The process-level test with PostgreSQL stopped
 * under load is database-outage.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "@/app";
import { type Database, openPostgres } from "@/lib/db";
import { silentLogger } from "@/lib/logger";
import { testPasswordCost } from "@/modules/auth/service";
import { ORIGIN } from "../helpers/app";
import { freePort } from "../bench/lib";

let database: Database;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  database = await openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/nothing`, { max: 2 });
  app = createApp({ database, logger: silentLogger, sessionTtlHours: 12, trustProxy: true, passwordCost: testPasswordCost, mqttStatus: () => "up" });
});
afterAll(async () => {
  await database?.close();
});

const request = (path: string, init: RequestInit = {}) => app.request(`${ORIGIN}${path}`, { redirect: "manual", ...init });
const session = { Cookie: "ohrada_session=some-token" };

describe("the database cannot be reached", () => {
  test("the API: 503 with the UNAVAILABLE envelope and Retry-After", async () => {
    const response = await request("/api/settings/deliveryVan", { headers: { Authorization: "Bearer some-token" } });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ status: "error", code: "UNAVAILABLE" });
  });

  test("a page: 503 with the translated message in the page's language and a way to try again", async () => {
    const czech = await request("/settings/deliveryVan?page=2", { headers: session });
    expect(czech.status).toBe(503);
    expect(czech.headers.get("Content-Type")).toContain("text/html");
    const html = await czech.text();
    expect(html).toContain("Databáze je teď nedostupná. Zkuste to prosím za chvíli znovu.");
    expect(html).toContain('href="/settings/deliveryVan?page=2"');
    const english = await request("/index", { headers: { Cookie: "ohrada_session=some-token; ohrada_lang=en" } });
    expect(english.status).toBe(503);
    expect(await english.text()).toContain("The database is unavailable right now. Please try again in a moment.");
  });

  test("htmx: 503 with the message as an error toast", async () => {
    const response = await request("/settings/deliveryVan", { headers: { ...session, "HX-Request": "true" } });
    expect(response.status).toBe(503);
    const trigger = JSON.parse(response.headers.get("HX-Trigger")!) as { toast: { kind: string; text: string } };
    expect(trigger.toast).toEqual({ kind: "error", text: "Databáze je teď nedostupná. Zkuste to prosím za chvíli znovu." });
  });

  test("/healthz: 503, the database down; the login page still answers", async () => {
    const health = await request("/healthz");
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "error", code: "UNAVAILABLE", data: { db: "down", mqtt: "up" } });
    expect((await request("/login")).status).toBe(200);
  });

  test("a login: 503, not a wrong password", async () => {
    const response = await request("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "jana@ohrada.test", password: "heslo-pro-testy" }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "error", code: "UNAVAILABLE" });
  });
});
