/**
 * The manufacture list of a fence order (docs/domain.md#manufacture-list) through app.request(): the API's list for an
 * order with a fence, a gate and a wicket (docs/fence-geometry.md's worked examples, so the same
 * numbers as the cut list's tables), 404 and 422; "add all to the common basket" at most once per
 * idempotency key, and nothing at all when it fails; the page (table, subtotals, the items left
 * out, English), its xlsx, the form that adds all and the highlighted baskets column; the session.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { commonBasketQuantities } from "../helpers/stock";
import { eq } from "drizzle-orm";
import { basketItems, baskets, fenceOrderItems } from "@db/schema";
import { buildCutList } from "@/modules/orders/fence-item/cut-list";
import { WORKED_EXAMPLES } from "@/modules/orders/fence-item/worked-examples";
import type { ManufactureList } from "@/modules/orders/manufacture-list/schemas";
import { json, type Session, useTestApp } from "../helpers/app";
import { createFenceCategory, createFenceOrder, createFenceOrderWithItems, createFenceProduct, createProduct } from "../helpers/factories";
import { html as htmlOf, okJson } from "./support";

const t = useTestApp();
let session: Session;
let orderId: number;
let emptyOrder: number;
const products = {} as Record<"fence" | "gate" | "wicket" | "post", number>;

const example = (id: string, product: number, extra: Record<string, unknown> = {}) => ({ ...WORKED_EXAMPLES[id]!.item, product, tmpId: id, ...extra });

beforeAll(async () => {
  session = await t.current.login();
  const ctx = { ...t.current.ctx, userId: session.user.id };
  const db = ctx.db;
  const category = await createFenceCategory(db, { name: "Výrobní list" });
  products.fence = await createFenceProduct(db, category, WORKED_EXAMPLES["FENCE-1"]!.parameters as Record<string, number>, { name: "Plot Lamela VL" });
  products.gate = await createFenceProduct(db, category, WORKED_EXAMPLES["GATE-1"]!.parameters as Record<string, number>, { name: "Brána Samonosná VL" });
  products.wicket = await createFenceProduct(db, category, WORKED_EXAMPLES["WICKET-1"]!.parameters as Record<string, number>, { name: "Branka VL" });
  products.post = await createProduct(db, { name: "Sloupek 60 × 60 VL", unitPrice: "289.90" });
  ({ id: orderId } = await createFenceOrderWithItems(ctx, {
    items: [
      example("FENCE-1", products.fence, { subProducts: [{ product: products.post, amount: 7, unitPrice: 289.9 }] }),
      example("GATE-1", products.gate),
      example("WICKET-1", products.wicket),
    ],
    otherItems: [],
  }));
  emptyOrder = await createFenceOrder(ctx);
});

const list = async (id: unknown, who = session) => (await okJson<{ data: ManufactureList }>(await who.api("/api/orders/manufactureList/all", { method: "POST", json: { id } }))).data;

/** The caller's common basket: product id → quantity. */
const commonBasket = (userId: number) => commonBasketQuantities(t.current.ctx.db, userId);

describe("POST /api/orders/manufactureList/all", () => {
  test("the cut list of a fence, a gate and a wicket is the worked examples' (docs/fence-geometry.md), each item's lines under its manufactured variant", async () => {
    const data = await list(orderId);
    expect(data.order).toMatchObject({ id: orderId, lastName: expect.stringContaining("Novák") });
    expect(data.skipped).toEqual([]);
    // Each variant: the base product's name and the colour (the creation parameter that appends to the title).
    expect(data.groups.map((group) => group.product.name)).toEqual(["Brána Samonosná VL RAL 7016", "Branka VL RAL 7016", "Plot Lamela VL RAL 7016", "Sloupek 60 × 60 VL"]);
    const expected = (id: string) =>
      buildCutList([{ fields: WORKED_EXAMPLES[id]!.item, parameters: WORKED_EXAMPLES[id]!.parameters, product: { id: 0, name: "" } }]).groups[0]!.lines.map((line) => [
        line.component,
        line.length,
        line.amount,
        line.runningMeters,
      ]);
    const [gate, wicket, fence, post] = data.groups;
    for (const [group, id] of [[gate, "GATE-1"], [wicket, "WICKET-1"], [fence, "FENCE-1"]] as const) {
      expect(group!.lines.map((line) => [line.component, line.length, line.amount, line.runningMeters])).toEqual(expected(id));
      expect(group!.lines.every((line) => line.color === "RAL 7016" && line.sources[0]!.orderId === orderId)).toBe(true);
    }
    expect(fence!.lines[0]).toMatchObject({ component: "slat", length: 2476, amount: 84, runningMeters: 207.984, name: "Plot Lamela VL RAL 7016 – lamela" });
    expect(fence!.lines.map((line) => line.name)).toContain("Plot Lamela VL RAL 7016 – U profil");
    expect(fence).toMatchObject({ amount: 108, runningMeters: 257.964 });
    expect(gate).toMatchObject({ amount: 32, runningMeters: 65.552 });
    expect(post!.lines).toEqual([
      { product: { id: products.post, name: "Sloupek 60 × 60 VL" }, component: "subProduct", color: null, length: null, amount: 7, runningMeters: null, sources: [{ orderId, amount: 7 }], name: "Sloupek 60 × 60 VL" },
    ]);
    expect(data.totals).toEqual({ amount: 108 + 32 + 20 + 7, runningMeters: 345.636 });
    expect(data.production.map((line) => [line.kind, line.product.name, line.amount])).toEqual([
      ["item", "Brána Samonosná VL RAL 7016", 1],
      ["item", "Branka VL RAL 7016", 1],
      ["item", "Plot Lamela VL RAL 7016", 6],
      ["subProduct", "Sloupek 60 × 60 VL", 7],
    ]);
  });

  test("no such order is 404; an id that is not one is 422 naming it; an empty order has an empty list", async () => {
    const missing = await session.api("/api/orders/manufactureList/all", { method: "POST", json: { id: 99_999_999 } });
    expect(missing.status).toBe(404);
    for (const [id, message] of [["abc", "Neplatná hodnota"], [undefined, "Povinné pole"]] as const) {
      const refused = await session.api("/api/orders/manufactureList/all", { method: "POST", json: id === undefined ? {} : { id } });
      expect(refused.status).toBe(422);
      expect((await json(refused)).fields).toEqual({ id: message });
    }
    expect(await list(emptyOrder)).toMatchObject({ groups: [], production: [], skipped: [], totals: { amount: 0, runningMeters: 0 } });
  });
});

describe("add all to the common basket", () => {
  const add = (who: Session, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    who.api("/api/orders/manufactureList/addToBasket", { method: "POST", json: body, headers });

  test("twice with one idempotency key adds once; a new key adds again; the header works as the body's key", async () => {
    const user = await t.current.login();
    const first = await add(user, { id: orderId, idempotencyKey: "manufacture-key-1" });
    expect(first.status).toBe(200);
    const answer = await json(first);
    expect(answer.code).toBe("ADDED");
    expect(answer.data.added.map((line: { product: { name: string }; amount: number }) => [line.product.name, line.amount])).toEqual([
      ["Brána Samonosná VL RAL 7016", 1],
      ["Branka VL RAL 7016", 1],
      ["Plot Lamela VL RAL 7016", 6],
      ["Sloupek 60 × 60 VL", 7],
    ]);
    const once = await commonBasket(user.user.id);
    expect(Object.values(once).sort((a, b) => a - b)).toEqual([1, 1, 6, 7]);
    expect(once[products.post]).toBe(7);

    const retry = await add(user, { id: orderId, idempotencyKey: "manufacture-key-1" });
    expect(retry.status).toBe(200);
    expect((await json(retry)).data).toEqual(answer.data);
    expect(await commonBasket(user.user.id)).toEqual(once);

    expect((await add(user, { id: orderId }, { "Idempotency-Key": "manufacture-key-2" })).status).toBe(200);
    expect((await add(user, { id: orderId }, { "Idempotency-Key": "manufacture-key-2" })).status).toBe(200);
    const twice = await commonBasket(user.user.id);
    expect(Object.fromEntries(Object.entries(twice).map(([id, quantity]) => [id, quantity / 2]))).toEqual(once);
  });

  test("a failure adds nothing, and the key stays free for the retry", async () => {
    const user = await t.current.login();
    // The posts' line is near numeric(12,3)'s limit: adding 7 more overflows it.
    const [basket] = await t.current.ctx.db.insert(baskets).values({ userId: user.user.id, type: "COMMON", warehouseId: 0 }).returning({ id: baskets.id });
    await t.current.ctx.db.insert(basketItems).values({ basketId: basket!.id, productId: products.post, quantity: "999999999.000" });
    const before = await commonBasket(user.user.id);
    const refused = await add(user, { id: orderId, idempotencyKey: "manufacture-fail-1" });
    expect(refused.status).toBe(422);
    expect((await json(refused)).data).toEqual(["Množství v košíku by bylo příliš velké"]);
    expect(await commonBasket(user.user.id)).toEqual(before);

    await t.current.ctx.db.update(basketItems).set({ quantity: "1.000" }).where(eq(basketItems.basketId, basket!.id));
    expect((await add(user, { id: orderId, idempotencyKey: "manufacture-fail-1" })).status).toBe(200);
    expect((await commonBasket(user.user.id))[products.post]).toBe(8);
  });

  test("an order with nothing to produce is refused; no order is 404; a bad key is 422", async () => {
    const empty = await add(session, { id: emptyOrder, idempotencyKey: "manufacture-empty-1" });
    expect(empty.status).toBe(422);
    expect((await json(empty)).data).toEqual(["Zakázka nemá nic k výrobě"]);
    expect((await add(session, { id: 99_999_999 })).status).toBe(404);
    const badKey = await add(session, { id: orderId, idempotencyKey: "krátký" });
    expect(badKey.status).toBe(422);
    expect(Object.keys((await json(badKey)).fields)).toEqual(["idempotencyKey"]);
  });
});

describe("the page GET /orders/fenceOrder/manufacture/:orderId", () => {
  test("the table: product id linking to the product, name, colour, length, amount, running metres; a subtotal per product and the total; no React", async () => {
    const data = await list(orderId);
    const response = await session.page(`/orders/fenceOrder/manufacture/${orderId}`);
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).toContain(`Výrobní list zakázky ${orderId}`);
    expect(html).toContain(`href="/orders/fenceOrder/${orderId}?tab=1"`);
    const fence = data.groups.find((group) => group.product.name.startsWith("Plot"))!;
    expect(html).toMatch(
      new RegExp(`<tr data-component="slat"><td><a href="/products/${fence.product.id}">${fence.product.id}</a></td><td>Plot Lamela VL RAL 7016 – lamela</td><td>RAL 7016</td><td[^>]*>2\u00a0476</td><td[^>]*>84</td><td[^>]*>207,984</td></tr>`),
    );
    expect(html).toContain("Celkem Plot Lamela VL RAL 7016");
    expect(html).toMatch(/<tr class="total-row"><th scope="row" colSpan="4">Celkem<\/th><td[^>]*>167<\/td><td[^>]*>345,636<\/td><\/tr>/i);
    expect(html).toContain(`href="/orders/fenceOrder/manufacture/${orderId}/export.xlsx"`);
    expect(html).toContain("Tisk");
    expect(html).toMatch(new RegExp(`<form[^>]* action="/orders/fenceOrder/manufacture/${orderId}/addToBasket"[^>]*><input type="hidden" name="idempotencyKey" value="[0-9a-f-]{36}"/>`));
    expect(html).not.toContain("/build/client.js");
  });

  test("an empty order says so; an item that lacks its height is left out and named; English in English; 404 for no order", async () => {
    expect(await htmlOf(await session.page(`/orders/fenceOrder/manufacture/${emptyOrder}`))).toContain("Žádné položky");

    const ctx = { ...t.current.ctx, userId: session.user.id };
    const { id, itemIds } = await createFenceOrderWithItems(ctx, { items: [example("FENCE-1", products.fence), example("WICKET-1", products.wicket)], otherItems: [] });
    await ctx.db.update(fenceOrderItems).set({ height: null }).where(eq(fenceOrderItems.id, itemIds[1]!));
    const html = await htmlOf(await session.page(`/orders/fenceOrder/manufacture/${id}`));
    expect(html).toContain("Tyto položky ve výrobním listu nejsou:");
    expect(html).toContain("položka 2 (Branka VL): chybí Výška (mm)");
    expect(html).toContain("Plot Lamela VL RAL 7016 – lamela");
    expect(html).not.toContain("Branka VL RAL 7016 – lamela");

    const english = await t.current.login();
    expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    const en = await htmlOf(await english.page(`/orders/fenceOrder/manufacture/${id}`));
    expect(en).toContain(`Manufacture list of order ${id}`);
    expect(en).toContain("item 2 (Branka VL): Height (mm) is missing");
    expect(en).toContain("Plot Lamela VL RAL 7016 – slat");
    expect(en).toContain("Add all to the common basket");
    expect(en).not.toContain("Výrobní list");

    expect((await session.page("/orders/fenceOrder/manufacture/99999999")).status).toBe(404);
  });

  test("the xlsx opens with exceljs: Czech headers, a row per line with numbers as numbers, bold subtotals and the total", async () => {
    const response = await session.page(`/orders/fenceOrder/manufacture/${orderId}/export.xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toContain(`vyrobni-list-${orderId}.xlsx`);
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Výrobní list")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Produkt", "Název", "Barva", "Délka (mm)", "Množství (ks)", "Běžné metry (m)"]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) rows.push((row.values as unknown[]).slice(1));
    });
    const data = await list(orderId);
    const fence = data.groups.find((group) => group.product.name.startsWith("Plot"))!;
    expect(rows).toContainEqual([fence.product.id, "Plot Lamela VL RAL 7016 – lamela", "RAL 7016", 2476, 84, 207.984]);
    expect(rows).toContainEqual([products.post, "Sloupek 60 × 60 VL", undefined, undefined, 7]);
    expect(rows).toContainEqual([undefined, "Celkem Plot Lamela VL RAL 7016", undefined, undefined, 108, 257.964]);
    expect(rows.at(-1)).toEqual([undefined, "Celkem", undefined, undefined, 167, 345.636]);
    expect(rows).toHaveLength(data.groups.reduce((sum, group) => sum + group.lines.length + 1, 0) + 1);
    let totalRow = 0;
    sheet.eachRow((row, index) => {
      if (row.getCell(2).value === "Celkem") totalRow = index;
    });
    expect(sheet.getRow(totalRow).font?.bold).toBe(true);
    expect((await session.page("/orders/fenceOrder/manufacture/99999999/export.xlsx")).status).toBe(404);
  });

  test("the page's form adds all once per key, comes back with a toast and the common basket highlighted with its count", async () => {
    const user = await t.current.login();
    const page = await htmlOf(await user.page(`/orders/fenceOrder/manufacture/${orderId}`));
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
    for (let i = 0; i < 2; i++) {
      const posted = await user.page(`/orders/fenceOrder/manufacture/${orderId}/addToBasket`, { form: { idempotencyKey: key } });
      expect(posted.status).toBe(303);
      expect(posted.headers.get("Location")).toBe(`/orders/fenceOrder/manufacture/${orderId}`);
    }
    expect(Object.values(await commonBasket(user.user.id)).sort((a, b) => a - b)).toEqual([1, 1, 6, 7]);
    const posted = await user.page(`/orders/fenceOrder/manufacture/${orderId}/addToBasket`, { form: { idempotencyKey: key } });
    const back = await htmlOf(await user.page(`/orders/fenceOrder/manufacture/${orderId}`, { headers: { Cookie: posted.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") } }));
    expect(back).toContain("Do společného košíku přidány 4 produkty");
    expect(back).toMatch(/<a href="\/warehouse\/basket\/common" class="basket-link basket-highlight" data-common="true"><span>Společný košík<\/span><span class="basket-count">4<\/span><\/a>/);
    // A new render is a new key.
    expect(/name="idempotencyKey" value="([^"]+)"/.exec(back)![1]).not.toBe(key);
  });

  test("a form post for an empty order comes back with the refusal as a warning", async () => {
    const posted = await session.page(`/orders/fenceOrder/manufacture/${emptyOrder}/addToBasket`, { form: { idempotencyKey: "manufacture-form-empty" } });
    expect(posted.status).toBe(303);
    const back = await htmlOf(await session.page(`/orders/fenceOrder/manufacture/${emptyOrder}`, { headers: { Cookie: posted.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") } }));
    expect(back).toContain("Zakázka nemá nic k výrobě");
  });
});

describe("a session is required", () => {
  test("the API answers 401, the page and the xlsx go to /login, the form post does not add", async () => {
    expect((await t.current.request("/api/orders/manufactureList/all", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id: orderId }) })).status).toBe(401);
    for (const path of [`/orders/fenceOrder/manufacture/${orderId}`, `/orders/fenceOrder/manufacture/${orderId}/export.xlsx`]) {
      const response = await t.current.request(path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toStartWith("/login");
    }
    const form = await t.current.request(`/orders/fenceOrder/manufacture/${orderId}/addToBasket`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: "idempotencyKey=manufacture-no-session",
      redirect: "manual",
    });
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toStartWith("/login");
  });
});
