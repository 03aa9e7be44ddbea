/**
 * The items tab's API (docs/domain.md#items-tab) through app.request():
 * GET and PUT /api/orders/fenceOrder/:id/items, the dynamic products, the deletes. Spec formulas
 * have the engine's own tests; here the API's numbers are asserted with concrete values.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { count, eq, sql } from "drizzle-orm";
import { fenceOrderItems, fenceOrderOtherItems, fenceOrders, products, users } from "@db/schema";
import { type ProductType, requiredFieldsFor } from "@/modules/orders/fence-item/engine";
import { formatCzechDateTime } from "@/lib/dates";
import { usingPostgres } from "../helpers/db";
import { json, type Session, useTestApp } from "../helpers/app";
import { tableSnapshot } from "../helpers/table-snapshot";
import { createFenceCategory, createFenceOrder, createFenceProduct, createProduct, createShipping, FENCE_1_PARAMETERS, type FenceCategory, fence1Item, fenceProductParameters } from "../helpers/factories";
import { okJson } from "./support";

const t = useTestApp();

let admin: Session;
let category: FenceCategory;
let product: number;

beforeAll(async () => {
  admin = await t.current.login();
  category = await createFenceCategory(t.current.ctx.db);
  product = await createFenceProduct(t.current.ctx.db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela" });
});

const ctx = () => ({ ...t.current.ctx, userId: admin.user.id });
const newOrder = () => createFenceOrder(ctx());
const path = (id: number) => `/api/orders/fenceOrder/${id}/items`;
const read = async (id: number) => (await okJson(await admin.api(path(id)))).data;
/** The tab's stored version (what the tab loaded); 1 for an order that does not exist. */
const versionOf = async (id: number) =>
  (await t.current.ctx.db.select({ itemsVersion: fenceOrders.itemsVersion }).from(fenceOrders).where(eq(fenceOrders.id, id)))[0]?.itemsVersion ?? 1;
/** A save as the tab sends it: over the stored version unless the body names one. */
const put = async (id: number, body: unknown, headers: Record<string, string> = {}) =>
  admin.api(path(id), { method: "PUT", json: body && typeof body === "object" && !("itemsVersion" in body) ? { itemsVersion: await versionOf(id), ...body } : body, headers });
const saved = async (id: number, body: unknown) => (await okJson(await put(id, body))).data;

/** A 422 answer's fields (and its data lines, which name each field). */
async function refusal(response: Response): Promise<{ fields: Record<string, string>; data: string[] }> {
  const answer = await json(response);
  expect(response.status, JSON.stringify(answer)).toBe(422);
  expect(answer.status).toBe("fail");
  return answer;
}

/** FENCE-1 (docs/fence-geometry.md) as the API takes it. */
const fence1 = () => fence1Item(product);

const snapshot = () =>
  tableSnapshot(t.current.ctx, ["fence_orders", "fence_order_items", "fence_order_sub_products", "fence_order_other_items", "fence_order_status_history", "products", "product_categories", "product_parameter_values", "idempotency_keys"]);

describe("GET and PUT /api/orders/fenceOrder/:id/items", () => {
  test("new items are answered with their ids by tmpId; existing ones are updated; the GET holds every derived number", async () => {
    const id = await newOrder();
    const first = await saved(id, {
      items: [{ ...fence1(), tmpId: "tmp-fence" }],
      otherItems: [{ tmpId: "tmp-other", product, amount: 2, unitPrice: 1290 }],
      assemblyItems: [{ tmpId: "tmp-assembly", product, amount: 6, unitPrice: 350 }],
    });
    const tab = await read(id);
    expect(first.ids).toEqual([
      { tmpId: "tmp-fence", id: tab.items[0].id },
      { tmpId: "tmp-other", id: tab.otherItems[0].id },
      { tmpId: "tmp-assembly", id: tab.assemblyItems[0].id },
    ]);
    expect(tab.items[0]).toMatchObject({
      productType: "FENCE",
      product: { id: product, name: "Plot Lamela" },
      height: 1800,
      length: 2500,
      m2price: 2450,
      realFillingHeight: 1665,
      realFillingWidth: 2476,
      slatCount: 14,
      tail: 5,
      area: 4.5,
      unitPrice: 11025,
      totalPrice: 66150,
      weight: 31.25,
    });
    // 66 150 + 2 580 + 2 100 = 70 830; VAT 21 % = 14 874.30.
    expect(tab.totals).toMatchObject({ fenceItems: 66150, otherItems: 2580, assemblyItems: 2100, total: 70830 });
    expect(tab.summary).toEqual({ priceWithoutVat: 70830, vatRate: 21, vat: 14874.3, total: 85704.3 });

    // An existing item (by id) changed, a new one added: only the new one is answered.
    const second = await saved(id, {
      items: [
        { ...fence1(), id: tab.items[0].id, amount: 2 },
        { ...fence1(), tmpId: "tmp-2", height: 1200 },
      ],
    });
    const again = await read(id);
    expect(again.items.map((item: { id: number }) => item.id)).toEqual([tab.items[0].id, second.ids[0].id]);
    expect(second.ids).toEqual([{ tmpId: "tmp-2", id: again.items[1].id }]);
    expect(again.items.map((item: { totalPrice: number }) => item.totalPrice)).toEqual([22050, 44100]);
    // Lists left out (other and assembly items) stay.
    expect(again.otherItems.length + again.assemblyItems.length).toBe(2);
    expect(second.summary).toEqual(again.summary);
  });

  test("a client's totals are not read: the server's numbers win", async () => {
    const id = await newOrder();
    const answer = await saved(id, {
      items: [{ ...fence1(), unitPrice: 1, totalPrice: 1, area: 99, slatCount: 1, realFillingHeight: 5 }],
      otherItems: [{ product, amount: 2, unitPrice: 1290, totalPrice: 0.01 }],
      shippingPrice: 1,
      summary: { total: 1 },
    });
    expect(answer.summary).toEqual({ priceWithoutVat: 68730, vatRate: 21, vat: 14433.3, total: 83163.3 });
    const tab = await read(id);
    expect(tab.items[0]).toMatchObject({ unitPrice: 11025, totalPrice: 66150, area: 4.5, slatCount: 14, realFillingHeight: 1665 });
    expect(tab.otherItems[0].totalPrice).toBe(2580);
    const [row] = await t.current.ctx.db.select({ unitPrice: fenceOrderItems.unitPrice }).from(fenceOrderItems).where(eq(fenceOrderItems.orderId, id));
    expect(row!.unitPrice).toBe("11025.00");
  });

  test("a missing order is 404 on every call of the tab", async () => {
    const missing = 2_000_000_000;
    for (const [method, url] of [
      ["GET", path(missing)],
      ["PUT", path(missing)],
      ["GET", `/api/orders/fenceOrder/${missing}/dynamicProducts`],
      ["DELETE", `/api/orders/fenceOrder/item/${missing}`],
      ["DELETE", `/api/orders/fenceOrder/otherItem/${missing}`],
      ["DELETE", `/api/orders/fenceOrder/subProduct/${missing}`],
    ] as const) {
      const response = await admin.api(url, { method, json: method === "PUT" ? { items: [fence1()] } : undefined });
      expect({ url, method, status: response.status, body: await json(response) }).toEqual({ url, method, status: 404, body: { status: "error", code: "NOT_FOUND" } });
    }
  });

  test("a 30-item order: saved in one call, every item priced", async () => {
    const id = await newOrder();
    const items = Array.from({ length: 30 }, (_, index) => ({ ...fence1(), tmpId: `tmp-${index}`, amount: 1, length: 2000 + index * 10 }));
    const answer = await saved(id, { items, otherItems: Array.from({ length: 20 }, (_, index) => ({ product, amount: index + 1, unitPrice: 10 })) });
    expect(answer.ids).toHaveLength(30);
    const tab = await read(id);
    expect(tab.items).toHaveLength(30);
    expect(tab.items.map((item: { id: number }) => item.id)).toEqual(answer.ids.map((pair: { id: number }) => pair.id));
    // Σ 2450 × 1.8 × (2.000 … 2.290) = 4410 × (30 × 2 + 0.01 × 435) = 283 783.50; other items 10 × (1 + … + 20) = 2 100.
    expect(tab.totals.fenceItems).toBe(283783.5);
    expect(tab.totals.otherItems).toBe(2100);
    expect(tab.items[29]).toMatchObject({ length: 2290, unitPrice: 10098.9 });
  });
});

/** One valid item of each type (docs/fence-geometry.md's examples, with everything their type requires), and the drop rod and reinforcement post rules. */
const common = () => ({ product, color: "RAL 7016", amount: 1, m2price: 3990, spacerHeight: 20, distancingType: "PRINT_3D" });
const handles = { doorHandleHeight: 1000, doorHandleInner: "HANDLE", doorHandleOuter: "KNOB" };
const VALID_ITEMS: [string, Record<string, unknown>][] = [
  ["FENCE", { ...common(), productType: "FENCE", height: 1800, length: 2500, reinforcementPost: true, reinforcementPostType: "WITH_FOOTING" }],
  ["GATE", { ...common(), productType: "GATE", height: 1600, length: 4000, totalGateLength: 5600, openingSize: 3900, lockType: "NORMAL", fieldCount: 2, driveMountSize: 60, driveMountPosition: 20 }],
  ["RAIL_GATE", { ...common(), productType: "RAIL_GATE", height: 1500, length: 4150, openingSize: 4000, wheelsType: "WT_80MM", lockType: "ELECTRIC", fieldCount: 2, driveMountSize: 50, driveMountPosition: 0 }],
  ["ONE_WING_GATE", { ...common(), productType: "ONE_WING_GATE", height: 1400, length: 3200, gateOpeningType: "HINGES", hingeType: "BEARING", hingeWidth: 30, openingType: "LEFT_TO_YARD", lockType: "NORMAL", ...handles }],
  [
    "TWO_WING_GATE (hinges)",
    { ...common(), productType: "TWO_WING_GATE", height: 1600, length: 4000, wicketPartWidth: 1500, solidPartWidth: 2500, gateOpeningType: "HINGES", hingeType: "BEARING", hingeWidth: 30, openingType: "RIGHT_TO_YARD", wingRelation: "SAME_DIRECTION", lockType: "NORMAL", ...handles, gateDropRod: true, gateDropRodLength: 400 },
  ],
  ["TWO_WING_GATE (drive)", { ...common(), productType: "TWO_WING_GATE", height: 1600, length: 4000, wicketPartWidth: 1500, solidPartWidth: 2500, gateOpeningType: "DRIVE", driveOpening: "YARD", hingeType: "BEARING", hingeWidth: 30, lockType: "ELECTRIC" }],
  ["WICKET", { ...common(), productType: "WICKET", height: 1200, length: 1300, hingeType: "ARTICULATED", hingeWidth: 25, openingType: "RIGHT_TO_YARD", lockType: "NORMAL", ...handles }],
  ["TWO_WING_WICKET", { ...common(), productType: "TWO_WING_WICKET", height: 1200, length: 2000, wicketPartWidth: 1000, solidPartWidth: 1000, hingeType: "ARTICULATED", hingeWidth: 25, openingType: "LEFT_TO_STREET", wingRelation: "CROSS", lockType: "NONE" }],
  ["CUSTOM", { product: 0, color: "RAL 7016", amount: 3, m2price: 1999.99, productType: "CUSTOM", height: 1000, length: 1500 }],
];

/** One product per type, with the values its construction reads (the demo's). */
const productsOfType = new Map<ProductType, number>();
async function productOfType(type: ProductType): Promise<number> {
  if (type === "FENCE") return product;
  let found = productsOfType.get(type);
  if (found === undefined) productsOfType.set(type, (found = await createFenceProduct(t.current.ctx.db, category, fenceProductParameters(type), { name: `Výrobek ${type}` })));
  return found;
}

describe("each required field of each product type (docs/domain.md#fence-item-validation, the engine's rules)", () => {
  test("every product type is in the table", () => {
    const types = new Set(VALID_ITEMS.map(([, item]) => item.productType as ProductType));
    expect([...types].sort()).toEqual(["CUSTOM", "FENCE", "GATE", "ONE_WING_GATE", "RAIL_GATE", "TWO_WING_GATE", "TWO_WING_WICKET", "WICKET"]);
  });

  test.each(VALID_ITEMS)("%s: the valid item saves; each required field left empty is named, all in one answer, and nothing is saved", async (_label, template) => {
    // A product of the item's type (a fence's product is refused in a gate).
    const item = { ...template, product: await productOfType(template.productType as ProductType) };
    const id = await newOrder();
    const required = requiredFieldsFor(item as never);
    expect(required.length).toBeGreaterThanOrEqual(7);
    // One row per required field, each with just that field emptied.
    const rows = required.map((field) => ({ ...item, [field]: null }));
    const before = await snapshot();
    const { fields, data } = await refusal(await put(id, { items: rows }));
    expect(fields).toEqual(Object.fromEntries(required.map((field, index) => [`items[${index}].${field}`, "Povinné pole"])));
    expect(data).toContain(`Pole „items[0].${required[0]}“: Povinné pole`);
    expect(await snapshot()).toBe(before);
    expect((await saved(id, { items: [item] })).ids).toEqual([]);
    expect((await read(id)).items[0].validation).toMatchObject({ valid: true, errors: [], missing: [] });
  });

  test("a filling below 0 and a format error are named beside the required fields, in English too", async () => {
    const id = await newOrder();
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const response = await english.api(path(id), {
      method: "PUT",
      json: { itemsVersion: 1, items: [{ ...fence1(), height: 40 }, { ...fence1(), color: null }, { ...fence1(), length: "dlouhý" }], otherItems: [{ product, amount: 1 }] },
    });
    const { fields } = await refusal(response);
    expect(fields).toEqual({
      "items[0].realFillingHeight": "The smallest value is 0",
      "items[1].color": "Required",
      "items[2].length": "Enter a number",
      "otherItems[0].unitPrice": "Required",
    });
  });
});

describe("amount and length above 0", () => {
  test("0 pieces and 0 mm are refused at the fields typed, and nothing is saved", async () => {
    const id = await newOrder();
    const before = await snapshot();
    const { fields } = await refusal(await put(id, { items: [{ ...fence1(), amount: 0 }, { ...fence1(), length: 0 }, { ...fence1(), height: "0" }] }));
    expect(fields).toEqual({ "items[0].amount": "Musí být větší než 0", "items[1].length": "Musí být větší než 0", "items[2].height": "Musí být větší než 0" });
    expect(await snapshot()).toBe(before);
  });
});

describe("a fence item takes a product of its type", () => {
  test("a gate's product in a fence item, or a fence's in a gate, is refused at the item's product; nothing is saved", async () => {
    const gate = await createFenceProduct(t.current.ctx.db, category, { ...FENCE_1_PARAMETERS, post: 100, lock: 40, hingeBearing: 30 }, { name: "Brána Typová" });
    const id = await newOrder();
    const before = await snapshot();
    const { fields } = await refusal(await put(id, { items: [{ ...fence1(), product: gate }, { ...fence1(), productType: "ONE_WING_GATE" }] }));
    expect(fields["items[0].product"]).toBe("Výrobek „Brána Typová“ není tohoto typu položky");
    expect(fields["items[1].product"]).toBe("Výrobek „Plot Lamela“ není tohoto typu položky");
    expect(await snapshot()).toBe(before);
    // Each in an item of its own type: no message at the product.
    const right = await refusal(await put(id, { items: [fence1(), { ...fence1(), productType: "ONE_WING_GATE", product: gate }] }));
    expect(Object.keys(right.fields).filter((field) => field.endsWith(".product"))).toEqual([]);
  });
});

describe("sub-products (docs/domain.md#sub-products)", () => {
  let posts: number;
  let post: number;
  beforeAll(async () => {
    posts = (await createFenceCategory(t.current.ctx.db, { creation: false, name: "Sloupky" })).categoryId;
    post = await createProduct(t.current.ctx.db, { name: "Sloupek 60×60", unitPrice: "289.90", categoryIds: [posts] });
  });
  const line = () => ({ productCategory: { id: posts }, product: post, amount: 7, unitPrice: 289.9 });

  test("a sub-product whose value is -2 needs a product", async () => {
    const id = await newOrder();
    const { fields } = await refusal(await put(id, { items: [{ ...fence1(), subProducts: [line(), { ...line(), product: -2 }, { ...line(), product: { id: -2 } }] }] }));
    expect(fields).toEqual({ "items[0].subProducts[1].product": "Povinné pole", "items[0].subProducts[2].product": "Povinné pole" });
  });

  test("sub-products are priced into the total (amount × unit price, not times the item's amount) and answered with their ids", async () => {
    const id = await newOrder();
    const answer = await saved(id, { items: [{ ...fence1(), tmpId: "i", subProducts: [{ ...line(), tmpId: "s1" }, { ...line(), tmpId: "s2", amount: 1 }] }] });
    const tab = await read(id);
    const [a, b] = tab.items[0].subProducts;
    expect(answer.ids).toEqual([
      { tmpId: "i", id: tab.items[0].id },
      { tmpId: "s1", id: a.id },
      { tmpId: "s2", id: b.id },
    ]);
    expect(a).toMatchObject({ productCategory: { id: posts, name: "Sloupky" }, product: { id: post, name: "Sloupek 60×60" }, amount: 7, unitPrice: 289.9, totalPrice: 2029.3 });
    // 66 150 + 2 029.30 + 289.90
    expect(tab.totals).toMatchObject({ subProducts: 2319.2, total: 68469.2 });
  });

  test("one can be removed only while another of its category remains: by DELETE and by a save", async () => {
    const id = await newOrder();
    await saved(id, { items: [{ ...fence1(), subProducts: [line(), { ...line(), amount: 1 }] }] });
    const item = (await read(id)).items[0];
    const [a, b] = item.subProducts;
    await okJson(await admin.api(`/api/orders/fenceOrder/subProduct/${b.id}`, { method: "DELETE" }));
    const last = await admin.api(`/api/orders/fenceOrder/subProduct/${a.id}`, { method: "DELETE" });
    expect((await refusal(last)).data).toEqual(["Podprodukt nelze odebrat: je poslední z kategorie „Sloupky“"]);
    const { fields } = await refusal(await put(id, { items: [{ ...item, subProducts: [] }] }));
    expect(fields).toEqual({ "items[0].subProducts": "Podprodukt nelze odebrat: je poslední z kategorie „Sloupky“" });
    // Replacing the last one by another of the same category is fine.
    await saved(id, { items: [{ ...item, subProducts: [{ ...line(), amount: 3 }] }] });
    expect((await read(id)).items[0].subProducts.map((sub: { amount: number }) => sub.amount)).toEqual([3]);
  });
});

describe("other and assembly items (docs/domain.md#other-items)", () => {
  test("product, amount and unit price are required", async () => {
    const id = await newOrder();
    const { fields } = await refusal(await put(id, { otherItems: [{}], assemblyItems: [{ product }] }));
    expect(fields).toEqual({
      "otherItems[0].product": "Povinné pole",
      "otherItems[0].amount": "Povinné pole",
      "otherItems[0].unitPrice": "Povinné pole",
      "assemblyItems[0].amount": "Povinné pole",
      "assemblyItems[0].unitPrice": "Povinné pole",
    });
  });

  test("product -1 is the virtual custom product: its own name (required), url and storable; a real product keeps neither", async () => {
    const id = await newOrder();
    const { fields } = await refusal(await put(id, { otherItems: [{ product: -1, amount: 1, unitPrice: 500 }] }));
    expect(fields).toEqual({ "otherItems[0].invoiceName": "Povinné pole" });
    await saved(id, {
      otherItems: [
        { product: -1, amount: 1, unitPrice: 500, invoiceName: "Dvířka na popelnice", url: "https://www.example.cz/dvirka", storable: true },
        { product: { id: product }, amount: 1, unitPrice: 100, url: "https://www.example.cz/x", storable: true },
      ],
    });
    const tab = await read(id);
    expect(tab.otherItems).toEqual([
      expect.objectContaining({ product: { id: -1, name: "nový vlastní" }, invoiceName: "Dvířka na popelnice", url: "https://www.example.cz/dvirka", storable: true, totalPrice: 500 }),
      expect.objectContaining({ product: { id: product, name: "Plot Lamela" }, url: null, storable: null }),
    ]);
    const rows = await t.current.ctx.db.select().from(fenceOrderOtherItems).where(eq(fenceOrderOtherItems.orderId, id));
    expect(rows.map((row) => row.productId)).toEqual([null, product]);
    // The tab as read goes back as it is.
    await saved(id, { otherItems: tab.otherItems });
    expect((await read(id)).otherItems).toEqual(tab.otherItems);
    // An unknown product is named.
    expect((await refusal(await put(id, { otherItems: [{ product: 1_999_999_999, amount: 1, unitPrice: 1 }] }))).fields).toEqual({ "otherItems[0].product": "Výrobek 1999999999 neexistuje" });
  });

  test("the ATTENTION product is marked; assembly is offered from the fence items by role, priced from the product's parameter", async () => {
    const db = t.current.ctx.db;
    const [attention] = await db.select({ id: products.id }).from(products).where(eq(products.systemRole, "ATTENTION"));
    const roles = Object.fromEntries((await db.select({ id: products.id, role: products.systemRole }).from(products).where(sql`${products.systemRole} like 'ASSEMBLY_%'`)).map((row) => [row.role, row.id]));
    const unpriced = await createFenceProduct(db, category, { pieceHeight: 100, lock: 40 });
    // A wicket's product: the fence's values and a wicket's own (so its assembly price is the fence's 350).
    const wicketProduct = await createFenceProduct(db, category, { ...FENCE_1_PARAMETERS, post: 60, lock: 35 });
    const id = await newOrder();
    const wicket = VALID_ITEMS.find(([label]) => label === "WICKET")![1];
    const gate = VALID_ITEMS.find(([label]) => label === "GATE")![1];
    await saved(id, {
      items: [fence1(), { ...fence1(), amount: 2.5 }, { ...wicket, product: wicketProduct }, { ...wicket, product: wicketProduct, amount: 2 }, { ...gate, product: unpriced }],
      otherItems: [{ product: attention!.id, amount: 1, unitPrice: 0 }],
    });
    const tab = await read(id);
    expect(tab.otherItems[0]).toMatchObject({ attention: true, product: { id: attention!.id, name: "Ostatní – upřesnit" } });
    expect(tab.suggestedAssembly).toEqual([
      { systemRole: "ASSEMBLY_FENCE", product: { id: roles.ASSEMBLY_FENCE, name: "Montáž plotu" }, amount: 8.5, unitPrice: 350 },
      // The gate's product names no assembly price: the assembly product's own (none seeded) applies.
      { systemRole: "ASSEMBLY_GATE", product: { id: roles.ASSEMBLY_GATE, name: "Montáž brány" }, amount: 1, unitPrice: null },
      { systemRole: "ASSEMBLY_WICKET", product: { id: roles.ASSEMBLY_WICKET, name: "Montáž branky" }, amount: 3, unitPrice: 350 },
    ]);
    // The office takes the offer, edited: assembly items are what it saves.
    await saved(id, { assemblyItems: tab.suggestedAssembly.map((line: { product: { id: number }; amount: number; unitPrice: number | null }) => ({ product: line.product, amount: line.amount, unitPrice: line.unitPrice ?? 4500 })) });
    expect((await read(id)).totals.assemblyItems).toBe(350 * 8.5 + 4500 + 350 * 3);
  });
});

describe("shipping, discount, note and measurement date (docs/domain.md#offer-form)", () => {
  test("shipping is distance × unit price; an empty price is omitted; an empty unit price takes the type's", async () => {
    const byKm = await createShipping(ctx(), { price: 18, priceByDistance: true });
    const flat = await createShipping(ctx(), { price: 1500, priceByDistance: false });
    const id = await newOrder();
    await saved(id, { items: [fence1()], shippingType: byKm, shippingDistance: 42.5, shippingPrice: 99999 });
    let tab = await read(id);
    expect(tab).toMatchObject({ shippingType: { id: byKm, price: 18, priceByDistance: true }, shippingDistance: 42.5, shippingUnitPrice: 18, shippingPrice: 765 });
    expect(tab.summary.priceWithoutVat).toBe(66915);

    await saved(id, { shippingDistance: null });
    tab = await read(id);
    expect(tab.shippingPrice).toBeNull();
    expect(tab.summary.priceWithoutVat).toBe(66150);
    const [order] = await t.current.ctx.db.select().from(fenceOrders).where(eq(fenceOrders.id, id));
    expect(order!.shippingPrice).toBeNull();

    await saved(id, { shippingType: { id: flat }, shippingUnitPrice: 1200 });
    expect((await read(id)).shippingPrice).toBe(1200);
    expect((await refusal(await put(id, { shippingType: 1_999_999_999 }))).fields).toEqual({ shippingType: "Způsob dopravy 1999999999 neexistuje" });
  });

  test("an empty discount amount drops the description; an amount without one is Sleva", async () => {
    const id = await newOrder();
    await saved(id, { items: [fence1()], discountDescription: "Věrnostní sleva", discountAmount: "1 000,00" });
    expect(await read(id)).toMatchObject({ discountDescription: "Věrnostní sleva", discountAmount: 1000, totals: { discount: 1000, totalWithShipping: 65150 } });
    await saved(id, { discountAmount: "" });
    expect(await read(id)).toMatchObject({ discountDescription: null, discountAmount: null, totals: { discount: 0 } });
    await saved(id, { discountDescription: "", discountAmount: 500 });
    expect(await read(id)).toMatchObject({ discountDescription: "Sleva", discountAmount: 500 });
  });

  test("note and measurement date; the date moves the status as decision 013 says", async () => {
    const id = await newOrder();
    const answer = await saved(id, { note: "Pes na zahradě", measurementDate: "12.3.2026" });
    expect(answer.status).toBe("MEASURED");
    expect(await read(id)).toMatchObject({ note: "Pes na zahradě", measurementDate: "2026-03-12", status: "MEASURED" });
    const order = await okJson(await admin.api(`/api/orders/fenceOrder/${id}`));
    expect(order.data).toMatchObject({ status: "MEASURED", measurementDate: "2026-03-12", note: "Pes na zahradě" });
  });
});

describe("dynamic products", () => {
  test("the same base and values reuse one variant across orders; the order lists its variants", async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    await saved(a, { items: [{ ...fence1(), color: "RAL 7016" }] });
    await saved(b, { items: [{ ...fence1(), color: "RAL 7016", amount: 1 }, { ...fence1(), color: "RAL 9005" }] });
    const [first, second] = [await read(a), await read(b)];
    expect(second.items[0].manufacturedProduct).toEqual(first.items[0].manufacturedProduct);
    expect(second.items[1].manufacturedProduct.name).toBe("Plot Lamela RAL 9005");
    const listed = await okJson(await admin.api(`/api/orders/fenceOrder/${b}/dynamicProducts`));
    expect(listed.data.map((variant: { name: string; amount: number }) => [variant.name, variant.amount])).toEqual([
      ["Plot Lamela RAL 7016", 1],
      ["Plot Lamela RAL 9005", 6],
    ]);
    const variants = await t.current.ctx.db.select({ n: count() }).from(products).where(eq(products.baseProductId, product));
    expect(variants[0]!.n).toBeGreaterThanOrEqual(2);
  });
});

describe("all or nothing, at most once", () => {
  test("a refused save changes nothing: not the items, the order, the variants nor the status", async () => {
    const id = await newOrder();
    await saved(id, { items: [fence1()], otherItems: [{ product, amount: 1, unitPrice: 100 }] });
    const before = await snapshot();
    const { fields } = await refusal(
      await put(id, {
        items: [{ ...fence1(), color: "RAL 1015" }, { ...fence1(), height: null }],
        otherItems: [],
        measurementDate: "2026-03-20",
        note: "změna",
        discountAmount: 100,
      }),
    );
    expect(Object.keys(fields)).toEqual(["items[1].height"]);
    expect(await snapshot()).toBe(before);
  });

  test("a retried submit applies once: by the Idempotency-Key header and by the body's key", async () => {
    const id = await newOrder();
    const body = { items: [{ ...fence1(), tmpId: "new-1" }], otherItems: [{ product, amount: 1, unitPrice: 100, tmpId: "new-2" }] };
    const first = await okJson(await put(id, body, { "Idempotency-Key": "items-save-0001" }));
    const retry = await okJson(await put(id, body, { "Idempotency-Key": "items-save-0001" }));
    expect(retry).toEqual(first);
    const keyed = { ...body, idempotencyKey: "items-save-0002" };
    const third = await okJson(await put(id, keyed));
    expect(await okJson(await put(id, keyed))).toEqual(third);
    const tab = await read(id);
    // Two saves applied (each replaced the lists, adding its new rows): one item and one other item now.
    expect(tab.items.map((item: { id: number }) => item.id)).toEqual([third.data.ids[0].id]);
    expect(tab.otherItems).toHaveLength(1);
    // The same key on another order is refused, not replayed.
    expect((await refusal(await put(await newOrder(), body, { "Idempotency-Key": "items-save-0001" }))).data).toHaveLength(1);
  });

  test("deletes: an item (with its sub-products) and an other item; ids of another order are not taken", async () => {
    const id = await newOrder();
    await saved(id, { items: [fence1(), fence1()], assemblyItems: [{ product, amount: 1, unitPrice: 350 }] });
    const tab = await read(id);
    expect((await okJson(await admin.api(`/api/orders/fenceOrder/item/${tab.items[0].id}`, { method: "DELETE" }))).code).toBe("DELETED");
    await okJson(await admin.api(`/api/orders/fenceOrder/otherItem/${tab.assemblyItems[0].id}`, { method: "DELETE" }));
    const after = await read(id);
    expect(after.items.map((item: { id: number }) => item.id)).toEqual([tab.items[1].id]);
    expect(after.assemblyItems).toEqual([]);
    const other = await newOrder();
    const { fields } = await refusal(await put(other, { items: [{ ...fence1(), id: tab.items[1].id }] }));
    expect(fields).toEqual({ "items[0].id": `Řádek ${tab.items[1].id} k této zakázce nepatří` });
    const kept = after.items[0];
    const twice = await refusal(await put(id, { items: [kept, kept], otherItems: [{ product, amount: 1, unitPrice: 1, tmpId: "t" }, { product, amount: 1, unitPrice: 1, tmpId: "t" }] }));
    expect(twice.fields).toEqual({ "items[1].id": `Řádek ${kept.id} je v seznamu dvakrát`, "otherItems[1].tmpId": "Dočasné id „t“ je v ukládaných řádcích dvakrát" });
  });
});

describe("the Common tab's warning (docs/domain.md#fence-order-editor) uses the engine's validation", () => {
  test("no warning for valid items; an item the engine refuses is named with its fields", async () => {
    const id = await newOrder();
    await saved(id, { items: [fence1()] });
    const page = async () => (await (await admin.page(`/orders/fenceOrder/${id}`)).text()).replaceAll("<!-- -->", "");
    expect(await page()).not.toContain("invalid-items");
    // A row written around the service (older data): a wicket without its colour, spacer and hinges.
    await t.current.ctx.db.insert(fenceOrderItems).values({ orderId: id, productType: "WICKET", productId: product, height: 1200, length: 1300, amount: 1, m2Price: 3990, sortOrder: 1 });
    const html = await page();
    expect(html).toContain("Položky, které nejsou v pořádku: 1.");
    expect(html).toContain(`href="/orders/fenceOrder/${id}?tab=1"`);
    expect(html).toContain("2. položka (Branka): Barva, Mezera mezi lamelami (mm), Distanční prvky, Typ pantů, Šířka pantů (mm), Zámek, Otevírání");
  });
});

describe("two people saving one order's items (decision 034)", () => {
  test("the version is required; a save over a newer one is 409 CONFLICT naming who saved it and when, and writes nothing", async () => {
    const id = await newOrder();
    const loaded = await read(id);
    expect(loaded.itemsVersion).toBe(1);
    // No version: refused at its field, like any missing field.
    expect((await refusal(await admin.api(path(id), { method: "PUT", json: { items: [fence1()] } }))).fields).toEqual({ itemsVersion: "Povinné pole" });

    // Another user saves first, over the version both loaded.
    const other = await t.current.login();
    await t.current.ctx.db.update(users).set({ firstName: "Eva", lastName: "Dvořáková" }).where(eq(users.id, other.user.id));
    const first = await okJson(await other.api(path(id), { method: "PUT", json: { itemsVersion: loaded.itemsVersion, items: [{ ...fence1(), amount: 2 }] } }));
    expect(first.data.itemsVersion).toBe(2);
    const before = await snapshot();
    const response = await admin.api(path(id), { method: "PUT", json: { itemsVersion: loaded.itemsVersion, items: [{ ...fence1(), amount: 7 }] } });
    const answer = await json(response);
    expect(response.status).toBe(409);
    const [stored] = await t.current.ctx.db.select({ at: fenceOrders.itemsUpdatedAt }).from(fenceOrders).where(eq(fenceOrders.id, id));
    expect(answer).toEqual({
      status: "error",
      code: "CONFLICT",
      meta: {
        message: `Položky zakázky mezitím uložil(a) Eva Dvořáková (${formatCzechDateTime(stored!.at)}).`,
        changedBy: { id: other.user.id, name: "Eva Dvořáková" },
        changedAt: stored!.at!.toISOString(),
        itemsVersion: 2,
      },
    });
    expect(await snapshot()).toBe(before);
    expect((await read(id)).items.map((item: { amount: number }) => item.amount)).toEqual([2]);
    // Over the version it now holds, the save goes through.
    expect((await saved(id, { itemsVersion: 2, items: [{ ...fence1(), amount: 7 }] })).itemsVersion).toBe(3);
  });

  test("a delete is a write of the tab: it answers the next version, and a save over the one before is refused", async () => {
    const id = await newOrder();
    await saved(id, { items: [fence1(), fence1()], otherItems: [{ product, amount: 1, unitPrice: 10 }] });
    const tab = await read(id);
    const deleted = await okJson(await admin.api(`/api/orders/fenceOrder/item/${tab.items[1].id}`, { method: "DELETE" }));
    expect(deleted.data).toEqual({ itemsVersion: tab.itemsVersion + 1 });
    const other = await okJson(await admin.api(`/api/orders/fenceOrder/otherItem/${tab.otherItems[0].id}`, { method: "DELETE" }));
    expect(other.data).toEqual({ itemsVersion: tab.itemsVersion + 2 });
    expect((await put(id, { itemsVersion: tab.itemsVersion, items: [fence1()] })).status).toBe(409);
  });
});

const pgOnly = "(PostgreSQL only: PGlite is a single connection, so two transactions can never overlap there)";

describe("parallel saves", () => {
  test.skipIf(!usingPostgres)(`two saves at once over one version: exactly one is taken, the other is 409 ${pgOnly}`, async () => {
    const id = await newOrder();
    const { itemsVersion } = await read(id);
    const responses = await Promise.all([3, 5].map((amount) => put(id, { itemsVersion, items: [{ ...fence1(), amount }] })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = responses.findIndex((response) => response.status === 200);
    const tab = await read(id);
    expect(tab.itemsVersion).toBe(itemsVersion + 1);
    expect(tab.items.map((item: { amount: number }) => item.amount)).toEqual([[3, 5][winner]]);
  });

  test.skipIf(!usingPostgres)(`20 saves at once of items with the same creation values make one variant ${pgOnly}`, async () => {
    const base = await createFenceProduct(t.current.ctx.db, category, FENCE_1_PARAMETERS, { name: "Plot Souběh" });
    const orders = await Promise.all(Array.from({ length: 20 }, () => newOrder()));
    const responses = await Promise.all(orders.map((id) => put(id, { items: [{ ...fence1(), product: base, color: "RAL 7016" }] })));
    expect(responses.map((response) => response.status)).toEqual(orders.map(() => 200));
    const variants = await t.current.ctx.db.select({ id: products.id }).from(products).where(eq(products.baseProductId, base));
    expect(variants).toHaveLength(1);
    const tabs = await Promise.all(orders.map(read));
    expect(new Set(tabs.map((tab) => tab.items[0].manufacturedProduct.id))).toEqual(new Set([variants[0]!.id]));
  });
});
