/**
 * Ordered material (docs/domain.md#ordered-material) over HTTP: the page (the orders with their
 * checkboxes, the summed cut list against stock with the orders each line comes from), the
 * narrowing by `orders` and `short`, the xlsx and the API, and "Create a supplier order" from the
 * short lines (the page's form and the API). The sums themselves are proven with concrete numbers
 * in src/modules/orders/ordered-material/service.test.ts.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { count, eq } from "drizzle-orm";
import { supplierOrderLines, supplierOrders, warehouseItems, warehouses } from "@db/schema";
import { json, type Session, useTestApp } from "../helpers/app";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, FENCE_1_PARAMETERS, fence1Item } from "../helpers/factories";
import { supplierService } from "@/modules/suppliers/supplier/service";
import { afterRedirect, expectFieldErrors, okJson, pageShowing } from "./support";

const t = useTestApp();
let session: Session;
let confirmed: number;
let offer: number;
let lamela: number;
let supplier: number;
const PATH = "/orders/fenceOrder/orderedMaterial";
const SUPPLIER_ORDER = `${PATH}/supplierOrder`;

/**
 * The confirmed order needs 84 slats, 6 top bars, 6 bottom bars and 12 U profiles of "Plot Lamela
 * Řehoř" (108 pieces); two warehouses hold 100 and have 4.5 on the way: the slats and bars are
 * covered, the U profiles are short by 108 − 100 − 4.5 = 3.5.
 */
beforeAll(async () => {
  session = await t.current.login();
  const db = t.current.ctx.db;
  const category = await createFenceCategory(db);
  lamela = await createFenceProduct(db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela Řehoř" });
  confirmed = (await createFenceOrderWithItems(t.current.ctx, { order: { orderDate: "2026-11-02", lastName: "Šťastný" }, items: [fence1Item(lamela)], otherItems: [] })).id;
  offer = (await createFenceOrderWithItems(t.current.ctx, { order: { lastName: "Nabídková" }, items: [fence1Item(lamela)], otherItems: [] })).id;
  const [hall, yard] = await db.insert(warehouses).values([{ name: "Hala Materiál" }, { name: "Dvůr Materiál" }]).returning({ id: warehouses.id });
  await db.insert(warehouseItems).values([
    { warehouseId: hall!.id, productId: lamela, quantity: "60", onTheWay: "4.5" },
    { warehouseId: yard!.id, productId: lamela, quantity: "40" },
  ]);
  supplier = await supplierService.create({ ctx: t.current.ctx, input: { name: "Ferona Plech a.s.", email: "nakup@ferona.cz" } });
});

const rowOf = (html: string, component: string) => {
  const row = html.slice(html.indexOf(`data-component="${component}"`));
  return row.slice(0, row.indexOf("</tr>"));
};
const supplierOrderCount = async () => (await t.current.ctx.db.select({ n: count() }).from(supplierOrders))[0]!.n;

describe("GET /orders/fenceOrder/orderedMaterial", () => {
  test("lists the confirmed order with a ticked checkbox and its material: 84 slats of FENCE-1, 207,984 running metres, from the order", async () => {
    const response = await session.page(PATH);
    const html = await pageShowing(response, 200, "Objednaný materiál", "Seznam materiálu", "Šťastný", "Plot Lamela Řehoř – lamela", "RAL 7016", "207,984", "Vyplnit seznam materiálu", `href="${PATH}/export.xlsx"`);
    expect(html).toContain(`name="orders" checked="" value="${confirmed}"`);
    expect(html).not.toContain("Nabídková");
    expect(html).not.toContain(`value="${offer}"`);
    const slatRow = html.slice(html.indexOf('data-component="slat"'));
    expect(slatRow.slice(0, slatRow.indexOf("</tr>"))).toContain(`href="/orders/fenceOrder/${confirmed}?tab=1"`);
    expect(slatRow.slice(0, slatRow.indexOf("</tr>"))).toContain(">84<");
  });

  test("the stock columns: in stock 100, on the way 4,5 on each line of the product; the U profiles short by 3,5 and marked, the slats not", async () => {
    const html = await pageShowing(await session.page(PATH), 200, "Skladem", "Na cestě", "Chybí", "Jen chybějící", "Vytvořit objednávku dodavateli", "Ferona Plech a.s.");
    expect(rowOf(html, "slat")).toContain(">100<");
    expect(rowOf(html, "slat")).toContain(">4,5<");
    expect(rowOf(html, "slat")).not.toContain('data-short="true"');
    const uProfile = rowOf(html, "uProfile");
    expect(uProfile).toContain('data-short="true"');
    expect(uProfile).toMatch(/data-short="true"[^>]*>3,5</);
    // The form carries a fresh idempotency key; every order is chosen, so no `orders` goes along.
    expect(html).toMatch(/name="idempotencyKey" value="[0-9a-f-]{36}"/);
    expect(html).not.toContain('type="hidden" name="orders"');
  });

  test("only short lines: the U profiles alone, and the export link keeps the choice", async () => {
    const html = await pageShowing(await session.page(`${PATH}?short=1`), 200);
    expect(html).toContain('name="short" checked="" value="1"');
    expect(html).toContain('data-component="uProfile"');
    expect(html).not.toContain('data-component="slat"');
    expect(html).toContain(`href="${PATH}/export.xlsx?short=1"`);
    expect((await session.page(`${PATH}?short=maybe`)).status).toBe(422);
  });

  test("narrowed to no confirmed order, the list is empty and the export link keeps the choice (not an empty one, which means all); English in English", async () => {
    const html = await pageShowing(await session.page(`${PATH}?orders=${offer}`), 200, "Vybrané zakázky nemají žádný materiál.");
    expect(html).toContain(`name="orders" value="${confirmed}"`);
    expect(html).toContain(`href="${PATH}/export.xlsx?orders=${offer}"`);
    await pageShowing(await session.page(PATH, { headers: { "Accept-Language": "en" } }), 200);
  });

  test("the order form sent with every box unticked sums nothing and says to tick one (not every order); ticked, it sums those", async () => {
    const html = await pageShowing(await session.page(`${PATH}?picked=1`), 422, "Zaškrtněte aspoň jednu zakázku: bez ní není co sečíst", "Vybrané zakázky nemají žádný materiál.");
    // No export either: its empty choice would mean every order.
    expect(html).not.toContain(`${PATH}/export.xlsx`);
    expect(html).toContain(`name="orders" value="${confirmed}"`);
    expect(html).not.toContain(`name="orders" checked=""`);
    expect(html).not.toContain('data-component="slat"');
    // No supplier order form: with nothing chosen, its empty choice would mean every order.
    expect(html).not.toContain('name="supplier"');
    const ticked = await pageShowing(await session.page(`${PATH}?picked=1&orders=${confirmed}`), 200);
    expect(ticked).toContain(`name="orders" checked="" value="${confirmed}"`);
    expect(ticked).toContain('data-component="slat"');
  });

  test("a bad id is refused with the field named and nothing summed", async () => {
    // The page, not a bare 422: the orders to tick, the message at them, nothing summed, no export.
    const html = await pageShowing(await session.page(`${PATH}?orders=abc`), 422, "Vybrané zakázky nemají žádný materiál.");
    expect(html).toMatch(/<p id="ordered-material-orders-error" class="field-error" role="alert">Výběr zakázek „abc“ nelze přečíst[^<]*<\/p>/);
    expect(html).toContain('aria-describedby="ordered-material-orders-error"');
    expect(html).toContain(`name="orders" value="${confirmed}"`);
    expect(html).not.toContain(`name="orders" checked=""`);
    expect(html).not.toContain('data-component="slat"');
    expect(html).not.toContain(`${PATH}/export.xlsx`);
    // A bad "only short lines" is said at its box; the rest applies.
    const short = await pageShowing(await session.page(`${PATH}?short=maybe`), 422);
    expect(short).toMatch(/<p id="ordered-material-short-error" class="field-error" role="alert">[^<]+<\/p>/);
    expect(short).toContain('data-component="slat"');
    const response = await session.api(`/api${PATH}?orders=abc`);
    expect(response.status).toBe(422);
    expect((await json(response)).status).toBe("fail");
  });
});

describe("the API and the xlsx", () => {
  test("GET /api/orders/fenceOrder/orderedMaterial answers the orders and the lines against stock; each line's orders on ?sources=1", async () => {
    const { data } = await okJson(await session.api(`/api${PATH}`));
    expect(data.orders.map((order: { id: number }) => order.id)).toEqual([confirmed]);
    expect(data.withSources).toBe(false);
    expect(data.lines.find((line: { component: string }) => line.component === "slat")).toEqual({
      product: { id: lamela, name: "Plot Lamela Řehoř" },
      component: "slat",
      name: "Plot Lamela Řehoř – lamela",
      color: "RAL 7016",
      amount: 84,
      runningMeters: 207.984,
      sources: [],
      inStock: 100,
      onTheWay: 4.5,
      short: 0,
    });
    expect(data.lines.find((line: { component: string }) => line.component === "uProfile")).toMatchObject({ amount: 12, inStock: 100, onTheWay: 4.5, short: 3.5 });
    expect(data.shortLines).toBe(1);
    const withSources = (await okJson(await session.api(`/api${PATH}?sources=1`))).data;
    expect(withSources.withSources).toBe(true);
    expect(withSources.lines.find((line: { component: string }) => line.component === "slat")).toMatchObject({ amount: 84, sources: [[confirmed, 84]], short: 0 });
    expect((await session.api(`/api${PATH}?sources=perhaps`)).status).toBe(422);
  });

  test("the xlsx is a real workbook: Czech headers, a row per line with numbers as numbers, the total in bold", async () => {
    const response = await session.page(`${PATH}/export.xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="objednany-material.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Id produktu", "Název", "Barva", "Množství (ks)", "Běžné metry", "Skladem", "Na cestě", "Chybí", "Zakázky (ks)"]);
    const slat = sheet.getRow(2).values as unknown[];
    expect(slat.slice(2)).toEqual(["Plot Lamela Řehoř – lamela", "RAL 7016", 84, 207.984, 100, 4.5, 0, `${confirmed} (84)`]);
    const uProfile = sheet.getRow(5).values as unknown[];
    expect(uProfile.slice(2, 9)).toEqual(["Plot Lamela Řehoř – U profil", "RAL 7016", 12, 19.98, 100, 4.5, 3.5]);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.font?.bold).toBe(true);
    expect(last.getCell(4).value).toBe(84 + 6 + 6 + 12);
  });

  test("a session is needed", async () => {
    expect((await t.current.request(`/api${PATH}`)).status).toBe(401);
    expect((await t.current.request(`${PATH}/export.xlsx`)).status).toBe(302);
  });
});

describe("Create a supplier order from the short lines", () => {
  test("the page's form: to the new order's detail with a toast, holding the U profiles' 3,5; the same key again lands on the same order", async () => {
    const before = await supplierOrderCount();
    const form = { supplier: String(supplier), name: "", idempotencyKey: "page-form-key-0001" };
    const response = await session.page(SUPPLIER_ORDER, { form });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/suppliers\/orders\/\d+$/);
    const id = Number(location.split("/").pop());
    const detail = await afterRedirect(session, response);
    expect(detail).toContain(`Objednávka dodavateli ${id} vytvořena: 1 produkt`);
    expect(detail).toContain("Plot Lamela Řehoř");
    expect(detail).toContain("Objednávka Ferona Plech a.s.");
    const lines = await t.current.ctx.db.select({ productId: supplierOrderLines.productId, quantity: supplierOrderLines.quantity }).from(supplierOrderLines).where(eq(supplierOrderLines.orderId, id));
    expect(lines).toEqual([{ productId: lamela, quantity: "3.500" }]);
    // A double click: the same key, the same order.
    const again = await session.page(SUPPLIER_ORDER, { form });
    expect(again.headers.get("Location")).toBe(location);
    expect(await supplierOrderCount()).toBe(before + 1);
  });

  test("refused on the page: no supplier, an unknown supplier, nothing short among the chosen orders; the page again with the message and nothing written", async () => {
    const before = await supplierOrderCount();
    const noSupplier = await pageShowing(await session.page(SUPPLIER_ORDER, { form: { supplier: "", name: "Moje" } }), 422, "Formulář není vyplněn správně", "Povinné pole", "Seznam materiálu");
    expect(noSupplier).toContain('value="Moje"');
    await pageShowing(await session.page(SUPPLIER_ORDER, { form: { supplier: "999999" } }), 422, "Dodavatel neexistuje");
    // Only the price offer chosen: no material, nothing short; the choice stays in the form.
    const nothing = await pageShowing(await session.page(SUPPLIER_ORDER, { form: { supplier: String(supplier), orders: String(offer) } }), 422, "Nic nechybí: objednávka dodavateli by byla prázdná.");
    expect(nothing).toContain(`type="hidden" name="orders" value="${offer}"`);
    expect(await supplierOrderCount()).toBe(before);
  });

  test("the API: 201 with the order and its lines; the Idempotency-Key header makes a retry answer the same; refusals in Czech and English", async () => {
    const before = await supplierOrderCount();
    const api = `/api${SUPPLIER_ORDER}`;
    const headers = { "Idempotency-Key": "api-short-lines-01" };
    const response = await session.api(api, { method: "POST", json: { supplier: { id: supplier }, name: "Doobjednávka profilů", orders: [confirmed] }, headers });
    expect(response.status).toBe(201);
    const answer = await json(response);
    expect(answer).toMatchObject({ status: "success", code: "CREATED", data: { lines: [{ productId: lamela, quantity: 3.5 }] } });
    const retry = await json(await session.api(api, { method: "POST", json: { supplier, orders: [confirmed] }, headers }));
    expect(retry.data).toEqual(answer.data);
    expect(await supplierOrderCount()).toBe(before + 1);
    const [header] = await t.current.ctx.db.select({ name: supplierOrders.name }).from(supplierOrders).where(eq(supplierOrders.id, answer.data.id));
    expect(header!.name).toBe("Doobjednávka profilů");

    await expectFieldErrors(await session.api(api, { method: "POST", json: {} }), { supplier: "Povinné pole" });
    await expectFieldErrors(await session.api(api, { method: "POST", json: { supplier: 999999 } }), { supplier: "Dodavatel neexistuje" });
    const nothing = await session.api(api, { method: "POST", json: { supplier, orders: [offer] } });
    expect(nothing.status).toBe(422);
    expect((await json(nothing)).data).toEqual(["Nic nechybí: objednávka dodavateli by byla prázdná."]);
    const english = await t.current.login();
    expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    await expectFieldErrors(await english.api(api, { method: "POST", json: { supplier: 999999 } }), { supplier: "The supplier does not exist" }, "en");
    expect((await json(await english.api(api, { method: "POST", json: { supplier, orders: [offer] } }))).data).toEqual(["Nothing is short: the supplier order would be empty."]);
    expect(await supplierOrderCount()).toBe(before + 1);
  });

  test("a session is needed", async () => {
    expect((await t.current.request(`/api${SUPPLIER_ORDER}`, { method: "POST" })).status).toBe(401);
  });
});
