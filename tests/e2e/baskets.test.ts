/**
 * The basket pages in Chromium (docs/domain.md#baskets; decision 027): adding to the common basket from the
 * products list and from the menu barcode box and finding both on the common basket page;
 * producing from a selected source basket into a warehouse (the target follows the selection;
 * ITEMS_TRANSFORMED and the emptied baskets); stocktaking Out with a shortage; a transfer that
 * lands on the target warehouse; and the basket table's inline quantity edit and remove.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { Ctx } from "@/lib/context";
import { ean13 } from "@/lib/ean13";
import { addToBasket, getOrCreateBasket, listBasketItems } from "@/modules/baskets/service";
import { createProduct, createWarehouse } from "../helpers/factories";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";
import { stockHelpers } from "../helpers/stock";

const COMMON = "/warehouse/basket/common";
const TABLE = '[data-island="basket-table"]';
const SOURCES = '[data-island="basket-sources"]';

/** The product names of a basket table's rows, in order. */
const rowNames = (page: Page, tableId: string) => page.locator(`#${tableId} tbody tr[data-item-id] td:nth-child(2)`).allInnerTexts();

describeBrowser("baskets", () => {
  const e2e = useE2E();
  const db = () => e2e.server.testApp.ctx.db;
  const userCtx = (userId: number): Ctx => ({ ...e2e.server.testApp.ctx, userId });
  const commonLines = async (userId: number) =>
    (await listBasketItems({ ctx: userCtx(userId), input: { type: "COMMON" } })).map((item) => [item.shopProduct.name, item.quantity]);
  const { stock, setStock } = stockHelpers(db);

  test("added from the products list and the menu barcode box, both are in the common basket", async () => {
    await createProduct(db(), { name: "Plotovka Modřín 2 m" });
    const code = ean13("859111222333");
    await createProduct(db(), { name: "Kotva patky 80 mm", ean13: code });
    const { page, errors, session } = await e2e.open({ signedIn: true });

    await page.goto(`/products?name=${encodeURIComponent("Plotovka Modřín")}`);
    await page.getByRole("button", { name: "Přidat do košíku: Plotovka Modřín 2 m" }).click();
    await page.waitForFunction(() => (document.getElementById("add-to-basket-dialog") as HTMLDialogElement).open);
    await page.locator("#add-to-basket-dialog-amount").fill("2");
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    await page.locator(".toast-success", { hasText: "Přidáno" }).waitFor();

    await page.goto("/index");
    await waitForHydration(page, '[data-island="barcode-box"]');
    await page.locator("#barcode-input").click();
    // A scanner types the code in one burst.
    await page.keyboard.insertText(code);
    await page.locator(".toast-success", { hasText: "Přidáno: Kotva patky 80 mm" }).waitFor();
    await page.waitForFunction(() => document.querySelector('.baskets-column a.basket-link[data-common="true"] .basket-count')?.textContent === "2");

    await page.locator('.baskets-column a.basket-link[data-common="true"]').click();
    await page.waitForURL((url) => url.pathname === COMMON);
    await waitForHydration(page, TABLE);
    expect(await rowNames(page, "common-basket")).toEqual(["Plotovka Modřín 2 m", "Kotva patky 80 mm"]);
    expect(await page.getByRole("textbox", { name: "Množství: Plotovka Modřín 2 m" }).inputValue()).toBe("2");
    expect(await commonLines(session!.user.id)).toEqual([
      ["Plotovka Modřín 2 m", 2],
      ["Kotva patky 80 mm", 1],
    ]);
    expect(errors).toEqual([]);
  });

  test("production: the target follows the selected source; ITEMS_TRANSFORMED and the emptied baskets", async () => {
    const { ctx } = e2e.server.testApp;
    const source = await createWarehouse(ctx, { name: "Sklad profilů e2e" });
    const other = await createWarehouse(ctx, { name: "Sklad spojů e2e" });
    const target = await createWarehouse(ctx, { name: "Sklad bran e2e" });
    const material = await createProduct(db(), { name: "Profil 60×40 e2e" });
    const bolt = await createProduct(db(), { name: "Šroub M8 e2e" });
    const gate = await createProduct(db(), { name: "Brána Lípa e2e" });
    const { page, errors, session } = await e2e.open({ signedIn: true });
    const user = userCtx(session!.user.id);
    await setStock(source, material, "10.000");
    await setStock(other, bolt, "50.000");
    await addToBasket({ ctx: user, input: { type: "WAREHOUSE", warehouseId: source, productId: material, amount: 3 } });
    await addToBasket({ ctx: user, input: { type: "WAREHOUSE", warehouseId: other, productId: bolt, amount: 8 } });
    await addToBasket({ ctx: user, input: { type: "COMMON", productId: gate, amount: 1 } });
    const [sourceBasket, otherBasket] = [
      await getOrCreateBasket({ ctx, input: { userId: session!.user.id, type: "WAREHOUSE", warehouseId: source } }),
      await getOrCreateBasket({ ctx, input: { userId: session!.user.id, type: "WAREHOUSE", warehouseId: other } }),
    ];

    await page.goto(COMMON);
    await waitForHydration(page, SOURCES);
    // Hydrated: the previews follow the selection at once, so the no-script button is gone.
    expect(await page.locator(".basket-sources-show").count()).toBe(0);
    expect(await page.locator("[data-basket-arrow]").count()).toBe(0);
    await page.locator("#field-sourceBaskets").selectOption([String(otherBasket)]);
    await page.locator(`#basket-preview-${otherBasket}`).waitFor();
    expect(await page.locator("#field-targetWarehouse").inputValue()).toBe(String(other));
    await page.locator("#field-sourceBaskets").selectOption([String(sourceBasket)]);
    await page.locator(`#basket-preview-${otherBasket}`).waitFor({ state: "detached" });
    expect(await rowNames(page, `basket-preview-${sourceBasket}`)).toEqual(["Profil 60×40 e2e"]);
    expect(await page.locator(`#basket-preview-${sourceBasket} thead`).innerText()).toContain("bude spotřebován při výrobě");
    await page.locator("[data-basket-arrow]").waitFor();
    expect(await page.locator("#field-targetWarehouse").inputValue()).toBe(String(source));

    await page.locator("#field-targetWarehouse").selectOption(String(target));
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Provést výrobu" }).click()]);
    await page.locator(".toast-success", { hasText: "Položky převedeny" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(COMMON);
    await waitForHydration(page, TABLE);
    expect(await page.locator("#common-basket tbody").innerText()).toContain("Košík je prázdný.");
    expect(await page.locator(`#field-sourceBaskets option[value="${sourceBasket}"]`).innerText()).toBe("Sklad profilů e2e (0)");
    expect(await page.locator(`#field-sourceBaskets option[value="${otherBasket}"]`).innerText()).toBe("Sklad spojů e2e (1)");
    expect(await page.locator('.baskets-column a.basket-link[data-common="true"] .basket-count').innerText()).toBe("0");
    expect([await stock(source, material), await stock(target, gate), await stock(other, bolt)]).toEqual(["7.000", "1.000", "50.000"]);
    expect(errors).toEqual([]);
  });

  test("stocktaking Out with a shortage: the message names the product, asked and there; nothing changes", async () => {
    const { ctx } = e2e.server.testApp;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Řevnice e2e" });
    const panel = await createProduct(db(), { name: "Panel Řevnice e2e" });
    const { page, errors, session } = await e2e.open({ signedIn: true });
    await setStock(warehouse, panel, "2.000");
    await addToBasket({ ctx: userCtx(session!.user.id), input: { type: "COMMON", productId: panel, amount: 5 } });

    await page.goto(COMMON);
    await page.locator("#field-transferType").selectOption("INVENTORY_OUT");
    await page.locator("#field-warehouseId").selectOption(String(warehouse));
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Provést inventuru" }).click()]);
    const alert = page.locator("section[aria-labelledby=stocktaking-form-title] .basket-form-alert");
    await alert.waitFor();
    expect(await alert.innerText()).toContain("Na skladě není dost zboží, nic se nezměnilo:");
    expect(await alert.innerText()).toContain("Panel Řevnice e2e (sklad Sklad Řevnice e2e): požadováno 5, skladem 2");
    expect(await page.locator("#field-transferType").inputValue()).toBe("INVENTORY_OUT");
    expect(await stock(warehouse, panel)).toBe("2.000");
    expect(await commonLines(session!.user.id)).toEqual([["Panel Řevnice e2e", 5]]);
    expect(errors).toEqual([]);
  });

  test("transfer from a warehouse basket lands on the target warehouse", async () => {
    const { ctx } = e2e.server.testApp;
    const here = await createWarehouse(ctx, { name: "Sklad Dobříš e2e" });
    const there = await createWarehouse(ctx, { name: "Sklad Mníšek e2e" });
    const post = await createProduct(db(), { name: "Sloupek Dobříš e2e" });
    const { page, errors, session } = await e2e.open({ signedIn: true });
    await setStock(here, post, "6.000");
    await addToBasket({ ctx: userCtx(session!.user.id), input: { type: "WAREHOUSE", warehouseId: here, productId: post, amount: 4 } });

    await page.goto("/index");
    await page.locator(`.baskets-column a[href="/warehouse/basket/warehouse/${here}"]`).click();
    await page.locator("h1", { hasText: "Skladový košík - Sklad Dobříš e2e" }).waitFor();
    await waitForHydration(page, TABLE);
    expect(await rowNames(page, "warehouse-basket")).toEqual(["Sloupek Dobříš e2e"]);
    expect(await page.locator(`#field-targetWarehouseId option[value="${here}"]`).count()).toBe(0);
    await page.locator("#field-targetWarehouseId").selectOption(String(there));
    await Promise.all([page.waitForURL((url) => url.pathname === `/warehouse/${there}`), page.getByRole("button", { name: "Přesunout" }).click()]);
    await page.locator(".toast-success", { hasText: "Položky převedeny" }).waitFor();
    expect(await page.locator("#warehouse-items tbody").innerText()).toContain("Sloupek Dobříš e2e");
    expect([await stock(here, post), await stock(there, post)]).toEqual(["2.000", "4.000"]);
    expect(errors).toEqual([]);
  });

  test("inline edit: Enter saves, a refused value says why, Escape puts the stored one back, remove takes the row out", async () => {
    const first = await createProduct(db(), { name: "Lamela Jíloviště e2e" });
    const second = await createProduct(db(), { name: "Úchyt Jíloviště e2e" });
    const { page, errors, session } = await e2e.open({ signedIn: true });
    const user = userCtx(session!.user.id);
    await addToBasket({ ctx: user, input: { type: "COMMON", productId: first, amount: 1 } });
    await addToBasket({ ctx: user, input: { type: "COMMON", productId: second, amount: 2 } });
    const patches: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH") patches.push(request.postData() ?? "");
    });

    await page.goto(COMMON);
    await waitForHydration(page, TABLE);
    const quantity = page.getByRole("textbox", { name: "Množství: Lamela Jíloviště e2e" });
    await quantity.fill("3,5");
    await quantity.press("Enter");
    await page.waitForFunction(() => document.querySelector('#common-basket input[aria-label="Množství: Lamela Jíloviště e2e"]')?.getAttribute("data-state") === "saved");
    expect(await commonLines(session!.user.id)).toEqual([
      ["Lamela Jíloviště e2e", 3.5],
      ["Úchyt Jíloviště e2e", 2],
    ]);
    // Leaving the field unchanged saves nothing more.
    await quantity.press("Tab");
    expect(patches).toEqual(['{"quantity":"3,5"}']);

    // 0 and leaving the field: refused with the server's message, the field marked; Escape restores 3,5.
    await quantity.fill("0");
    await quantity.press("Tab");
    await page.locator(".toast-warning", { hasText: "Množství musí být větší než 0" }).waitFor();
    // The message alone, not the API's field name; the same refusal again replaces it, not piles up.
    expect(await page.locator(".toast-warning .toast-text").allInnerTexts()).toEqual(["Množství musí být větší než 0"]);
    await quantity.focus();
    await quantity.press("Enter");
    await page.waitForTimeout(300);
    expect(await page.locator(".toast-warning .toast-text").allInnerTexts()).toEqual(["Množství musí být větší než 0"]);
    expect(await quantity.getAttribute("aria-invalid")).toBe("true");
    await quantity.focus();
    await quantity.press("Escape");
    expect(await quantity.inputValue()).toBe("3,5");
    expect(await quantity.getAttribute("aria-invalid")).toBeNull();
    expect((await commonLines(session!.user.id))[0]).toEqual(["Lamela Jíloviště e2e", 3.5]);

    // Remove: the row leaves once the server said so, focus moves to the next row's button, the column follows.
    await page.getByRole("button", { name: "Odebrat z košíku: Lamela Jíloviště e2e" }).click();
    await page.locator("#common-basket tbody tr", { hasText: "Lamela Jíloviště e2e" }).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Odebrat z košíku: Úchyt Jíloviště e2e");
    await page.waitForFunction(() => document.querySelector('.baskets-column a.basket-link[data-common="true"] .basket-count')?.textContent === "1");
    expect(await commonLines(session!.user.id)).toEqual([["Úchyt Jíloviště e2e", 2]]);
    expect(errors).toEqual([]);
  });
});
