/**
 * Browser tests of the products list (docs/domain.md#products-list, docs/decisions/008): the category
 * tree on the left narrows the rows through htmx (a ticked parent matches its descendants'
 * products), and the add-to-basket row action with the baskets column (amount 0 refused, 2
 * added and the common basket highlighted), plus the menu barcode box adding by P<id> and EAN-13.
 */
import { expect, test } from "bun:test";
import type { Page, Request } from "playwright-core";
import type { Ctx } from "@/lib/context";
import { listBasketItems } from "@/modules/baskets/service";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { createCategoryTree, createProduct } from "../helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { useE2E } from "./server";

const LIST = "/products";
const PICKER = '[data-island="category-tree-picker"]';

/** The name column's texts, in display order. */
const shownNames = (page: Page) => page.locator("#list-product tbody tr:not(.empty-row) td:nth-child(2)").allInnerTexts();

/** Waits until the table shows exactly these names (in any order). */
async function waitForNames(page: Page, names: string[]): Promise<void> {
  const want = [...names].sort();
  await page.waitForFunction((expected) => {
    const cells = [...document.querySelectorAll("#list-product tbody tr:not(.empty-row) td:nth-child(2)")].map((cell) => cell.textContent ?? "");
    return JSON.stringify(cells.sort()) === JSON.stringify(expected);
  }, want);
}

/** Sets a marker on `window`; it survives htmx swaps and disappears on any full page load. */
async function setMarker(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = "still here";
  });
}
const markerSurvived = (page: Page) => page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker === "still here");

/** Ticks or unticks a node of the filter tree by clicking its label. */
const clickNode = (page: Page, id: number) => page.locator(`${PICKER} label[for="tree-node-${id}"]`).click();

describeBrowser("Products list", () => {
  const e2e = useE2E();
  const db = () => e2e.server.testApp.ctx.db;

  test("the category tree narrows the rows through htmx; a ticked parent matches products below it", async () => {
    const ids = await createCategoryTree(db(), [
      { name: "Ploty", children: [{ name: "Poplastované", children: [{ name: "Zelené" }] }, { name: "Svařované" }] },
      { name: "Brány" },
    ]);
    const [ploty, poplastovane, zelene, svarovane, brany] = [ids.Ploty!, ids.Poplastované!, ids.Zelené!, ids.Svařované!, ids.Brány!];
    const names = {
      green: "Pletivo Zelené 1500 mm",
      welded: "Svařovaný panel 2500 × 1230",
      fenceOnly: "Plotová vzpěra",
      gate: "Brána dvoukřídlá Klasik",
      none: "Montážní sada bez kategorie",
    };
    await createProduct(db(), { name: names.green, categoryIds: [zelene] });
    await createProduct(db(), { name: names.welded, categoryIds: [svarovane] });
    await createProduct(db(), { name: names.fenceOnly, categoryIds: [ploty] });
    await createProduct(db(), { name: names.gate, categoryIds: [brany] });
    await createProduct(db(), { name: names.none });

    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    await waitForHydration(page, PICKER);
    expect(await shownNames(page)).toEqual(expect.arrayContaining(Object.values(names)));
    await setMarker(page);
    const navigations: Request[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) navigations.push(request);
    });

    // Poplastované: its own sub-category's product (Zelené) matches; the URL carries the id.
    await clickNode(page, poplastovane);
    await page.waitForURL((url) => url.searchParams.get("categories") === String(poplastovane));
    await waitForNames(page, [names.green]);
    expect(await page.locator("#list-product tbody tr td:nth-child(4)").allInnerTexts()).toEqual(["Zelené"]);

    // And Brány: the two are OR-ed, joined by a semicolon in tree order (Brány sorts first).
    await clickNode(page, brany);
    await page.waitForURL((url) => url.searchParams.get("categories") === `${brany};${poplastovane}`);
    await waitForNames(page, [names.green, names.gate]);

    // Ploty: unticks Poplastované below it and matches everything under Ploty.
    await clickNode(page, ploty);
    await page.waitForURL((url) => url.searchParams.get("categories") === `${brany};${ploty}`);
    await waitForNames(page, [names.green, names.welded, names.fenceOnly, names.gate]);
    expect(await page.locator(`#tree-node-${poplastovane}`).isChecked()).toBe(false);
    expect(await markerSurvived(page)).toBe(true);
    expect(navigations).toEqual([]);

    // Unticking one by one (each answer awaited: see the report on ticks during a request), then a leaf.
    await clickNode(page, ploty);
    await page.waitForURL((url) => url.searchParams.get("categories") === String(brany));
    await waitForNames(page, [names.gate]);
    await clickNode(page, brany);
    await page.waitForURL((url) => !url.searchParams.get("categories"));
    await page.waitForFunction((count) => document.querySelectorAll("#list-product tbody tr:not(.empty-row)").length >= count, 5);
    await clickNode(page, zelene);
    await page.waitForURL((url) => url.searchParams.get("categories") === String(zelene));
    await waitForNames(page, [names.green]);

    // The URL is the state: loading it shows the ticks and the same rows.
    await page.goto(`${LIST}?categories=${ploty}`);
    await waitForHydration(page, PICKER);
    expect(await page.locator(`#tree-node-${ploty}`).isChecked()).toBe(true);
    expect(await page.locator(`#tree-node-${svarovane}`).isChecked()).toBe(false);
    await waitForNames(page, [names.green, names.welded, names.fenceOnly]);

    // Clearing the selection brings every product back.
    await page.locator(PICKER).getByRole("button", { name: "Zrušit výběr" }).click();
    await page.waitForURL((url) => !url.searchParams.get("categories"));
    await page.waitForFunction((count) => document.querySelectorAll("#list-product tbody tr:not(.empty-row)").length >= count, 5);
    expect(await shownNames(page)).toEqual(expect.arrayContaining(Object.values(names)));
    expect(errors).toEqual([]);
  });

  test("a bigger tree gets a search box: typing without diacritics narrows the tree, ticks survive the search", async () => {
    const ids = await createCategoryTree(db(), [
      {
        name: "Ploty",
        children: [
          { name: "Poplastované pletivo", children: [{ name: "Zelené" }, { name: "Antracitové" }] },
          { name: "Pozinkované pletivo", children: [{ name: "Výška 1 500 mm" }, { name: "Výška 2 000 mm" }] },
          { name: "Svařované panely" },
        ],
      },
      { name: "Brány", children: [{ name: "Křídlové" }, { name: "Posuvné" }] },
      { name: "Příslušenství", children: [{ name: "Sloupky" }, { name: "Napínací drát" }] },
    ]);
    const zinc = "Pletivo pozinkované 1500 mm";
    await createProduct(db(), { name: zinc, categoryIds: [ids["Výška 1 500 mm"]!] });
    await createProduct(db(), { name: "Brána posuvná 4 m", categoryIds: [ids["Posuvné"]!] });

    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    await waitForHydration(page, PICKER);
    const search = page.locator(`${PICKER} input.tree-search`);
    const visibleNodes = () => page.locator(`${PICKER} li[role="treeitem"] > label > span`).allInnerTexts();

    // "pozinkovane": the match, its ancestors and everything below it; nothing else.
    await search.fill("pozinkovane");
    expect(await visibleNodes()).toEqual(["Ploty", "Pozinkované pletivo", "Výška 1 500 mm", "Výška 2 000 mm"]);
    await clickNode(page, ids["Pozinkované pletivo"]!);
    await page.waitForURL((url) => url.searchParams.get("categories") === String(ids["Pozinkované pletivo"]));
    await waitForNames(page, [zinc]);

    // Nothing matches: says so. Escape clears the search; the tick is still there.
    await search.fill("xyz");
    await page.locator(PICKER).getByText("Hledání neodpovídá žádná kategorie.").waitFor();
    await search.press("Escape");
    expect(await search.inputValue()).toBe("");
    expect(await visibleNodes()).toEqual(expect.arrayContaining(["Brány", "Křídlové", "Příslušenství", "Napínací drát", "Pozinkované pletivo"]));
    expect(await page.locator(`#tree-node-${ids["Pozinkované pletivo"]}`).isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  test("add to basket: 0 is refused and adds nothing, 2 adds and highlights the common basket; the barcode box adds by P<id> and EAN-13", async () => {
    const name = "Sloupek Zelený 48 × 2000";
    const productId = await createProduct(db(), { name });
    const scannedById = await createProduct(db(), { name: "Příchytka pletiva – zelená" });
    const code = ean13("859765432101");
    const scannedByEan = await createProduct(db(), { name: "Napínací drát 3,4 mm", ean13: code });

    const { page, errors, session } = await e2e.open({ signedIn: true });
    const ctx: Ctx = { ...e2e.server.testApp.ctx, userId: session!.user.id };
    const commonItems = () => listBasketItems({ ctx, input: { type: "COMMON", warehouseId: 0 } });
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/basket/add") posts.push(request);
    });
    await page.goto(`${LIST}?name=${encodeURIComponent(name)}`);
    await waitForNames(page, [name]);
    await page.locator('.baskets-column a.basket-link[data-common="true"]:not(.basket-highlight)', { hasText: "Společný košík" }).waitFor();

    // The row action opens the dialog with the product and amount 1, focused.
    const dialog = page.locator("#add-to-basket-dialog");
    const amount = page.locator("#add-to-basket-dialog-amount");
    const openDialog = async () => {
      await page.getByRole("button", { name: `Přidat do košíku: ${name}` }).click();
      await page.waitForFunction(() => (document.getElementById("add-to-basket-dialog") as HTMLDialogElement).open);
      expect(await dialog.locator("[data-slot=product-name]").innerText()).toBe(name);
      expect(await amount.inputValue()).toBe("1");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("add-to-basket-dialog-amount");
    };
    await openDialog();

    // 0 and Enter: a warning, the dialog stays open, nothing is posted or added.
    await page.keyboard.type("0");
    await page.keyboard.press("Enter");
    await page.locator(".toast-warning", { hasText: "Množství musí být větší než 0" }).waitFor();
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
    expect(posts).toEqual([]);
    expect(await commonItems()).toEqual([]);

    // Posted anyway (the browser check skipped): the server refuses it the same way, still nothing.
    await Promise.all([page.waitForEvent("load"), dialog.locator("form").evaluate((form) => (form as HTMLFormElement).submit())]);
    await page.locator(".toast-warning", { hasText: "Množství musí být větší než 0" }).waitFor();
    expect(posts.length).toBe(1);
    expect(await commonItems()).toEqual([]);
    await page.locator('.baskets-column a.basket-link[data-common="true"] .basket-count', { hasText: "0" }).waitFor();
    expect(await page.locator(".baskets-column .basket-highlight").count()).toBe(0);

    // Escape closes the dialog without adding; then 2 and OK adds.
    await openDialog();
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !(document.getElementById("add-to-basket-dialog") as HTMLDialogElement).open);
    await openDialog();
    await page.keyboard.type("2");
    await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: "OK" }).click()]);
    await page.locator(".toast-success", { hasText: "Přidáno" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(LIST);
    expect(await commonItems()).toEqual([{ id: expect.any(Number), shopProduct: { id: productId, name }, quantity: 2 }]);
    const common = page.locator('.baskets-column a.basket-link[data-common="true"]');
    expect(await common.getAttribute("class")).toContain("basket-highlight");
    expect(await common.getAttribute("href")).toBe("/warehouse/basket/common");
    expect(await common.locator(".basket-count").innerText()).toBe("1");

    // The menu's barcode box on /index: P<id> adds one more line, the column follows without a reload.
    await page.goto("/index");
    await waitForHydration(page, '[data-island="barcode-box"]');
    await setMarker(page);
    // A scanner types a code in one burst; insertText does the same, so a busy machine's pause
    // between keystrokes cannot send a prefix of the code on its own.
    await page.locator("#barcode-input").click();
    await page.keyboard.insertText(`P${scannedById}`);
    await page.locator(".toast-success", { hasText: "Přidáno: Příchytka pletiva – zelená" }).waitFor();
    await page.waitForFunction(() => document.querySelector('.baskets-column a.basket-link[data-common="true"] .basket-count')?.textContent === "2");
    expect(await page.locator("#barcode-input").inputValue()).toBe("");

    // And by EAN-13.
    await page.keyboard.insertText(code);
    await page.locator(".toast-success", { hasText: "Přidáno: Napínací drát 3,4 mm" }).waitFor();
    await page.waitForFunction(() => document.querySelector('.baskets-column a.basket-link[data-common="true"] .basket-count')?.textContent === "3");
    expect(await page.locator('.baskets-column a.basket-link[data-common="true"]').getAttribute("class")).toContain("basket-highlight");
    expect(await markerSurvived(page)).toBe(true);
    const items = await commonItems();
    expect(items.map((item) => [item.shopProduct.id, item.quantity])).toEqual([
      [productId, 2],
      [scannedById, 1],
      [scannedByEan, 1],
    ]);
    expect(errors).toEqual([]);
  });
});
