/**
 * The scale pages over HTTP (docs/domain.md#scale-live, docs/domain.md#scale-discrepancies,
 * docs/domain.md#rack-scales): the live stream needs a session and sends a page what changed; the
 * feed's settings form; the discrepancy page and its count in the baskets column; the unknown
 * external ids with the prefilled create form; the silent mark.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { rackScaleSettings, rackScaleUnknownReports, warehouseItems, warehouseRackScales } from "@db/schema";
import { livePollerFor } from "@/modules/warehouse/scale-feed/live";
import { type Session, useTestApp } from "../helpers/app";
import { createProduct, createRackScale, createWarehouse, createWarehouseItem } from "../helpers/factories";
import { afterRedirect, pageShowing } from "./support";

const t = useTestApp();
let session: Session;

beforeAll(async () => {
  session = await t.current.login({ admin: true });
});

/** A reading as the feed stores it (the feed's MQTT handler, docs/domain.md#scale-feed, writes these columns). */
async function reportWeight(scaleId: number, grams: number, at = new Date()) {
  await t.current.ctx.db.update(warehouseRackScales).set({ lastWeight: grams.toFixed(1), lastWeightChange: at, lastReadingAt: at }).where(eq(warehouseRackScales.id, scaleId));
}

/** Reads the stream until its text holds `wanted` (the test's timeout bounds the wait). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, wanted: string, seen = { text: "" }): Promise<string> {
  const decoder = new TextDecoder();
  while (!seen.text.includes(wanted)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before "${wanted}": ${seen.text}`);
    seen.text += decoder.decode(value, { stream: true });
  }
  return seen.text;
}

describe("the live stream GET /warehouse/scaleFeed", () => {
  test("without a session: the login page; a page without a scope: 400", async () => {
    const anonymous = await t.current.request("/warehouse/scaleFeed?warehouse=1", { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toStartWith("/login");
    const api = await t.current.request("/warehouse/scaleFeed?scales=1", { redirect: "manual", headers: { "HX-Request": "true" } });
    expect([302, 401]).toContain(api.status);
    expect((await session.page("/warehouse/scaleFeed")).status).toBe(400);
    expect((await session.page("/warehouse/scaleFeed?warehouse=abc")).status).toBe(400);
  });

  test("a warehouse page gets what changed since it was read, then each new reading; leaving drops it", async () => {
    const ctx = t.current.ctx;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Stream" });
    const scale = await createRackScale(ctx, { name: "Regál S", extId: 71_001 });
    const product = await createProduct(ctx.db, { name: "Sloupek S", weight: "1250", scaleToleranceAmount: 1 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: 10, rackScales: [scale] });
    const rendered = Date.now() - 5000;
    await reportWeight(scale, 12_600);

    const response = await session.page(`/warehouse/scaleFeed?warehouse=${warehouse}&since=${rendered}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toStartWith("text/event-stream");
    const reader = response.body!.getReader();
    const seen = { text: "" };
    // The catch-up: 12 600 g = 10 pieces, agreeing with 10 booked.
    await readUntil(reader, `"id":${item},"quantity":"10","colour":"none"`, seen);
    expect(seen.text).toStartWith("retry: 3000\n: connected\n\n");
    expect(seen.text).toContain("event: scales\ndata: ");

    // A new reading reaches the open page: 7 500 g = 6 pieces against 10 booked: red.
    await reportWeight(scale, 7500);
    await readUntil(reader, `"id":${item},"quantity":"6","colour":"red","title":"Na skladě je víc, než váží váhy","grams":"7\u00a0500\u00a0g"`, seen);

    const poller = livePollerFor(t.current.deps.database);
    expect(poller.clients.size).toBe(1);
    await reader.cancel();
    expect(poller.clients.size).toBe(0);
  });

  test("another warehouse's page is not sent this one's items; the scales list is sent the scale", async () => {
    const ctx = t.current.ctx;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Stream 2" });
    const elsewhere = await createWarehouse(ctx, { name: "Sklad Jinde" });
    const scale = await createRackScale(ctx, { name: "Regál T", extId: 71_002 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: await createProduct(ctx.db, { name: "Panel T", weight: "1000" }), quantity: 1, rackScales: [scale] });
    const since = Date.now() - 5000;
    await reportWeight(scale, 3000);
    const other = (await session.page(`/warehouse/scaleFeed?warehouse=${elsewhere}&since=${since}`)).body!.getReader();
    const list = (await session.page(`/warehouse/scaleFeed?scales=1&since=${since}`)).body!.getReader();
    const listed = await readUntil(list, `"id":${scale},"weight":"3\u00a0000\u00a0g"`);
    expect(listed).not.toContain(`"items":[{"id":${item}`);
    const first = await other.read();
    expect(new TextDecoder().decode(first.value)).toBe("retry: 3000\n: connected\n\n");
    await Promise.all([other.cancel(), list.cancel()]);
  });
});

describe("the feed's settings /warehouse/rackScaleSettings", () => {
  afterAll(async () => {
    await t.current.ctx.db.delete(rackScaleSettings);
  });

  test("shows the defaults; a bad value answers 422 with the translated message and saves nothing; a good one saves", async () => {
    await pageShowing(await session.page("/warehouse/rackScaleSettings"), 200, 'name="noiseBandGrams"', 'value="5"', 'value="30"');
    const refused = await session.page("/warehouse/rackScaleSettings", { form: { noiseBandGrams: "-3", discrepancyMinutes: "pět" } });
    await pageShowing(refused, 422, "Nejmenší hodnota je 0", "Zadejte celé číslo");
    expect(await t.current.ctx.db.select().from(rackScaleSettings)).toEqual([]);
    const saved = await session.page("/warehouse/rackScaleSettings", { form: { noiseBandGrams: "8", discrepancyMinutes: "45" } });
    expect(saved.status).toBe(303);
    expect(await afterRedirect(session, saved)).toContain('value="45"');
    expect(await t.current.ctx.db.select({ noise: rackScaleSettings.noiseBandGrams, minutes: rackScaleSettings.discrepancyMinutes }).from(rackScaleSettings)).toEqual([{ noise: 8, minutes: 45 }]);
  });
});

describe("the discrepancy page /warehouse/scaleDiscrepancies", () => {
  test("lists the items disagreeing longer than the set minutes, linked, with the difference; the baskets column counts them", async () => {
    const ctx = t.current.ctx;
    const warehouse = await createWarehouse(ctx, { name: "Sklad Nesoulad" });
    const scale = await createRackScale(ctx, { name: "Regál N", extId: 71_003 });
    const product = await createProduct(ctx.db, { name: "Sloupek N", weight: "1250", scaleToleranceAmount: 1 });
    const item = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: 13, rackScales: [scale] });
    const fresh = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: await createProduct(ctx.db, { name: "Čerstvý N" }), quantity: 1 });
    await reportWeight(scale, 12_600);
    await ctx.db.update(warehouseItems).set({ scaleDisagreeSince: new Date(Date.now() - 2 * 3_600_000) }).where(eq(warehouseItems.id, item));
    await ctx.db.update(warehouseItems).set({ scaleDisagreeSince: new Date() }).where(eq(warehouseItems.id, fresh));

    const page = await pageShowing(await session.page("/warehouse/scaleDiscrepancies"), 200, "Nesoulady vah se skladem", "Sloupek N", "Sklad Nesoulad", `href="/warehouse/warehouseItem/${item}"`);
    expect(page).not.toContain("Čerstvý N");
    const row = page.slice(page.indexOf(`data-item-id="${item}"`), page.indexOf("</tr>", page.indexOf(`data-item-id="${item}"`)));
    expect(row.replace(/<[^>]+>/g, "|").replaceAll("<!-- -->", "")).toContain("||13||10||-3||");
    // The baskets column: one entry with the count, marked as an alert.
    expect(page).toMatch(/<a href="\/warehouse\/scaleDiscrepancies" class="basket-link basket-alert" data-alert="true"><span>Nesoulady vah<\/span><span class="basket-count badge-alert">1<\/span><\/a>/);
    await ctx.db.update(warehouseItems).set({ scaleDisagreeSince: null }).where(eq(warehouseItems.warehouseId, warehouse));
    expect(await (await session.page("/index")).text()).not.toContain("basket-alert");
  });
});

describe("the rack scales list", () => {
  test("unknown external ids are listed with 'add it', which opens the form prefilled; saving the scale takes the id off the list", async () => {
    const db = t.current.ctx.db;
    await db.insert(rackScaleUnknownReports).values({ extId: 88_123, firstAt: new Date("2026-11-27T06:00:00Z"), lastAt: new Date("2026-11-27T07:30:00Z"), readings: 42, lastWeight: "1234.5" });
    const list = await pageShowing(await session.page("/warehouse/warehouseRackScales"), 200, "Hlásí se, ale nejsou zaregistrované", 'data-ext-id="88123"', "1\u00a0234,5\u00a0g", "27.11.2026 08:30", 'href="/warehouse/warehouseRackScales/new?extId=88123"');
    expect(list).toContain('data-stream="/warehouse/scaleFeed?scales=1&amp;since=');
    const form = await pageShowing(await session.page("/warehouse/warehouseRackScales/new?extId=88123"), 200);
    expect(form).toMatch(/id="field-extId"[^>]*value="88123"/);
    const created = await session.page("/warehouse/warehouseRackScales/new", { form: { name: "Regál nový", extId: "88123" } });
    expect(created.status).toBe(303);
    expect(await db.select().from(rackScaleUnknownReports).where(eq(rackScaleUnknownReports.extId, 88_123))).toEqual([]);
    expect(await (await session.page("/warehouse/warehouseRackScales")).text()).not.toContain('data-ext-id="88123"');
  });

  test("a scale silent for an hour is marked by an icon and a text; one that just reported is not; the age is written out", async () => {
    const ctx = t.current.ctx;
    const quiet = await createRackScale(ctx, { name: "Tichá", extId: 71_010 });
    const busy = await createRackScale(ctx, { name: "Živá", extId: 71_011 });
    await reportWeight(quiet, 500, new Date(Date.now() - 61 * 60_000));
    await reportWeight(busy, 600, new Date(Date.now() - 5 * 60_000 - 1000));
    const page = await pageShowing(await session.page("/warehouse/warehouseRackScales?size=500"), 200);
    const silentMark = (id: number) => page.match(new RegExp(`<span class="scale-silent" data-live-scale="${id}" data-live-field="silent"( hidden="")?>`))?.[1];
    expect(silentMark(quiet)).toBeUndefined();
    expect(silentMark(busy)).toBe(' hidden=""');
    expect(page).toContain("Bez hlášení přes 60 min");
    expect(page).toMatch(new RegExp(`data-live-scale="${busy}" data-live-field="age">před 5 min<`));
  });
});
