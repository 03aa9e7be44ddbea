/**
 * The real app served over HTTP for one browser test file: createTestApp() (a fresh test
 * database — PGlite by default, PostgreSQL when TEST_DATABASE_URL is set) behind Bun.serve on a
 * free port.
 *
 *   const server = useE2EServer();            // beforeAll/afterAll at file or describe level
 *   await server.current.baseUrl;             // http://127.0.0.1:PORT
 *   const user = await server.current.createUser();            // known password, not logged in
 *   await server.current.signIn(context);                      // a fresh user with a session cookie
 */
import { afterAll, afterEach, beforeAll } from "bun:test";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { createUser as createUserService, testPasswordCost } from "@/modules/auth/service";
import { createTestApp, type Session, TEST_PASSWORD, type TestApp } from "../helpers/app";
import type { AppDeps } from "@/lib/hono-env";
import { useBrowser } from "../helpers/browser";

export interface E2EUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface E2EServer {
  /** http://127.0.0.1:PORT, no trailing slash. */
  baseUrl: string;
  /** The app over its test database: `ctx` for calling services directly, `login()` for API sessions. */
  testApp: TestApp;
  /** A new active user with a known password (not logged in). */
  createUser(options?: { email?: string; password?: string; firstName?: string; lastName?: string; admin?: boolean }): Promise<E2EUser>;
  /**
   * A new user logged in through the API; its session cookie is put into `context`, so pages
   * opened there are logged in. Returns the session (bearer token for API calls).
   */
  signIn(context: BrowserContext, options?: { admin?: boolean }): Promise<Session>;
  /** Stops the HTTP server and drops the test database. */
  stop(): Promise<void>;
}

let counter = 0;

export async function startServer(overrides: Partial<AppDeps> = {}): Promise<E2EServer> {
  const testApp = await createTestApp(overrides);
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, srv) => testApp.app.fetch(req, { remoteAddress: srv.requestIP(req)?.address }),
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;

  const createUser: E2EServer["createUser"] = async (options = {}) => {
    const user = {
      email: options.email ?? `e2e${++counter}-${process.pid}-${Date.now().toString(36)}@ohrada.test`,
      password: options.password ?? TEST_PASSWORD,
      firstName: options.firstName ?? "Petra",
      lastName: options.lastName ?? "Dvořáková",
    };
    const id = await createUserService({
      ctx: testApp.ctx,
      input: { ...user, isAdmin: options.admin ?? false },
      cost: testPasswordCost,
    });
    return { id, ...user };
  };

  const signIn: E2EServer["signIn"] = async (context, options = {}) => {
    const session = await testApp.login(options);
    await context.addCookies([{ name: "ohrada_session", value: session.token, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
    return session;
  };

  return {
    baseUrl,
    testApp,
    createUser,
    signIn,
    async stop() {
      await server.stop(true);
      await testApp.close();
    },
  };
}

/** Registers beforeAll/afterAll that start and stop one server for the enclosing block. */
export function useE2EServer(overrides: Partial<AppDeps> = {}): { readonly current: E2EServer } {
  let server: E2EServer | null = null;
  beforeAll(async () => {
    server = await startServer(overrides);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    server = null;
  }, 60_000);
  return {
    get current() {
      if (!server) throw new Error("e2e server not started");
      return server;
    },
  };
}

export interface FreshPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far (CSP violations, failed hydration, …), not HTTP error statuses. */
  errors: string[];
}

/**
 * One server and one browser for the enclosing block, and a fresh browser context per test
 * (closed after each test). `open()` returns a page in a new context; pass `signedIn: true` to
 * start with a new user's session cookie.
 */
export function useE2E(overrides: Partial<AppDeps> = {}): {
  readonly server: E2EServer;
  readonly browser: Browser;
  open(options?: BrowserContextOptions & { signedIn?: boolean; admin?: boolean }): Promise<FreshPage & { session: Session | null }>;
} {
  const handle = useBrowser();
  const server = useE2EServer(overrides);
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
  });
  return {
    get server() {
      return server.current;
    },
    get browser() {
      return handle.browser;
    },
    async open(options = {}) {
      const { signedIn, admin, ...contextOptions } = options;
      const context = await handle.newContext({ baseURL: server.current.baseUrl, locale: "cs-CZ", ...contextOptions });
      contexts.push(context);
      context.setDefaultTimeout(10_000);
      context.setDefaultNavigationTimeout(15_000);
      const session = signedIn ? await server.current.signIn(context, { admin }) : null;
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        // HTTP error statuses (a 404 page, a 422 fail envelope) are expected answers, not script errors.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(`console: ${message.text()}`);
      });
      return { context, page, errors, session };
    },
  };
}
