/** docs/domain.md#vat and docs/architecture.md#forms: VAT through the UI — the form, toasts, confirm dialog and the htmx list. */
import { expect, test } from "bun:test";
import type { Page, Request } from "playwright-core";
import { vatService } from "@/modules/catalogue/vat/service";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const LIST = "/products/dph";

/** The rate column's texts as numbers, in display order (`10,5 %` → 10.5). */
async function shownRates(page: Page): Promise<number[]> {
  const texts = await page.locator("#list-vat tbody tr:not(.empty-row) td:nth-child(2)").allInnerTexts();
  return texts.map((text) => Number(text.replace(/[%\s\u00a0]/g, "").replace(",", ".")));
}

async function totalRows(e2e: ReturnType<typeof useE2E>): Promise<number> {
  const { meta } = await vatService.list({ ctx: e2e.server.testApp.ctx, input: { page: 1, size: 20, filters: {} } });
  return meta.total;
}

/** Sets a marker on `window`; it survives htmx swaps and disappears on any full page load. */
async function setMarker(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = "still here";
  });
}
const markerSurvived = (page: Page) => page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker === "still here");

function documentRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) seen.push(request);
  });
  return seen;
}

describeBrowser("VAT", () => {
  const e2e = useE2E();

  test("create, edit and delete a rate with the toasts and the confirm dialog", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    const before = await totalRows(e2e);

    // Create.
    await page.goto(LIST);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${LIST}/new`);
    await page.locator("#field-rate").fill("10,5");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === LIST);
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    const created = page.locator("#list-vat tbody a", { hasText: "10,5 %" });
    await created.waitFor();
    expect(await created.innerText()).toBe("10,5 %");
    expect(await totalRows(e2e)).toBe(before + 1);
    const href = (await created.getAttribute("href"))!;
    expect(href).toMatch(/^\/products\/dph\/\d+$/);

    // Edit: the id is shown disabled, the rate reads with a decimal comma.
    await created.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await page.locator("#field-id").isDisabled()).toBe(true);
    expect(await page.locator("#field-id").inputValue()).toBe(href.split("/").pop()!);
    expect(await page.locator("#field-rate").inputValue()).toBe("10,5");
    await page.locator("#field-rate").fill("11");
    await page.locator("form.entity-form button[type=submit]").click();
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href);
    expect(await page.locator("#field-rate").inputValue()).toBe("11");

    // Delete: cancel first (nothing happens), then confirm.
    const dialog = page.locator("#confirm-dialog");
    await page.locator("form.delete-form button[type=submit]").click();
    await page.waitForFunction(() => (document.getElementById("confirm-dialog") as HTMLDialogElement).open);
    expect(await dialog.locator(".dialog-message").innerText()).toBe("Opravdu smazat tento záznam?");
    await dialog.locator("button[value=cancel]").click();
    await page.waitForFunction(() => !(document.getElementById("confirm-dialog") as HTMLDialogElement).open);
    expect(new URL(page.url()).pathname).toBe(href);
    expect(await totalRows(e2e)).toBe(before + 1);

    await page.locator("form.delete-form button[type=submit]").click();
    await page.waitForFunction(() => (document.getElementById("confirm-dialog") as HTMLDialogElement).open);
    await dialog.locator("button[value=confirm]").click();
    await page.waitForURL((url) => url.pathname === LIST);
    await page.locator(".toast-success", { hasText: "Smazáno" }).waitFor();
    expect(await page.locator(`#list-vat a[href="${href}"]`).count()).toBe(0);
    expect(await totalRows(e2e)).toBe(before);
    expect(errors).toEqual([]);
  });

  test("an empty rate shows FORM_NOT_VALID and creates nothing, in the browser and on the server", async () => {
    const { page } = await e2e.open({ signedIn: true });
    const before = await totalRows(e2e);
    await page.goto(`${LIST}/new`);
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request);
    });

    // The browser check stops the post.
    await page.locator("form.entity-form button[type=submit]").click();
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    await page.waitForFunction(() => document.querySelector("#field-rate-error")?.textContent === "Povinné pole");
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(`${LIST}/new`);

    // Without the browser check the server refuses it the same way (422, warning, field error).
    await page.evaluate(() => document.querySelector("form.entity-form")!.removeAttribute("data-validate"));
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `${LIST}/new`),
      page.locator("form.entity-form button[type=submit]").click(),
    ]);
    expect(response.status()).toBe(422);
    await page.waitForURL((url) => url.pathname === `${LIST}/new`);
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    await page.locator(".alert-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    expect(await page.locator("#field-rate-error").innerText()).toBe("Povinné pole");
    expect(await totalRows(e2e)).toBe(before);
  });

  test("the rate filter narrows the rows through htmx and keeps the state in the URL", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    await page.locator("#list-vat tbody tr").first().waitFor();
    expect((await shownRates(page)).length).toBeGreaterThanOrEqual(3);
    await setMarker(page);
    const navigations = documentRequests(page);

    // Type slowly: "1" is sent on its own (no rate 1 → empty), then the "5" typed after the swap
    // must land in the same, still focused filter.
    await page.locator("#list-vat-filter-rate").click();
    await page.keyboard.type("1");
    await page.waitForURL((url) => url.searchParams.get("rate") === "1");
    await page.locator("#list-vat tbody tr.empty-row").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("list-vat-filter-rate");
    await page.keyboard.type("5");
    await page.waitForURL((url) => url.searchParams.get("rate") === "15");
    await page.waitForFunction(() => document.querySelectorAll("#list-vat tbody tr:not(.empty-row)").length === 1);
    expect(await shownRates(page)).toEqual([15]);
    expect(await markerSurvived(page)).toBe(true);
    expect(navigations).toEqual([]);
    expect(await page.locator("#list-vat-filter-rate").inputValue()).toBe("15");

    // A rate that does not exist shows the empty state.
    await page.locator("#list-vat-filter-rate").fill("99");
    await page.waitForURL((url) => url.searchParams.get("rate") === "99");
    await page.locator("#list-vat tbody tr.empty-row").waitFor();
    expect(await page.locator("#list-vat tbody tr.empty-row").innerText()).toBe("Žádná data.");

    // The URL is the state: loading it directly gives the same list.
    await page.goto(`${LIST}?rate=15`);
    expect(await shownRates(page)).toEqual([15]);
    expect(await page.locator("#list-vat-filter-rate").inputValue()).toBe("15");
    expect(errors).toEqual([]);
  });

  test("clicking the rate header toggles the sort order", async () => {
    const { page } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    const initial = await shownRates(page);
    expect(initial).toEqual([...initial].sort((a, b) => a - b));
    await setMarker(page);
    const navigations = documentRequests(page);
    const rateHeader = page.locator("#list-vat thead a.sort-link", { hasText: "Sazba" });

    await rateHeader.click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "rate,desc");
    await page.waitForFunction(() => document.querySelector("#list-vat thead th[aria-sort=descending] a.sort-link") !== null);
    const descending = await shownRates(page);
    expect(descending).toEqual([...initial].sort((a, b) => b - a));

    await rateHeader.click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "rate,asc");
    await page.waitForFunction(() => document.querySelector("#list-vat thead th[aria-sort=ascending] a.sort-link") !== null);
    expect(await shownRates(page)).toEqual(initial);
    expect(await markerSurvived(page)).toBe(true);
    expect(navigations).toEqual([]);

    // Back and forward through the pushed URLs.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("sort") === "rate,desc");
    await page.waitForFunction(() => document.querySelector("#list-vat thead th[aria-sort=descending] a.sort-link") !== null);
    expect(await shownRates(page)).toEqual(descending);
  });

  test("paging through more than 20 rows", async () => {
    const { ctx } = e2e.server.testApp;
    for (let i = 1; i <= 25; i++) await vatService.create({ ctx, input: { rate: 60 + i / 100, active: true } });
    const total = await totalRows(e2e);
    expect(total).toBeGreaterThan(20);
    const pages = Math.ceil(total / 20);

    const { page } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    expect(await page.locator("#list-vat tbody tr").count()).toBe(20);
    expect(await page.locator(".pager-status").innerText()).toBe(`Strana 1 z ${pages}`);
    expect(await page.locator(".pager-total").innerText()).toBe(`Celkem ${total}`);
    const firstPage = await shownRates(page);
    await setMarker(page);
    const navigations = documentRequests(page);

    await page.locator(".pager a.pager-link[rel=next]").click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await page.waitForFunction(() => document.querySelector(".pager-status")?.textContent?.startsWith("Strana 2 "));
    const secondPage = await shownRates(page);
    expect(secondPage.length).toBe(Math.min(20, total - 20));
    expect(secondPage.some((rate) => firstPage.includes(rate))).toBe(false);
    expect(Math.min(...secondPage)).toBeGreaterThanOrEqual(Math.max(...firstPage));

    await page.locator(".pager a.pager-link[rel=prev]").click();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    await page.waitForFunction(() => document.querySelector(".pager-status")?.textContent?.startsWith("Strana 1 "));
    expect(await shownRates(page)).toEqual(firstPage);
    expect(await markerSurvived(page)).toBe(true);
    expect(navigations).toEqual([]);
  });
});
