/** docs/domain.md#promises and docs/domain.md#fence-order-editor: promises through the UI — the order's Promises tab and the status buttons of the promise list. */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { todayInPrague } from "@/lib/dates";
import { createFenceOrder } from "@/modules/orders/fence-order/service";
import { listOrderPromises, promiseService } from "@/modules/orders/promise/service";
import { promiseStatusService } from "@/modules/orders/service";
import { validFenceOrder } from "../helpers/factories/fence-order";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

const LIST = "/orders/promises";

/** ISO date shifted by whole days. */
function shiftIso(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const czech = (iso: string) => iso.split("-").reverse().join(".");

/** Promise ids shown in the list, in display order. */
async function shownIds(page: Page): Promise<number[]> {
  const texts = await page.locator("#list-promise tbody tr:not(.empty-row) td:first-child").allInnerTexts();
  return texts.map((text) => Number(text.trim()));
}

describeBrowser("Promises", () => {
  const e2e = useE2E();
  const ctx = () => e2e.server.testApp.ctx;
  let counter = 0;
  const newStatus = (name: string) => promiseStatusService.create({ ctx: ctx(), input: { name: `${name} ${++counter}` } });
  const newOrder = (lastName: string) => createFenceOrder({ ctx: ctx(), input: { ...validFenceOrder, lastName, offerDate: todayInPrague() } });

  test("add a promise from the order's Promises tab", async () => {
    const statusName = `Zavolat zákazníkovi ${++counter}`;
    await promiseStatusService.create({ ctx: ctx(), input: { name: statusName } });
    const orderId = await newOrder("Horáková");
    const before = (await listOrderPromises({ ctx: ctx(), input: { orderId } })).length;

    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(`/orders/fenceOrder/${orderId}`);
    await page.locator("nav.fence-order-tablist a[role=tab]", { hasText: "Přísliby" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "2");
    // The fragment loads lazily into the panel.
    const tab = page.locator("#order-promises-tab");
    await tab.waitFor();
    if (before === 0) expect(await tab.locator(".empty-row").innerText()).toBe("Zakázka zatím nemá žádné přísliby.");

    const deadline = shiftIso(todayInPrague(), 14);
    await tab.locator("#field-status").selectOption({ label: statusName });
    await tab.locator("#field-deadline").fill(czech(deadline));
    await tab.locator("#field-promise").fill("Doručit vzorník barev");
    await tab.locator("#field-note").fill("Jen odpoledne");
    await tab.locator("button[type=submit]").click();

    await page.locator(".toast-success", { hasText: "Vytvořeno" }).waitFor();
    const row = page.locator("#order-promises-tab tbody tr", { hasText: "Doručit vzorník barev" });
    await row.waitFor();
    expect(await row.innerText()).toContain(statusName);
    expect(await row.innerText()).toContain(czech(deadline));
    expect(await row.innerText()).toContain(czech(todayInPrague()));
    expect(await row.innerText()).toContain("Jen odpoledne");
    // htmx swapped the tab: still the order page on tab 2.
    expect(new URL(page.url()).pathname).toBe(`/orders/fenceOrder/${orderId}`);

    const stored = await listOrderPromises({ ctx: ctx(), input: { orderId } });
    expect(stored.length).toBe(before + 1);
    const created = stored.find((promise) => promise.promise === "Doručit vzorník barev")!;
    expect(created).toMatchObject({ deadline, resolved: false, note: "Jen odpoledne", status: { name: statusName } });
    expect(await row.getAttribute("data-promise-id")).toBe(String(created.id));
    expect(errors).toEqual([]);
  });

  test("a status button lists that status's unresolved promises and keeps the filter in the URL", async () => {
    const measuring = await newStatus("Zaměření");
    const delivery = await newStatus("Dodání");
    const orderA = await newOrder("Kučera");
    const orderB = await newOrder("Veselá");
    const deadline = shiftIso(todayInPrague(), 7);
    const create = (order: number, status: number, promise: string, resolved = false) =>
      promiseService.create({ ctx: ctx(), input: { order, status, deadline, promise, resolved } });
    const openMeasuringA = await create(orderA, measuring, "Zaměřit plot");
    const openMeasuringB = await create(orderB, measuring, "Zaměřit bránu");
    const resolvedMeasuring = await create(orderB, measuring, "Zaměřit branku", true);
    const openDelivery = await create(orderA, delivery, "Dovézt sloupky");

    const { page, errors } = await e2e.open({ signedIn: true });
    await page.goto(LIST);
    await page.locator("#list-promise tbody tr").first().waitFor();
    const all = await shownIds(page);
    for (const id of [openMeasuringA, openMeasuringB, resolvedMeasuring, openDelivery]) expect(all).toContain(id);

    const button = (status: number) => page.locator(`.promise-status-buttons a[data-status-id="${status}"]`);
    expect(await button(measuring).locator(".badge").innerText()).toBe("2");
    expect(await button(delivery).locator(".badge").innerText()).toBe("1");

    await button(measuring).click();
    await page.waitForURL((url) => url.searchParams.get("status") === String(measuring) && url.searchParams.get("resolved") === "false");
    await page.locator(`.promise-status-buttons a[data-status-id="${measuring}"][aria-current=true]`).waitFor();
    expect((await shownIds(page)).sort((a, b) => a - b)).toEqual([openMeasuringA, openMeasuringB].sort((a, b) => a - b));
    const statuses = await page.locator("#list-promise tbody tr:not(.empty-row) td:nth-child(2)").allInnerTexts();
    expect(new Set(statuses.map((text) => text.trim())).size).toBe(1);

    await button(delivery).click();
    await page.waitForURL((url) => url.searchParams.get("status") === String(delivery) && url.searchParams.get("resolved") === "false");
    await page.locator(`.promise-status-buttons a[data-status-id="${delivery}"][aria-current=true]`).waitFor();
    expect(await shownIds(page)).toEqual([openDelivery]);
    expect(await button(measuring).getAttribute("aria-current")).toBeNull();
    expect(errors).toEqual([]);
  });
});
