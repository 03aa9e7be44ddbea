/** docs/domain.md#customers: a customer through the form (a bad IČO refused with its message), then found and filled in by the new order's lookup. */
import { expect, test } from "bun:test";
import { customerService } from "@/modules/orders/customer/service";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const CUSTOMERS = "/orders/customers";

describeBrowser("customers", () => {
  const e2e = useE2E();

  test("a customer made by hand is offered by the new order's lookup, which fills the order in", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    const { ctx } = e2e.server.testApp;
    await page.goto(CUSTOMERS);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${CUSTOMERS}/new`);
    await page.locator("#field-lastName").fill("Vávra");
    await page.locator("#field-company").fill("Vávra Ploty s.r.o.");
    await page.locator("#field-ico").fill("27082441");
    await page.locator("#field-phone").fill("602 987 654");
    await page.locator("#field-city").fill("Beroun");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.locator("#field-ico-error", { hasText: "IČO musí mít 8 číslic a vyhovět kontrole modulo 11" }).waitFor();
    expect((await customerService.list({ ctx, input: { page: 1, size: 20, filters: { name: "Vávra" } } })).meta.total).toBe(0);

    await page.locator("#field-ico").fill("27082440");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === CUSTOMERS);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    await page.locator("#list-customer tbody tr", { hasText: "Vávra Ploty s.r.o." }).waitFor();

    await page.goto("/orders/fenceOrder/new");
    await page.locator("#customer-fields [name=ico]").fill("27082440");
    await page.locator(".customer-lookup button").click();
    await page.locator("#customer-lookup-result", { hasText: "Nalezen zákazník v adresáři: Vávra, Vávra Ploty s.r.o." }).waitFor();
    await page.locator("#customer-lookup-result button").click();
    await page.waitForFunction(() => (document.querySelector("#customer-fields [name=city]") as HTMLInputElement | null)?.value === "Beroun");
    expect(await page.locator("#customer-fields [name=company]").inputValue()).toBe("Vávra Ploty s.r.o.");
    expect(await page.locator("#customer-fields [name=phone]").inputValue()).toBe("602 987 654");
    expect(errors).toEqual([]);
  });
});
