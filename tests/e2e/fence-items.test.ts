/**
 * Browser tests (docs/domain.md#items-tab): the order's items tab (islands/orders/fence-items-editor.tsx) as
 * the office uses it. A fence, a two-wing gate and a wicket built from an empty order with the
 * keyboard and docs/fence-geometry.md's examples (FENCE-1, TWO_WING_GATE-1, WICKET-1); the red top
 * border of an empty required field; the drawing following the height; the spacer dialog writing
 * spacer and slat count back; Ctrl+S saving, the real ids after the reload and the summary equal to
 * the server's; a refused save marking its field and losing nothing; other lines with the virtual
 * custom product, the ATTENTION product in red, the assembly offer and a confirmed delete; and the
 * JavaScript the tab loads within its budget.
 */
import { expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { categoryParameterCategories, categoryParameters, products } from "@db/schema";
import { eq } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { ItemsTab } from "@/modules/orders/fence-item/schemas";
import { editOrderItems } from "@/modules/orders/fence-item/service";
import { createFenceCategory, createFenceOrder, createFenceOrderWithItems, createFenceProduct, createUser, FENCE_1_PARAMETERS, type FenceCategory, fence1Item } from "../helpers/factories";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";

const ISLAND = "[data-island=fence-items]";
/** Spec: 120 KB gzip including React. */
const JS_BUDGET_BYTES = 120 * 1024;

const tabPath = (id: number) => `/orders/fenceOrder/${id}?tab=1`;
const field = (page: Page, index: number, name: string) => page.locator(`[name="items[${index}].${name}"]`);
const openItem = (page: Page) => page.locator(".fi-item-open");
const computed = (page: Page, name: string) => page.locator(`.fi-item-open [data-computed=${name}] dd`).first();
const drawingSlats = (page: Page) => page.locator(".fi-item-open figure.fence-drawing svg").getAttribute("data-slats");
/** Czech money as the page shows it, spaces normalised. */
const kc = (value: number) => formatMoney(value, "cs").replace(/\u00a0/g, " ");
const text = async (page: Page, selector: string) => (await page.locator(selector).innerText()).replace(/\u00a0/g, " ").trim();

async function fill(page: Page, index: number, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const input = field(page, index, name);
    if ((await input.evaluate((element) => element.tagName)) === "SELECT") await input.selectOption(value);
    else await input.fill(value);
  }
}

/** Types into a product picker and chooses the option with the keyboard. */
async function pickProduct(page: Page, name: string, query: string, optionText = query) {
  const input = page.locator(`[name="${name}"]`);
  await input.fill(query);
  await page.locator(`[role=listbox] [role=option]`, { hasText: optionText }).first().waitFor();
  while ((await page.locator("[role=listbox] [role=option][aria-selected=true]").innerText()) !== optionText) await input.press("ArrowDown");
  await input.press("Enter");
  await page.waitForFunction((n) => (document.querySelector(`[name="${n}"]`) as HTMLElement).dataset.productId !== "", name);
}

/** The red top border docs/domain.md#fence-item-validation asks of an empty required field. */
const borderTop = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.borderTopWidth} ${style.borderTopColor}`;
  });
const RED_TOP = "3px rgb(179, 38, 30)";

describeBrowser("Order items tab", () => {
  const e2e = useE2E();
  let category: FenceCategory;
  let made = false;

  async function catalogue() {
    if (made) return;
    made = true;
    const db = e2e.server.testApp.ctx.db;
    category = await createFenceCategory(db, { name: "Hliníkové ploty E2E" });
    await createFenceProduct(db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela E2E", m2Price: "2450.00" });
    // TWO_WING_GATE-1 and WICKET-1 (docs/fence-geometry.md); WICKET-1's slats are 80 mm.
    await createFenceProduct(db, category, { topBar: 40, bottomBar: 40, uProfile: 24, post: 100, lock: 40, pieceHeight: 100, assemblyPrice: 1500 }, { name: "Brána dvoukřídlá E2E", m2Price: "4200.00" });
    await createFenceProduct(db, category, { topBar: 30, bottomBar: 30, uProfile: 20, post: 60, stop: 15, lock: 35, pieceHeight: 80, weightPerMeter: 9.8, assemblyPrice: 900 }, { name: "Branka E2E", m2Price: "3990.00" });
  }

  async function openTab(orderId: number) {
    const opened = await e2e.open({ signedIn: true, viewport: { width: 1400, height: 1000 } });
    await opened.page.goto(tabPath(orderId));
    await waitForHydration(opened.page, ISLAND);
    return opened;
  }

  const serverTab = async (page: Page, id: number): Promise<ItemsTab> => (await (await page.request.get(`/api/orders/fenceOrder/${id}/items`)).json()).data;

  test("a fence, a two-wing gate and a wicket from an empty order: red borders, live numbers and drawing, the spacer dialog, Ctrl+S, real ids, the server's summary", async () => {
    await catalogue();
    const orderId = await createFenceOrder(e2e.server.testApp.ctx);
    const { page, errors } = await openTab(orderId);
    expect(await page.locator(".fi-panel[data-list=items] .field-hint").innerText()).toBe("Zakázka zatím nemá žádnou plotovou položku. Přidejte první.");
    expect(await page.locator(`a[href="/orders/fenceOrder/manufacture/${orderId}"]`).innerText()).toBe("Výrobní list zakázky");

    // ---- 1. FENCE-1 -----------------------------------------------------------------------------
    await page.getByRole("button", { name: "Přidat položku" }).click();
    await fill(page, 0, { productType: "FENCE" });
    // Every empty required field has a red top border; a filled one does not.
    expect(await borderTop(page, `[name="items[0].color"]`)).toBe(RED_TOP);
    expect(await borderTop(page, `[name="items[0].spacerHeight"]`)).toBe(RED_TOP);
    expect(await page.locator(".fi-item-open .field-missing").count()).toBe(7);
    expect(await borderTop(page, `[name="items[0].amount"]`)).not.toBe(RED_TOP);
    expect(await page.locator(".fi-item-open figure.fence-drawing").innerText()).toContain("Nákres se zobrazí po vyplnění");

    await pickProduct(page, "items[0].product", "Plot Lamela E2E");
    // The product's m² price comes with it.
    expect(await field(page, 0, "m2price").inputValue()).toBe("2450");
    await fill(page, 0, { color: "RAL 7016", height: "1800", length: "2 500", distanceFromGround: "50", distanceFromTop: "30", distancingType: "PRINT_3D", spacerHeight: "20", amount: "6" });
    expect(await borderTop(page, `[name="items[0].color"]`)).not.toBe(RED_TOP);
    expect(await page.locator(".fi-item-open .field-missing").count()).toBe(0);
    expect(await computed(page, "realFillingHeight").innerText()).toBe("1665");
    expect(await computed(page, "realFillingWidth").innerText()).toBe("2476");
    expect(await computed(page, "slatCount").innerText()).toBe("14");
    expect(await computed(page, "tail").innerText()).toBe("5");
    expect(await computed(page, "weight").innerText()).toBe("31,25");
    expect(await text(page, ".fi-item-open [data-computed=unitPrice] dd")).toBe(kc(11025));
    expect(await text(page, ".fi-item-open [data-computed=totalPrice] dd")).toBe(kc(66150));

    // The drawing redraws as the height changes: 1500 mm leaves 1365 mm of filling, 11 slats.
    expect(await drawingSlats(page)).toBe("14");
    await field(page, 0, "height").fill("1500");
    expect(await drawingSlats(page)).toBe("11");
    expect(await computed(page, "slatCount").innerText()).toBe("11");
    await field(page, 0, "height").fill("1800");
    expect(await drawingSlats(page)).toBe("14");

    // The spacer dialog starts from the item, and rounding up writes 15 slats at 11.78 mm back.
    await page.locator(".fi-item-open [data-spacer=main]").click();
    const dialog = page.locator("dialog.spacer-dialog[open]");
    await dialog.waitFor();
    expect(await dialog.locator("h2").first().innerText()).toBe("Kalkulačka mezer – 1. položka");
    expect(await dialog.locator("input[name=height]").inputValue()).toBe("1665");
    expect(await dialog.locator("input[name=slatHeight]").inputValue()).toBe("100");
    await dialog.locator("tr[data-option=ceiling] input[type=radio]").check();
    await dialog.locator(".spacer-apply button").click();
    await dialog.waitFor({ state: "detached" });
    expect(await field(page, 0, "spacerHeight").inputValue()).toBe("11,78");
    expect(await field(page, 0, "actualSlatCount").inputValue()).toBe("15");
    expect(await drawingSlats(page)).toBe("15");
    expect(await computed(page, "tail").innerText()).toBe("0,08");

    // ---- 2. TWO_WING_GATE-1 ----------------------------------------------------------------------
    await page.getByRole("button", { name: "Přidat položku" }).click();
    expect(await page.locator(".fi-item-open").getAttribute("data-item-key")).not.toBe(null);
    expect(await page.locator(".fi-item-open .fi-item-title").innerText()).toBe("2. položka");
    await fill(page, 1, { productType: "TWO_WING_GATE" });
    await pickProduct(page, "items[1].product", "Brána dvoukřídlá E2E");
    await fill(page, 1, { color: "RAL 7016", height: "1600", length: "4000", distanceFromGround: "50", distancingType: "PRINT_3D", spacerHeight: "20", gateOpeningType: "HINGES" });
    await fill(page, 1, { openingType: "RIGHT_TO_YARD", wingRelation: "SAME_DIRECTION", wicketPartWidth: "1500", solidPartWidth: "2400", hingeType: "BEARING", hingeWidth: "30" });
    // docs/domain.md#fence-item-validation hint: the parts must make the total width.
    expect(await page.locator(`.fi-item-open [data-field=solidPartWidth] .field-hint`).innerText()).toBe("Branková a pevná část dávají dohromady 3900 mm, celková šířka je 4000 mm");
    await fill(page, 1, { solidPartWidth: "2500" });
    expect(await page.locator(`.fi-item-open [data-field=solidPartWidth] .field-hint`).innerText()).toBe("Branková a pevná část mají dohromady dát celkovou šířku (délku).");
    // A lock opened by hand asks for its handles.
    expect(await field(page, 1, "doorHandleHeight").count()).toBe(1);
    expect(await page.locator(".fi-item-open [data-field=doorHandleHeight].field-missing").count()).toBe(0);
    await fill(page, 1, { lockType: "NORMAL" });
    expect(await borderTop(page, `[name="items[1].doorHandleHeight"]`)).toBe(RED_TOP);
    await fill(page, 1, { doorHandleHeight: "1000", doorHandleInner: "HANDLE", doorHandleOuter: "KNOB" });
    expect(await computed(page, "realGatePartFillingWidth").innerText()).toBe("1301");
    expect(await computed(page, "realSolidPartFillingWidth").innerText()).toBe("2341");
    expect(await computed(page, "slatCountAlt").innerText()).toBe("12");
    expect(await text(page, ".fi-item-open [data-computed=totalPrice] dd")).toBe(kc(26880));
    expect(await page.locator(".fi-item-open figure.fence-drawing [data-part=wing]").count()).toBe(2);

    // ---- 3. WICKET-1, then back to the first item with the previous links ------------------------
    await page.getByRole("button", { name: "Přidat položku" }).click();
    await fill(page, 2, { productType: "WICKET" });
    await pickProduct(page, "items[2].product", "Branka E2E");
    await fill(page, 2, { color: "RAL 9005", height: "1200", length: "1300", distanceFromGround: "50", distancingType: "SCREWS", spacerHeight: "10" });
    await fill(page, 2, { hingeType: "ARTICULATED", hingeWidth: "25", openingType: "RIGHT_TO_YARD", lockType: "NORMAL", doorHandleHeight: "1050", doorHandleInner: "HANDLE", doorHandleOuter: "HANDLE" });
    expect(await computed(page, "realFillingWidth").innerText()).toBe("1085");
    expect(await computed(page, "slatCount").innerText()).toBe("12");
    expect(await text(page, ".fi-item-open [data-computed=unitPrice] dd")).toBe(kc(6224.4));
    expect(await page.locator(".fi-item[data-valid=false]").count()).toBe(0);
    await page.getByRole("button", { name: "← Předchozí položka" }).click();
    expect(await page.locator(".fi-item-open .fi-item-title").innerText()).toBe("2. položka");
    await page.getByRole("button", { name: "← Předchozí položka" }).click();
    expect(await field(page, 0, "spacerHeight").inputValue()).toBe("11,78");

    // The assembly offer follows the items: 6 fence fields, 1 gate, 1 wicket, at their products' prices.
    const offered = await page.locator("[data-list=assemblyItems] .fi-suggested li").allInnerTexts();
    expect(offered.map((line) => line.replace(/\u00a0/g, " "))).toEqual([
      `Montáž plotu: 6 ks × ${kc(350)} Převzít`,
      `Montáž brány: 1 ks × ${kc(1500)} Převzít`,
      `Montáž branky: 1 ks × ${kc(900)} Převzít`,
    ]);
    await page.locator("[data-list=assemblyItems] .fi-suggested li").first().getByRole("button").click();
    expect(await page.locator('[name="assemblyItems[0].amount"]').inputValue()).toBe("6");

    // The summary, live: 66 150 + 26 880 + 6 224,40 + 2 100 of assembly, VAT 21 %.
    const base = 66150 + 26880 + 6224.4 + 2100;
    expect(await text(page, "[data-summary=priceWithoutVat] dd")).toBe(kc(base));
    expect(await text(page, "[data-summary=vat] dd")).toBe(kc(21_284.42));
    expect(await text(page, "[data-summary=total] dd")).toBe(kc(122_638.82));

    // ---- Ctrl+S: one save, SAVED, the real ids 1 s later ---------------------------------------------
    expect(await page.locator(".fi-item").evaluateAll((items) => items.map((item) => item.getAttribute("data-item-id")))).toEqual(["", "", ""]);
    const saves: string[] = [];
    page.on("request", (request) => request.method() === "PUT" && saves.push(request.postData() ?? ""));
    await field(page, 0, "color").press("Control+s");
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    await page.waitForSelector(`${ISLAND} .fence-items[data-reloads="1"]`);
    expect(saves.length).toBe(1);
    const body = JSON.parse(saves[0]!);
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(body.items.map((item: { tmpId?: string }) => typeof item.tmpId)).toEqual(["string", "string", "string"]);

    const tab = await serverTab(page, orderId);
    expect(tab.items.map((item) => item.productType)).toEqual(["FENCE", "TWO_WING_GATE", "WICKET"]);
    const ids = await page.locator(".fi-item").evaluateAll((items) => items.map((item) => item.getAttribute("data-item-id")));
    expect(ids).toEqual(tab.items.map((item) => String(item.id)));
    expect(await page.locator(".fi-item-open").count()).toBe(1);
    expect(tab.items[0]).toMatchObject({ spacerHeight: 11.78, actualSlatCount: 15, height: 1800, length: 2500, amount: 6, totalPrice: 66150 });
    expect(await page.locator('[data-list=assemblyItems] tr[data-line-id]').getAttribute("data-line-id")).toBe(String(tab.assemblyItems[0]!.id));
    // The page's summary is the server's.
    expect(await text(page, "[data-summary=priceWithoutVat] dd")).toBe(kc(tab.summary.priceWithoutVat));
    expect(await text(page, "[data-summary=vat] dd")).toBe(kc(tab.summary.vat));
    expect(await text(page, "[data-summary=total] dd")).toBe(kc(tab.summary.total));
    expect(tab.summary.total).toBe(122_638.82);
    expect(await page.locator(".fi-status").innerText()).toBe("");

    // A reload of the page shows the same.
    await page.reload();
    await waitForHydration(page, ISLAND);
    expect(await text(page, "[data-summary=total] dd")).toBe(kc(tab.summary.total));
    // With the spacer of the dialog's ceiling (11,78 mm), 15 slats fit: (1665 + 11.78) / 111.78 = 15.0006.
    expect(await page.locator(".fi-item-open [data-computed=slatCount] dd").innerText()).toBe("15");
    expect(errors).toEqual([]);
  });

  test("an empty required field blocks the save in the browser; the server's refusal marks its field; nothing typed is lost; Enter submits nothing", async () => {
    await catalogue();
    const db = e2e.server.testApp.ctx.db;
    // A product whose category has a creation parameter the office must enter (no item field gives it, no default).
    const own = await createFenceCategory(db, { name: "Ploty s křídly E2E" });
    const [wings] = await db.insert(categoryParameters).values({ name: "Počet křídel", unit: "", required: true, creationParameter: true }).returning({ id: categoryParameters.id });
    await db.insert(categoryParameterCategories).values({ parameterId: wings!.id, categoryId: own.categoryId });
    await createFenceProduct(db, own, FENCE_1_PARAMETERS, { name: "Plot Křídla E2E" });
    const orderId = await createFenceOrder(e2e.server.testApp.ctx);
    const { page, errors } = await openTab(orderId);
    const puts: string[] = [];
    page.on("request", (request) => request.method() === "PUT" && puts.push(request.url()));
    await page.getByRole("button", { name: "Přidat položku" }).click();
    await fill(page, 0, { productType: "FENCE" });
    await pickProduct(page, "items[0].product", "Plot Křídla E2E");
    await fill(page, 0, { color: "RAL 7016", length: "2500", distancingType: "PRINT_3D", spacerHeight: "20" });
    // Enter in a field does not save half an item.
    await field(page, 0, "length").press("Enter");
    expect(puts).toEqual([]);

    // No height: the browser refuses, names the field, and sends nothing.
    await page.getByRole("button", { name: "Uložit položky" }).click();
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    expect(await page.locator(".fi-errors li").allInnerTexts()).toEqual(["1. položka – Výška (mm): Povinné pole"]);
    expect(await borderTop(page, `[name="items[0].height"]`)).toBe(RED_TOP);
    expect(puts).toEqual([]);

    // The creation parameter is red too, but only the server knows it is required: its refusal marks it.
    expect(await page.locator(".fi-item-open .fi-section", { hasText: "Parametry vyráběné varianty" }).locator(".field-missing").count()).toBe(1);
    await fill(page, 0, { height: "1800" });
    expect(await page.locator(".fi-errors").count()).toBe(0);
    await page.keyboard.press("Control+s");
    await page.locator(".fi-errors li", { hasText: "Počet křídel" }).waitFor();
    expect(puts.length).toBe(1);
    expect(await page.locator(".fi-errors li").allInnerTexts()).toEqual(["1. položka – Parametry vyráběné varianty: Parametr „Počet křídel“ je povinný"]);
    expect(await page.locator(".fi-item-open .fi-section", { hasText: "Parametry vyráběné varianty" }).locator(".field-error").innerText()).toBe("Parametr „Počet křídel“ je povinný");
    // Nothing typed is lost, nothing was saved.
    expect(await field(page, 0, "height").inputValue()).toBe("1800");
    expect(await field(page, 0, "color").inputValue()).toBe("RAL 7016");
    expect((await serverTab(page, orderId)).items).toEqual([]);

    await page.locator(`.fi-item-open input[name="items[0].parameters.${wings!.id}"]`).fill("2");
    await page.keyboard.press("Control+s");
    await page.waitForSelector(`${ISLAND} .fence-items[data-reloads="1"]`);
    const tab = await serverTab(page, orderId);
    expect(tab.items.length).toBe(1);
    expect(tab.items[0]!.parameters).toContainEqual({ id: wings!.id, value: "2" });
    expect(await page.locator(".fi-item").getAttribute("data-item-id")).toBe(String(tab.items[0]!.id));
    expect(await page.locator(".fi-manufactured").innerText()).toContain("Plot Křídla E2E");
    expect(errors).toEqual([]);
  });

  test("someone else saved meanwhile: the save is refused naming them, the edits stay; reload discards them, or they are saved instead", async () => {
    await catalogue();
    const ctx = e2e.server.testApp.ctx;
    const [lamela] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.name, "Plot Lamela E2E"));
    const { id: orderId } = await createFenceOrderWithItems(ctx, { items: [{ ...fence1Item(lamela!.id), amount: 2 }], otherItems: [] });
    const { page, errors } = await openTab(orderId);
    expect(await field(page, 0, "amount").inputValue()).toBe("2");

    // Eva saves the tab while it is open here.
    const { id: eva } = await createUser(ctx, { firstName: "Eva", lastName: "Dvořáková" });
    const loaded = await serverTab(page, orderId);
    await editOrderItems({ ctx: { ...ctx, userId: eva }, input: { id: orderId, values: { itemsVersion: loaded.itemsVersion, items: [{ ...fence1Item(lamela!.id), id: loaded.items[0]!.id, amount: 3 }] } } });

    await field(page, 0, "amount").fill("9");
    await page.keyboard.press("Control+s");
    const conflict = page.locator(".fi-conflict[role=alert]");
    await conflict.waitFor();
    expect(await conflict.locator("strong").innerText()).toMatch(/^Položky zakázky mezitím uložil\(a\) Eva Dvořáková \(\d\d\.\d\d\.\d{4} \d\d:\d\d\)\.$/);
    // The edit is still there, unsaved; the server kept Eva's.
    expect(await field(page, 0, "amount").inputValue()).toBe("9");
    expect(await page.locator(".fi-status").innerText()).toBe("Neuložené změny");
    expect((await serverTab(page, orderId)).items[0]!.amount).toBe(3);

    // Loading the saved state shows Eva's amount and drops the warning; a save from there goes through.
    await conflict.getByRole("button", { name: "Načíst uložený stav (zahodit mé úpravy)" }).click();
    await conflict.waitFor({ state: "detached" });
    expect(await field(page, 0, "amount").inputValue()).toBe("3");
    await field(page, 0, "amount").fill("4");
    await page.keyboard.press("Control+s");
    await page.waitForSelector(`${ISLAND} .fence-items[data-reloads="2"]`);
    expect((await serverTab(page, orderId)).items[0]!.amount).toBe(4);

    // Again Eva first; this time the office keeps its edit and saves it instead of hers.
    const now = await serverTab(page, orderId);
    await editOrderItems({ ctx: { ...ctx, userId: eva }, input: { id: orderId, values: { itemsVersion: now.itemsVersion, items: [{ ...fence1Item(lamela!.id), id: now.items[0]!.id, amount: 5 }] } } });
    await field(page, 0, "amount").fill("6");
    await page.keyboard.press("Control+s");
    await conflict.waitFor();
    await conflict.getByRole("button", { name: "Uložit mé úpravy místo jejich" }).click();
    await conflict.waitFor({ state: "detached" });
    await page.waitForSelector(`${ISLAND} .fence-items[data-reloads="3"]`);
    expect((await serverTab(page, orderId)).items[0]!.amount).toBe(6);
    expect(errors).toEqual([]);
  });

  test("focus after a save stays where the office was; a refusal's summary takes it, and its entries take it to the field they name", async () => {
    await catalogue();
    const ctx = e2e.server.testApp.ctx;
    const [lamela] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.name, "Plot Lamela E2E"));
    const { id: orderId } = await createFenceOrderWithItems(ctx, { items: [fence1Item(lamela!.id), fence1Item(lamela!.id)], otherItems: [] });
    const { page, errors } = await openTab(orderId);
    const focused = () => page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element ? (element.getAttribute("name") ?? element.id ?? element.tagName) : null;
    });

    // Saved by the button: the focus stays on it, through the save and the reload after it.
    await field(page, 0, "amount").fill("4");
    const save = page.getByRole("button", { name: "Uložit položky" });
    await save.click();
    await page.waitForSelector(`${ISLAND} .fence-items[data-reloads="1"]`);
    expect(await focused()).toBe(`fi-save-${orderId}`);
    // Saved by Ctrl+S in a field: the focus stays in the field.
    await field(page, 0, "amount").fill("5");
    await page.keyboard.press("Control+s");
    await page.waitForSelector(`${ISLAND} .fence-items[data-reloads="2"]`);
    expect(await focused()).toBe("items[0].amount");

    // The fence item's picker offers fence products only: no gate nor wicket to pick by the keyboard.
    await field(page, 0, "product").fill("E2E");
    await page.locator("[role=listbox] [role=option]").first().waitFor();
    // (Other tests of this file add fence products of their own; the gate and the wicket are the catalogue's.)
    const offered = await page.locator("[role=listbox] [role=option]").allInnerTexts();
    expect(offered).toContain("Plot Lamela E2E");
    expect(offered.filter((name) => name === "Brána dvoukřídlá E2E" || name === "Branka E2E")).toEqual([]);
    await field(page, 0, "product").press("Escape");

    // A refused save: the summary takes the focus; each entry is a link to its field, opening the item it is in.
    await field(page, 0, "height").fill("");
    await page.locator(".fi-item").nth(1).locator(".fi-item-head button").first().click();
    await field(page, 1, "color").fill("");
    await save.click();
    const summary = page.locator(".fi-errors");
    await summary.waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains("fi-errors"))).toBe(true);
    const links = summary.locator("a[data-field-link]");
    expect(await links.allInnerTexts()).toEqual(["1. položka – Výška (mm): Povinné pole", "2. položka – Barva: Povinné pole"]);
    await links.nth(0).click();
    expect(await focused()).toBe("items[0].height");
    expect(await page.locator(".fi-item").nth(0).getAttribute("class")).toContain("fi-item-open");
    await links.nth(1).press("Enter");
    expect(await focused()).toBe("items[1].color");
    expect(errors).toEqual([]);
  });

  test("other items: the virtual custom product with url and storable, the ATTENTION product in red, a confirmed delete; sub-products; the JavaScript budget", async () => {
    await catalogue();
    const db = e2e.server.testApp.ctx.db;
    const [attention] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.systemRole, "ATTENTION"));
    const orderId = await createFenceOrder(e2e.server.testApp.ctx);
    const scripts: Promise<number>[] = [];
    const { page, errors } = await e2e.open({ signedIn: true, viewport: { width: 1400, height: 1000 } });
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && new URL(response.url()).pathname.startsWith("/build/")) scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(tabPath(orderId));
    await waitForHydration(page, ISLAND);
    // Spec: the items island's JavaScript (the islands bundle under /build/: React, the client, the island's chunks) within 120 KB gzip.
    const loaded = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    console.log(`items tab JavaScript: ${(loaded / 1024).toFixed(1)} KB gzip in ${scripts.length} files`);
    expect(loaded).toBeLessThanOrEqual(JS_BUDGET_BYTES);

    // The virtual product comes after the matches, whatever was typed; it asks for its own name.
    await page.locator("[data-list=otherItems]").getByRole("button", { name: "Přidat řádek" }).click();
    await pickProduct(page, "otherItems[0].product", "zzz", "nový vlastní");
    expect(await borderTop(page, `[name="otherItems[0].invoiceName"]`)).toBe(RED_TOP);
    await page.locator('[name="otherItems[0].invoiceName"]').fill("Dopravní značka");
    await page.locator('[name="otherItems[0].url"]').fill("https://example.cz/znacka");
    await page.locator('[name="otherItems[0].storable"]').check();
    await page.locator('[name="otherItems[0].unitPrice"]').fill("450,5");
    await page.locator('[name="otherItems[0].amount"]').fill("2");
    // The ATTENTION reference product (the spec's 16) is red.
    await page.locator("[data-list=otherItems]").getByRole("button", { name: "Přidat řádek" }).click();
    await pickProduct(page, "otherItems[1].product", attention!.name);
    await page.locator('[name="otherItems[1].unitPrice"]').fill("100");
    expect(await page.locator("[data-list=otherItems] tbody tr").nth(1).getAttribute("class")).toBe("fi-attention");
    expect(await page.locator("[data-list=otherItems] tbody tr").nth(1).locator("td").first().evaluate((cell) => getComputedStyle(cell).backgroundColor)).toBe("rgb(251, 233, 231)");

    // A fence item with a sub-product: a category, then a product of it.
    await page.getByRole("button", { name: "Přidat položku" }).click();
    await fill(page, 0, { productType: "FENCE" });
    await pickProduct(page, "items[0].product", "Plot Lamela E2E");
    await fill(page, 0, { color: "RAL 7016", height: "1800", length: "2500", distancingType: "PRINT_3D", spacerHeight: "20" });
    await page.getByRole("button", { name: "Přidat podprodukt" }).click();
    await page.locator('[name="items[0].subProducts[0].productCategory"]').selectOption(String(category.categoryId));
    await pickProduct(page, "items[0].subProducts[0].product", "Branka E2E");
    await page.locator('[name="items[0].subProducts[0].unitPrice"]').fill("1000");

    await page.getByRole("button", { name: "Uložit položky" }).click();
    await page.waitForSelector(`${ISLAND} .fence-items[data-reloads="1"]`);
    let tab = await serverTab(page, orderId);
    expect(tab.otherItems.map((line) => [line.product.id, line.invoiceName, line.url, line.storable, line.attention])).toEqual([
      [-1, "Dopravní značka", "https://example.cz/znacka", true, false],
      [attention!.id, null, null, null, true],
    ]);
    expect(tab.items[0]!.subProducts.map((line) => [line.productCategory?.id, line.product?.name, line.unitPrice])).toEqual([[category.categoryId, "Branka E2E", 1000]]);
    expect(await text(page, "[data-summary=priceWithoutVat] dd")).toBe(kc(tab.summary.priceWithoutVat));
    // The only sub-product of its category cannot be removed.
    expect(await page.locator('.fi-item-open [data-sub-key] button[aria-label="Odebrat podprodukt"]').isDisabled()).toBe(true);

    // Removing a saved line asks first, then deletes it at once.
    await page.locator("[data-list=otherItems] tbody tr").first().getByRole("button", { name: "Odebrat řádek" }).click();
    const confirm = page.locator("#confirm-dialog[open]");
    await confirm.waitFor();
    expect(await confirm.locator(".dialog-message").innerText()).toBe("Odebrat řádek „nový vlastní“? Smaže se hned.");
    await confirm.getByRole("button", { name: "Potvrdit" }).click();
    await page.locator(".toast-success", { hasText: "Smazáno" }).waitFor();
    expect(await page.locator("[data-list=otherItems] tbody tr").count()).toBe(1);
    tab = await serverTab(page, orderId);
    expect(tab.otherItems.map((line) => line.product.id)).toEqual([attention!.id]);
    expect(errors).toEqual([]);
  });
});
