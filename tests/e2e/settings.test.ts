/** docs/domain.md#delivery-vans and docs/domain.md#translation-groups: delivery vans (plate normalised, validated, unique) and translation groups through the UI. */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { deliveryVanService } from "@/modules/settings/delivery-van/service";
import { translationGroupService } from "@/modules/settings/translation-group/service";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const VANS = "/settings/deliveryVan";
const GROUPS = "/settings/translationGroup";
const FORM_NOT_VALID = "Formulář není vyplněn správně";

const submit = (page: Page) => page.locator("form.entity-form button[type=submit]").first().click();

/** Waits until the field's error slot says exactly `text`. */
const fieldError = (page: Page, name: string, text: string) =>
  page.waitForFunction(([id, expected]) => document.getElementById(id!)?.textContent === expected, [`field-${name}-error`, text]);

/** Clicks the form's Delete, answers the confirm dialog and returns its question. */
async function answerDeleteDialog(page: Page, answer: "cancel" | "confirm"): Promise<string> {
  const isOpen = (open: boolean) => page.waitForFunction((want) => (document.getElementById("confirm-dialog") as HTMLDialogElement).open === want, open);
  await page.locator("form.delete-form button[type=submit]").click();
  await isOpen(true);
  const question = await page.locator("#confirm-dialog .dialog-message").innerText();
  await page.locator(`#confirm-dialog button[value=${answer}]`).click();
  if (answer === "cancel") await isOpen(false);
  return question;
}

describeBrowser("settings: delivery vans and translation groups", () => {
  const e2e = useE2E();

  test("a van's plate is normalised, shown formatted, unique, and a bad plate is explained", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    const { ctx } = e2e.server.testApp;

    // Create through the list's add button and the form, typing like a person.
    await page.goto(VANS);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${VANS}/new`);
    await page.locator("#field-name").fill("Dodávka Ford Transit");
    await page.locator("#field-spz").click();
    await page.keyboard.type("1ab 23-45");
    await submit(page);
    await page.waitForURL((url) => url.pathname === VANS);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    const row = page.locator("#list-deliveryVan tbody tr", { hasText: "Dodávka Ford Transit" });
    await row.waitFor();
    expect(await row.locator("td:nth-child(3)").innerText()).toBe("1AB 2345");
    // Stored normalised.
    const { rows } = await deliveryVanService.list({ ctx, input: { page: 1, size: 20, filters: { name: "Ford Transit" } } });
    expect(rows.map((van) => van.spz)).toEqual(["1AB2345"]);

    // The same plate written differently is refused on its field; nothing is created.
    await page.goto(`${VANS}/new`);
    await page.locator("#field-name").fill("Druhá dodávka");
    await page.locator("#field-spz").fill("1AB2345");
    await submit(page);
    await fieldError(page, "spz", "Vozidlo se SPZ 1AB 2345 už v evidenci je");
    await page.locator(".toast-warning", { hasText: FORM_NOT_VALID }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${VANS}/new`);
    // The typed values stay in the form.
    expect(await page.locator("#field-name").inputValue()).toBe("Druhá dodávka");

    // A plate with a letter Czech plates never use.
    await page.locator("#field-spz").fill("1ag 2345");
    await submit(page);
    await fieldError(page, "spz", "SPZ nesmí obsahovat písmena G, O, Q ani W");
    // Too short.
    await page.locator("#field-spz").fill("1A");
    await submit(page);
    await fieldError(page, "spz", "SPZ má 5 až 8 znaků (bez mezer a pomlček)");

    const after = await deliveryVanService.list({ ctx, input: { page: 1, size: 20, filters: { name: "Druhá" } } });
    expect(after.meta.total).toBe(0);
    expect(errors).toEqual([]);
  });

  test("a translation group is edited and deleted behind the confirm dialog", async () => {
    const { ctx } = e2e.server.testApp;
    const id = await translationGroupService.create({ ctx, input: { name: "Plotové dílce" } });
    const { page, errors } = await e2e.open({ signedIn: true });

    await page.goto(GROUPS);
    await page.locator(`#list-translationGroup a[href="${GROUPS}/${id}"]`, { hasText: "Plotové dílce" }).click();
    await page.waitForURL((url) => url.pathname === `${GROUPS}/${id}`);
    expect(await page.locator("#field-id").isDisabled()).toBe(true);
    expect(await page.locator("#field-id").inputValue()).toBe(String(id));

    // An empty name is refused in the browser.
    await page.locator("#field-name").fill("");
    await submit(page);
    await fieldError(page, "name", "Povinné pole");
    await page.locator(".toast-warning", { hasText: FORM_NOT_VALID }).waitFor();

    await page.locator("#field-name").fill("Plotové dílce a sloupky");
    await page.locator("#field-name").press("Enter");
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    expect(await page.locator("#field-name").inputValue()).toBe("Plotové dílce a sloupky");
    expect((await translationGroupService.get({ ctx, input: { id } })).name).toBe("Plotové dílce a sloupky");

    // Delete: cancel keeps it, confirm removes it.
    expect(await answerDeleteDialog(page, "cancel")).toBe("Opravdu smazat tento záznam?");
    expect((await translationGroupService.get({ ctx, input: { id } })).id).toBe(id);
    await answerDeleteDialog(page, "confirm");
    await page.waitForURL((url) => url.pathname === GROUPS);
    await page.locator(".toast-success", { hasText: "Smazáno" }).waitFor();
    expect(await page.locator(`#list-translationGroup a[href="${GROUPS}/${id}"]`).count()).toBe(0);
    await expect(translationGroupService.get({ ctx, input: { id } })).rejects.toThrow();
    expect(errors).toEqual([]);
  });
});
