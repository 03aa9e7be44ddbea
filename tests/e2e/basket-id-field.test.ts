/**
 * The basket pages' id field in Chromium (docs/domain.md#basket-id-field, #barcode-input). The page's clock
 * is playwright's, moved by hand: the 250 ms pause is stepped through, never slept, and an Enter that adds
 * while the pause's timer has not run proves it acted at once.
 * - a product id typed on the common basket adds 1 once the pause has passed (not before), and the line
 *   appears in the table; the same id typed again adds nothing; one character alone does nothing;
 * - a scanned EAN-13 and Enter adds at once on a warehouse basket; an unknown code says so.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { Ctx } from "@/lib/context";
import { ean13 } from "@/lib/ean13";
import { listBasketItems } from "@/modules/baskets/service";
import { createProduct, createWarehouse } from "../helpers/factories";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";

const COMMON = "/warehouse/basket/common";
const FIELD = '[data-island="basket-id-field"]';

const acts = (page: Page) => page.locator(`${FIELD} form`).getAttribute("data-acts").then(Number);
/** Waits until the field has handled a pause for exactly this value (acted or decided not to). */
const settledOn = (page: Page, value: string) =>
  page.waitForFunction((v) => document.querySelector('[data-island="basket-id-field"] form')?.getAttribute("data-settled") === v, value);
const waitForActs = (page: Page, count: number) =>
  page.waitForFunction((n) => document.querySelector('[data-island="basket-id-field"] form')?.getAttribute("data-acts") === String(n), count);

describeBrowser("the basket id field", () => {
  const e2e = useE2E();
  const db = () => e2e.server.testApp.ctx.db;
  const userCtx = (userId: number): Ctx => ({ ...e2e.server.testApp.ctx, userId });
  const lines = async (userId: number, input: { type: "COMMON" | "WAREHOUSE"; warehouseId?: number }) =>
    (await listBasketItems({ ctx: userCtx(userId), input })).map((item) => [item.shopProduct.name, item.quantity]);

  test("a typed product id adds 1 after the pause, once; the same id again adds nothing; one character does nothing", async () => {
    const id = await createProduct(db(), { name: "Plotovka Smrk – id pole e2e" });
    const { page, errors, session } = await e2e.open({ signedIn: true });
    await page.clock.install();
    await page.goto(COMMON);
    await waitForHydration(page, FIELD);
    const field = page.getByRole("textbox", { name: "Přidat podle id nebo kódu" });

    await field.click();
    await page.keyboard.type(String(id));
    // Before the pause has passed nothing is sent.
    await page.clock.runFor(200);
    expect(await acts(page)).toBe(0);
    expect(await lines(session!.user.id, { type: "COMMON" })).toEqual([]);
    await page.clock.runFor(60);
    await waitForActs(page, 1);
    await page.locator(".toast-success", { hasText: "Přidáno: Plotovka Smrk – id pole e2e" }).waitFor();
    await page.locator("#common-basket tbody tr[data-item-id] td:nth-child(2)", { hasText: "Plotovka Smrk – id pole e2e" }).waitFor();
    expect(await field.inputValue()).toBe("");
    expect(await lines(session!.user.id, { type: "COMMON" })).toEqual([["Plotovka Smrk – id pole e2e", 1]]);

    // The cleared field's own pause, then the same id typed again: unchanged, so nothing is added.
    await page.clock.runFor(300);
    await settledOn(page, "");
    await page.keyboard.type(String(id));
    await page.clock.runFor(300);
    await settledOn(page, String(id));
    expect(await acts(page)).toBe(1);
    expect(await lines(session!.user.id, { type: "COMMON" })).toEqual([["Plotovka Smrk – id pole e2e", 1]]);

    // One character is not enough for the pause to act on.
    await field.fill("");
    await page.keyboard.type("7");
    await page.clock.runFor(300);
    await settledOn(page, "7");
    expect(await acts(page)).toBe(1);
    expect(await lines(session!.user.id, { type: "COMMON" })).toEqual([["Plotovka Smrk – id pole e2e", 1]]);
    expect(errors).toEqual([]);
  });

  test("a scanned EAN-13 and Enter adds at once to the warehouse basket; an unknown code says so and adds nothing", async () => {
    const { ctx } = e2e.server.testApp;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Čtečka e2e" });
    const code = ean13("859222333444");
    await createProduct(db(), { name: "Kotva Ďáblice e2e", ean13: code });
    const { page, errors, session } = await e2e.open({ signedIn: true });
    await page.clock.install();
    await page.goto(`/warehouse/basket/warehouse/${warehouse}`);
    await waitForHydration(page, FIELD);
    await page.getByRole("textbox", { name: "Přidat podle id nebo kódu" }).click();

    // A scanner types the code in one burst and Enter; the page's clock does not move, so the pause's timer never runs.
    await page.keyboard.insertText(code);
    await page.keyboard.press("Enter");
    await waitForActs(page, 1);
    await page.locator(".toast-success", { hasText: "Přidáno: Kotva Ďáblice e2e" }).waitFor();
    await page.locator("#warehouse-basket tbody tr[data-item-id] td:nth-child(2)", { hasText: "Kotva Ďáblice e2e" }).waitFor();
    expect(await lines(session!.user.id, { type: "WAREHOUSE", warehouseId: warehouse })).toEqual([["Kotva Ďáblice e2e", 1]]);
    // The pause that follows finds the value already acted on (and the field emptied): still one.
    await page.clock.runFor(300);
    await settledOn(page, "");
    expect(await acts(page)).toBe(1);

    // Scanned again: Enter adds again, the line grows.
    await page.keyboard.insertText(code);
    await page.keyboard.press("Enter");
    await waitForActs(page, 2);
    await page.locator("#warehouse-basket tbody tr[data-item-id] .basket-quantity").first().waitFor();
    await page.waitForFunction(() => (document.querySelector("#warehouse-basket tbody tr[data-item-id] .basket-quantity") as HTMLInputElement | null)?.value === "2");
    expect(await lines(session!.user.id, { type: "WAREHOUSE", warehouseId: warehouse })).toEqual([["Kotva Ďáblice e2e", 2]]);

    await page.keyboard.insertText("X-NEZNAMY");
    await page.keyboard.press("Enter");
    await waitForActs(page, 3);
    await page.locator(".toast-warning", { hasText: "Kód X-NEZNAMY nepatří žádnému produktu" }).waitFor();
    expect(await lines(session!.user.id, { type: "WAREHOUSE", warehouseId: warehouse })).toEqual([["Kotva Ďáblice e2e", 2]]);
    expect(errors).toEqual([]);
  });
});
