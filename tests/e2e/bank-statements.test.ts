/**
 * Bank statements in a browser (docs/decisions/079-bank-statement-pairing.md): from the invoices
 * list to the statements page, upload a GPC, see the preview, confirm, and see the proforma paid
 * in the invoices list. Screenshots of the new pages go to BANK_SCREENSHOTS when it is set.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { statementBytes } from "../helpers/bank-statements";
import { depositExample, setUpInvoicing } from "../helpers/bank-pairing";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const SHOTS = process.env.BANK_SCREENSHOTS;

describeBrowser("invoices: a bank statement paired", () => {
  const e2e = useE2E();

  test("upload a GPC, see the preview, confirm, see the proforma paid", async () => {
    const { ctx } = e2e.server.testApp;
    await setUpInvoicing(ctx);
    const example = await depositExample(ctx);
    const { page, errors } = await e2e.open({ signedIn: true });
    const shot = async (name: string) => {
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    };

    await page.goto("/orders/invoices");
    await shot("invoice-list");
    await page.locator("[data-testid=bank-statements]").click();
    await page.waitForURL("**/orders/invoices/bankStatements");

    // A file that is no statement: the message above the form, nothing kept.
    await page.locator("#bank-statement-file").setInputFiles({ name: "faktura.txt", mimeType: "text/plain", buffer: Buffer.from("Dobrý den") });
    await page.getByRole("button", { name: "Nahrát a zobrazit náhled" }).click();
    await page.getByText("Soubor není bankovní výpis ve formátu GPC (ABO) ani camt.053").waitFor();
    await shot("statements-refused");

    await page.locator("#bank-statement-file").setInputFiles({ name: "vypis-2026-03.gpc", mimeType: "text/plain", buffer: Buffer.from(statementBytes("vypis-2026-03.gpc")) });
    await page.getByRole("button", { name: "Nahrát a zobrazit náhled" }).click();
    await page.waitForURL(/\/orders\/invoices\/bankStatements\/\d+$/);
    await page.getByRole("heading", { name: "Výpis 7 ze dne 31.03.2026" }).waitFor();
    expect(await page.locator('.bank-statement-totals [data-outcome="PAID"]').textContent()).toBe("1 × 6\u00a0621,85\u00a0Kč");
    expect(await page.locator('.bank-statement-lines tr[data-line="1"]').getAttribute("data-outcome")).toBe("PAID");
    await shot("statement-preview");

    await page.getByRole("button", { name: "Potvrdit a zapsat platby" }).click();
    await page.getByText("Výpis potvrzen, zapsané platby: 1").waitFor();
    expect(await page.locator(".bank-statement-facts [data-state]").getAttribute("data-state")).toBe("CONFIRMED");
    await shot("statement-confirmed");

    await page.goto("/orders/invoices");
    const row = page.locator(`tr[data-invoice-id="${example.proformaId}"]`);
    expect(await row.locator("[data-status]").getAttribute("data-status")).toBe("CLOSED");
    await page.goto(`/orders/invoices/${example.proformaId}`);
    await page.getByText("Výpis 7 ze dne 31.03.2026, řádek 1").waitFor();
    await shot("invoice-detail");
    expect(errors).toEqual([]);
  }, 120_000);
});
