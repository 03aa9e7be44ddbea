/**
 * Excel download failures shown in Chromium (decision 060): on the warehouse page the stock download saves the
 * workbook under the server's name (read back with exceljs) and the page stays; for a warehouse deleted
 * meanwhile the same button shows the translated "not found" toast instead; a lost connection or a server
 * failure on the manufacture export shows "could not download"; the selection page's export form likewise.
 */
import { expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { warehouses } from "@db/schema";
import { createProduct, createWarehouse, createWarehouseItem } from "../helpers/factories";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const EXPORT = 'a[data-download="xlsx"][data-export="warehouse"]';
const MANUFACTURE = 'a[data-download="xlsx"][href^="/warehouse/exportToExcelManufacture"]';

describeBrowser("Excel downloads", () => {
  const e2e = useE2E();

  test("the stock download saves the workbook; for a warehouse gone meanwhile the page shows the error and stays", async () => {
    const { ctx } = e2e.server.testApp;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Excel e2e" });
    await createWarehouseItem(ctx, { warehouseId: warehouse, productId: await createProduct(ctx.db, { name: "Sloupek Excel e2e" }), quantity: 3 });
    const empty = await createWarehouse(ctx, { name: "Sklad zmizí e2e" });
    const { page, errors } = await e2e.open({ signedIn: true });

    await page.goto(`/warehouse/${warehouse}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator(EXPORT).click()]);
    expect(download.suggestedFilename()).toBe(`zasoby-${warehouse}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(2).getCell(2).value).toBe("Sloupek Excel e2e");
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute("data-download-state") === "done", EXPORT);
    expect(new URL(page.url()).pathname).toBe(`/warehouse/${warehouse}`);

    await page.goto(`/warehouse/${empty}`);
    await ctx.db.delete(warehouses).where(eq(warehouses.id, empty));
    await page.locator(EXPORT).click();
    await page.locator(".toast-error", { hasText: "Záznam nebo stránka neexistuje" }).waitFor();
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute("data-download-state") === "failed", EXPORT);
    expect(new URL(page.url()).pathname).toBe(`/warehouse/${empty}`);
    // The button is free again for another try.
    expect(await page.locator(EXPORT).getAttribute("aria-busy")).toBeNull();
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
  });

  test("a lost connection or a server failure says the file could not be downloaded", async () => {
    const { ctx } = e2e.server.testApp;
    const warehouse = await createWarehouse(ctx, { name: "Sklad výpadek e2e" });
    const { page } = await e2e.open({ signedIn: true });
    await page.goto(`/warehouse/${warehouse}`);

    await page.route("**/warehouse/exportToExcelManufacture**", (route) => route.abort("connectionreset"));
    await page.locator(MANUFACTURE).click();
    await page.locator(".toast-error", { hasText: "Soubor se nepodařilo stáhnout. Zkuste to prosím znovu." }).waitFor();
    await page.unroute("**/warehouse/exportToExcelManufacture**");

    await page.locator(".toast-close").first().click();
    await page.route("**/warehouse/exportToExcelManufacture**", (route) => route.fulfill({ status: 500, body: "" }));
    await page.locator(MANUFACTURE).click();
    await page.locator(".toast-error", { hasText: "Soubor se nepodařilo stáhnout. Zkuste to prosím znovu." }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/warehouse/${warehouse}`);
  });

  test("the selection page's export form: a warehouse gone meanwhile is an error toast, all warehouses a workbook", async () => {
    const { ctx } = e2e.server.testApp;
    const gone = await createWarehouse(ctx, { name: "Sklad smazaný e2e" });
    const { page } = await e2e.open({ signedIn: true });
    await page.goto("/warehouse/selectWarehouse");
    await page.locator("#stock-export-warehouse").selectOption(String(gone));
    await ctx.db.delete(warehouses).where(eq(warehouses.id, gone));
    await page.locator('form[data-download="xlsx"] button[type="submit"]').click();
    await page.locator(".toast-error", { hasText: "Záznam nebo stránka neexistuje" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/warehouse/selectWarehouse");

    await page.locator("#stock-export-warehouse").selectOption("");
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator('form[data-download="xlsx"] button[type="submit"]').click()]);
    expect(download.suggestedFilename()).toBe("zasoby.xlsx");
  });
});
