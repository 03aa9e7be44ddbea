/** docs/domain.md#suppliers: a supplier through the form, an order from the common basket, its detail and the xlsx. */
import { expect, test } from "bun:test";
import ExcelJS from "exceljs";
import type { Request } from "playwright-core";
import { addToBasket } from "@/modules/baskets/service";
import { supplierService } from "@/modules/suppliers/supplier/service";
import { createProduct } from "../helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const SUPPLIERS = "/suppliers/supplier";
const ORDERS = "/suppliers/orders";

describeBrowser("suppliers", () => {
  const e2e = useE2E();

  test("a supplier's e-mail is checked in the browser; a valid one creates it", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    const { ctx } = e2e.server.testApp;
    await page.goto(SUPPLIERS);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${SUPPLIERS}/new`);
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request);
    });

    await page.locator("#field-name").fill("Ferona a.s.");
    await page.locator("#field-email").fill("nakup@");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    await page.waitForFunction(() => document.querySelector("#field-email-error")?.textContent === "Zadejte platný e-mail");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-email");
    expect(posts).toEqual([]);

    await page.locator("#field-email").fill("nakup@ferona.cz");
    await page.locator("#field-email").press("Enter");
    await page.waitForURL((url) => url.pathname === SUPPLIERS);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    const row = page.locator("#list-supplier tbody tr", { hasText: "Ferona a.s." });
    await row.waitFor();
    expect(await row.locator("a[href^='mailto:']").innerText()).toBe("nakup@ferona.cz");
    const { rows } = await supplierService.list({ ctx, input: { page: 1, size: 20, filters: { name: "Ferona" } } });
    expect(rows.map(({ name, email }) => ({ name, email }))).toEqual([{ name: "Ferona a.s.", email: "nakup@ferona.cz" }]);
    expect(errors).toEqual([]);
  });

  test("an order is created from the common basket; its detail lists the lines and the xlsx carries them", async () => {
    const { ctx, database } = e2e.server.testApp;
    const supplierId = await supplierService.create({ ctx, input: { name: "Pilecký Plot s.r.o.", email: "objednavky@pileckyplot.cz" } });
    const panel = await createProduct(database.db, { name: "Panel 3D 2500×1530 zinek", ean13: ean13("859400000101") });
    const post = await createProduct(database.db, { name: "Sloupek 60×40 antracit", ean13: ean13("859400000102") });

    const { page, session, errors } = await e2e.open({ signedIn: true });

    // The first product through the products list's add-to-basket dialog.
    await page.goto(`/products?name=${encodeURIComponent("Panel 3D 2500")}`);
    await page.locator(`#list-product button[data-add-to-basket="${panel}"]`).click();
    await page.waitForFunction(() => (document.getElementById("add-to-basket-dialog") as HTMLDialogElement).open);
    expect(await page.locator("#add-to-basket-dialog [data-slot=product-name]").innerText()).toBe("Panel 3D 2500×1530 zinek");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("add-to-basket-dialog-amount");
    await page.keyboard.type("12");
    await page.keyboard.press("Enter");
    await page.locator(".toast-success", { hasText: "Přidáno" }).waitFor();
    // The second one through the basket service, as this user.
    await addToBasket({ ctx: { ...ctx, userId: session!.user.id }, input: { type: "COMMON", productId: post, amount: 2.5 } });

    // Create from basket: the preview shows both lines; choose the supplier.
    await page.goto(ORDERS);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${ORDERS}/fromBasket`);
    const preview = page.locator("#supplier-order-basket tbody tr");
    expect(await preview.count()).toBe(2);
    await page.locator("#field-supplier").selectOption(String(supplierId));
    await page.locator("form.entity-form button[type=submit]").click();
    await page.waitForURL((url) => /^\/suppliers\/orders\/\d+$/.test(url.pathname));
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    const orderPath = new URL(page.url()).pathname;

    const lines = page.locator("#supplier-order-lines tbody tr");
    expect(await lines.count()).toBe(2);
    const cells = async (index: number) => (await lines.nth(index).locator("td").allInnerTexts()).map((text) => text.trim());
    expect(await cells(0)).toEqual([String(panel), "Panel 3D 2500×1530 zinek", ean13("859400000101"), "12"]);
    expect(await cells(1)).toEqual([String(post), "Sloupek 60×40 antracit", ean13("859400000102"), "2,5"]);
    expect(await page.locator("#field-supplier").inputValue()).toBe(String(supplierId));

    // The order is listed with its supplier.
    await page.goto(ORDERS);
    const listed = page.locator(`#list-supplierOrder tbody tr:has(a[href="${orderPath}"])`);
    expect(await listed.locator("td:nth-child(3)").innerText()).toBe("Pilecký Plot s.r.o.");
    await listed.locator(`a[href="${orderPath}"]`).first().click();
    await page.waitForURL((url) => url.pathname === orderPath);

    // The xlsx download, read back.
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator(`.page-actions a[href="${orderPath}/export.xlsx"]`).click()]);
    expect(download.suggestedFilename()).toBe(`objednavka-dodavateli-${orderPath.split("/").pop()}.xlsx`);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Položky objednávky");
    expect(sheet.getRow(1).values).toEqual([undefined, "Kód produktu", "Název", "EAN", "Množství"]);
    expect(sheet.getCell("B2").value).toBe("Panel 3D 2500×1530 zinek");
    expect(sheet.getCell("D2").value).toBe(12);
    expect(sheet.getCell("A3").value).toBe(post);
    expect(sheet.getCell("D3").value).toBe(2.5);
    expect(sheet.rowCount).toBe(3);
    expect(errors).toEqual([]);
  });
});
