/**
 * Figure 2: the JavaScript a logged-in browser loads for a page, in gzip KB, and whether React
 * is among it (React comes only with the islands bundle under /build/).
 *
 * With Chromium: a real headless browser logs in through /login, then opens each page in a
 * fresh context (empty cache) and records every script response. Without Chromium: the page
 * HTML is parsed for <script src>, and the islands bundle's static and dynamic imports of
 * ./chunk-… are followed (an upper bound: every island chunk counts).
 */
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { createUser, testPasswordCost } from "@/modules/auth/service";
import { createFenceOrderWithItems } from "../helpers/factories";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../helpers/app";
import { CHROMIUM_ARGS, chromiumPath, waitForHydration } from "../helpers/browser";

/** A page to measure: a fixed path, or one made from data the page needs (an order to open). */
interface JsPage {
  path: string | ((testApp: TestApp) => Promise<string>);
  /** The spec's budget for the page's JavaScript, gzip bytes. */
  budgetBytes?: number;
}

export const JS_PAGES: readonly JsPage[] = [
  { path: "/index" },
  { path: "/products/dph" },
  // The items island's JavaScript ≤ 120 KB gzip including React (docs/decisions/020).
  { path: async (testApp) => `/orders/fenceOrder/${(await createFenceOrderWithItems(testApp.ctx)).id}?tab=1`, budgetBytes: 120 * 1024 },
];

const pathOf = (page: JsPage, testApp: TestApp) => (typeof page.path === "string" ? Promise.resolve(page.path) : page.path(testApp));

export interface ShippedScript {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  /** Bytes on the wire as Chromium reports them (the server's own gzip), when known. */
  transferBytes: number | null;
  /** Loaded via import() (lazily) rather than a <script> tag or a static import. */
  dynamic: boolean;
}

export interface ShippedPage {
  path: string;
  budgetBytes: number | null;
  scripts: ShippedScript[];
  rawBytes: number;
  gzipBytes: number;
  transferBytes: number | null;
  react: boolean;
  /** The React element marker string was found in the shipped code (a cross-check). */
  reactMarker: boolean;
  islands: number;
}

export interface ShippedResult {
  method: "chromium" | "static";
  note: string;
  browserVersion: string | null;
  pages: ShippedPage[];
}

const REACT_MARKER = "react.transitional.element";
const gzip9 = (body: Uint8Array) => gzipSync(body, { level: 9 }).length;

function summarise(path: string, budgetBytes: number | null, scripts: ShippedScript[], bodies: string[], islands: number, transferKnown: boolean): ShippedPage {
  return {
    path,
    budgetBytes,
    scripts,
    rawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0),
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
    transferBytes: transferKnown ? scripts.reduce((sum, s) => sum + (s.transferBytes ?? 0), 0) : null,
    react: scripts.some((s) => s.path.startsWith("/build/")),
    reactMarker: bodies.some((body) => body.includes(REACT_MARKER)),
    islands,
  };
}

async function withServer<T>(work: (testApp: TestApp, baseUrl: string) => Promise<T>): Promise<T> {
  const testApp = await createTestApp();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (request, srv) => testApp.app.fetch(request, { remoteAddress: srv.requestIP(request)?.address }),
  });
  try {
    return await work(testApp, `http://127.0.0.1:${server.port}`);
  } finally {
    await server.stop(true);
    await testApp.close();
  }
}

async function viaChromium(): Promise<ShippedResult> {
  return withServer(async (testApp, baseUrl) => {
    const email = `bench-${process.pid}@ohrada.test`;
    await createUser({ ctx: testApp.ctx, input: { email, firstName: "Bench", lastName: "Mark", password: TEST_PASSWORD, isAdmin: false }, cost: testPasswordCost });
    const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: [...CHROMIUM_ARGS], timeout: 60_000 });
    try {
      // Log in through the form, the way a person does.
      const loginContext = await browser.newContext({ baseURL: baseUrl });
      const loginPage = await loginContext.newPage();
      await loginPage.goto("/login");
      await loginPage.fill("#field-email", email);
      await loginPage.fill("#field-password", TEST_PASSWORD);
      await Promise.all([loginPage.waitForURL("**/index", { timeout: 15_000 }), loginPage.click("button[type=submit]")]);
      const storageState = await loginContext.storageState();
      await loginContext.close();

      const pages: ShippedPage[] = [];
      for (const jsPage of JS_PAGES) {
        const path = await pathOf(jsPage, testApp);
        // A fresh context per page: an empty cache, so every script is fetched.
        const context = await browser.newContext({ baseURL: baseUrl, storageState });
        const page = await context.newPage();
        const pending: Promise<{ script: ShippedScript; body: string } | null>[] = [];
        page.on("response", (response) => {
          if (response.request().resourceType() !== "script") return;
          pending.push(
            (async () => {
              const url = new URL(response.url());
              const body = await response.body();
              const sizes = await response.request().sizes();
              return {
                script: {
                  path: url.pathname,
                  rawBytes: body.length,
                  gzipBytes: gzip9(body),
                  transferBytes: sizes.responseBodySize,
                  dynamic: false,
                },
                body: body.toString("latin1"),
              };
            })().catch(() => null),
          );
        });
        await page.goto(path, { waitUntil: "networkidle" });
        const opened = new URL(page.url());
        if (opened.pathname + opened.search !== path) throw new Error(`opening ${path} ended on ${page.url()} (not logged in?)`);
        const islands = await page.locator("[data-island]").count();
        if (islands > 0) await waitForHydration(page);
        const loaded = (await Promise.all(pending)).filter((x): x is { script: ShippedScript; body: string } => x !== null);
        // Which chunks came by import() (an island) rather than a static import of the entry.
        const lazy = new Set(
          loaded.flatMap((x) => (x.script.path.startsWith("/build/") ? importsOf(x.body, x.script.path) : [])).filter((i) => i.dynamic).map((i) => i.path),
        );
        for (const x of loaded) x.script.dynamic = lazy.has(x.script.path);
        pages.push(summarise(path, jsPage.budgetBytes ?? null, loaded.map((x) => x.script), loaded.map((x) => x.body), islands, true));
        await context.close();
      }
      return {
        method: "chromium",
        note: `headless Chromium (${chromiumPath}), logged in through /login, fresh cache per page`,
        browserVersion: browser.version(),
        pages,
      };
    } finally {
      await browser.close();
    }
  });
}

/** `import … from"./chunk-x.js"`, `import"./chunk-x.js"` and `import("./chunk-x.js")`, resolved against `from`. */
export function importsOf(code: string, from: string): { path: string; dynamic: boolean }[] {
  const found: { path: string; dynamic: boolean }[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*)(\(\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) {
    found.push({ path: new URL(match[2]!, `http://x${from}`).pathname, dynamic: Boolean(match[1]) });
  }
  return found;
}

async function viaStaticParse(reason: string): Promise<ShippedResult> {
  const testApp = await createTestApp();
  try {
    const session = await testApp.login();
    const pages: ShippedPage[] = [];
    for (const jsPage of JS_PAGES) {
      const path = await pathOf(jsPage, testApp);
      const response = await session.page(path);
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
      const html = await response.text();
      const islands = (html.match(/data-island=/g) ?? []).length;
      const queue: { path: string; dynamic: boolean }[] = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => ({
        path: new URL(m[1]!, "http://x/").pathname,
        dynamic: false,
      }));
      const seen = new Set<string>();
      const scripts: ShippedScript[] = [];
      const bodies: string[] = [];
      while (queue.length) {
        const next = queue.shift()!;
        if (seen.has(next.path)) continue;
        seen.add(next.path);
        const asset = await testApp.request(next.path);
        if (asset.status !== 200) throw new Error(`GET ${next.path} answered ${asset.status}`);
        const body = new Uint8Array(await asset.arrayBuffer());
        const text = new TextDecoder().decode(body);
        scripts.push({ path: next.path, rawBytes: body.length, gzipBytes: gzip9(body), transferBytes: null, dynamic: next.dynamic });
        bodies.push(text);
        if (next.path.startsWith("/build/")) {
          for (const imported of importsOf(text, next.path)) queue.push({ path: imported.path, dynamic: next.dynamic || imported.dynamic });
        }
      }
      pages.push(summarise(path, jsPage.budgetBytes ?? null, scripts, bodies, islands, false));
    }
    return {
      method: "static",
      note: `static parse of <script src> and the islands' imports (${reason}); every import() counted, so an upper bound`,
      browserVersion: null,
      pages,
    };
  } finally {
    await testApp.close();
  }
}

export async function measureJsShipped(): Promise<ShippedResult> {
  if (!existsSync(chromiumPath)) return viaStaticParse(`Chromium not found at ${chromiumPath}`);
  try {
    return await viaChromium();
  } catch (error) {
    const reason = `Chromium failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    return viaStaticParse(reason);
  }
}
