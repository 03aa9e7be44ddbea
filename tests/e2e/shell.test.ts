/** docs/domain.md#routes: the top menu, routing, the barcode box, the layout and the language. */
import { expect, test } from "bun:test";
import type { Locator, Page, Request } from "playwright-core";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";

const PAGE_NOT_FOUND = "Stránka nenalezena";

/** Hover every submenu owner above `link`, top-down, so the link becomes visible, then return it. */
async function revealByHover(page: Page, link: Locator): Promise<void> {
  const owners = await link.evaluate((el) => {
    const chain: string[] = [];
    let li = el.parentElement?.parentElement?.closest("li.has-children");
    while (li) {
      chain.unshift(li.getAttribute("data-e2e-owner") ?? "");
      li = li.parentElement?.closest("li.has-children") ?? null;
    }
    return chain;
  });
  for (const owner of owners) await page.locator(`li[data-e2e-owner="${owner}"] > :first-child`).hover();
}

async function pageNotFoundShown(page: Page): Promise<boolean> {
  const texts = await page.locator(".alert-warning, .toast").allInnerTexts();
  return texts.some((text) => text.includes(PAGE_NOT_FOUND));
}

describeBrowser("shell", () => {
  const e2e = useE2E();

  test("every top-menu link opens a logged-in page, clicked through the menu", async () => {
    const { page, errors } = await e2e.open({ signedIn: true, viewport: { width: 1280, height: 800 } });
    await page.goto("/index");
    const links = await page.locator("nav.topnav a[href]").evaluateAll((anchors) =>
      anchors.map((a) => ({ href: a.getAttribute("href")!, label: a.textContent!.trim() })),
    );
    // docs/domain.md#top-menu: Dashboard, four product entries, eight order entries (two submenus), two
    // manufacture, four warehouse, two supplier, three timesheet and four settings entries.
    expect(links.length).toBeGreaterThanOrEqual(28);
    for (const expected of ["/index", "/products", "/products/dph", "/products/category/parameters", "/orders/promiseStatus", "/settings/translationGroup"]) {
      expect(links.map((link) => link.href)).toContain(expected);
    }

    for (const [index, { href, label }] of links.entries()) {
      // Tag the submenu owners on this page so the hover chain can be addressed.
      await page.evaluate(() =>
        document.querySelectorAll("nav.topnav li.has-children").forEach((li, i) => li.setAttribute("data-e2e-owner", String(i))),
      );
      const link = page.locator("nav.topnav a[href]").nth(index);
      expect(await link.getAttribute("href")).toBe(href);
      await revealByHover(page, link);
      expect(await link.isVisible()).toBe(true);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === href),
        link.click(),
      ]);
      await page.waitForURL((url) => url.pathname === href);
      expect({ href, label, status: response.status() }).toEqual({ href, label, status: 200 });
      expect(await page.locator("header.topbar").count()).toBe(1);
      expect(await page.locator("aside.baskets-column").count()).toBe(1);
      expect(await pageNotFoundShown(page)).toBe(false);
    }
    expect(errors).toEqual([]);
  });

  test("the menu works from the keyboard", async () => {
    const { page } = await e2e.open({ signedIn: true, viewport: { width: 1280, height: 800 } });
    await page.goto("/index");
    const first = page.locator("nav.topnav .menu > li > :first-child").first();
    const focusedIs = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

    for (let i = 0; i < 10 && !(await focusedIs(first)); i++) await page.keyboard.press("Tab");
    expect(await focusedIs(first)).toBe(true);
    expect(await first.innerText()).toBe("Přehled");

    // ArrowRight: the next top entry; its submenu opens on focus.
    await page.keyboard.press("ArrowRight");
    const products = page.locator("nav.topnav .menu > li").nth(1);
    expect(await focusedIs(products.locator("> :first-child"))).toBe(true);
    expect(await products.locator("> :first-child").innerText()).toBe("Produkty");
    await products.locator("> .submenu").waitFor({ state: "visible" });
    expect(await products.locator("> :first-child").getAttribute("aria-expanded")).toBe("true");

    // ArrowDown: into the submenu, then down it.
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/products");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/products/dph");
    expect(await products.locator("> .submenu").isVisible()).toBe(true);

    // Enter follows the link.
    await page.keyboard.press("Enter");
    await page.waitForURL("**/products/dph");
    await page.locator("table").waitFor();

    // ArrowRight on a top entry moves on; ArrowLeft goes back.
    for (let i = 0; i < 10 && !(await focusedIs(page.locator("nav.topnav .menu > li > :first-child").first())); i++) await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    const orders = page.locator("nav.topnav .menu > li").nth(2);
    expect(await focusedIs(orders.locator("> :first-child"))).toBe(true);
    await orders.locator("> .submenu").waitFor({ state: "visible" });
    expect(await products.locator("> .submenu").isVisible()).toBe(false);
    await page.keyboard.press("ArrowLeft");
    expect(await focusedIs(products.locator("> :first-child"))).toBe(true);
  });

  test("an unknown path shows PAGE_NOT_FOUND and then lands on /index", async () => {
    const { page } = await e2e.open({ signedIn: true });
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    // The warning PAGE_NOT_FOUND as the toast and the title; the page itself says what happened and where it goes.
    await page.locator(".toast-warning", { hasText: PAGE_NOT_FOUND }).waitFor();
    await page.locator("h1", { hasText: PAGE_NOT_FOUND }).waitFor();
    await page.locator(".alert-warning", { hasText: "Tato adresa neexistuje" }).waitFor();
    expect(await page.locator("header.topbar").count()).toBe(1);
    await page.waitForURL((url) => url.pathname === "/index", { timeout: 15_000 });
    await page.locator("ul.tiles").waitFor();
  });

  /** A signed-in page with the barcode box hydrated, its scan requests recorded and the clock paused. */
  async function pausedBarcodeBox() {
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.clock.install();
    const scans: Request[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/barcode/scan") scans.push(request);
    });
    await page.goto("/index");
    await waitForHydration(page, '[data-island="barcode-box"]');
    // From here on time moves only when the test says so (the clock flows naturally until paused).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    return { page, errors, scans, input: page.locator("#barcode-input") };
  }

  test("the barcode box hydrates, waits 250 ms and ignores two characters", async () => {
    const { page, errors, scans, input } = await pausedBarcodeBox();

    // Two characters: nothing is sent, nothing is shown, however long the pause.
    await input.click();
    await page.keyboard.type("XY");
    await page.clock.runFor(5_000);
    expect(await page.locator(".toast").count()).toBe(0);
    expect(scans.length).toBe(0);

    // A full code: nothing before the 250 ms pause has passed, then a warning toast.
    await page.keyboard.type("Z999");
    expect(await input.inputValue()).toBe("XYZ999");
    await page.clock.runFor(240);
    expect(scans.length).toBe(0);
    await page.clock.runFor(20);
    const toast = page.locator(".toast-warning", { hasText: "Neznámý kód" });
    await toast.waitFor();
    expect(await toast.innerText()).toContain("XYZ999");
    expect(scans.length).toBe(1);
    expect(scans[0]!.postDataJSON()).toEqual({ code: "XYZ999" });

    // The same value again (unchanged after a pause) is not sent twice.
    await page.keyboard.press("Backspace");
    await page.keyboard.type("9");
    await page.clock.runFor(1_000);
    expect(scans.length).toBe(1);
    expect(errors).toEqual([]);
  });

  test("the barcode box sends a product label's two-character code (P5), never a two-character word", async () => {
    const { page, errors, scans, input } = await pausedBarcodeBox();
    await input.click();
    await page.keyboard.type("XY");
    await page.clock.runFor(1_000);
    expect(scans.length).toBe(0);
    await input.fill("");
    await page.keyboard.type("P5");
    await page.clock.runFor(260);
    await page.locator(".toast").first().waitFor();
    expect(scans.map((request) => request.postDataJSON())).toEqual([{ code: "P5" }]);
    expect(errors).toEqual([]);
  });

  test("the baskets column is 200 px beside the content, and stacks above it under 800 px", async () => {
    const { page } = await e2e.open({ signedIn: true, viewport: { width: 1280, height: 800 } });
    await page.goto("/index");
    const column = page.locator("aside.baskets-column");
    const content = page.locator("main.content");
    await column.waitFor();

    let aside = (await column.boundingBox())!;
    let main = (await content.boundingBox())!;
    expect(aside.width).toBe(200);
    expect(aside.x).toBe(0);
    expect(main.x).toBeGreaterThanOrEqual(aside.x + aside.width);
    expect(Math.abs(main.y - aside.y)).toBeLessThan(1);
    expect(main.x + main.width).toBeLessThanOrEqual(1280);

    await page.setViewportSize({ width: 700, height: 800 });
    await page.waitForFunction(() => document.querySelector("aside.baskets-column")!.getBoundingClientRect().width > 600);
    aside = (await column.boundingBox())!;
    main = (await content.boundingBox())!;
    expect(aside.width).toBe(700);
    expect(main.y).toBeGreaterThanOrEqual(aside.y + aside.height);
    expect(Math.abs(main.x - aside.x)).toBeLessThan(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(700);

    // Back to the wide layout (800 px is already wide).
    await page.setViewportSize({ width: 800, height: 800 });
    await page.waitForFunction(() => document.querySelector("aside.baskets-column")!.getBoundingClientRect().width === 200);
  });

  test("switching to English is remembered after reload and after logging in again", async () => {
    const user = await e2e.server.createUser({ firstName: "Eva", lastName: "Malá" });
    const { page } = await e2e.open({ viewport: { width: 1280, height: 800 } });
    const signInByForm = async () => {
      await page.goto("/login");
      await page.locator("#field-email").fill(user.email);
      await page.locator("#field-password").fill(user.password);
      await page.locator("button.login-submit").click();
      await page.waitForURL("**/index");
    };
    const topLabels = () => page.locator("nav.topnav .menu > li > :first-child").allInnerTexts();

    await signInByForm();
    expect((await topLabels()).slice(0, 2)).toEqual(["Přehled", "Produkty"]);

    await page.locator(".user-menu-button").hover();
    await page.locator('.user-menu-panel button[name="lang"][value="en"]').click();
    await page.waitForFunction(() => document.documentElement.lang === "en");
    expect(new URL(page.url()).pathname).toBe("/index");
    expect((await topLabels()).slice(0, 2)).toEqual(["Dashboard", "Products"]);

    await page.reload();
    expect((await topLabels()).slice(0, 2)).toEqual(["Dashboard", "Products"]);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");

    // Log out and in again in the same browser.
    await page.locator(".user-menu-button").hover();
    await page.locator(".user-menu-panel button.logout-button").click();
    await page.waitForURL("**/login");
    await signInByForm();
    expect((await topLabels()).slice(0, 2)).toEqual(["Dashboard", "Products"]);

    // Remembered per user: a browser that never saw the switch gets English too.
    const other = await e2e.open({ viewport: { width: 1280, height: 800 } });
    await other.page.goto("/login");
    expect(await other.page.locator("html").getAttribute("lang")).toBe("cs");
    await other.page.locator("#field-email").fill(user.email);
    await other.page.locator("#field-password").fill(user.password);
    await other.page.locator("button.login-submit").click();
    await other.page.waitForURL("**/index");
    expect((await other.page.locator("nav.topnav .menu > li > :first-child").allInnerTexts()).slice(0, 2)).toEqual(["Dashboard", "Products"]);

    // And back to Czech.
    await page.locator(".user-menu-button").hover();
    await page.locator('.user-menu-panel button[name="lang"][value="cs"]').click();
    await page.waitForFunction(() => document.documentElement.lang === "cs");
    expect((await topLabels()).slice(0, 2)).toEqual(["Přehled", "Produkty"]);
  });
});
