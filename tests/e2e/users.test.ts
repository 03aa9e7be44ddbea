/** docs/domain.md#kiosk-devices, docs/domain.md#users: users and kiosk devices, admins only — generated passwords, deactivation, the 403, pairing links. */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { userService } from "@/modules/settings/users/service";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const USERS = "/settings/users";
const DEVICES = "/settings/kioskDevices";

const submit = (page: Page) => page.locator("form.entity-form .form-actions button[type=submit]").click();

/** The Settings submenu's entries as the user sees them after hovering it. */
async function settingsMenu(page: Page): Promise<string[]> {
  const settings = page.locator(".menu > li.has-children", { has: page.locator(":scope > button", { hasText: "Nastavení" }) });
  await settings.locator(":scope > button").hover();
  await settings.locator(".submenu a").first().waitFor({ state: "visible" });
  return (await settings.locator(".submenu a").allInnerTexts()).map((text) => text.trim());
}

describeBrowser("users and kiosk devices", () => {
  const e2e = useE2E();

  /** A page in a fresh context, logged in as a new admin. */
  async function openAsAdmin() {
    const opened = await e2e.open();
    const session = await e2e.server.signIn(opened.context, { admin: true });
    return { ...opened, session };
  }

  test("an admin creates a user with a generated password, shown once; the user logs in with it until deactivated", async () => {
    const admin = await openAsAdmin();
    const { page } = admin;
    const { ctx } = e2e.server.testApp;
    const email = `lucie.horakova.${Date.now().toString(36)}@ohrada.test`;

    await page.goto(USERS);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${USERS}/new`);
    expect(await page.locator("#field-active").isChecked()).toBe(true);
    await page.locator("#field-firstName").fill("Lucie");
    await page.locator("#field-lastName").fill("Horáková");
    await page.locator("#field-email").fill(email);
    await page.locator("#field-kioskCardCode").fill("K-9001");
    await page.locator("#field-generatePassword").check();
    await submit(page);
    await page.waitForURL((url) => url.pathname === USERS);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();

    const shown = page.locator(".one-time-secrets [data-testid=generated-password]");
    expect(await shown.count()).toBe(1);
    const password = (await shown.innerText()).trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await page.locator(".one-time-secrets a").innerText()).toContain("Lucie Horáková");
    const row = page.locator(`#list-users tbody tr`, { hasText: email });
    const userPath = (await row.locator("a").first().getAttribute("href"))!;
    const userId = Number(userPath.split("/").pop());
    // Shown once: the next load of the list no longer has it.
    await page.reload();
    await page.locator("#list-users").waitFor();
    expect(await page.locator(".one-time-secrets").count()).toBe(0);

    // The new user logs in with it in another browser context.
    const user = await e2e.open();
    await user.page.goto("/login");
    await user.page.locator("#field-email").fill(email);
    await user.page.locator("#field-password").fill(password);
    await user.page.locator("button.login-submit").click();
    await user.page.waitForURL("**/index");
    await user.page.locator("ul.tiles").waitFor();

    // The admin deactivates the user.
    await page.goto(userPath);
    await page.locator("#field-active").uncheck();
    await submit(page);
    await page.waitForURL((url) => url.pathname === USERS);
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    expect((await userService.get({ ctx, input: { id: userId } })).active).toBe(false);

    // The user's next navigation lands on /login.
    await user.page.locator("header.topbar a[href='/index']").first().click();
    await user.page.waitForURL("**/login");
    await user.page.locator("form.login-form").waitFor();
    expect(await user.page.locator("header.topbar").count()).toBe(0);
    // Nor can they log in again.
    await user.page.locator("#field-email").fill(email);
    await user.page.locator("#field-password").fill(password);
    await user.page.locator("button.login-submit").click();
    await user.page.locator(".login-error").waitFor();
    expect(new URL(user.page.url()).pathname).toBe("/login");
    expect(admin.errors).toEqual([]);
  });

  test("only admins see Users and Kiosk devices in the menu; others get 403 on the page", async () => {
    const admin = await openAsAdmin();
    await admin.page.goto("/index");
    const adminEntries = await settingsMenu(admin.page);
    expect(adminEntries).toContain("Uživatelé");
    expect(adminEntries).toContain("Kiosková zařízení");

    const { page } = await e2e.open({ signedIn: true });
    await page.goto("/index");
    const entries = await settingsMenu(page);
    expect(entries).toContain("Vozidla");
    expect(entries).not.toContain("Uživatelé");
    expect(entries).not.toContain("Kiosková zařízení");
    expect(await page.locator(`header a[href="${USERS}"], header a[href="${DEVICES}"]`).count()).toBe(0);

    // A role refusal says "no access" and keeps the session (decision 016).
    const refused = await page.goto(USERS);
    expect(refused?.status()).toBe(403);
    await page.getByText("K této akci nemáte oprávnění").first().waitFor();
    await page.goto("/index");
    expect(new URL(page.url()).pathname).toBe("/index");
  });

  test("creating a kiosk device shows its one-time pairing link and QR code", async () => {
    const { page, errors } = await openAsAdmin();
    await page.goto(DEVICES);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${DEVICES}/new`);
    await page.locator("#field-name").fill("Dílna – svařovna");
    await page.locator("#field-name").press("Enter");
    await page.waitForURL((url) => url.pathname === DEVICES);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();

    const link = page.locator(".one-time-secrets [data-testid=pairing-link]");
    expect(await link.count()).toBe(1);
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(new RegExp(`^${e2e.server.baseUrl}/kiosk/pair/[A-Za-z0-9_-]{20,}$`));
    expect((await link.innerText()).trim()).toBe(href);
    expect(await page.locator(".pairing-link strong").innerText()).toBe("Dílna – svařovna");
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".pairing-link img.pairing-qr");
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const row = page.locator("#list-kioskDevices tbody tr", { hasText: "Dílna – svařovna" });
    expect(await row.locator("td:nth-child(2)").innerText()).toBe("čeká na spárování");

    // Shown once.
    await page.reload();
    await page.locator("#list-kioskDevices").waitFor();
    expect(await page.locator(".one-time-secrets").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
