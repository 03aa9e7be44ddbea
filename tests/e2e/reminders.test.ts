/**
 * Overdue documents and reminders through the UI (docs/decisions/080-overdue-and-reminders.md):
 * the index tile and the baskets column lead to the list filtered "po splatnosti", a document's
 * page issues its first reminder, which is then listed with its PDF. The documents are dated
 * relative to the server's today; screenshots go to $E2E_SHOTS when it is set.
 */
import { expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, todayInPrague } from "@/lib/dates";
import { EXAMPLE_FINAL_INVOICE } from "@/modules/orders/invoice/formats/examples";
import { describeBrowser } from "../helpers/browser";
import { flat, popplerText } from "../helpers/fence-offer";
import { issueSnapshot } from "../helpers/invoice-documents";
import { setUpInvoicing } from "../helpers/invoices";
import { useE2E } from "./server";

const shots = process.env.E2E_SHOTS;

describeBrowser("Overdue documents and reminders", () => {
  const e2e = useE2E();
  const ctx = () => e2e.server.testApp.ctx;

  test("the index tile to the overdue list, a document's first reminder issued and listed, its PDF", async () => {
    await setUpInvoicing(ctx());
    const today = todayInPrague();
    const overdue = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, { issueDate: addDays(today, -30), taxableSupplyDate: addDays(today, -30), dueDate: addDays(today, -16) });
    const notYet = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, { issueDate: addDays(today, -3), taxableSupplyDate: addDays(today, -3), dueDate: addDays(today, 11) });
    const { page, errors } = await e2e.open({ signedIn: true });
    if (shots) mkdirSync(shots, { recursive: true });

    await page.goto("/index");
    const tile = page.locator("a.tile-overdue");
    expect((await tile.innerText()).replace(/\s+/g, " ")).toBe("Po splatnosti: 1 doklad, 83 270,93 Kč");
    const basket = page.locator(".baskets-column a[data-alert=true]", { hasText: "Po splatnosti" });
    expect(await basket.locator(".basket-count").innerText()).toBe("1");
    if (shots) await page.screenshot({ path: join(shots, "reminders-index.png"), fullPage: true });

    await tile.click();
    await page.waitForURL((url) => url.searchParams.get("overdue") === "true");
    expect(await page.locator("#invoices-overdue").isChecked()).toBe(true);
    const rows = page.locator("#list-invoices tbody tr[data-invoice-id]");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-invoice-id")).toBe(String(overdue.id));
    expect(await rows.first().locator("[data-days-overdue]").innerText()).toBe("16 dní");
    if (shots) await page.screenshot({ path: join(shots, "reminders-list.png"), fullPage: true });

    // Unchecked, the filter is off: both documents are listed.
    await page.locator("#invoices-overdue").uncheck();
    await page.locator(".invoice-filters button[type=submit]").click();
    await page.waitForURL((url) => !url.searchParams.has("overdue"));
    expect(await page.locator(`#list-invoices tr[data-invoice-id="${notYet.id}"]`).count()).toBe(1);
    await page.goBack();

    await page.locator(`#list-invoices tr[data-invoice-id="${overdue.id}"] a`).first().click();
    await page.waitForURL(/\/orders\/invoices\/\d+$/);
    const reminders = page.locator(".invoice-reminders");
    expect(await reminders.locator(".invoice-overdue").innerText()).toBe("16 dní po splatnosti");
    await reminders.locator("button", { hasText: "Vystavit: 1. upomínka" }).click();
    await page.locator(".toast-success", { hasText: "1. upomínka" }).waitFor();
    const row = reminders.locator("tr[data-reminder-level='1']");
    await row.waitFor();
    expect(await row.innerText()).toContain("83\u00a0270,93");
    expect(await reminders.locator("button").innerText()).toBe("Vystavit: 2. upomínka");
    if (shots) await page.screenshot({ path: join(shots, "reminders-detail.png"), fullPage: true });

    const href = (await row.locator("a", { hasText: "PDF" }).getAttribute("href"))!;
    expect(href).toMatch(new RegExp(`^/orders/invoices/${overdue.id}/reminders/\\d+/pdf$`));
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.body());
    const text = flat(await popplerText(bytes));
    expect(text).toContain(`k dokladu č. ${overdue.number}`);
    expect(text).toContain("Zbývá uhradit 83 270,93 Kč");
    if (shots) writeFileSync(join(shots, "reminder.pdf"), bytes);
    expect(errors).toEqual([]);
  });
});
