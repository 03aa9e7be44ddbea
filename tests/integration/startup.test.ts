/**
 * Start-up (docs/decisions/017-start-up.md): the server listens before the database is open; the
 * login page of a visitor without a session answers at once, everything else waits for the
 * start-up to finish and then answers as usual.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "@/app";
import { systemCtx } from "@/lib/context";
import type { AppDeps } from "@/lib/hono-env";
import { silentLogger } from "@/lib/logger";
import { createUser, testPasswordCost } from "@/modules/auth/service";
import { ORIGIN } from "../helpers/app";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

/** An app whose database is not open until `finish()`: reading it before throws, as in main.ts. */
function startingApp() {
  let open = false;
  let finish!: () => void;
  const starting = new Promise<void>((resolve) => {
    finish = () => {
      open = true;
      resolve();
    };
  });
  const deps: AppDeps = {
    get database() {
      if (!open) throw new Error("the database is still starting");
      return database;
    },
    starting,
    logger: silentLogger,
    sessionTtlHours: 12,
    trustProxy: true,
    passwordCost: testPasswordCost,
    mqttStatus: () => "down",
  };
  const app = createApp(deps);
  return { finish, request: (path: string, init?: RequestInit) => app.request(`${ORIGIN}${path}`, init) };
}

describe("while the database is still opening", () => {
  test("the login page answers at once; a page that needs the database waits, then answers", async () => {
    const { finish, request } = startingApp();
    const login = await request("/login");
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('name="password"');

    let settled = false;
    const index = Promise.resolve(request("/index")).then((response) => {
      settled = true;
      return response;
    });
    // The login page is answered while /index is still held back by the start-up.
    expect((await request("/login")).status).toBe(200);
    expect(settled).toBe(false);
    finish();
    const answered = await index;
    expect(answered.status).toBe(302);
    expect(answered.headers.get("Location")).toBe("/login");
  });

  test("a login sent meanwhile waits for the database and then logs in", async () => {
    const email = `startup-${process.pid}@ohrada.test`;
    await createUser({ ctx: systemCtx(database.db), input: { email, firstName: "Jana", lastName: "Nováková", password: "heslo-pro-testy", isAdmin: false }, cost: testPasswordCost });
    const { finish, request } = startingApp();
    const pending = request("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.9.9.9" },
      body: JSON.stringify({ email, password: "heslo-pro-testy" }),
    });
    finish();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe("success");
  });

  test("the login page of a visitor with a session cookie waits too (it may redirect to the app)", async () => {
    const { finish, request } = startingApp();
    let settled = false;
    const pending = Promise.resolve(request("/login", { headers: { Cookie: "ohrada_session=unknown-token" } })).then((response) => {
      settled = true;
      return response;
    });
    expect((await request("/login")).status).toBe(200);
    expect(settled).toBe(false);
    finish();
    expect((await pending).status).toBe(200);
  });
});
