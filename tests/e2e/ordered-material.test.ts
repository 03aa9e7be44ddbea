/**
 * Browser test (docs/domain.md#ordered-material): the ordered material page against stock. A confirmed order needs 84
 * slats, 6 top bars, 6 bottom bars and 12 U profiles of FENCE-1 and 5 gate motors; two warehouses
 * hold 100 of the fence product and 1 motor with 1.5 on the way. The U profiles are short by
 * 108 − 100 = 8 (the slats and bars take the rest first), the motors by 5 − 1 − 1.5 = 2.5. "Only
 * short lines" keeps those two; "Create a supplier order" lands on the new order's detail with a
 * toast and both lines.
 */
import { expect, test } from "bun:test";
import { warehouseItems, warehouses } from "@db/schema";
import { WORKED_EXAMPLES } from "@/modules/orders/fence-item/worked-examples";
import { supplierService } from "@/modules/suppliers/supplier/service";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, createProduct } from "../helpers/factories";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const PATH = "/orders/fenceOrder/orderedMaterial";

describeBrowser("Ordered material against stock", () => {
  const e2e = useE2E();

  test("the short lines in red, only short lines, then a supplier order of them: its detail with the lines", async () => {
    const { ctx } = e2e.server.testApp;
    const db = ctx.db;
    const category = await createFenceCategory(db, { name: "Materiál E2E" });
    const fence = await createFenceProduct(db, category, WORKED_EXAMPLES["FENCE-1"]!.parameters as Record<string, number>, { name: "Plot Lamela E2E OM" });
    const motor = await createProduct(db, { name: "Pohon E2E OM", unitPrice: "9900.00" });
    await createFenceOrderWithItems(ctx, {
      order: { orderDate: "2026-11-02", lastName: "Materiálová" },
      items: [{ ...WORKED_EXAMPLES["FENCE-1"]!.item, product: fence }],
      otherItems: [{ product: motor, amount: 5, unitPrice: 9900 }],
    });
    const [hall, yard] = await db.insert(warehouses).values([{ name: "Hala E2E OM" }, { name: "Dvůr E2E OM" }]).returning({ id: warehouses.id });
    await db.insert(warehouseItems).values([
      { warehouseId: hall!.id, productId: fence, quantity: "70" },
      { warehouseId: yard!.id, productId: fence, quantity: "30" },
      { warehouseId: hall!.id, productId: motor, quantity: "1", onTheWay: "1.5" },
    ]);
    const supplier = await supplierService.create({ ctx, input: { name: "Plechy E2E s.r.o.", email: "nakup@plechy-e2e.cz" } });

    const { page, errors } = await e2e.open({ signedIn: true, viewport: { width: 1400, height: 1000 } });
    await page.goto(PATH);
    const cells = async (row: ReturnType<typeof page.locator>) => (await row.locator("td").allInnerTexts()).map((cell) => cell.replace(/\u00a0/g, " ").trim());
    // The slats: 84 needed, 100 in stock, nothing short; the U profiles 8 short, marked red.
    const slat = page.locator("tbody tr[data-component=slat]");
    expect((await cells(slat)).slice(1, 8)).toEqual(["Plot Lamela E2E OM – lamela", "RAL 7016", "84", "207,984", "100", "0", "0"]);
    expect(await slat.getAttribute("data-short")).toBeNull();
    const uProfile = page.locator("tbody tr[data-component=uProfile]");
    expect((await cells(uProfile)).slice(3, 8)).toEqual(["12", "19,98", "100", "0", "8"]);
    const shortCell = uProfile.locator("td[data-short=true]");
    expect(await shortCell.evaluate((cell) => getComputedStyle(cell).color)).toBe("rgb(179, 38, 30)");
    const motorLine = page.locator("tbody tr[data-component=otherItem]");
    expect((await cells(motorLine)).slice(1, 8)).toEqual(["Pohon E2E OM", "", "5", "", "1", "1,5", "2,5"]);

    // Only short lines: the U profiles and the motors.
    await page.getByLabel("Jen chybějící").check();
    await page.getByRole("button", { name: "Vyplnit seznam materiálu" }).click();
    await page.waitForURL((url) => url.pathname === PATH && url.searchParams.get("short") === "1");
    expect(await page.locator("tbody tr[data-component]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-component")))).toEqual(["uProfile", "otherItem"]);

    // The supplier order: choose the supplier, keep the default name.
    await page.locator("#field-supplier").selectOption(String(supplier));
    await page.getByRole("button", { name: "Vytvořit objednávku dodavateli" }).click();
    await page.waitForURL((url) => /^\/suppliers\/orders\/\d+$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split("/").pop();
    await page.locator(".toast-success", { hasText: `Objednávka dodavateli ${id} vytvořena: 2 produkty` }).waitFor();
    expect(await page.locator("#field-name").inputValue()).toMatch(/^Objednávka Plechy E2E s\.r\.o\. \d{2}\.\d{2}\.\d{4}$/);
    const lines = page.locator("#supplier-order-lines tbody tr");
    expect(await lines.count()).toBe(2);
    const line = async (index: number) => (await lines.nth(index).locator("td").allInnerTexts()).map((text) => text.trim());
    expect(await line(0)).toEqual([String(fence), "Plot Lamela E2E OM", "", "8"]);
    expect(await line(1)).toEqual([String(motor), "Pohon E2E OM", "", "2,5"]);
    expect(errors).toEqual([]);
  });
  test("at 900 px wide the page and its material table fit: no sideways scroll", async () => {
    const { ctx } = e2e.server.testApp;
    const db = ctx.db;
    const category = await createFenceCategory(db, { name: "Materiál úzký E2E" });
    const fence = await createFenceProduct(db, category, WORKED_EXAMPLES["FENCE-1"]!.parameters as Record<string, number>, { name: "Plot Lamela úzký E2E s delším názvem produktu" });
    const motor = await createProduct(db, { name: "Pohon brány úzký E2E OM", unitPrice: "9900.00" });
    for (const lastName of ["Široká", "Dlouhá", "Úzká"]) {
      await createFenceOrderWithItems(ctx, {
        order: { orderDate: "2026-11-03", lastName, company: "Stavební firma s dlouhým názvem s.r.o." },
        items: [{ ...WORKED_EXAMPLES["FENCE-1"]!.item, product: fence }],
        otherItems: [{ product: motor, amount: 2, unitPrice: 9900 }],
      });
    }
    const { page, errors } = await e2e.open({ signedIn: true, viewport: { width: 900, height: 900 } });
    await page.goto(PATH);
    await page.locator("tbody tr[data-component=slat]").first().waitFor();
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      tables: [...document.querySelectorAll<HTMLElement>("main .table-scroll, main table")].map((element) => element.scrollWidth - element.clientWidth),
    }));
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.tables.every((extra) => extra <= 0)).toBe(true);
    expect(errors).toEqual([]);
  });
});
