/**
 * The manufacture list (docs/domain.md#manufacture-list) browser test: from an order's Items tab, the manufacture list link opens the order's
 * cut list (FENCE-1 and WICKET-1 of docs/fence-geometry.md, posts as a sub-product); "add all to
 * the common basket" comes back to the list with a toast and the baskets column's common basket
 * highlighted with its count; a second click (a new key from the new page) adds again, and the
 * print stylesheet leaves out the menu, the baskets column and the buttons.
 */
import { expect, test } from "bun:test";
import { WORKED_EXAMPLES } from "@/modules/orders/fence-item/worked-examples";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, createProduct } from "../helpers/factories";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";

describeBrowser("Manufacture list", () => {
  const e2e = useE2E();

  test("Items tab → manufacture list → add all to the common basket: the rows, the toast, the highlighted basket with its count; print leaves out menu and baskets", async () => {
    const testApp = e2e.server.testApp;
    const db = testApp.ctx.db;
    const category = await createFenceCategory(db, { name: "Výrobní list E2E" });
    const fence = await createFenceProduct(db, category, WORKED_EXAMPLES["FENCE-1"]!.parameters as Record<string, number>, { name: "Plot Lamela E2E VL" });
    const wicket = await createFenceProduct(db, category, WORKED_EXAMPLES["WICKET-1"]!.parameters as Record<string, number>, { name: "Branka E2E VL" });
    const post = await createProduct(db, { name: "Sloupek E2E VL", unitPrice: "289.90" });
    const { id: orderId } = await createFenceOrderWithItems(testApp.ctx, {
      items: [
        { ...WORKED_EXAMPLES["FENCE-1"]!.item, product: fence, subProducts: [{ product: post, amount: 7, unitPrice: 289.9 }] },
        { ...WORKED_EXAMPLES["WICKET-1"]!.item, product: wicket },
      ],
      otherItems: [],
    });

    const { page, errors } = await e2e.open({ signedIn: true, viewport: { width: 1400, height: 1000 } });
    await page.goto(`/orders/fenceOrder/${orderId}?tab=1`);
    // A tab that does not hydrate says why (the page's script errors).
    await waitForHydration(page, "[data-island=fence-items]").catch((error: Error) => {
      throw new Error(`${error.message}\n${errors.join("\n")}`);
    });
    const common = page.locator('aside.baskets-column a[data-common="true"]');
    expect(await common.getAttribute("class")).toBe("basket-link");
    expect(await common.locator(".basket-count").innerText()).toBe("0");

    await page.getByRole("link", { name: "Výrobní list zakázky" }).click();
    await page.waitForURL(`**/orders/fenceOrder/manufacture/${orderId}`);
    expect(await page.locator("h1").innerText()).toBe(`Výrobní list zakázky ${orderId}`);
    // The rows: FENCE-1's slats first under its variant; the wicket's; the posts.
    const slat = page.locator("tbody tr[data-component=slat]").filter({ hasText: "Plot Lamela E2E VL RAL 7016 – lamela" });
    expect((await slat.locator("td").allInnerTexts()).map((cell) => cell.replace(/\u00a0/g, " "))).toEqual([
      expect.stringMatching(/^\d+$/) as unknown as string,
      "Plot Lamela E2E VL RAL 7016 – lamela",
      "RAL 7016",
      "2 476",
      "84",
      "207,984",
    ]);
    expect(await page.locator("tbody tr[data-component]").count()).toBe(4 + 7 + 1);
    expect(await page.locator("tr.subtotal-row").count()).toBe(3);
    expect((await page.locator("tr.total-row").innerText()).replace(/\s+/g, " ").trim()).toBe("Celkem 135 280,084");
    // The product id links to the product.
    const productHref = await slat.locator("td a").getAttribute("href");
    expect(productHref).toMatch(/^\/products\/\d+$/);

    // Print: no menu, no baskets column, no buttons.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("aside.baskets-column").isVisible()).toBe(false);
    expect(await page.locator("header.topbar").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Přidat vše do společného košíku" }).isVisible()).toBe(false);
    expect(await slat.isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("button", { name: "Přidat vše do společného košíku" }).click();
    await page.waitForURL(`**/orders/fenceOrder/manufacture/${orderId}`);
    await page.locator(".toast", { hasText: "Do společného košíku přidány 3 produkty" }).waitFor();
    expect(await common.getAttribute("class")).toBe("basket-link basket-highlight");
    expect(await common.locator(".basket-count").innerText()).toBe("3");
    const basket = async () =>
      (await (await page.request.get("/api/basket/items?type=COMMON")).json()).data.map((line: { shopProduct: { name: string }; quantity: number }) => [line.shopProduct.name, line.quantity]);
    const sorted = async () => ((await basket()) as [string, number][]).sort((x, y) => x[0].localeCompare(y[0]));
    expect(await sorted()).toEqual([
      ["Branka E2E VL RAL 7016", 1],
      ["Plot Lamela E2E VL RAL 7016", 6],
      ["Sloupek E2E VL", 7],
    ]);

    // The page came back with a new key: a deliberate second click adds again.
    await page.getByRole("button", { name: "Přidat vše do společného košíku" }).click();
    await page.waitForURL(`**/orders/fenceOrder/manufacture/${orderId}`);
    await page.locator(".toast", { hasText: "Do společného košíku přidány 3 produkty" }).waitFor();
    expect(await common.locator(".basket-count").innerText()).toBe("3");
    expect(await sorted()).toEqual([
      ["Branka E2E VL RAL 7016", 2],
      ["Plot Lamela E2E VL RAL 7016", 12],
      ["Sloupek E2E VL", 14],
    ]);

    // The xlsx link downloads the file.
    const download = await page.request.get(`/orders/fenceOrder/manufacture/${orderId}/export.xlsx`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(errors).toEqual([]);
  });
});
