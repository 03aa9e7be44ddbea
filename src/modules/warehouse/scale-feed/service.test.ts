/**
 * The scale feed's services with numbers: the discrepancy job (docs/domain.md#scale-discrepancies), the
 * live poller's diff (docs/decisions/058-scale-live-updates.md), the sparkline's points, the
 * feed's settings.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { rackScaleReadings, warehouseItems, warehouseRackScales } from "@db/schema";
import { sparklinePoints } from "@views/components/sparkline";
import { createProduct, createRackScale, createWarehouse, createWarehouseItem } from "../../../../tests/helpers/factories";
import { runPeriodicJobsNow } from "../../../../tests/helpers/jobs";
import { failureOf, fieldKeys, useTestDatabase } from "../../../../tests/helpers/service";
import { scaleColourOf, scaleQuantityOf } from "../items/schemas";
import { ageText } from "./format";
import { CLIENT_BUFFER_EVENTS, eventFor, type LiveClient, liveStream, ScaleLivePoller } from "./live";
import {
  countScaleDiscrepancies,
  getScaleFeedSettings,
  listScaleDiscrepancies,
  markScaleDiscrepancies,
  markScaleDiscrepanciesJob,
  readingsSince,
  saveScaleFeedSettings,
  scalesReportedAfter,
} from "./service";

const t = useTestDatabase();
const list = (page = 1, size = 20) => ({ page, size, filters: {} });

/** A reading as the feed stores it: the weight and the time it reported. */
async function report(scaleId: number, grams: number, at: Date) {
  await t.db.update(warehouseRackScales).set({ lastWeight: grams.toFixed(1), lastReadingAt: at, lastWeightChange: at }).where(eq(warehouseRackScales.id, scaleId));
}
const setBook = (itemId: number, quantity: number) => t.db.update(warehouseItems).set({ quantity: String(quantity) }).where(eq(warehouseItems.id, itemId));
const sinceOf = async (itemId: number) => (await t.db.select({ since: warehouseItems.scaleDisagreeSince }).from(warehouseItems).where(eq(warehouseItems.id, itemId)))[0]!.since;

describe("the discrepancy job (docs/domain.md#scale-discrepancies)", () => {
  test("12 600 g of a 1 250 g product: book 10 agrees, book 13 (tolerance 1) disagrees from the first run, keeps its time, clears when fixed", async () => {
    const ctx = t.ctx;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Job" });
    const scale = await createRackScale(ctx, { name: "Regál J", extId: 61_001 });
    const product = await createProduct(t.db, { name: "Sloupek J", weight: "1250", scaleToleranceAmount: 1 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: 10, rackScales: [scale] });
    const bare = await createWarehouseItem(ctx, { warehouseId: warehouse, quantity: 5 });
    await report(scale, 12_600, new Date("2026-11-27T08:00:00Z"));
    // The page's rule on the same numbers: 10.08 rounds to 10 pieces.
    expect(scaleQuantityOf(12_600, 1250)).toBe(10);
    expect(scaleColourOf(10, 10, 1)).toBe("none");
    expect(scaleColourOf(13, 10, 1)).toBe("red");

    const first = new Date("2026-11-27T08:01:00Z");
    expect(await markScaleDiscrepancies({ ctx, input: { now: first } })).toEqual({ set: 0, cleared: 0 });
    expect(await sinceOf(item)).toBeNull();

    await setBook(item, 13);
    expect(await markScaleDiscrepancies({ ctx, input: { now: first } })).toEqual({ set: 1, cleared: 0 });
    expect(await sinceOf(item)).toEqual(first);
    expect(await sinceOf(bare)).toBeNull();

    // Still disagreeing a minute later (and 11 within tolerance 1 of 10 would not): the first time stays.
    const later = new Date("2026-11-27T08:02:00Z");
    await markScaleDiscrepancies({ ctx, input: { now: later } });
    expect(await sinceOf(item)).toEqual(first);

    // Listed once older than the discrepancy minutes (30 by default).
    expect(await countScaleDiscrepancies({ ctx, input: { now: new Date("2026-11-27T08:30:00Z") } })).toBe(0);
    const listed = await listScaleDiscrepancies({ ctx, input: { list: list(), now: new Date("2026-11-27T08:31:00Z") } });
    expect(listed.rows).toEqual([
      { id: item, product: { id: product, name: "Sloupek J" }, warehouse: { id: warehouse, name: "Sklad Job" }, quantity: 13, scaleQuantity: 10, difference: -3, since: first.toISOString() },
    ]);
    expect(listed.meta).toMatchObject({ total: 1, pages: 1 });
    expect(await countScaleDiscrepancies({ ctx, input: { now: new Date("2026-11-27T08:31:00Z") } })).toBe(1);

    // Fixed on the shelf: 16 250 g is 13 pieces.
    await report(scale, 16_250, new Date("2026-11-27T08:40:00Z"));
    expect(await markScaleDiscrepancies({ ctx, input: { now: new Date("2026-11-27T08:41:00Z") } })).toEqual({ set: 0, cleared: 1 });
    expect(await sinceOf(item)).toBeNull();
  });

  test("an empty scale, a scale that never reported, or scales taken away clear the mark; orange disagrees too", async () => {
    const ctx = t.ctx;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Job 2" });
    const scale = await createRackScale(ctx, { name: "Regál K", extId: 61_002 });
    const product = await createProduct(t.db, { name: "Panel K", weight: "1000", scaleToleranceAmount: 0 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: 2, rackScales: [scale] });
    const now = new Date("2026-11-27T09:00:00Z");
    // Never reported: nothing to disagree with.
    await markScaleDiscrepancies({ ctx, input: { now } });
    expect(await sinceOf(item)).toBeNull();
    // 5 000 g = 5 pieces against 2 booked: orange, a discrepancy.
    await report(scale, 5000, now);
    await markScaleDiscrepancies({ ctx, input: { now } });
    expect(await sinceOf(item)).toEqual(now);
    // An empty rack (0 g) is white: cleared.
    await report(scale, 0, now);
    await markScaleDiscrepancies({ ctx, input: { now } });
    expect(await sinceOf(item)).toBeNull();
  });

  test("the job on the runner every minute does the same", async () => {
    const ctx = t.ctx;
    expect(markScaleDiscrepanciesJob.schedule).toEqual({ everyMinutes: 1 });
    const warehouse = await createWarehouse(ctx, { name: "Sklad Job 3" });
    const scale = await createRackScale(ctx, { name: "Regál L", extId: 61_003 });
    const product = await createProduct(t.db, { name: "Plotovka L", weight: "500", scaleToleranceAmount: 0 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: 9, rackScales: [scale] });
    await report(scale, 2000, new Date("2026-11-27T10:00:00Z"));
    const now = new Date("2026-11-27T10:05:00Z");
    const outcomes = await runPeriodicJobsNow(t.database, [markScaleDiscrepanciesJob], now);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["done"]);
    expect(await sinceOf(item)).toEqual(now);
  });

  test("the list pages newest first after the set minutes", async () => {
    const ctx = t.ctx;
    await saveScaleFeedSettings({ ctx, input: { noiseBandGrams: "5", discrepancyMinutes: "10" } });
    const warehouse = await createWarehouse(ctx, { name: "Sklad Paging" });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await createWarehouseItem(ctx, { warehouseId: warehouse, quantity: 1 });
      await t.db.update(warehouseItems).set({ scaleDisagreeSince: new Date(Date.UTC(2026, 10, 27, 11, i)) }).where(eq(warehouseItems.id, id));
      ids.push(id);
    }
    const now = new Date("2026-11-27T11:12:00Z");
    // 11:00 and 11:01 are older than 10 minutes at 11:12; 11:02 is exactly 10 and counts too.
    const first = await listScaleDiscrepancies({ ctx, input: { list: list(1, 2), now } });
    const mine = (rows: { id: number }[]) => rows.map((row) => row.id).filter((id) => ids.includes(id));
    expect(first.minutes).toBe(10);
    expect(mine(first.rows)).toEqual([ids[2]!, ids[1]!]);
    const second = await listScaleDiscrepancies({ ctx, input: { list: list(2, 2), now } });
    expect(mine(second.rows)).toEqual([ids[0]!]);
    await saveScaleFeedSettings({ ctx, input: { noiseBandGrams: "5", discrepancyMinutes: "30" } });
    await t.db.update(warehouseItems).set({ scaleDisagreeSince: null }).where(eq(warehouseItems.warehouseId, warehouse));
  });
});

describe("the feed's settings", () => {
  test("defaults until saved; a bad value is a field error and saves nothing", async () => {
    const ctx = t.ctx;
    const before = await getScaleFeedSettings({ ctx });
    const bad = await failureOf(saveScaleFeedSettings({ ctx, input: { noiseBandGrams: "-1", discrepancyMinutes: "0" } }));
    expect(fieldKeys(bad)).toEqual({ noiseBandGrams: "validation.min", discrepancyMinutes: "validation.min" });
    expect(await getScaleFeedSettings({ ctx })).toEqual(before);
    expect(await saveScaleFeedSettings({ ctx, input: { noiseBandGrams: "12", discrepancyMinutes: "45" } })).toEqual({ noiseBandGrams: 12, discrepancyMinutes: 45 });
    expect(await getScaleFeedSettings({ ctx })).toEqual({ noiseBandGrams: 12, discrepancyMinutes: 45 });
    await saveScaleFeedSettings({ ctx, input: { noiseBandGrams: "5", discrepancyMinutes: "30" } });
  });
});

describe("the live poller (docs/decisions/058-scale-live-updates.md)", () => {
  test("each look finds the scales that reported since the last one, and the items on them with quantity and colour", async () => {
    const ctx = t.ctx;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Live" });
    const a = await createRackScale(ctx, { name: "Live A", extId: 62_001 });
    const b = await createRackScale(ctx, { name: "Live B", extId: 62_002 });
    const product = await createProduct(t.db, { name: "Sloupek Live", weight: "1250", scaleToleranceAmount: 1 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: 13, rackScales: [a, b] });
    let clock = new Date("2026-11-27T12:00:00Z");
    const poller = new ScaleLivePoller(t.database, { clock: () => clock });

    await report(a, 6300, new Date("2026-11-27T12:00:00Z"));
    await report(b, 6300, new Date("2026-11-27T12:00:00Z"));
    const first = await poller.look();
    expect(first.scales.map((scale) => scale.id).sort()).toEqual([a, b].sort());
    expect(first.items).toMatchObject([{ id: item, warehouseId: warehouse, grams: 12_600, scaleQuantity: 10, scaleColour: "red", scaleIds: expect.arrayContaining([a, b]) }]);

    // Nothing new: nothing found, though the look reaches back over the same rows.
    clock = new Date("2026-11-27T12:00:01Z");
    expect(await poller.look()).toEqual({ scales: [], items: [] });

    // B now weighs 20 050 g: only B; 26 350 g on the item is 21 pieces (21.08) against 13: orange.
    await report(b, 20_050, new Date("2026-11-27T12:00:01.500Z"));
    clock = new Date("2026-11-27T12:00:02Z");
    const third = await poller.look();
    expect(third.scales.map((scale) => scale.id)).toEqual([b]);
    expect(third.items).toMatchObject([{ id: item, scaleQuantity: 21, scaleColour: "orange" }]);

    // The same weight reported again is a new reading (its age and time change).
    await report(b, 20_050, new Date("2026-11-27T12:00:02.500Z"));
    clock = new Date("2026-11-27T12:00:03Z");
    expect((await poller.look()).scales.map((scale) => scale.id)).toEqual([b]);

    // A scale whose clock runs an hour behind stamps its reading in the past: still found.
    await report(a, 7_500, new Date("2026-11-27T11:00:03.500Z"));
    clock = new Date("2026-11-27T12:00:04Z");
    expect((await poller.look()).scales.map((scale) => [scale.id, scale.lastWeight])).toEqual([[a, 7_500]]);

    // What each page is sent: its warehouse's items; its item and that item's scales; the scales list every scale.
    const event = third;
    const now = new Date("2026-11-27T12:05:00Z");
    expect(eventFor({ kind: "warehouse", id: warehouse }, event, "cs", now)).toEqual({
      scales: [],
      items: [{ id: item, quantity: "21", colour: "orange", title: "Váhy váží víc, než je na skladě", grams: "26\u00a0350\u00a0g" }],
    });
    expect(eventFor({ kind: "warehouse", id: warehouse + 1000 }, event, "cs", now)).toBeNull();
    expect(eventFor({ kind: "item", id: item }, event, "en", now)).toEqual({
      scales: [{ id: b, weight: "20,050\u00a0g", weightNumber: "20,050", change: "27.11.2026 13:00", reading: "27.11.2026 13:00", age: "4 min ago" }],
      items: [{ id: item, quantity: "21", colour: "orange", title: "The scales weigh more than the stock holds", grams: "26,350\u00a0g" }],
    });
    expect(eventFor({ kind: "scales" }, event, "cs", now)?.scales.map((scale) => scale.weight)).toEqual(["20\u00a0050\u00a0g"]);
    expect(await scalesReportedAfter({ ctx, input: { after: new Date("2026-11-27T12:00:02Z") } })).toMatchObject([{ id: b, lastWeight: 20_050 }]);
  });

  test("a page that stops reading is dropped once its buffer is full; a gone page at its next event; an abort at once", async () => {
    const ctx = t.ctx;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Pomalý" });
    const scale = await createRackScale(ctx, { name: "Regál P", extId: 62_101 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: await createProduct(t.db, { name: "Panel P", weight: "100" }), quantity: 1, rackScales: [scale] });
    // Five seconds ago: the poller's look (10 s back) finds it, the streams' catch-up (from their `since`, now) does not.
    await report(scale, 500, new Date(Date.now() - 5000));
    const poller = new ScaleLivePoller(t.database, { intervalMs: 3_600_000 });
    const update = await poller.look();
    expect(update.items.map((row) => row.id)).toContain(item);

    // A stream nobody reads: the events queue up to the bound, then the client is dropped.
    const slow = liveStream({ poller, scope: { kind: "warehouse", id: warehouse }, lang: "cs", since: new Date(), signal: new AbortController().signal });
    expect(poller.clients.size).toBe(1);
    for (let i = 0; i < CLIENT_BUFFER_EVENTS - 1; i++) poller.broadcast(update);
    expect(poller.clients.size).toBe(1);
    poller.broadcast(update);
    expect(poller.clients.size).toBe(0);
    await slow.body!.cancel();

    // A client whose write fails (gone) is dropped at its next event.
    const closed: string[] = [];
    const gone: LiveClient = { scope: { kind: "scales" }, lang: "cs", write: () => false, close: () => closed.push("gone") };
    await poller.add(gone, new Date());
    poller.broadcast(update);
    expect(poller.clients.size).toBe(0);
    expect(closed).toEqual(["gone"]);

    // The request's signal aborting (the browser left) drops it without any event.
    const leaving = new AbortController();
    liveStream({ poller, scope: { kind: "item", id: item }, lang: "en", since: new Date(), signal: leaving.signal });
    expect(poller.clients.size).toBe(1);
    leaving.abort();
    expect(poller.clients.size).toBe(0);
  });

  test("ages read as the page says them", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(ageText(ago(30_000), now, "cs")).toBe("právě teď");
    expect(ageText(ago(5 * 60_000), now, "cs")).toBe("před 5 min");
    expect(ageText(ago(3 * 3_600_000), now, "cs")).toBe("před 3 h");
    expect(ageText(ago(3 * 86_400_000), now, "cs")).toBe("před 3 dny");
    expect(ageText(ago(5 * 60_000), now, "en")).toBe("5 min ago");
    expect(ageText(null, now, "en")).toBe("");
  });
});

describe("the sparkline", () => {
  test("the last day's readings of each scale, oldest first, scaled into the box with a flat line in the middle", async () => {
    const ctx = t.ctx;
    const scale = await createRackScale(ctx, { name: "Spark", extId: 63_001 });
    const other = await createRackScale(ctx, { name: "Spark 2", extId: 63_002 });
    const at = (iso: string) => new Date(iso);
    await t.db.insert(rackScaleReadings).values([
      { scaleId: scale, weight: "900.0", at: at("2026-11-26T11:00:00Z") },
      { scaleId: scale, weight: "1200.0", at: at("2026-11-27T06:01:00Z") },
      { scaleId: scale, weight: "1000.0", at: at("2026-11-27T06:00:00Z") },
      { scaleId: scale, weight: "1100.0", at: at("2026-11-27T12:00:00Z") },
    ]);
    const points = await readingsSince({ ctx, input: { scaleIds: [scale, other], since: at("2026-11-26T12:00:00Z") } });
    expect(points.get(scale)).toEqual([
      { at: "2026-11-27T06:00:00.000Z", grams: 1000 },
      { at: "2026-11-27T06:01:00.000Z", grams: 1200 },
      { at: "2026-11-27T12:00:00.000Z", grams: 1100 },
    ]);
    expect(points.get(other)).toEqual([]);
    // 240 × 48 with 4 px padding: x over the day, the lowest weight at the bottom (y 44), the highest at the top (y 4).
    const range = { from: 0, to: 100 };
    expect(sparklinePoints([{ x: 0, y: 1000 }, { x: 50, y: 1200 }, { x: 100, y: 1100 }], range)).toBe("4,44 120,4 236,24");
    expect(sparklinePoints([{ x: 0, y: 5 }, { x: 100, y: 5 }], range)).toBe("4,24 236,24");
    expect(sparklinePoints([], range)).toBe("");
  });
});
