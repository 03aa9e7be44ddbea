/**
 * The warehouse page and the transfer log (docs/domain.md#warehouse-page, docs/domain.md#transfer-log) in Chromium: open a warehouse from its tile, narrow it by a category in the tree
 * (htmx, no reload), edit an item's required stock level and rack scales and see the reorder
 * marker; open the transfer log, filter it, open one log group.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { getWarehouseItem } from "@/modules/warehouse/items/service";
import { createCategory, createProduct, createRackScale, createTransferLog, createWarehouse, createWarehouseItem } from "../helpers/factories";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";

const PICKER = '[data-island="category-tree-picker"]';
const productNames = (page: Page) => page.locator("#warehouse-items tbody tr:not(.empty-row) td:nth-child(1)").allInnerTexts();

describeBrowser("warehouse stock", () => {
  const e2e = useE2E();

  test("a warehouse: category filter, item edit with scales, the reorder marker", async () => {
    const { ctx } = e2e.server.testApp;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Hostivice" });
    const ploty = await createCategory(ctx.db, { name: "Ploty e2e" });
    const brany = await createCategory(ctx.db, { name: "Brány e2e" });
    const scale = await createRackScale(ctx, { name: "Regál B2", extId: 88_001, reading: { grams: "6000.0", at: new Date("2026-11-23T09:00:00Z") } });
    const panel = await createProduct(ctx.db, { name: "Panel 3D 1530", weight: "1200", scaleToleranceAmount: 1, categoryIds: [ploty] });
    const gate = await createProduct(ctx.db, { name: "Brána Klasik", categoryIds: [brany] });
    const panelItem = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: panel, quantity: 8, onTheWay: 0, requiredStockLevel: 0 });
    await createWarehouseItem(ctx, { warehouseId: warehouse, productId: gate, quantity: 1 });

    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto("/warehouse/selectWarehouse");
    await page.locator(`a.tile[data-warehouse-id="${warehouse}"]`).click();
    await page.waitForURL((url) => url.pathname === `/warehouse/${warehouse}`);
    await waitForHydration(page, PICKER);
    expect((await productNames(page)).sort()).toEqual(["Brána Klasik", "Panel 3D 1530"]);
    expect(await page.locator(`tr[data-item-id="${panelItem}"] .reorder-marker`).count()).toBe(0);

    await page.locator(`${PICKER} label[for="tree-node-${ploty}"]`).click();
    await page.waitForURL((url) => url.searchParams.get("categories") === String(ploty));
    await page.waitForFunction(() => document.querySelectorAll("#warehouse-items tbody tr[data-item-id]").length === 1);
    expect(await productNames(page)).toEqual(["Panel 3D 1530"]);
    // A name typed and Enter pressed at once: one request, no aborted one in the console (errors stay empty below).
    await page.locator("#warehouse-items-filter-product").fill("panel");
    await page.locator("#warehouse-items-filter-product").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("product") === "panel");
    await page.waitForTimeout(500);
    expect(await productNames(page)).toEqual(["Panel 3D 1530"]);
    await page.locator("#warehouse-items-filter-product").fill("");
    await page.waitForURL((url) => !url.searchParams.has("product"));
    // The download follows the filter set without a reload.
    expect(await page.locator("a[data-export=warehouse]").getAttribute("href")).toBe(`/warehouse/export?id=${warehouse}&categories=${ploty}&sort=product%2Casc`);

    await page.locator(`tr[data-item-id="${panelItem}"] a`).first().click();
    await page.waitForURL((url) => url.pathname === `/warehouse/warehouseItem/${panelItem}`);
    expect(await page.locator("#field-quantity").isDisabled()).toBe(true);
    await page.locator("#field-requiredStockLevel").fill("12");
    await page.locator("#field-rackScales").selectOption([String(scale)]);
    await page.locator("form.entity-form .form-actions button[type=submit]").click();
    await page.locator(".toast-success").waitFor();
    // 6 000 g / 1 200 g = 5 on the scale against 8 booked (tolerance 1): red.
    expect((await page.locator("#scale-info-quantity").innerText()).trim()).toBe("5");
    expect(await page.locator("#scale-info-quantity .scale-quantity").getAttribute("data-scale-colour")).toBe("red");
    expect(await page.locator(".scale-info-table tbody tr").innerText()).toContain("Regál B2");
    expect(await getWarehouseItem({ ctx, input: { id: panelItem } })).toMatchObject({ requiredStockLevel: 12, quantity: 8, reorder: true });

    await page.locator(".form-actions a.button").click();
    await page.waitForURL((url) => url.pathname === `/warehouse/${warehouse}`);
    const marker = page.locator(`tr[data-item-id="${panelItem}"] .reorder-marker`);
    await marker.waitFor();
    expect(await marker.getAttribute("title")).toBe("Množství a na cestě nedosahují požadované zásoby");
    expect(await page.locator(`tr[data-item-id="${panelItem}"] .scale-quantity`).getAttribute("data-scale-colour")).toBe("red");
    expect(errors).toEqual([]);
  });

  test("the transfer log: filter by type and warehouse, open a log group", async () => {
    const { ctx } = e2e.server.testApp;
    const brno = await createWarehouse(ctx, { name: "Sklad Brno e2e" });
    const praha = await createWarehouse(ctx, { name: "Sklad Praha e2e" });
    const product = await createProduct(ctx.db, { name: "Sloupek e2e" });
    await createTransferLog(ctx, { productId: product, transferType: "INVENTORY_IN", quantity: 10, logGroup: "e2e-inventory", targetWarehouseId: brno, createdAt: new Date("2026-11-20T08:00:00Z") });
    await createTransferLog(ctx, { productId: product, transferType: "TRANSFER", quantity: 3, logGroup: "e2e-move", sourceWarehouseId: brno, targetWarehouseId: praha, createdAt: new Date("2026-11-21T08:00:00Z") });
    await createTransferLog(ctx, { productId: product, transferType: "TRANSFER", quantity: 2, logGroup: "e2e-move", sourceWarehouseId: brno, targetWarehouseId: praha, createdAt: new Date("2026-11-21T08:00:00Z") });

    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto("/warehouse/warehouseTransferLog");
    await page.locator("#transfer-log-type").selectOption("TRANSFER");
    await page.locator("#transfer-log-warehouse").selectOption(String(praha));
    await page.locator(".transfer-log-filters button[type=submit]").click();
    await page.waitForURL((url) => url.searchParams.get("type") === "TRANSFER" && url.searchParams.get("warehouse") === String(praha));
    const rows = page.locator("#transfer-log tbody tr[data-log-group]");
    expect(await rows.count()).toBe(2);
    // Both rows of the operation share its pastel.
    const colours = await rows.evaluateAll((trs) => trs.map((tr) => getComputedStyle(tr).backgroundColor));
    expect(new Set(colours).size).toBe(1);
    expect(colours[0]).not.toBe("rgba(0, 0, 0, 0)");

    await rows.first().locator("a.log-group-mark").click();
    await page.waitForURL((url) => url.searchParams.get("logGroup") === "e2e-move");
    // The title names the operation by its mark (the group's first 6 characters).
    await page.locator("h1", { hasText: "Operace e2e-mo" }).waitFor();
    expect(await page.locator("#transfer-log tbody tr[data-log-group]").count()).toBe(2);
    expect(await page.locator("#transfer-log tbody").innerText()).toContain("Sklad Praha e2e");
    expect(errors).toEqual([]);
  });
});
