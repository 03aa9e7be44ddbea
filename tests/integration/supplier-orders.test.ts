/**
 * Supplier orders (docs/domain.md#supplier-orders): the list with id, name and
 * supplier, "Create from basket" (the caller's COMMON basket → an order for a chosen supplier,
 * one transaction), the detail with its lines, the xlsx export, and the generic CRUD on
 * /api/suppliers/orders.
 */
import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { and, eq, isNull } from "drizzle-orm";
import { basketItems, baskets, products as productsTable, supplierOrderLines, supplierOrders, suppliers } from "@db/schema";
import { seedDemoSuppliers } from "@db/seed/demo/suppliers";
import { formatCzechDate, todayInPrague } from "@/lib/dates";
import type { SupplierOrder, SupplierOrderDetail } from "@/modules/suppliers/orders/schemas";
import { json, type Session, useTestApp } from "../helpers/app";
import { createProduct, createSupplierOrder } from "../helpers/factories";
import { ean13 } from "@/lib/ean13";
import { afterRedirect, cookiePair, createdId, html as htmlOf, type ListBody, pageShowing, withFreshDatabase } from "./support";

const t = useTestApp();
const PATH = "/suppliers/orders";
const API = "/api/suppliers/orders";

type Order = SupplierOrder & { lines?: SupplierOrderDetail["lines"] };

let shared: Session;
const session = async () => (shared ??= await t.current.login());
const db = () => t.current.ctx.db;

async function createSupplier(name: string, email = "objednavky@dodavatel.cz"): Promise<number> {
  return createdId(await (await session()).api("/api/suppliers/supplier", { method: "POST", json: { name, email } }));
}

/** Puts lines straight into a user's basket (the baskets module's rules are not under test here). */
async function fillBasket(userId: number, lines: [productId: number, quantity: string][], type = "COMMON", warehouseId = 0): Promise<void> {
  const where = and(eq(baskets.userId, userId), eq(baskets.type, type), eq(baskets.warehouseId, warehouseId));
  let [basket] = await db().select({ id: baskets.id }).from(baskets).where(where);
  basket ??= (await db().insert(baskets).values({ userId, type, warehouseId }).returning({ id: baskets.id }))[0]!;
  await db().insert(basketItems).values(lines.map(([productId, quantity]) => ({ basketId: basket!.id, productId, quantity })));
}

async function basketLines(userId: number, type = "COMMON"): Promise<number> {
  const rows = await db()
    .select({ id: basketItems.id })
    .from(basketItems)
    .innerJoin(baskets, eq(baskets.id, basketItems.basketId))
    .where(and(eq(baskets.userId, userId), eq(baskets.type, type)));
  return rows.length;
}

const orderCount = async () => (await db().select({ id: supplierOrders.id }).from(supplierOrders)).length;
const getOrder = async (s: Session, id: number): Promise<Order> => (await json(await s.api(`${API}/${id}`))).data;

let productCounter = 0;
async function products(): Promise<{ panel: number; post: number }> {
  const n = ++productCounter;
  return {
    panel: await createProduct(db(), { name: `Plotový panel 3D ${n} 2500 × 1530 mm`, ean13: ean13(`85912345${String(n).padStart(4, "0")}`) }),
    post: await createProduct(db(), { name: `Sloupek 60 × 60 mm ${n}` }),
  };
}

describe("create from basket (API)", () => {
  test("makes an order of the COMMON basket's lines; the default name; the basket is kept unless asked", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Ferona a.s.", "objednavky@ferona.cz");
    const { panel, post } = await products();
    await fillBasket(s.user.id, [
      [panel, "12.000"],
      [post, "2.500"],
    ]);
    const response = await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier } });
    expect(response.status).toBe(201);
    const id = (await json(response)).data as number;
    expect(typeof id).toBe("number");

    const order = await getOrder(s, id);
    expect(order).toMatchObject({
      id,
      name: `Objednávka Ferona a.s. ${formatCzechDate(todayInPrague())}`,
      supplier: { id: supplier, name: "Ferona a.s." },
      lineCount: 2,
      note: null,
    });
    expect(order.lines!.map((line) => [line.product.id, line.quantity])).toEqual([
      [panel, 12],
      [post, 2.5],
    ]);
    expect(order.lines![0]!.product.ean13).toMatch(/^\d{13}$/);
    expect(order.lines![1]!.product.ean13).toBeNull();
    // Kept: clearBasket defaults to false in the API.
    expect(await basketLines(s.user.id)).toBe(2);
    const [row] = await db().select().from(supplierOrders).where(eq(supplierOrders.id, id));
    expect(row!.createdBy).toBe(s.user.id);
  });

  test("a given name wins; clearBasket:true empties the basket in the same transaction", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Pilecký s.r.o.");
    const { panel } = await products();
    await fillBasket(s.user.id, [[panel, "4.000"]]);
    const response = await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier: { id: supplier }, name: "  Výplně na zakázku 2031 ", clearBasket: true } });
    expect(response.status).toBe(201);
    const order = await getOrder(s, (await json(response)).data);
    expect(order.name).toBe("Výplně na zakázku 2031");
    expect(order.lines).toHaveLength(1);
    expect(await basketLines(s.user.id)).toBe(0);
  });

  test("an empty basket answers fail \"Košík je prázdný\" and creates nothing", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Prázdno s.r.o.");
    const before = await orderCount();
    const response = await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier, clearBasket: true } });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({ status: "fail", code: "VALIDATION", data: ["Košík je prázdný"], fields: {} });
    expect(await orderCount()).toBe(before);
  });

  test("only the caller's COMMON basket counts: warehouse baskets and other users' baskets are not read", async () => {
    const s = await t.current.login();
    const other = await t.current.login();
    const supplier = await createSupplier("Jen můj košík s.r.o.");
    const { panel, post } = await products();
    await fillBasket(s.user.id, [[panel, "1.000"]], "WAREHOUSE", 3);
    await fillBasket(other.user.id, [[post, "5.000"]]);
    const empty = await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier } });
    expect(empty.status).toBe(422);
    await fillBasket(s.user.id, [[post, "7.000"]]);
    const order = await getOrder(s, (await json(await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier, clearBasket: true } }))).data);
    expect(order.lines!.map((line) => [line.product.id, line.quantity])).toEqual([[post, 7]]);
    // Only the COMMON basket was emptied.
    expect(await basketLines(s.user.id, "WAREHOUSE")).toBe(1);
    expect(await basketLines(other.user.id)).toBe(1);
  });

  test("the supplier is required and must exist; the basket is untouched", async () => {
    const s = await t.current.login();
    const { panel } = await products();
    await fillBasket(s.user.id, [[panel, "1.000"]]);
    const before = await orderCount();
    for (const [body, message] of [
      [{}, "Povinné pole"],
      [{ supplier: "" }, "Povinné pole"],
      [{ supplier: 2_000_000_000 }, "Dodavatel neexistuje"],
      [{ supplier: "abc" }, "Povinné pole"],
    ] as const) {
      const response = await s.api(`${API}/fromBasket`, { method: "POST", json: { ...body, clearBasket: true } });
      expect(response.status).toBe(422);
      expect((await json(response)).fields.supplier).toBeDefined();
      if (message !== "Povinné pole") expect((await json(await s.api(`${API}/fromBasket`, { method: "POST", json: body }))).fields).toEqual({ supplier: message });
    }
    expect(await orderCount()).toBe(before);
    expect(await basketLines(s.user.id)).toBe(1);
  });

  test("a name over 300 characters is refused", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Dlouhé jméno s.r.o.");
    const response = await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier, name: "x".repeat(301) } });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ name: "Nejvýše 300 znaků" });
  });

  test("English users get English messages and an English default name", async () => {
    const s = await t.current.login();
    await s.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const supplier = await createSupplier("Ferona a.s.");
    const empty = await json(await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier } }));
    expect(empty.data).toEqual(["The basket is empty"]);
    const { post } = await products();
    await fillBasket(s.user.id, [[post, "1.000"]]);
    const id = (await json(await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier } }))).data;
    expect((await getOrder(s, id)).name).toBe(`Order Ferona a.s. ${formatCzechDate(todayInPrague())}`);
  });
});

describe("generic CRUD /api/suppliers/orders", () => {
  test("the list filters by supplier id and name; deleting an order takes its lines", async () => {
    const s = await session();
    const supplier = await createSupplier("Betafence s.r.o.");
    const other = await createSupplier("Hörmann s.r.o.");
    const { panel } = await products();
    const id = await createSupplierOrder(t.current.ctx, { name: "Pletivo – jaro", supplier, note: "Dodat do 14 dnů", lines: [{ productId: panel, quantity: 3 }] });
    await createSupplierOrder(t.current.ctx, { name: "Vrata", supplier: other });

    const bySupplierId = (await json(await s.api(`${API}?supplierId=${supplier}`))) as ListBody<Order>;
    expect(bySupplierId.data.map((order) => order.id)).toEqual([id]);
    expect(bySupplierId.data[0]).toMatchObject({ name: "Pletivo – jaro", supplier: { id: supplier, name: "Betafence s.r.o." }, note: "Dodat do 14 dnů", lineCount: 1 });
    const byName = (await json(await s.api(`${API}?supplier=betafence`))) as ListBody<Order>;
    expect(byName.data.map((order) => order.id)).toEqual([id]);

    expect((await s.api(`${API}/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
    expect(await db().select().from(supplierOrderLines).where(eq(supplierOrderLines.orderId, id))).toEqual([]);
  });

  test("an unknown supplier is refused", async () => {
    const s = await session();
    const before = await orderCount();
    const unknown = await s.api(API, { method: "POST", json: { name: "X", supplier: 2_000_000_000 } });
    expect((await json(unknown)).fields).toEqual({ supplier: "Dodavatel neexistuje" });
    expect(await orderCount()).toBe(before);
  });

  test("the list answers id, name and supplier, newest first by default", async () => {
    const s = await session();
    const supplier = await createSupplier("Řazení s.r.o.");
    const first = (await json(await s.api(API, { method: "POST", json: { name: "První", supplier } }))).data;
    const second = (await json(await s.api(API, { method: "POST", json: { name: "Druhá", supplier } }))).data;
    const body = (await json(await s.api(`${API}?supplierId=${supplier}`))) as ListBody<Order>;
    expect(body.meta.sort).toBe("id,desc");
    expect(body.data.map((order) => order.id)).toEqual([second, first]);
  });
});

describe("export of the lines as xlsx", () => {
  async function orderWithLines(s: Session): Promise<{ id: number; panel: number; post: number }> {
    const supplier = await createSupplier("Ferona a.s.");
    const { panel, post } = await products();
    await fillBasket(s.user.id, [
      [panel, "12.000"],
      [post, "2.500"],
    ]);
    const id = (await json(await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier, clearBasket: true } }))).data as number;
    return { id, panel, post };
  }

  async function readSheet(response: Response) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets).toHaveLength(1);
    return workbook.worksheets[0]!;
  }

  for (const [label, url] of [
    ["page", (id: number) => `${PATH}/${id}/export.xlsx`],
    ["API", (id: number) => `${API}/${id}/export`],
  ] as const) {
    test(`the ${label} download is a real xlsx with a bold header and one row per line`, async () => {
      const s = await t.current.login();
      const { id, panel, post } = await orderWithLines(s);
      const response = label === "page" ? await s.page(url(id)) : await s.api(url(id));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="objednavka-dodavateli-${id}.xlsx"`);
      const sheet = await readSheet(response);
      expect(sheet.name).toBe("Položky objednávky");
      expect(sheet.getRow(1).values).toEqual([undefined, "Kód produktu", "Název", "EAN", "Množství"]);
      for (let column = 1; column <= 4; column++) expect(sheet.getRow(1).getCell(column).font?.bold).toBe(true);
      expect(sheet.rowCount).toBe(3);
      const [panelName, postName] = (await getOrder(s, id)).lines!.map((line) => line.product);
      expect(sheet.getRow(2).values).toEqual([undefined, panel, panelName!.name, panelName!.ean13, 12]);
      expect(sheet.getRow(3).getCell(1).value).toBe(post);
      expect(sheet.getRow(3).getCell(2).value).toBe(postName!.name);
      expect(sheet.getRow(3).getCell(3).value).toBe("");
      expect(sheet.getRow(3).getCell(4).value).toBe(2.5);
      expect(sheet.getRow(2).getCell(2).font?.bold).toBeFalsy();
    });
  }

  test("an unknown order answers 404", async () => {
    const s = await session();
    expect((await s.api(`${API}/2000000000/export`)).status).toBe(404);
    expect((await s.page(`${PATH}/2000000000/export.xlsx`)).status).toBe(404);
  });
});

describe("pages /suppliers/orders", () => {
  test("the list shows id, name and supplier, filters by supplier name, and offers Create from basket", async () => {
    const s = await session();
    const ferona = await createSupplier("Ferona a.s. (seznam)");
    const other = await createSupplier("Würth (seznam)");
    const mine = (await json(await s.api(API, { method: "POST", json: { name: "Sloupky na duben", supplier: ferona } }))).data;
    const theirs = (await json(await s.api(API, { method: "POST", json: { name: "Šrouby", supplier: other } }))).data;
    const response = await s.page(`${PATH}?size=500`);
    await pageShowing(response, 200, "Objednávky dodavatelům", `href="${PATH}/${mine}"`, "Sloupky na duben", "Ferona a.s. (seznam)", `href="${PATH}/fromBasket"`);
    const filtered = await htmlOf(await s.page(`${PATH}?supplier=${encodeURIComponent("ferona a.s. (sez")}`));
    expect(filtered).toContain(`href="${PATH}/${mine}"`);
    expect(filtered).not.toContain(`href="${PATH}/${theirs}"`);
    const byId = await htmlOf(await s.page(`${PATH}?supplierId=${other}`));
    expect(byId).toContain(`href="${PATH}/${theirs}"`);
    expect(byId).not.toContain(`href="${PATH}/${mine}"`);
    expect(byId).toContain(`name="supplierId" value="${other}"`);
  });

  test("the from-basket form: supplier select, the ticked \"Vyprázdnit košík\" box and the basket preview", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Náhled s.r.o.");
    const { panel } = await products();
    await fillBasket(s.user.id, [[panel, "3.500"]]);
    const response = await s.page(`${PATH}/fromBasket`);
    const html = await pageShowing(response, 200, "Vytvořit objednávku z košíku", `<option value="${supplier}">Náhled s.r.o.</option>`);
    expect(html).toMatch(/<input[^>]*name="clearBasket"[^>]*checked=""/);
    expect(html).toContain("Vyprázdnit košík");
    expect(html).toContain("Plotový panel 3D");
    expect(html).toContain("3,5");
  });

  test("posting the form creates the order, empties the basket and goes to the detail with CREATED", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Formulář a.s.");
    const { panel, post } = await products();
    await fillBasket(s.user.id, [
      [panel, "2.000"],
      [post, "0.250"],
    ]);
    const response = await s.page(`${PATH}/fromBasket`, { form: { supplier: String(supplier), name: "", clearBasket: "on" } });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^${PATH}/\\d+$`));
    const id = Number(location.split("/").pop());
    expect(await basketLines(s.user.id)).toBe(0);
    const detail = await s.page(location, { headers: { Cookie: cookiePair(response, "ohrada_flash")! } });
    await pageShowing(detail, 200, "Vytvořeno", `Objednávka Formulář a.s. ${formatCzechDate(todayInPrague())}`, "Plotový panel 3D", "0,25", `href="${PATH}/${id}/export.xlsx"`, `action="${PATH}/${id}/delete"`);
  });

  test("an unticked box keeps the basket", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Ponechat s.r.o.");
    const { panel } = await products();
    await fillBasket(s.user.id, [[panel, "1.000"]]);
    const response = await s.page(`${PATH}/fromBasket`, { form: { supplier: String(supplier), name: "Bez vyprázdnění" } });
    expect(response.status).toBe(303);
    expect(await basketLines(s.user.id)).toBe(1);
  });

  test("an empty basket or no supplier answers 422 with FORM_NOT_VALID and the reason", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Chyby s.r.o.");
    const before = await orderCount();
    const empty = await s.page(`${PATH}/fromBasket`, { form: { supplier: String(supplier), clearBasket: "on" } });
    await pageShowing(empty, 422, "Formulář není vyplněn správně", "Košík je prázdný");

    const { panel } = await products();
    await fillBasket(s.user.id, [[panel, "1.000"]]);
    const noSupplier = await s.page(`${PATH}/fromBasket`, { form: { supplier: "", name: "Zachovat", clearBasket: "on" } });
    await pageShowing(noSupplier, 422, "Povinné pole", 'value="Zachovat"');
    expect(await orderCount()).toBe(before);
    expect(await basketLines(s.user.id)).toBe(1);
  });

  test("the header is edited on the detail page (UPDATED) and the order is deleted (DELETED)", async () => {
    const s = await session();
    const supplier = await createSupplier("Úpravy s.r.o.");
    const id = (await json(await s.api(API, { method: "POST", json: { name: "Původní", supplier } }))).data;
    const saved = await s.page(`${PATH}/${id}`, { form: { name: "Přejmenovaná", supplier: String(supplier), note: "Pozor na termín" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${PATH}/${id}`);
    const html = await afterRedirect(s, saved, `${PATH}/${id}`);
    expect(html).toContain("Uloženo");
    expect(html).toContain("Pozor na termín");

    const invalid = await s.page(`${PATH}/${id}`, { form: { name: "", supplier: String(supplier) } });
    expect(invalid.status).toBe(422);
    expect(await htmlOf(invalid)).toContain("Formulář není vyplněn správně");

    const removed = await s.page(`${PATH}/${id}/delete`, { method: "POST" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe(PATH);
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });

  test("an unknown order's detail is 404", async () => {
    expect((await (await session()).page(`${PATH}/2000000000`)).status).toBe(404);
  });

  test("a supplier with a basket order cannot be deleted", async () => {
    const s = await t.current.login();
    const supplier = await createSupplier("Nesmazatelný s.r.o.");
    const { panel } = await products();
    await fillBasket(s.user.id, [[panel, "1.000"]]);
    expect((await s.api(`${API}/fromBasket`, { method: "POST", json: { supplier } })).status).toBe(201);
    const response = await s.api(`/api/suppliers/supplier/${supplier}`, { method: "DELETE" });
    expect(response.status).toBe(422);
    expect((await json(response)).data).toEqual(["Dodavatele nelze smazat: má objednávky (1). Nejdřív smažte jeho objednávky."]);
  });
});

describe("demo data", () => {
  test("8 suppliers and 5 orders; lines only once products exist; seeded once", async () => {
    await withFreshDatabase(async (ctx) => {
      // Only the reference seed's system products (assembly, the custom product) exist: they are not ordered.
      expect((await ctx.db.select({ id: productsTable.id }).from(productsTable).where(isNull(productsTable.systemRole))).length).toBe(0);
      await seedDemoSuppliers(ctx);
      await seedDemoSuppliers(ctx);
      expect(await ctx.db.select().from(suppliers)).toHaveLength(8);
      expect(await ctx.db.select().from(supplierOrders)).toHaveLength(5);
      expect(await ctx.db.select().from(supplierOrderLines)).toEqual([]);
    });

    await withFreshDatabase(async (ctx) => {
      for (let index = 0; index < 12; index++) await createProduct(ctx.db, { name: `Demo produkt ${index}` });
      await seedDemoSuppliers(ctx);
      const orders = await ctx.db.select().from(supplierOrders);
      expect(orders).toHaveLength(5);
      const lines = await ctx.db.select().from(supplierOrderLines);
      expect(new Set(lines.map((line) => line.orderId)).size).toBe(5);
      expect(lines.length).toBeGreaterThanOrEqual(10);
      for (const line of lines) expect(Number(line.quantity)).toBeGreaterThan(0);
    });
  });
});
