/**
 * An app over a fresh test database, driven through app.request(), with helpers to log in as a
 * user and to make cookie or bearer requests the way a browser or an API client would.
 */
import { afterAll, beforeAll } from "bun:test";
import { createApp } from "@/app";
import { systemCtx } from "@/lib/context";
import type { Ctx } from "@/lib/context";
import type { AppDeps } from "@/lib/hono-env";
import { silentLogger } from "@/lib/logger";
import { createMetrics } from "@/lib/metrics";
import { createUser, testPasswordCost } from "@/modules/auth/service";
import { createTestDatabase, type TestDatabase } from "./db";
import { noteSecretsIn, noteSetCookies } from "./log-scan";

export const ORIGIN = "http://localhost";
export const TEST_PASSWORD = "heslo-pro-testy";

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  ctx: Ctx;
  deps: AppDeps;
  /** A fresh user with its own session cookie and bearer token. */
  login(options?: { admin?: boolean; email?: string }): Promise<Session>;
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface Session {
  user: TestUser;
  cookie: string;
  token: string;
  /** A same-origin browser request carrying the session cookie. */
  page(path: string, init?: RequestInit & { form?: Record<string, string> }): Promise<Response>;
  /** An API call with the bearer token and a JSON body. */
  api(path: string, init?: { method?: string; json?: unknown; headers?: Record<string, string> }): Promise<Response>;
}

let userCounter = 0;

/**
 * `noteSecrets: false` leaves the answers unread by the suite's log scan: a bench measures the app's
 * time, and reading a 1 MB answer back (parsed and walked for secret fields) took longer than
 * building it.
 */
export async function createTestApp(overrides: Partial<AppDeps> = {}, options: { noteSecrets?: boolean } = {}): Promise<TestApp> {
  const noteSecrets = options.noteSecrets ?? true;
  const database = await createTestDatabase();
  const deps: AppDeps = {
    database,
    logger: silentLogger,
    sessionTtlHours: 12,
    trustProxy: true,
    passwordCost: testPasswordCost,
    mqttStatus: () => "up",
    metrics: createMetrics(),
    ...overrides,
  };
  const app = createApp(deps);
  const ctx = systemCtx(database.db);
  // Every secret that goes by (a password sent, a token or a pairing link received) is noted for
  // the suite's log scan (tests/helpers/log-scan.ts).
  const request = async (path: string, init?: RequestInit): Promise<Response> => {
    if (!noteSecrets) return app.request(`${ORIGIN}${path}`, init);
    if (typeof init?.body === "string") noteSecretsIn(init.body);
    const response = await app.request(`${ORIGIN}${path}`, init);
    noteSetCookies(response);
    const type = response.headers.get("Content-Type") ?? "";
    if (/json|html|text\/plain/.test(type) && Number(response.headers.get("Content-Length") ?? 0) < 2_000_000) noteSecretsIn(await response.clone().text());
    return response;
  };

  const login: TestApp["login"] = async (options = {}) => {
    const email = options.email ?? `user${++userCounter}-${process.pid}@ohrada.test`;
    const id = await createUser({
      ctx,
      input: { email, firstName: "Jana", lastName: "Nováková", password: TEST_PASSWORD, isAdmin: options.admin ?? false },
      cost: testPasswordCost,
    });
    const response = await request("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.0.${userCounter % 250}.1` },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: { token: string } };
    const token = body.data.token;
    const cookie = `ohrada_session=${token}`;
    return {
      user: { id, email, password: TEST_PASSWORD },
      cookie,
      token,
      page(path, init = {}) {
        const headers = new Headers(init.headers);
        headers.set("Cookie", [cookie, headers.get("Cookie")].filter(Boolean).join("; "));
        let body = init.body;
        if (init.form) {
          body = new URLSearchParams(init.form).toString();
          headers.set("Content-Type", "application/x-www-form-urlencoded");
        }
        const method = init.method ?? (init.form ? "POST" : "GET");
        if (method !== "GET" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
        return request(path, { ...init, method, headers, body, redirect: "manual" });
      },
      api(path, init = {}) {
        const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) };
        if (init.json !== undefined) headers["Content-Type"] = "application/json";
        return request(path, { method: init.method ?? "GET", headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
      },
    };
  };

  return { app, database, ctx, deps, login, request, close: () => database.destroy() };
}

/** Upper bound for the database hooks; never a timing assertion. */
export const HOOK_TIMEOUT_MS = 120_000;

/** beforeAll/afterAll wiring: `const t = useTestApp();` then `t.current` inside tests. */
export function useTestApp(overrides: Partial<AppDeps> = {}): { readonly current: TestApp } {
  const holder: { current: TestApp | null } = { current: null };
  // bun:test gives hooks 5 s unless run with --timeout (bunfig's [test] timeout does not reach
  // them); a cold PGlite start on a busy machine needs longer, so the hooks name their own limit.
  beforeAll(async () => {
    holder.current = await createTestApp(overrides);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await holder.current?.close();
  }, HOOK_TIMEOUT_MS);
  return {
    get current() {
      if (!holder.current) throw new Error("test app not ready");
      return holder.current;
    },
  };
}

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
