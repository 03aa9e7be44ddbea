/** docs/domain.md#fence-orders and docs/decisions/013: fence orders through the UI — create, FORM_NOT_VALID, the order-date rule, the status chips and the automatic-updates tip, the note dialog, the age icons. */
import { expect, test } from "bun:test";
import type { Page, Request } from "playwright-core";
import { todayInPrague } from "@/lib/dates";
import { changeFenceOrderStatus, createFenceOrder, listFenceOrders } from "@/modules/orders/fence-order/service";
import { validFenceOrder } from "../helpers/factories/fence-order";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const LIST = "/orders/fenceOrder";
const FORM = ".fence-order-form form";

/** ISO date shifted by whole days, computed here (not with the app's helper). */
function shiftIso(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const czech = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return `${d}.${m}.${y}`;
};

describeBrowser("Fence orders", () => {
  const e2e = useE2E();
  const ctx = () => e2e.server.testApp.ctx;

  async function totalOrders(): Promise<number> {
    const { meta } = await listFenceOrders({ ctx: ctx(), input: { page: 1, size: 20, filters: {} } });
    return meta.total;
  }

  const rowOf = (page: Page, id: number) => page.locator(`#list-fenceOrder tbody tr`, { has: page.locator(`a[href="${LIST}/${id}"]`) });

  test("create an order through the form: defaults, CREATED, the price offer status on the page and in the list", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    const before = await totalOrders();
    await page.goto(LIST);
    await page.locator(".page-actions a.button-primary").click();
    await page.waitForURL(`**${LIST}/new`);

    // Defaults (docs/domain.md#order-defaults): payment rules 10/55/35, VAT 21 %, offer date today.
    expect(await page.locator("#field-paymentRuleConfirmation").inputValue()).toBe("10");
    expect(await page.locator("#field-paymentRuleDelivery").inputValue()).toBe("55");
    expect(await page.locator("#field-paymentRuleCompletion").inputValue()).toBe("35");
    expect(await page.locator("#field-vat").inputValue()).toBe("21");
    expect(await page.locator("#field-offerDate").inputValue()).toBe(czech(todayInPrague()));

    await page.locator("#field-firstName").fill("Karel");
    await page.locator("#field-lastName").fill("Svoboda");
    await page.locator("#field-phone").fill("+420 602 111 222");
    await page.locator("#field-email").fill("karel.svoboda@example.cz");
    await page.locator(`${FORM} button[type=submit]`).click();
    await page.waitForURL((url) => /^\/orders\/fenceOrder\/\d+$/.test(url.pathname));
    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    expect(await totalOrders()).toBe(before + 1);
    expect(await page.locator(".current-status").innerText()).toBe("Cenová nabídka");
    expect(await page.locator("#field-lastName").inputValue()).toBe("Svoboda");

    await page.goto(LIST);
    const row = rowOf(page, id);
    await row.waitFor();
    expect(await row.locator(".fence-order-status").innerText()).toBe("Cenová nabídka");
    expect(await row.innerText()).toContain("Svoboda");
    expect(await row.innerText()).toContain("karel.svoboda@example.cz");
    expect(errors).toEqual([]);
  });

  test("an invalid form shows FORM_NOT_VALID and saves nothing", async () => {
    const { page } = await e2e.open({ signedIn: true });
    const before = await totalOrders();
    await page.goto(`${LIST}/new`);
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request);
    });

    // An empty last name: the browser check stops the post.
    await page.locator("#field-firstName").fill("Eva");
    await page.locator("#field-phone").fill("+420 603 333 444");
    await page.locator("#field-email").fill("eva@example.cz");
    await page.locator(`${FORM} button[type=submit]`).click();
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    await page.waitForFunction(() => document.querySelector("#field-lastName-error")?.textContent === "Povinné pole");
    expect(posts).toEqual([]);

    // Payment rules summing to 95 %: the server refuses it (422), the values stay.
    await page.locator("#field-lastName").fill("Malá");
    await page.locator("#field-paymentRuleCompletion").fill("30");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `${LIST}/new`),
      page.locator(`${FORM} button[type=submit]`).click(),
    ]);
    expect(response.status()).toBe(422);
    await page.locator(".toast-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    await page.locator(".alert-warning", { hasText: "Formulář není vyplněn správně" }).waitFor();
    expect(await page.locator("#field-paymentRuleCompletion-error").innerText()).toBe("Platební podmínky musí dát dohromady 100 % (nyní 95 %)");
    expect(await page.locator("#field-lastName").inputValue()).toBe("Malá");
    expect(await page.locator("#field-paymentRuleCompletion").inputValue()).toBe("30");
    expect(await totalOrders()).toBe(before);
  });

  test("setting an order date confirms the order and sets the deadline 77 days later", async () => {
    const id = await createFenceOrder({ ctx: ctx(), input: { ...validFenceOrder, lastName: "Procházka", offerDate: todayInPrague() } });
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(`${LIST}/${id}`);
    expect(await page.locator(".current-status").innerText()).toBe("Cenová nabídka");
    expect(await page.locator("#field-deadline").inputValue()).toBe("");

    const orderDate = "2026-11-10";
    const deadline = shiftIso(orderDate, 77);
    expect(czech(deadline)).toBe("26.01.2027");
    await page.locator("#field-orderDate").fill(czech(orderDate));
    await page.locator(`${FORM} button[type=submit]`).click();
    await page.locator(".toast-success", { hasText: "Uloženo" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${LIST}/${id}`);
    expect(await page.locator(".current-status").innerText()).toBe("Potvrzení objednávky");
    expect(await page.locator("#field-orderDate").inputValue()).toBe(czech(orderDate));
    expect(await page.locator("#field-deadline").inputValue()).toBe(czech(deadline));

    await page.goto(LIST);
    const row = rowOf(page, id);
    await row.waitFor();
    expect(await row.locator(".fence-order-status").innerText()).toBe("Potvrzení objednávky");
    expect(await row.innerText()).toContain(czech(deadline));
    expect(errors).toEqual([]);
  });

  test("status chips: two statuses ticked by plain clicks narrow the list, the URL keeps them, Space unticks one", async () => {
    const today = todayInPrague();
    const order = (lastName: string, dates: Record<string, string>) => createFenceOrder({ ctx: ctx(), input: { ...validFenceOrder, lastName, offerDate: today, ...dates } });
    const measured = await order("Zaměřená", { measurementDate: today });
    const confirmed = await order("Potvrzená", { orderDate: today });
    const offer = await order("Nabídnutá", {});
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(`${LIST}?size=500`);
    await rowOf(page, offer).waitFor();
    const chip = (label: string) => page.locator(".filter-status .filter-chip", { hasText: label });
    const statusesInUrl = () => page.evaluate(() => new URLSearchParams(location.search).getAll("status").sort().join());
    const shownStatuses = async () => new Set(await page.locator("#list-fenceOrder tbody .fence-order-status").allInnerTexts());

    await chip("Zaměřeno").click();
    await page.waitForFunction(() => new URLSearchParams(location.search).getAll("status").join() === "MEASURED");
    await rowOf(page, offer).waitFor({ state: "detached" });
    await chip("Potvrzení objednávky").click();
    await page.waitForFunction(() => new URLSearchParams(location.search).getAll("status").length === 2);
    await rowOf(page, confirmed).waitFor();
    expect(await statusesInUrl()).toBe("MEASURED,ORDER_CONFIRMATION");
    expect(new URL(page.url()).searchParams.get("size")).toBe("500");
    // Only the filters in use travel (no empty `id=` or `product=`), beside the paging and the sort the list is shown in.
    expect([...new URL(page.url()).searchParams.keys()].sort()).toEqual(["size", "sort", "status", "status"]);
    expect(await rowOf(page, measured).count()).toBe(1);
    expect(await rowOf(page, offer).count()).toBe(0);
    expect(await shownStatuses()).toEqual(new Set(["Zaměřeno", "Potvrzení objednávky"]));
    expect(await page.locator(".filter-status input:checked").evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value))).toEqual(["MEASURED", "ORDER_CONFIRMATION"]);

    // The URL alone restores the filter.
    await page.reload();
    await rowOf(page, confirmed).waitFor();
    expect(await rowOf(page, offer).count()).toBe(0);
    expect(await chip("Zaměřeno").locator("input").isChecked()).toBe(true);

    // The keyboard: focus a chip's box and press Space.
    await chip("Zaměřeno").locator("input").focus();
    await page.keyboard.press("Space");
    await page.waitForFunction(() => new URLSearchParams(location.search).getAll("status").join() === "ORDER_CONFIRMATION");
    await rowOf(page, measured).waitFor({ state: "detached" });
    expect(await shownStatuses()).toEqual(new Set(["Potvrzení objednávky"]));
    expect(errors).toEqual([]);
  });

  test("the info icon by the status filter shows the automatic status updates", async () => {
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    const button = page.getByRole("button", { name: "Automatické změny stavu" });
    expect(await button.getAttribute("title")).toContain("Datum zaměření nastaví stav Zaměřeno.");
    const tip = page.locator("#fence-order-auto-rules");
    expect(await tip.isVisible()).toBe(false);
    // A keyboard user reaches it (just before the first chip) and sees the list while it has focus.
    await page.locator(".filter-status input").first().focus();
    await page.keyboard.press("Shift+Tab");
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await tip.waitFor({ state: "visible" });
    expect(await tip.innerText()).toContain("Datum objednávky nastaví stav Potvrzení objednávky.");
    expect(errors).toEqual([]);
  });

  test("the note icon in the list opens a dialog with the note", async () => {
    const note = "Zákazník chce branku vlevo.\nVolat po 16. hodině.";
    const withNote = await createFenceOrder({ ctx: ctx(), input: { ...validFenceOrder, lastName: "Černá", note } });
    const withoutNote = await createFenceOrder({ ctx: ctx(), input: { ...validFenceOrder, lastName: "Bílá" } });
    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    await rowOf(page, withoutNote).waitFor();
    expect(await rowOf(page, withoutNote).locator("a.note-link").count()).toBe(0);

    await rowOf(page, withNote).locator("a.note-link").click();
    const dialog = page.locator("#fence-order-note dialog");
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
    expect(await dialog.locator("h2").innerText()).toBe(`Poznámka zakázky ${withNote}`);
    expect(await dialog.locator("p").innerText()).toBe(note);
    expect(new URL(page.url()).pathname).toBe(LIST);

    await dialog.locator("button[type=submit]").click();
    await page.waitForFunction(() => !(document.querySelector("#fence-order-note dialog") as HTMLDialogElement | null)?.open);
    expect(errors).toEqual([]);
  });

  test("the age icons: yellow after 60 days, orange after 80, red after 90, none for a closed order", async () => {
    const today = todayInPrague();
    const create = (lastName: string, daysAgo: number) =>
      createFenceOrder({ ctx: ctx(), input: { ...validFenceOrder, lastName, offerDate: shiftIso(today, -daysAgo - 5), orderDate: shiftIso(today, -daysAgo) } });
    const yellow = await create("Žlutá", 65);
    const orange = await create("Oranžová", 85);
    const red = await create("Červená", 95);
    const closed = await create("Uzavřená", 95);
    const fresh = await create("Nová", 10);
    await changeFenceOrderStatus({ ctx: ctx(), input: { id: closed, status: "CLOSED" } });

    const { page } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    const ageIcon = (id: number) => rowOf(page, id).locator(".icon-age");
    await rowOf(page, closed).waitFor();

    for (const [id, level, days] of [
      [yellow, "yellow", 65],
      [orange, "orange", 85],
      [red, "red", 95],
    ] as const) {
      expect(await ageIcon(id).count()).toBe(1);
      expect(await ageIcon(id).getAttribute("data-age")).toBe(level);
      expect(await ageIcon(id).getAttribute("class")).toContain(`age-${level}`);
      expect(await ageIcon(id).locator("[role=img]").getAttribute("aria-label")).toBe(`Zakázka je otevřená ${days} dní od data objednávky`);
    }
    expect(await rowOf(page, closed).locator(".fence-order-status").innerText()).toBe("Uzavřeno");
    expect(await ageIcon(closed).count()).toBe(0);
    expect(await ageIcon(fresh).count()).toBe(0);
  });
});
