/**
 * The live scale pages in Chromium (docs/domain.md#scale-live): a reading published over MQTT, stored by
 * the scale feed, changes the warehouse page's scale quantity and colour, the item page's info box
 * and the rack scales list without a reload. The feed runs as src/main.ts runs it (startMqtt in
 * front of createScaleFeed) on the embedded broker, or on the Mosquitto at TEST_MQTT_URL. Each
 * wait is for a condition in the page, never for a time.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { connectAsync } from "mqtt";
import { silentLogger } from "@/lib/logger";
import { createScaleFeed } from "@/modules/warehouse/scale-feed/feed";
import { startMqtt } from "@/mqtt/index";
import type { Page } from "playwright-core";
import { rackScaleReadings, warehouseRackScales } from "@db/schema";
import { createProduct, createRackScale, createWarehouse, createWarehouseItem } from "../helpers/factories";
import { describeBrowser } from "../helpers/browser";
import { useE2E } from "./server";

describeBrowser("scale pages live", () => {
  const e2e = useE2E();

  /** A scale's state before the page opens (an old reading), written as the feed would have. */
  async function storedReading(scaleId: number, grams: number, at: Date) {
    await e2e.server.testApp.ctx.db.update(warehouseRackScales).set({ lastWeight: grams.toFixed(1), lastWeightChange: at, lastReadingAt: at }).where(eq(warehouseRackScales.id, scaleId));
  }

  /** The scale feed over the e2e server's database, MQTT in front of it, and a scale publishing `{"weight": g}`. */
  async function startFeed() {
    const url = process.env.TEST_MQTT_URL?.trim() || undefined;
    const prefix = url ? `ohrada-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}/scales` : "scales";
    const feed = createScaleFeed({ topicPrefix: prefix, logger: silentLogger, mapOnMissEveryMs: 200 });
    feed.start(e2e.server.testApp.database);
    const mqtt = await startMqtt({ env: { MQTT_URL: url, MQTT_PORT: 0, MQTT_TOPIC_PREFIX: prefix }, logger: silentLogger, onMessage: feed.onMessage });
    await mqtt.ready();
    const publisher = await connectAsync(url ?? mqtt.brokerUrl, { reconnectPeriod: 0 });
    return {
      publish: (extId: number, grams: number) => publisher.publishAsync(`${prefix}/${extId}/weight`, JSON.stringify({ weight: grams }), { qos: 1 }),
      async stop() {
        await publisher.endAsync();
        await mqtt.close();
        await feed.close();
      },
    };
  }

  /** The page's stream is open (the script marks the body), so what is stored from now on reaches it. */
  const streamOpen = (page: Page) => page.waitForFunction(() => document.body.dataset.scaleLive === "open");

  test("a reading changes the warehouse page's scale quantity and colour, the item page and the scales list, without a reload", async () => {
    const { ctx } = e2e.server.testApp;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Živě" });
    const scale = await createRackScale(ctx, { name: "Regál Živě", extId: 91_001 });
    const product = await createProduct(ctx.db, { name: "Sloupek Živě", weight: "1250", scaleToleranceAmount: 1 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: 10, rackScales: [scale] });
    await storedReading(scale, 12_600, new Date(Date.now() - 2 * 3_600_000));
    const feed = await startFeed();
    const publishWeight = (grams: number) => feed.publish(91_001, grams);
    try {
      await ctx.db.insert(rackScaleReadings).values([
        { scaleId: scale, weight: "12000.0", at: new Date(Date.now() - 3 * 3_600_000) },
        { scaleId: scale, weight: "12600.0", at: new Date(Date.now() - 2 * 3_600_000) },
      ]);

      const { page, errors } = await e2e.open({ signedIn: true });
      await page.goto(`/warehouse/${warehouse}`);
      const cell = page.locator(`tr[data-item-id="${item}"] [data-live-item="${item}"]`);
      expect((await cell.innerText()).trim()).toBe("10");
      expect(await cell.locator(".scale-quantity").getAttribute("data-scale-colour")).toBe("none");
      await streamOpen(page);
      // No page load counts from here: a reload would lose this mark.
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      // 7 500 g = 6 pieces against 10 booked: red.
      await publishWeight(7500);
      await page.waitForFunction((id) => document.querySelector(`[data-live-item="${id}"] .scale-quantity`)?.getAttribute("data-scale-colour") === "red", item);
      expect((await cell.innerText()).trim()).toBe("6");
      expect(await cell.locator(".scale-quantity").getAttribute("title")).toBe("Na skladě je víc, než váží váhy");
      // 17 500 g = 14 pieces: orange.
      await publishWeight(17_500);
      await page.waitForFunction((id) => document.querySelector(`[data-live-item="${id}"] .scale-quantity`)?.getAttribute("data-scale-colour") === "orange", item);
      expect((await cell.innerText()).trim()).toBe("14");
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      // The item page: the info box and the scale's weight follow; the day's sparkline is drawn.
      await page.goto(`/warehouse/warehouseItem/${item}`);
      expect(await page.locator(`#sparkline-${scale} svg title`).textContent()).toContain("od 12\u00a0000\u00a0g do 12\u00a0600\u00a0g");
      await streamOpen(page);
      await publishWeight(12_500);
      await page.waitForFunction(() => document.querySelector("#scale-info-quantity .scale-quantity")?.textContent === "10");
      expect(await page.locator("#scale-info-quantity .scale-quantity").getAttribute("data-scale-colour")).toBe("none");
      expect((await page.locator(`[data-live-scale="${scale}"][data-live-field="weightNumber"]`).innerText()).trim()).toBe("12\u00a0500");

      // The scales list: the silent mark goes once the scale reports; its weight and age follow.
      await storedReading(scale, 12_500, new Date(Date.now() - 2 * 3_600_000));
      await page.goto("/warehouse/warehouseRackScales?size=500");
      const silent = page.locator(`[data-live-scale="${scale}"][data-live-field="silent"]`);
      expect(await silent.isVisible()).toBe(true);
      await streamOpen(page);
      await publishWeight(3210);
      await page.waitForFunction((id) => document.querySelector(`[data-live-scale="${id}"][data-live-field="weight"]`)?.textContent === "3\u00a0210\u00a0g", scale);
      expect(await silent.isVisible()).toBe(false);
      expect(await page.locator(`[data-live-scale="${scale}"][data-live-field="age"]`).innerText()).toBe("právě teď");
      expect(errors).toEqual([]);
    } finally {
      await feed.stop();
    }
  });
});
