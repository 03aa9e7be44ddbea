/**
 * Invoices through the UI (docs/domain.md#invoices): from the order's tab 4 issue the deposit proforma, record
 * its payment on its detail page, issue the final invoice that deducts it, and find it in the list.
 * The order is tests/helpers/invoices.ts's (7 104,70 Kč + 21 %, a deposit of 859,67 Kč).
 */
import { expect, test } from "bun:test";
import { addDays, formatCzechDate, todayInPrague } from "@/lib/dates";
import { listOrderInvoices } from "@/modules/orders/invoice/service";
import { describeBrowser } from "../helpers/browser";
import { createInvoiceOrder, setUpInvoicing } from "../helpers/invoices";
import { flat, popplerText } from "../helpers/fence-offer";
import { useE2E } from "./server";

describeBrowser("Invoices", () => {
  const e2e = useE2E();
  const ctx = () => e2e.server.testApp.ctx;

  test("deposit proforma from the order tab, its payment, the final invoice linking it, the list", async () => {
    await setUpInvoicing(ctx());
    const order = await createInvoiceOrder(ctx(), { company: "Prohlížečová Ťuhýková s.r.o." });
    const { page, errors } = await e2e.open({ signedIn: true });

    await page.goto(`/orders/fenceOrder/${order.id}`);
    await page.locator("nav.fence-order-tablist a[role=tab]", { hasText: "Faktury" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "4");
    const tab = page.locator("#order-invoices-tab");
    await tab.waitFor();
    expect(await tab.locator(".empty-row").innerText()).toBe("Zakázka zatím nemá žádný doklad");

    // One click: the deposit proforma.
    await tab.locator("button[data-issue=proforma]").click();
    await page.locator(".toast-success", { hasText: "byl vystaven" }).waitFor();
    const proformaRow = page.locator("#order-invoices-tab tr[data-kind=PROFORMA]");
    await proformaRow.waitFor();
    expect(await proformaRow.innerText()).toContain("859,67");

    // Its detail: the payment form is prefilled with what remains, today.
    await proformaRow.locator("a").first().click();
    await page.waitForURL(/\/orders\/invoices\/\d+$/);
    expect(await page.locator("a", { hasText: "PDF" }).getAttribute("href")).toMatch(/^\/pdf\/invoices\/\d+$/);
    await page.locator(".invoice-payments form.entity-form button[type=submit]").click();
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    expect(await page.locator(".invoice-facts dd[data-status]").getAttribute("data-status")).toBe("CLOSED");
    // The payment's tax document is linked from the payment.
    expect(await page.locator(".invoice-payments tbody tr").innerText()).toMatch(/\d{10}/);

    // Back on the tab: the final invoice in one click, the paid proforma deducted.
    await page.goto(`/orders/fenceOrder/${order.id}?tab=4`);
    await tab.waitFor();
    expect(await tab.locator("dd[data-deposit-paid]").getAttribute("data-deposit-paid")).toBe("true");
    // Each editor link says whose prices it opens.
    expect(await tab.getByRole("link", { name: "Upravit ceny zálohy" }).count()).toBe(1);
    expect(await tab.getByRole("link", { name: "Upravit ceny faktury" }).count()).toBe(1);

    // The final invoice: a confirm step that shows its DUZP, today unless changed.
    const duzpInput = tab.locator("input[name=dateOfTaxableSupply]");
    expect(await duzpInput.inputValue()).toBe(formatCzechDate(todayInPrague()));
    const duzp = addDays(todayInPrague(), -2);
    await duzpInput.fill(formatCzechDate(duzp));
    const dialog = page.locator("#confirm-dialog");
    await tab.locator("button[data-issue=final]").click();
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.locator(".dialog-message").innerText()).toContain(`Vystavit fakturu s DUZP ${formatCzechDate(duzp)}?`);
    // Cancelled: nothing issued.
    await dialog.locator("button[value=cancel]").click();
    await dialog.waitFor({ state: "hidden" });
    expect((await listOrderInvoices({ ctx: ctx(), input: { orderId: order.id } })).invoices.some((invoice) => invoice.kind === "FINAL")).toBe(false);
    await tab.locator("button[data-issue=final]").click();
    await dialog.locator("button[value=confirm]").click();
    await page.locator(".toast-success", { hasText: "byl vystaven" }).waitFor();
    const finalRow = page.locator("#order-invoices-tab tr[data-kind=FINAL]");
    await finalRow.waitFor();
    expect(await finalRow.innerText()).toContain("8\u00a0596,69");
    expect(await finalRow.innerText()).toContain("7\u00a0737,02");
    const finalNumber = (await finalRow.locator("a").first().innerText()).trim();

    // Its PDF from its detail page: the document itself, its number inside.
    await finalRow.locator("a").first().click();
    await page.waitForURL(/\/orders\/invoices\/\d+$/);
    const pdfHref = (await page.locator("a", { hasText: "PDF" }).getAttribute("href"))!;
    const pdf = await page.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(flat(await popplerText(new Uint8Array(await pdf.body())))).toContain(`č. ${finalNumber}`);

    // The list finds it by the customer.
    await page.goto(`/orders/invoices?customer=${encodeURIComponent("Ťuhýková")}`);
    const listed = page.locator("#list-invoices tbody tr", { hasText: finalNumber });
    await listed.waitFor();
    expect(await listed.innerText()).toContain("Faktura");

    const stored = (await listOrderInvoices({ ctx: ctx(), input: { orderId: order.id } })).invoices.map((invoice) => [invoice.kind, invoice.status, invoice.dateOfTaxableSupply]);
    expect(stored).toEqual([
      ["PROFORMA", "CLOSED", null],
      ["PAYMENT_TAX_DOCUMENT", "CLOSED", todayInPrague()],
      ["FINAL", "OPEN", duzp],
    ]);
    expect(errors).toEqual([]);
  });
});
