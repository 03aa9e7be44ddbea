/**
 * Rack scales (docs/domain.md#rack-scales): CRUD on /api/warehouseRackScale (list all
 * with size=9999) and the pages under /warehouse/warehouseRackScales, whose `:id` route also serves
 * new. The weight and its time belong to the scale feed: shown, never written by the form.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { rackScaleReadings, warehouseRackScales } from "@db/schema";
import type { RackScale } from "@/modules/warehouse/schemas";
import { json, useTestApp } from "../helpers/app";
import { afterRedirect, entityApi, expectReadOnlyId, html as htmlOf, type ListBody, pageShowing } from "./support";

const t = useTestApp();


const API = "/api/warehouseRackScale";
const PAGES = "/warehouse/warehouseRackScales";
const scales = entityApi<RackScale>(t, API);
const { session, get: scale, create: createScale } = scales;
const rejects = (body: unknown, fields: Record<string, string>, id?: number) => scales.refused(body, fields, { id });
// Ext ids of this file start high, so no seeded or demo scale can clash.
let nextExtId = 5000;
const freshExtId = () => ++nextExtId;

/** Pretends the scale feed has reported. */
async function reading(id: number, grams: string, at: string) {
  await t.current.ctx.db.update(warehouseRackScales).set({ lastWeight: grams, lastWeightChange: new Date(at) }).where(eq(warehouseRackScales.id, id));
}

describe("API /api/warehouseRackScale", () => {
  test("extId as a string of digits is accepted; 0 is allowed", async () => {
    const id = await createScale({ name: "Regál X2", extId: String(freshExtId()) });
    expect(typeof (await scale(id)).extId).toBe("number");
    const zero = await createScale({ name: "Regál nula", extId: 0 });
    expect((await scale(zero)).extId).toBe(0);
  });

  describe("validation answers 422 fail and saves nothing", () => {
    test("extId empty", () => rejects({ name: "Prázdné číslo", extId: "" }, { extId: "Povinné pole" }));
    test("extId not a number", () => rejects({ name: "Písmena", extId: "abc" }, { extId: "Zadejte celé číslo" }));
    test("extId with decimals", () => rejects({ name: "Desetiny", extId: 1.5 }, { extId: "Zadejte celé číslo" }));
    test("extId negative", () => rejects({ name: "Záporné", extId: -1 }, { extId: "Nejmenší hodnota je 0" }));
    test("extId beyond the integer range", () => rejects({ name: "Obří", extId: 2_147_483_648 }, { extId: "Největší hodnota je 2147483647" }));
  });

  test("extId is unique, with a message that names it", async () => {
    const extId = freshExtId();
    const first = await createScale({ name: "Regál U1", extId });
    await rejects({ name: "Regál U2", extId }, { extId: `Váha s ExtId ${extId} už existuje` });
    const other = await createScale({ name: "Regál U3", extId: freshExtId() });
    await rejects({ name: "Regál U3", extId }, { extId: `Váha s ExtId ${extId} už existuje` }, other);
    // A scale keeps its own number when saved again.
    const same = await (await session()).api(`${API}/${first}`, { method: "PUT", json: { name: "Regál U1 – nový název", extId } });
    expect(same.status).toBe(200);
    expect((await json(same)).data).toMatchObject({ id: first, name: "Regál U1 – nový název", extId });
  });

  test("an update never touches the weight the feed wrote, even when a client sends one", async () => {
    const id = await createScale({ name: "Regál W", extId: freshExtId() });
    await reading(id, "1234.5", "2026-03-07T09:15:00Z");
    const response = await (await session()).api(`${API}/${id}`, {
      method: "PUT",
      json: { name: "Regál W2", extId: freshExtId(), lastWeight: 1, lastWeightChange: "2020-01-01T00:00:00Z" },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ name: "Regál W2", lastWeight: 1234.5, lastWeightChange: "2026-03-07T09:15:00.000Z" });
  });

  test("the list answers every scale with size=9999 and filters by extId", async () => {
    const extId = freshExtId();
    const id = await createScale({ name: "Regál F", extId });
    const all = (await json(await (await session()).api(`${API}?size=9999`))) as ListBody<RackScale>;
    // docs/architecture.md#paging: only category lists go past 500 rows a page; a bigger ask gets 500.
    expect(all.meta.size).toBe(500);
    expect(all.data).toHaveLength(all.meta.total);
    const extIds = all.data.map((row) => row.extId);
    expect(extIds).toEqual([...extIds].sort((a, b) => a - b));
    const one = (await json(await (await session()).api(`${API}?extId=${extId}`))) as ListBody<RackScale>;
    expect(one.data.map((row) => row.id)).toEqual([id]);
  });

  test("delete answers success and takes the reading history with it", async () => {
    const id = await createScale({ name: "Regál D", extId: freshExtId() });
    await t.current.ctx.db.insert(rackScaleReadings).values({ scaleId: id, weight: "10.0", at: new Date() });
    expect((await (await session()).api(`${API}/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await (await session()).api(`${API}/${id}`)).status).toBe(404);
  });
});

describe("pages /warehouse/warehouseRackScales", () => {
  test("the list has an add button and shows the weight in grams and the time of its change", async () => {
    const id = await createScale({ name: "Regál L", extId: freshExtId() });
    await reading(id, "1234.5", "2026-03-07T09:15:00Z");
    const html = await htmlOf(await (await session()).page(`${PAGES}?size=500`));
    expect(html).toContain('id="list-rackScale"');
    expect(html).toContain(`href="${PAGES}/new"`);
    expect(html).toContain(`href="${PAGES}/${id}"`);
    expect(html).toContain("1\u00a0234,5\u00a0g");
    // 09:15 UTC is 10:15 in Prague in March.
    expect(html).toContain("07.03.2026 10:15");
  });

  test("/new, served by the :id route, renders the empty form without weight fields", async () => {
    const response = await (await session()).page(`${PAGES}/new`);
    const html = await pageShowing(response, 200, `action="${PAGES}/new"`);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value=""/);
    expect(html).toMatch(/<input[^>]*name="extId"[^>]*value=""/);
    expect(html).not.toContain('id="field-lastWeight"');
  });

  test("the edit form shows id, weight and change read-only, and a post cannot change them", async () => {
    const s = await session();
    const extId = freshExtId();
    const id = await createScale({ name: "Regál E", extId });
    await reading(id, "98765.4", "2026-01-15T23:30:00Z");
    const html = await htmlOf(await s.page(`${PAGES}/${id}`));
    expectReadOnlyId(html, id);
    expect(html).toMatch(/<input[^>]*id="field-lastWeight"[^>]*value="98\u00a0765,4\u00a0g"[^>]*>/);
    expect(html).toContain("16.01.2026 00:30");
    expect(html).not.toMatch(/name="lastWeight"/);
    expect(html).not.toMatch(/name="lastWeightChange"/);
    expect(html).toContain(`action="${PAGES}/${id}/delete"`);

    const saved = await s.page(`${PAGES}/${id}`, { form: { id: "999", name: "Regál E2", extId: String(extId), lastWeight: "1", lastWeightChange: "01.01.2020" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${PAGES}/${id}`);
    expect(await scale(id)).toEqual({ id, name: "Regál E2", extId, lastWeight: 98765.4, lastWeightChange: "2026-01-15T23:30:00.000Z", lastReadingAt: null });
  });

  test("an invalid post answers 422 with FORM_NOT_VALID; the weight still shows", async () => {
    const s = await session();
    const taken = freshExtId();
    await createScale({ name: "Regál obsazený", extId: taken });
    const id = await createScale({ name: "Regál I", extId: freshExtId() });
    await reading(id, "500", "2026-02-01T08:00:00Z");
    const blank = await s.page(`${PAGES}/${id}`, { form: { name: "", extId: "12" } });
    expect(blank.status).toBe(422);
    const html = await htmlOf(blank);
    expect(html).toMatch(/class="alert alert-warning"[^>]*>.*?Formulář není vyplněn správně/s);
    expect(html).toContain("Povinné pole");
    expect(html).toContain("500\u00a0g");
    const duplicate = await s.page(`${PAGES}/${id}`, { form: { name: "Regál I2", extId: String(taken) } });
    await pageShowing(duplicate, 422, `Váha s ExtId ${taken} už existuje`, 'value="Regál I2"');
    expect((await scale(id)).name).toBe("Regál I");
  });

  test("create posts to /new and redirects to the list with CREATED; delete with DELETED", async () => {
    const s = await session();
    const extId = freshExtId();
    const created = await s.page(`${PAGES}/new`, { form: { name: "Regál N", extId: String(extId) } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe(PAGES);
    expect(await afterRedirect(s, created, PAGES)).toContain("Vytvořeno");
    const [row] = ((await json(await s.api(`${API}?extId=${extId}`))) as ListBody<RackScale>).data;
    const removed = await s.page(`${PAGES}/${row!.id}/delete`, { method: "POST" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe(PAGES);
    expect((await s.api(`${API}/${row!.id}`)).status).toBe(404);
  });
});
