/** docs/domain.md#login: the login form, its checks and errors, and logging out. */
import { expect, test } from "bun:test";
import type { Request } from "playwright-core";
import { logout } from "@/modules/auth/service";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";

const TILES = ["Nová objednávka plotu", "Otevřené objednávky", "Sklady", "Přísliby", "Produkty"];

describeBrowser("login", () => {
  const e2e = useE2E();

  test("logging in through the form shows the five tiles on /index", async () => {
    const user = await e2e.server.createUser();
    const { page, errors } = await e2e.open();
    await page.goto("/index");
    await page.waitForURL("**/login");
    await expect(page.locator("img.login-logo").isVisible()).resolves.toBe(true);

    await page.locator("#field-email").fill(user.email);
    await page.locator("#field-password").fill(user.password);
    await page.locator("button.login-submit").click();
    await page.waitForURL("**/index");

    await page.locator("ul.tiles a.tile").first().waitFor();
    const tiles = await page.locator("ul.tiles a.tile").allInnerTexts();
    expect(tiles.map((text) => text.trim())).toEqual(TILES);
    expect(await page.locator("header.topbar").count()).toBe(1);
    expect(errors).toEqual([]);
  });

  test("a wrong password shows the red error line under the form", async () => {
    const user = await e2e.server.createUser();
    const { page } = await e2e.open();
    await page.goto("/login");
    await page.locator("#field-email").fill(user.email);
    await page.locator("#field-password").fill("not-the-password");
    await page.locator("#field-password").press("Enter");

    const error = page.locator(".login-error");
    await error.waitFor();
    expect((await error.innerText()).trim()).toBe("Špatný e-mail nebo heslo");
    expect(await error.locator("svg.icon").count()).toBe(1);
    const color = await error.evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe("rgb(179, 38, 30)");
    const form = (await page.locator("form.login-form").boundingBox())!;
    const line = (await error.boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(form.y + form.height);
    // The typed email is kept; the user is still on the login page.
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.locator("#field-email").inputValue()).toBe(user.email);
  });

  test("an empty email is refused in the browser without a request", async () => {
    const { page } = await e2e.open();
    await page.goto("/login");
    // Anything that would reach the app's logic: a form post, a navigation, a fetch. (The
    // browser may still fetch the favicon on its own.)
    const requests: Request[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET" || ["document", "xhr", "fetch"].includes(request.resourceType())) requests.push(request);
    });

    await page.locator("#field-password").fill("something");
    await page.locator("button.login-submit").click();

    const fieldError = page.locator("#field-email-error");
    await page.waitForFunction(() => document.querySelector("#field-email-error")?.textContent === "Povinné pole");
    expect(await fieldError.isVisible()).toBe(true);
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-email");
    expect(requests.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);

    // An invalid email is refused the same way.
    await page.locator("#field-email").fill("not-an-email");
    await page.locator("button.login-submit").click();
    await page.waitForFunction(() => document.querySelector("#field-email-error")?.textContent === "Zadejte platný e-mail");
    expect(requests.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  test("logout from the user menu returns to /login and ends the session", async () => {
    const { page, session } = await e2e.open({ signedIn: true });
    await page.goto("/index");
    await page.locator("ul.tiles").waitFor();

    await page.locator(".user-menu-button").hover();
    const panel = page.locator(".user-menu-panel");
    await panel.waitFor({ state: "visible" });
    expect(await panel.locator(".user-menu-name").innerText()).toBe("Jana Nováková");
    expect(await panel.locator(".user-menu-email").innerText()).toBe(session!.user.email);

    await panel.locator("button.logout-button").click();
    await page.waitForURL("**/login");
    await page.locator("form.login-form").waitFor();

    const response = await page.goto("/index");
    await page.waitForURL("**/login");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toEndWith("/index");
    expect(await page.locator("header.topbar").count()).toBe(0);
  });
  test("a session ended elsewhere sends htmx and island calls back to /login", async () => {
    const { page, session } = await e2e.open({ signedIn: true });
    const { ctx } = e2e.server.testApp;

    // htmx: the list filter after the session was revoked.
    await page.goto("/products/dph");
    await page.locator("#list-vat tbody tr").first().waitFor();
    await logout({ ctx, input: { token: session!.token } });
    await page.locator("#list-vat-filter-rate").fill("15");
    await page.waitForURL("**/login");
    await page.locator("form.login-form").waitFor();

    // The barcode island: its 401 ends the session with the "expired" warning.
    const second = await e2e.open({ signedIn: true });
    await second.page.goto("/index");
    await waitForHydration(second.page, '[data-island="barcode-box"]');
    await logout({ ctx, input: { token: second.session!.token } });
    await second.page.locator("#barcode-input").fill("XYZ999");
    await second.page.waitForURL("**/login");
    await second.page.locator(".toast-warning", { hasText: "Přihlášení vypršelo" }).waitFor();
    const response = await second.page.goto("/index");
    expect(new URL(second.page.url()).pathname).toBe("/login");
    expect(response?.status()).toBe(200);
  });
});
