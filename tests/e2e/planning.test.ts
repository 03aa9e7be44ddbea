/**
 * Issue 21 browser test (docs/domain.md#planning-rules): an order planned for delivery and
 * assembly shows PURPLE on the grid; dragging its card to another day and van re-plans it (the
 * card sits in the new cell, the server has the new day, van and version); the keyboard way (the
 * card's move link and form) moves it back.
 */
import { expect, test } from "bun:test";
import { getPlan, planOrderItems } from "@/modules/planning/service";
import { createDeliveryVan, createFenceOrderWithItems } from "../helpers/factories";
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
    expect(await getPlan({ ctx, input: { id: plan.id } })).toMatchObject({ date: "2027-02-03", vanId: ford, version: 2, colour: "PURPLE" });

    // The keyboard way: the card's move link, the form, back to the grid.
    await target.getByRole("link", { name: `Přesunout zakázku ${order.id} na jiný den nebo dodávku` }).press("Enter");
    await page.waitForURL(`**/orders/planning/${plan.id}/move?**`);
    await page.getByLabel("Datum").fill("02.02.2027");
    await page.getByLabel("Vozidlo").selectOption(String(iveco));
    await page.getByRole("button", { name: "Přesunout" }).press("Enter");
    await page.waitForURL("**/orders/planning?from=2027-02-01&to=2027-02-07");
    await page.locator(`td.plan-cell[data-date="2027-02-02"][data-van="${iveco}"] .plan-card[data-plan-id="${plan.id}"][data-version="3"]`).waitFor();
    expect(errors).toEqual([]);
  });
});
