/** Settings → Import in a browser (docs/domain.md#imports): upload a price list, map, preview, confirm, import (a job, its page polled), see the products. */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { products } from "@db/schema";
import { ean13 } from "@/lib/ean13";
import { describeBrowser } from "../helpers/browser";
import { runImportJobs } from "../helpers/import-pages";
import { workbookBytes } from "../helpers/workbook";
import { useE2E } from "./server";

describeBrowser("settings: the spreadsheet import", () => {
  const e2e = useE2E();

  test("an admin uploads a price list, maps a column by hand, previews, confirms, imports and sees the products", async () => {
    const { ctx } = e2e.server.testApp;
    const { page, context } = await e2e.open();
    await e2e.server.signIn(context, { admin: true });
    const codes = [ean13("859222222221"), ean13("859222222222"), ean13("859222222223")];
    const data = await workbookBytes([
      ["Název", "Kategorie", "DPH", "Prodejní cena", "EAN"],
      ["Plotovka Vzor A", "Ploty > Plotovky", 21, "890,50", codes[0]!],
      ["Plotovka Vzor B", "Ploty > Plotovky", 21, 940, codes[1]!],
      ["Plotovka Vzor C", "Ploty > Plotovky", 17, 990, codes[2]!],
    ]);

    await page.goto("/index");
    const settings = page.locator(".menu > li.has-children", { has: page.locator(":scope > button", { hasText: "Nastavení" }) });
    await settings.locator(":scope > button").hover();
    await settings.locator('.submenu a[href="/settings/import/products"]', { hasText: "Import z tabulek" }).click();
    await page.waitForURL("**/settings/import/products");

    await page.locator("#import-file").setInputFiles({ name: "cenik.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(data) });
    await page.locator("[data-testid=import-upload]").click();
    await page.waitForURL(/\/settings\/import\/products\/\d+$/);

    // "Prodejní cena" is no known header: the user maps it to the unit price.
    expect(await page.locator('select[data-field="unitPrice"]').inputValue()).toBe("");
    expect(await page.locator('select[data-field="name"]').inputValue()).toBe("0");
    await page.locator('select[data-field="unitPrice"]').selectOption("3");
    await page.locator("[data-testid=import-preview]").click();
    await page.locator('[data-count="new"]', { hasText: "2" }).waitFor();
    expect(await page.locator('[data-count="refused"]').textContent()).toBe("1");
    await page.getByText("Sazba DPH: Sazba DPH 17 neexistuje").waitFor();
    await page.getByText("Vznikne kategorie Ploty > Plotovky").waitFor();

    await page.locator("[data-testid=import-confirm]").check();
    await page.locator("[data-testid=import-run]").click();
    // The import runs as a job: its page polls until it is done, then shows the counts.
    await page.waitForURL(/\/settings\/import\/products\/\d+\/job\/\d+$/);
    await page.locator('.import-job[data-status="queued"] [data-testid=job-cancel]').waitFor();
    // The app's runner polls every few seconds; here the test runs the queued job itself.
    expect((await runImportJobs(e2e.server.testApp.database)).map((outcome) => outcome.outcome)).toEqual(["done"]);
    await page.locator('.import-job[data-status="done"]', { hasText: "Importováno: 2 nových" }).waitFor();
    await page.locator("[data-testid=import-see]").waitFor();

    const [imported] = await ctx.db.select().from(products).where(eq(products.ean13, codes[0]!));
    expect(imported).toMatchObject({ name: "Plotovka Vzor A", unitPrice: "890.50" });
    await page.goto(`/products/${imported!.id}`);
    expect(await page.locator("#field-name").inputValue()).toBe("Plotovka Vzor A");
  }, 120_000);
});
