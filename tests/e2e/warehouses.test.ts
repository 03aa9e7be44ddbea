/** docs/domain.md#warehouse: warehouses and their tiles, rack scales (unique ExtId), and the invoice settings' bank details. */
import { expect, test } from "bun:test";
import type { Page, Request } from "playwright-core";
import { getInvoiceSettings } from "@/modules/orders/service";
import { rackScaleService, warehouseService } from "@/modules/warehouse/service";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const WAREHOUSES = "/warehouse/warehouses";
const SCALES = "/warehouse/warehouseRackScales";
const INVOICE_SETTINGS = "/orders/invoiceSettings";
const FORM_NOT_VALID = "Formulář není vyplněn správně";

const submit = (page: Page) => page.locator("form.entity-form .form-actions button[type=submit]").click();
const fieldError = (page: Page, name: string, text: string) =>
  page.waitForFunction(([id, expected]) => document.getElementById(id!)?.textContent === expected, [`field-${name}-error`, text]);

describeBrowser("warehouses", () => {
  const e2e = useE2E();

  test("a warehouse needs its expedition choice and then shows as a tile linking to it", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    const { ctx } = e2e.server.testApp;
    await page.goto(WAREHOUSES);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${WAREHOUSES}/new`);
    expect(await page.locator("#field-icon").inputValue()).toBe("fence");
    expect(await page.locator("#field-expedition option:checked").innerText()).toBe("– vyberte –");
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request);
    });

    await page.locator("#field-name").fill("Sklad Hostivice");
    await submit(page);
    await page.locator(".toast-warning", { hasText: FORM_NOT_VALID }).waitFor();
    await fieldError(page, "expedition", "Povinné pole");
    expect(posts).toEqual([]);

    await page.locator("#field-expedition").selectOption({ label: "Ano" });
    await page.locator("#field-icon").selectOption({ label: "Brána" });
    await submit(page);
    await page.waitForURL((url) => url.pathname === WAREHOUSES);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    const link = page.locator("#list-warehouse tbody a", { hasText: "Sklad Hostivice" });
    const id = Number((await link.getAttribute("href"))!.split("/").pop());
    expect(await warehouseService.get({ ctx, input: { id } })).toEqual({ id, name: "Sklad Hostivice", expedition: true, icon: "gate" });

    // The tile grid: the tile carries the icon and links to the warehouse.
    await page.goto("/warehouse/selectWarehouse");
    const tile = page.locator(`ul.warehouse-tiles a.tile[data-warehouse-id="${id}"]`);
    await tile.waitFor();
    expect(await tile.getAttribute("href")).toBe(`/warehouse/${id}`);
    expect(await tile.locator(".tile-icon").count()).toBe(1);
    expect(await tile.locator(".tile-icon").isVisible()).toBe(true);
    expect((await tile.locator("span").first().innerText()).trim()).toBe("Sklad Hostivice");
    expect((await tile.locator(".tile-note").innerText()).trim()).toBe("Expediční sklad");
    // The icon itself is the link's content: clicking it follows the tile.
    await tile.locator(".tile-icon").click();
    await page.waitForURL((url) => url.pathname === `/warehouse/${id}`);
    expect(errors).toEqual([]);
  });

  test("a rack scale's ExtId is unique", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    const { ctx } = e2e.server.testApp;
    await page.goto(SCALES);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${SCALES}/new`);
    await page.locator("#field-name").fill("Regál A1 – spojovací materiál");
    await page.locator("#field-extId").fill("4101");
    await submit(page);
    await page.waitForURL((url) => url.pathname === SCALES);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    const row = page.locator("#list-rackScale tbody tr", { hasText: "Regál A1 – spojovací materiál" });
    expect((await row.locator("td:nth-child(3)").innerText()).trim()).toBe("4101");

    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${SCALES}/new`);
    await page.locator("#field-name").fill("Regál A2 – panty");
    await page.locator("#field-extId").fill("4101");
    await submit(page);
    await fieldError(page, "extId", "Váha s ExtId 4101 už existuje");
    await page.locator(".toast-warning", { hasText: FORM_NOT_VALID }).waitFor();
    const { meta } = await rackScaleService.list({ ctx, input: { page: 1, size: 20, filters: { extId: "4101" } } });
    expect(meta.total).toBe(1);

    // Another number goes through.
    await page.locator("#field-extId").fill("4102");
    await submit(page);
    await page.waitForURL((url) => url.pathname === SCALES);
    await page.locator("#list-rackScale tbody tr", { hasText: "Regál A2 – panty" }).waitFor();
    expect(errors).toEqual([]);
  });

  test("invoice settings: the IBAN is filled from the account, saved with the SWIFT; a wrong check digit is explained", async () => {
    const { page, errors } = await e2e.open({ signedIn: true, admin: true });
    const { ctx } = e2e.server.testApp;
    await page.goto(INVOICE_SETTINGS);
    const fill = page.locator("form.entity-form button[name=action][value=deriveIban]");

    // A typo in the account number.
    await page.locator("#field-bankAccount").fill("19-2000145398/0800");
    await fill.click();
    await fieldError(page, "bankAccount", "Číslo účtu nevyhovuje kontrole modulo 11 (překlep?)");
    expect(await page.locator("#field-iban").inputValue()).toBe("");

    await page.locator("#field-bankAccount").fill("19-2000145399/0800");
    await fill.click();
    await page.waitForFunction(() => (document.getElementById("field-iban") as HTMLInputElement | null)?.value === "CZ6508000000192000145399");
    expect(await page.locator("#field-bankAccount").inputValue()).toBe("19-2000145399/0800");
    expect(await page.locator("#field-bankAccount-error").innerText()).toBe("");
    // Filling saved nothing.
    expect((await getInvoiceSettings({ ctx })).iban).toBeNull();

    await page.locator("#field-swift").fill("GIBACZPX");
    await page.locator("#field-swift").press("Enter");
    await page.waitForURL((url) => url.pathname === INVOICE_SETTINGS);
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    expect(await page.locator("#field-iban").inputValue()).toBe("CZ6508000000192000145399");
    expect(await getInvoiceSettings({ ctx })).toEqual({ id: 1, bankAccount: "19-2000145399/0800", iban: "CZ6508000000192000145399", swift: "GIBACZPX", paymentMethod: "TRANSFER", constantSymbol: null, issuedBy: null });

    // Saving a wrong account is refused on its field and keeps the saved record.
    await page.locator("#field-bankAccount").fill("19-2000145398/0800");
    await submit(page);
    await fieldError(page, "bankAccount", "Číslo účtu nevyhovuje kontrole modulo 11 (překlep?)");
    await page.locator(".toast-warning", { hasText: FORM_NOT_VALID }).waitFor();
    expect((await getInvoiceSettings({ ctx })).bankAccount).toBe("19-2000145399/0800");
    expect(errors).toEqual([]);
  });
});
