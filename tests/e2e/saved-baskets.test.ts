/**
 * Saved baskets in Chromium (docs/domain.md#baskets: saved baskets; decision 028): the common basket saved
 * under a name from its page's save form, the basket emptied, then on /manufacture/savedBaskets the
 * name filter (htmx), the row's "load into the common basket" landing on the common basket with the
 * toast and the lines back, and a delete through the confirm dialog.
 */
import { expect, test } from "bun:test";
import type { Ctx } from "@/lib/context";
import { addToBasket, clearBasket, listBasketItems } from "@/modules/baskets/service";
import { createProduct } from "../helpers/factories";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const COMMON = "/warehouse/basket/common";
const SAVED = "/manufacture/savedBaskets";

describeBrowser("saved baskets", () => {
  const e2e = useE2E();
  const userCtx = (userId: number): Ctx => ({ ...e2e.server.testApp.ctx, userId });
  const commonLines = async (userId: number) => (await listBasketItems({ ctx: userCtx(userId), input: { type: "COMMON" } })).map((item) => [item.shopProduct.name, item.quantity]);

  test("save the common basket with a name, empty it, load the saved basket from the list: back on the common basket with its lines; delete it", async () => {
    const db = e2e.server.testApp.ctx.db;
    const panel = await createProduct(db, { name: "Panel Třešňovka e2e" });
    const post = await createProduct(db, { name: "Sloupek Žďár e2e" });
    const { page, errors, session } = await e2e.open({ signedIn: true, viewport: { width: 1400, height: 1000 } });
    const user = userCtx(session!.user.id);
    await addToBasket({ ctx: user, input: { type: "COMMON", productId: panel, amount: "2,5" } });
    await addToBasket({ ctx: user, input: { type: "COMMON", productId: post, amount: 6 } });

    // The common basket page's save form (basketName and its idempotency key) posts to the saved baskets.
    await page.goto(COMMON);
    const form = page.locator(`form[action="${SAVED}"]`);
    await form.locator('input[name="basketName"]').fill("Zakázka Šťastný e2e");
    await Promise.all([page.waitForEvent("load"), form.locator('button[type="submit"]').click()]);
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(COMMON);

    await clearBasket({ ctx: user, input: { type: "COMMON" } });
    expect(await commonLines(session!.user.id)).toEqual([]);

    await page.goto(SAVED);
    expect(await page.locator("h1").innerText()).toBe("Uložené košíky");
    // The name filter, without case or diacritics, swaps the table through htmx.
    const rows = page.locator("#saved-baskets tbody tr[data-saved-basket]");
    await page.locator("#saved-baskets-filter-basketName").fill("stastny");
    await page.waitForURL((url) => url.searchParams.get("basketName") === "stastny");
    await page.waitForFunction(() => document.querySelectorAll("#saved-baskets tbody tr[data-saved-basket]").length === 1);
    const row = rows.filter({ hasText: "Zakázka Šťastný e2e" });
    expect((await row.locator("td").allInnerTexts()).slice(1, 3)).toEqual(["Zakázka Šťastný e2e", "2"]);

    await Promise.all([page.waitForURL((url) => url.pathname === COMMON), row.getByRole("button", { name: "Načíst do společného košíku" }).click()]);
    await page.locator(".toast-success", { hasText: "Košík „Zakázka Šťastný e2e“ načten do společného košíku" }).waitFor();
    const main = page.locator("main");
    await main.getByText("Panel Třešňovka e2e").first().waitFor();
    await main.getByText("Sloupek Žďár e2e").first().waitFor();
    expect(await page.locator('.baskets-column a.basket-link[data-common="true"] .basket-count').innerText()).toBe("2");
    expect(await commonLines(session!.user.id)).toEqual([
      ["Panel Třešňovka e2e", 2.5],
      ["Sloupek Žďár e2e", 6],
    ]);

    // Delete behind the confirm dialog: back on the list without the row.
    await page.goto(`${SAVED}?basketName=stastny`);
    await rows.first().getByRole("button", { name: "Smazat uložený košík „Zakázka Šťastný e2e“" }).click();
    await page.waitForFunction(() => (document.getElementById("confirm-dialog") as HTMLDialogElement).open);
    expect(await page.locator("#confirm-dialog .dialog-message").innerText()).toBe("Opravdu smazat uložený košík „Zakázka Šťastný e2e“?");
    await Promise.all([page.waitForEvent("load"), page.locator("#confirm-dialog button[value=confirm]").click()]);
    await page.locator(".toast-success", { hasText: "Smazáno" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(SAVED);
    expect(await rows.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
