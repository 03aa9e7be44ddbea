/**
 * Planning browser test (docs/domain.md#planning-rules): an order planned for delivery and
 * assembly shows PURPLE on the grid; dragging its card to another day and van re-plans it (the
 * card sits in the new cell, the server has the new day, van and version); the keyboard way (the
 * card's move link and form) moves it back.
 */
import { expect, test } from "bun:test";
import { getPlan, planOrderItems } from "@/modules/planning/service";
import { editOrderItems } from "@/modules/orders/fence-item/service";
import { createDeliveryVan, createFenceCategory, createFenceOrder, createFenceOrderWithItems, createFenceProduct, FENCE_1_PARAMETERS, fence1Item } from "../helpers/factories";
import { describeBrowser, waitForHydration } from "../helpers/browser";
import { useE2E } from "./server";

describeBrowser("Planning grid", () => {
  const e2e = useE2E();

  test("a PURPLE card dragged to another day and van is re-planned; the move link moves it back", async () => {
    const ctx = e2e.server.testApp.ctx;
    const iveco = await createDeliveryVan(ctx, { name: "Iveco E2E", spz: "5AB 1234" });
    const ford = await createDeliveryVan(ctx, { name: "Ford E2E", spz: "5AB 5678" });
    const order = await createFenceOrderWithItems(ctx, { order: { orderDate: "2026-11-02", lastName: "Dvořák E2E" }, items: [{ amount: 2 }], otherItems: [] });
    const plan = await planOrderItems({ ctx, input: { orderId: order.id, date: "2027-02-01", vanId: iveco, delivery: true, assembly: true, items: [{ itemId: order.itemIds[0], amount: 2 }] } });
    expect(plan.status).toBe("PLANNED");

    const { page, errors } = await e2e.open({ signedIn: true, viewport: { width: 1400, height: 1000 } });
    await page.goto("/orders/planning?from=01.02.2027&to=07.02.2027");
    await waitForHydration(page, "[data-island=planning-board]").catch((error: Error) => {
      throw new Error(`${error.message}\n${errors.join("\n")}`);
    });
    const card = page.locator(`.plan-card[data-plan-id="${plan.id}"]`);
    expect(await card.getAttribute("class")).toBe("plan-card plan-PURPLE");
    expect(await card.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(220, 198, 242)");
    expect(await card.locator("a").first().innerText()).toBe(`${order.id} Dvořák E2E`);
    expect(await card.getAttribute("data-version")).toBe("1");

    const target = page.locator(`td.plan-cell[data-date="2027-02-03"][data-van="${ford}"]`);
    await card.dragTo(target);
    await page.locator(`td.plan-cell[data-date="2027-02-03"][data-van="${ford}"] .plan-card[data-version="2"]`).waitFor();
    expect(await page.locator(".toast").last().innerText()).toContain("Přesunuto");
    expect(await getPlan({ ctx, input: { id: plan.id } })).toMatchObject({ date: "2027-02-03", vehicle: { id: ford }, version: 2, color: "PURPLE" });

    // The keyboard way: the card's move link, the form, back to the grid.
    await target.getByRole("link", { name: `Přesunout zakázku ${order.id} na jiný den nebo dodávku` }).press("Enter");
    await page.waitForURL(`**/orders/planning/${plan.id}/move`);
    await page.getByLabel("Datum").fill("02.02.2027");
    await page.getByLabel("Vozidlo").selectOption(String(iveco));
    await page.getByRole("button", { name: "Přesunout" }).press("Enter");
    await page.waitForURL("**/orders/planning?from=2027-02-01&to=2027-02-07");
    await page.locator(`td.plan-cell[data-date="2027-02-02"][data-van="${iveco}"] .plan-card[data-plan-id="${plan.id}"][data-version="3"]`).waitFor();
    expect(errors).toEqual([]);
  });
});

describeBrowser("Planning from the order", () => {
  const e2e = useE2E();

  test("tab 5 plans delivery and assembly → PURPLE on the grid; tab 8 marks assembled → CLOSED; the plan detail ticks manufactured (green) and adds to the basket", async () => {
    const ctx = e2e.server.testApp.ctx;
    const db = ctx.db;
    const van = await createDeliveryVan(ctx, { name: "Tatra E2E", spz: "6AB 1234" });
    const product = await createFenceProduct(db, await createFenceCategory(db), FENCE_1_PARAMETERS, { name: "Plot Lamela E2E plán" });
    const orderId = await createFenceOrder(ctx, { orderDate: "2026-11-02", lastName: "Nováková E2E" });
    await editOrderItems({ ctx, input: { id: orderId, values: { items: [fence1Item(product)] } } });

    const { page, errors } = await e2e.open({ signedIn: true, viewport: { width: 1400, height: 1000 } });
    await page.goto(`/orders/fenceOrder/${orderId}?tab=5`);
    const tab = page.locator("#order-planning-tab");
    await tab.waitFor();
    await tab.locator('input[name="date"]').fill("01.03.2027");
    await tab.locator('select[name="vanId"]').selectOption(String(van));
    await tab.getByLabel("Montáž").check();
    await tab.getByRole("button", { name: "Naplánovat" }).click();
    // Nothing manufactured yet: the tab asks first.
    const confirm = page.locator("#confirm-dialog");
    expect(await confirm.locator(".dialog-message").innerText()).toContain("Výroba zakázky ještě není hotová");
    await confirm.getByRole("button", { name: "Potvrdit" }).click();
    await page.locator('#order-planning-tab [data-order-status="PLANNED"]').waitFor();
    expect(await page.locator("#order-planning-tab .plan-card").getAttribute("class")).toBe("plan-card plan-PURPLE");

    await page.goto("/orders/planning?from=01.03.2027&to=07.03.2027");
    const card = page.locator(`td.plan-cell[data-date="2027-03-01"][data-van="${van}"] .plan-card`);
    expect(await card.getAttribute("class")).toBe("plan-card plan-PURPLE");
    expect(await card.locator("a").first().innerText()).toBe(`${orderId} Nováková E2E`);
    // No manufacture plan yet: no manufactured mark; no paid proforma: the deposit is marked unpaid.
    expect(await card.locator("[data-manufactured]").count()).toBe(0);
    expect(await card.locator("[data-deposit-paid]").getAttribute("data-deposit-paid")).toBe("false");
    // Nothing of the fence product in stock: once the island has asked, the material mark says short and names it.
    await page.locator('#planning-grid[data-material-ready="true"]').waitFor();
    const material = card.locator("[data-material-order]");
    expect(await material.getAttribute("data-material")).toBe("SHORT");
    // The tooltip names the state, then each short product with its unit.
    expect(await material.getAttribute("title")).toMatch(/^Materiál chybí\. Chybí: Plot Lamela E2E plán: 0 z [\d\u00a0 ,]+ ks/);
    // The warning's shape, from the page's sprite.
    expect(await material.locator("use").getAttribute("href")).toBe("#icon-alert");
    expect(await page.locator("#icon-alert path").getAttribute("d")).toBe("M10 3l8 14H2L10 3zm0 5v4m0 2.5v.5");

    // Tab 8: assembled (the delivery first, in tab 7) closes the order.
    await page.goto(`/orders/fenceOrder/${orderId}?tab=7`);
    await page.locator('#order-planning-tab input[name="date"]').fill("01.03.2027");
    await page.locator("#order-planning-tab").getByRole("button", { name: /^Uložit/ }).click();
    await page.locator("#order-planning-tab tr.manufacture-line-done").waitFor();
    await page.goto(`/orders/fenceOrder/${orderId}?tab=8`);
    await page.locator('#order-planning-tab input[name="date"]').fill("02.03.2027");
    await page.locator('#order-planning-tab input[name="note"]').fill("Smontováno bez závad");
    await page.locator("#order-planning-tab").getByRole("button", { name: /^Uložit/ }).click();
    await page.locator('#order-planning-tab [data-order-status="CLOSED"]').waitFor();
    expect(await page.locator("#order-planning-tab [data-order-status]").innerText()).toBe("Uzavřeno");

    // Tab 6 makes the manufacture plan; its detail ticks manufactured and adds to the common basket.
    await page.goto(`/orders/fenceOrder/${orderId}?tab=6`);
    await page.locator('#order-planning-tab input[name="manufactureDate"]').fill("22.02.2027");
    await page.locator("#order-planning-tab").getByRole("button", { name: "Uložit" }).click();
    await page.locator("#order-planning-tab table.manufacture-plan-lines").waitFor();
    await page.locator("#order-planning-tab").getByRole("link", { name: "Detail plánu výroby" }).click();
    await page.waitForURL("**/orders/manufacture/detail/*");
    const row = page.locator("table.manufacture-plan-lines tbody tr").first();
    expect(await row.getAttribute("data-manufactured")).toBe("false");
    await row.locator('input[type="checkbox"]').check();
    await page.locator("table.manufacture-plan-lines tbody tr.manufacture-line-done").waitFor();
    expect(await page.locator("table.manufacture-plan-lines tbody tr").first().evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(229, 240, 233)");
    await page.locator("table.manufacture-plan-lines tbody tr").first().getByRole("button", { name: /^Přidat do košíku/ }).click();
    await page.waitForURL("**/orders/manufacture/detail/*");
    expect(await page.locator(".toast").last().innerText()).toContain("Přidáno");
    expect(await page.locator('aside.baskets-column a[data-common="true"] .basket-count').innerText()).toBe("1");
    expect(errors).toEqual([]);
  });
});
