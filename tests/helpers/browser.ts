/**
 * Browser harness for tests/e2e: playwright-core driving Debian's Chromium. Never downloads a
 * browser.
 *
 * Chromium comes from `apt-get install -y chromium` (/usr/bin/chromium) or CHROMIUM_PATH.
 * Without it, browser tests are skipped with a loud line on stderr, except under CI=true, where
 * they fail.
 *
 * Usage in an e2e file:
 *
 *   import { afterAll, beforeAll, expect, test } from "bun:test";
 *   import type { Browser } from "playwright-core";
 *   import { describeBrowser, hasChromium, launchBrowser, waitForHydration } from "../helpers/browser";
 *
 *   describeBrowser("order items editor", () => {
 *     let browser: Browser | null = null;
 *     beforeAll(async () => { browser = await launchBrowser(); });
 *     afterAll(async () => { await browser?.close(); });
 *
 *     test.skipIf(!hasChromium)("adds a row", async () => {
 *       const page = await browser!.newPage();
 *       await page.goto(`${baseUrl}/orders/1`);
 *       await waitForHydration(page);
 *       …
 *     });
 *   });
 *
 * Or let `useBrowser()` register those hooks: `const b = useBrowser(); … await b.newPage()`.
 */
import { afterAll, beforeAll, describe } from "bun:test";
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";

/** The Chromium binary the tests drive. */
export const chromiumPath: string = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** True when the CI=true policy applies: a missing Chromium fails instead of skipping. */
export const isCI: boolean = process.env.CI === "true";

/** True when the Chromium binary exists. */
export const chromiumFound: boolean = existsSync(chromiumPath);

/**
 * True when the browser tests should run. Under CI=true it is always true, so that a missing
 * Chromium makes `launchBrowser()` throw (and the tests fail) rather than skip them.
 * Use it as `test.skipIf(!hasChromium)(…)`.
 */
export const hasChromium: boolean = chromiumFound || isCI;

/** Chromium flags: headless, root-safe, and quiet on a machine with a closed network. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

const SKIP_LINE = `!!! BROWSER TESTS SKIPPED: Chromium not found at ${chromiumPath} — install it with apt-get install -y chromium (or set CHROMIUM_PATH)`;
let skipAnnounced = false;

function announceSkip(what?: string): void {
  if (skipAnnounced) {
    if (what) process.stderr.write(`!!! skipped: ${what}\n`);
    return;
  }
  skipAnnounced = true;
  process.stderr.write(`\n${SKIP_LINE}\n${what ? `!!! skipped: ${what}\n` : ""}\n`);
}

function missingInCI(): Error {
  return new Error(
    `Chromium is required in CI (CI=true) but was not found at ${chromiumPath}. ` +
      `Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
}

/**
 * Launches headless Chromium. Returns null (after a loud skip line) when Chromium is missing
 * outside CI; throws under CI=true. Each call is a fresh browser with a temporary profile.
 */
export async function launchBrowser(): Promise<Browser | null> {
  if (!existsSync(chromiumPath)) {
    if (isCI) throw missingInCI();
    announceSkip();
    return null;
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: 60_000,
  });
}

/**
 * `describe` for browser tests. Without Chromium (outside CI) it prints the loud skip line and
 * registers the block with `describe.skip`. Under CI=true it always runs, so a missing Chromium
 * fails in `launchBrowser()`.
 */
export function describeBrowser(name: string, fn: () => void): void {
  if (hasChromium) {
    describe(name, fn);
  } else {
    announceSkip(name);
    describe.skip(name, fn);
  }
}

export interface BrowserHandle {
  /** The launched browser; throws when called in a skipped test (no browser). */
  readonly browser: Browser;
  /** A new page in a new, isolated context (closed with the browser). */
  newPage(options?: Parameters<Browser["newContext"]>[0]): Promise<Page>;
  /** A new isolated context, e.g. to hold a session cookie. */
  newContext(options?: Parameters<Browser["newContext"]>[0]): Promise<BrowserContext>;
}

/**
 * One Chromium for the whole run, launched by the first file that asks and closed after the last
 * (the preload's afterAll calls `closeSharedBrowser`). Launching one costs about a second of CPU,
 * and every file launched its own (docs/decisions/084-suite-wall-time.md); what a file opens in it
 * is its own contexts, closed after the file, so no cookie, storage or page crosses files. A
 * browser that crashed or was closed is launched again for the next file.
 */
let sharedBrowser: Promise<Browser | null> | null = null;
/** Where the preload finds `closeSharedBrowser` without importing playwright into every run. */
const CLOSE_SHARED_BROWSER = Symbol.for("ohrada.tests.closeSharedBrowser");

async function useSharedBrowser(): Promise<Browser | null> {
  const current = await sharedBrowser?.catch(() => null);
  if (!current || !current.isConnected()) {
    sharedBrowser = launchBrowser();
    (globalThis as { [CLOSE_SHARED_BROWSER]?: () => Promise<void> })[CLOSE_SHARED_BROWSER] = closeSharedBrowser;
  }
  return sharedBrowser!;
}

/** Closes the run's shared browser, if one was launched (tests/helpers/preload.ts, after the last file). */
export async function closeSharedBrowser(): Promise<void> {
  const browser = await sharedBrowser?.catch(() => null);
  sharedBrowser = null;
  await browser?.close().catch(() => {});
}

/**
 * Registers beforeAll/afterAll hooks that hand the enclosing describe block (or file) the run's
 * browser and close every context it opened there. Call it at describe level, not inside a test.
 */
export function useBrowser(): BrowserHandle {
  let browser: Browser | null = null;
  const contexts = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await useSharedBrowser();
  }, 90_000);
  afterAll(async () => {
    await Promise.all([...contexts].map((context) => context.close().catch(() => {})));
    contexts.clear();
    browser = null;
  });
  const get = (): Browser => {
    if (!browser) throw new Error("No browser: Chromium is missing or beforeAll has not run");
    return browser;
  };
  const newContext = async (options?: Parameters<Browser["newContext"]>[0]): Promise<BrowserContext> => {
    const context = await get().newContext(options);
    contexts.add(context);
    context.once("close", () => contexts.delete(context));
    return context;
  };
  return {
    get browser() {
      return get();
    },
    newContext,
    async newPage(options) {
      return (await newContext(options)).newPage();
    },
  };
}

/**
 * Waits until every element matching `selector` (by default every island) carries
 * `data-hydrated="true"`, which the island client sets after hydrating it. There must be at
 * least one match. Waits on the DOM, never for a fixed time; `timeout` is only the upper bound
 * before it fails. Returns a locator for the first match.
 */
export async function waitForHydration(
  page: Page,
  selector = "[data-island]",
  options: { timeout?: number } = {},
): Promise<Locator> {
  try {
    await page.waitForFunction(
      (sel: string) => {
        const els = document.querySelectorAll(sel);
        if (els.length === 0) return false;
        for (const el of els) if (el.getAttribute("data-hydrated") !== "true") return false;
        return true;
      },
      selector,
      { timeout: options.timeout ?? 15_000 },
    );
  } catch (err) {
    const found = await page
      .evaluate(
        (sel: string) =>
          Array.from(document.querySelectorAll(sel)).map(
            (el) => `${el.getAttribute("data-island") ?? el.tagName}: data-hydrated=${el.getAttribute("data-hydrated")}`,
          ),
        selector,
      )
      .catch(() => [] as string[]);
    throw new Error(
      `Islands matching ${selector} did not hydrate on ${page.url()} ` +
        `(found: ${found.length ? found.join(", ") : "none"}): ${(err as Error).message}`,
    );
  }
  return page.locator(selector).first();
}
