/** The company identity (docs/domain.md#company-identity): Settings → Company in a browser — an admin fills the form, is told about a bad IČO, saves, uploads a logo and sees it. */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { getCompanyIdentity, getCompanyLogo } from "@/modules/settings/company-identity/service";
import { describeBrowser } from "../helpers/browser";
import { PNG } from "../helpers/image-fixtures";
import { useE2E } from "./server";

const PAGE = "/settings/company";

const submit = (page: Page) => page.locator("form.entity-form .form-actions button[type=submit]").click();

/** Waits until the field's error slot says exactly `text`. */
const fieldError = (page: Page, name: string, text: string) =>
  page.waitForFunction(([id, expected]) => document.getElementById(id!)?.textContent === expected, [`field-${name}-error`, text]);

const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><rect width="40" height="20" fill="#2e7d32"/><circle cx="10" cy="10" r="6" fill="#fff"/></svg>',
);

describeBrowser("settings: the company identity", () => {
  const e2e = useE2E();

  test("an admin fills the form, fixes a bad IČO, saves, uploads a logo, sees it, replaces and removes it", async () => {
    const { ctx } = e2e.server.testApp;
    const { page, context, errors } = await e2e.open();
    await e2e.server.signIn(context, { admin: true });

    // Through the Settings menu.
    await page.goto("/index");
    const settings = page.locator(".menu > li.has-children", { has: page.locator(":scope > button", { hasText: "Nastavení" }) });
    await settings.locator(":scope > button").hover();
    await settings.locator('.submenu a[href="/settings/company"]', { hasText: "Údaje firmy" }).click();
    await page.waitForURL(`**${PAGE}`);
    await page.locator(".company-logo-save-first").waitFor();

    await page.locator("#field-name").fill("Ploty Ohrada s.r.o.");
    await page.locator("#field-street").fill("Průmyslová 1472/8");
    await page.locator("#field-city").fill("Kuřim");
    await page.locator("#field-postalCode").fill("66434");
    await page.locator("#field-ico").fill("29305714");
    await page.locator("#field-dic").fill("cz29305713");
    await page.locator("#field-phone").fill("+420 541 230 145");
    await page.locator("#field-email").fill("obchod@ploty-ohrada.cz");
    await page.locator("#field-web").fill("www.ploty-ohrada.cz");
    await page.locator("#field-offerValidityDays").fill("21");
    await page.locator("#field-offerClosingText").fill("Děkujeme za Váš zájem.");
    expect(await page.locator("#field-vatPayer").isChecked()).toBe(true);
    await submit(page);

    // The IČO's check digit is wrong: its field says so, the typed values stay, nothing is saved.
    await fieldError(page, "ico", "IČO musí mít 8 číslic a vyhovět kontrole modulo 11");
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    expect(await page.locator("#field-city").inputValue()).toBe("Kuřim");
    expect((await getCompanyIdentity({ ctx })).updatedAt).toBeNull();

    await page.locator("#field-ico").fill("29305713");
    await submit(page);
    await page.locator(".toast-success").waitFor();
    expect(new URL(page.url()).pathname).toBe(PAGE);
    // Shown as stored: normalised.
    expect(await page.locator("#field-postalCode").inputValue()).toBe("664 34");
    expect(await page.locator("#field-dic").inputValue()).toBe("CZ29305713");
    expect(await page.locator("#field-web").inputValue()).toBe("https://www.ploty-ohrada.cz");
    expect(await getCompanyIdentity({ ctx })).toMatchObject({ name: "Ploty Ohrada s.r.o.", ico: "29305713", offerValidityDays: 21, vatPayer: true, hasLogo: false });

    // The logo: a PNG, previewed once uploaded (a real 4 × 3 picture loads).
    const section = page.locator("#company-logo");
    await section.locator(".company-logo-empty", { hasText: "Logo zatím není nahrané." }).waitFor();
    await page.locator("#company-logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(PNG) });
    await section.locator(".company-logo-upload button[type=submit]").click();
    await page.locator(".toast-success", { hasText: "Logo uloženo" }).waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("#company-logo img.company-logo-preview");
      return Boolean(img?.complete && img.naturalWidth === 4);
    });
    expect((await getCompanyLogo({ ctx }))?.mimeType).toBe("image/png");

    // Replaced by an SVG: the preview shows the new picture (40 × 20), not the cached old one.
    await page.locator("#company-logo-file").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: SVG_LOGO });
    await section.locator(".company-logo-upload button[type=submit]").click();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("#company-logo img.company-logo-preview");
      return Boolean(img?.complete && img.naturalWidth === 40);
    });
    expect((await getCompanyLogo({ ctx }))?.mimeType).toBe("image/svg+xml");

    // A file that is no picture is refused above the form; the logo stays.
    await page.locator("#company-logo-file").setInputFiles({ name: "cenik.svg", mimeType: "image/svg+xml", buffer: Buffer.from("Ceník 2026") });
    await section.locator(".company-logo-upload button[type=submit]").click();
    await section.locator(".alert-warning", { hasText: "Soubor „cenik.svg“ není obrázek PNG ani SVG" }).waitFor();
    expect(await section.locator("img.company-logo-preview").count()).toBe(1);

    // Removed behind the confirm dialog.
    await section.locator(".company-logo-remove").click();
    await page.locator("#confirm-dialog button[value=confirm]").click();
    await page.locator(".toast-success", { hasText: "Logo odebráno" }).waitFor();
    await section.locator(".company-logo-empty").waitFor();
    expect(await getCompanyLogo({ ctx })).toBeNull();
    expect(errors).toEqual([]);
  });

  test("a non-admin is not offered the page and is refused it", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto("/index");
    expect(await page.locator('header a[href="/settings/company"]').count()).toBe(0);
    const response = await page.goto(PAGE);
    expect(response?.status()).toBe(403);
    expect(await page.locator("body").innerText()).toContain("K této akci nemáte oprávnění");
    expect(errors).toEqual([]);
  });
});
