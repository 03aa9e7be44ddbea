import { describe, expect, test } from "bun:test";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, createProduct, FENCE_1_PARAMETERS, fence1Item } from "../../../../tests/helpers/factories";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { and, asc, count, eq } from "drizzle-orm";
import { fenceOrderMaterial, idempotencyKeys, products, productParameterValues, supplierOrderLines, supplierOrders, warehouseItems, warehouses } from "@db/schema";
import { usingPostgres } from "../../../../tests/helpers/db";
import { formatCzechDate, todayInPrague } from "@/lib/dates";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import { supplierService } from "@/modules/suppliers/supplier/service";
import { deleteOrderOtherItem, editOrderItems, getOrderItems } from "../fence-item/service";
import { changeFenceOrderStatus } from "../fence-order/service";
import { createSupplierOrderFromShortLines, getOrderedMaterial } from "./service";

const t = useTestDatabase();

/**
 * docs/fence-geometry.md's FENCE-1 (1800 × 2500 mm) gives per field 14 slats of 2476 mm, a top and
 * a bottom bar of 2500 mm and 2 U profiles of 1665 mm. Three orders: A (order confirmation) 6 fields
 * in RAL 7016 and 2 gate motors; B (material order) 3 fields in RAL 7016 and 2 in RAL 9005; C (a
 * price offer) 10 fields and 50 motors, which must not count.
 */
async function threeOrders() {
  const ctx = t.ctx;
  const category = await createFenceCategory(t.db);
  const lamela = await createFenceProduct(t.db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela" });
  const motor = await createProduct(t.db, { name: "Pohon brány", unitPrice: "9900.00" });
  const a = await createFenceOrderWithItems(ctx, { order: { orderDate: "2026-11-02" }, items: [fence1Item(lamela)], otherItems: [{ product: motor, amount: 2, unitPrice: 9900 }] });
  const b = await createFenceOrderWithItems(ctx, {
    order: { orderDate: "2026-11-03" },
    items: [
      { ...fence1Item(lamela), amount: 3 },
      { ...fence1Item(lamela), amount: 2, color: "RAL 9005" },
    ],
    otherItems: [],
  });
  await changeFenceOrderStatus({ ctx, input: { id: b.id, status: "MATERIAL_ORDER" } });
  const c = await createFenceOrderWithItems(ctx, { items: [{ ...fence1Item(lamela), amount: 10 }], otherItems: [{ product: motor, amount: 50, unitPrice: 9900 }] });
  return { lamela, motor, category, a: a.id, b: b.id, c: c.id, aOther: a.otherItemIds[0]! };
}

const lineOf = (material: Awaited<ReturnType<typeof getOrderedMaterial>>, component: string, color: string | null) =>
  material.lines.find((line) => line.component === component && line.color === color);

describe("ordered material (docs/domain.md#ordered-material)", () => {
  test("sums the cut list of the orders in order confirmation and material order per product, part and colour, with the orders each line comes from; other statuses are left out", async () => {
    expect(await getOrderedMaterial({ ctx: t.ctx, input: {} })).toEqual({
      orders: [],
      chosen: [],
      withSources: false,
      lines: [],
      skipped: [],
      totals: { amount: 0, runningMeters: 0 },
      onlyShort: false,
      shortLines: 0,
    });
    const { lamela, motor, a, b, c } = await threeOrders();
    const material = await getOrderedMaterial({ ctx: t.ctx, input: { sources: true } });
    expect(material.withSources).toBe(true);
    expect(material.orders.map((order) => [order.id, order.status, order.selected])).toEqual([
      [a, "ORDER_CONFIRMATION", true],
      [b, "MATERIAL_ORDER", true],
    ]);
    expect(material.orders.some((order) => order.id === c)).toBe(false);

    // RAL 7016: 6 + 3 fields × 14 slats = 126 slats of 2.476 m.
    expect(lineOf(material, "slat", "RAL 7016")).toMatchObject({ product: { id: lamela, name: "Plot Lamela" }, amount: 126, runningMeters: 311.976, sources: [[a, 84], [b, 42]] });
    expect(lineOf(material, "slat", "RAL 9005")).toMatchObject({ amount: 28, runningMeters: 69.328, sources: [[b, 28]] });
    expect(lineOf(material, "topBar", "RAL 7016")).toMatchObject({ amount: 9, runningMeters: 22.5 });
    expect(lineOf(material, "uProfile", "RAL 7016")).toMatchObject({ amount: 18, runningMeters: 29.97 });
    expect(lineOf(material, "uProfile", "RAL 9005")).toMatchObject({ amount: 4, runningMeters: 6.66 });
    // The motors of A only: C's 50 are a price offer's.
    expect(lineOf(material, "otherItem", null)).toMatchObject({ product: { id: motor, name: "Pohon brány" }, amount: 2, runningMeters: null, sources: [[a, 2]] });
    expect(material.skipped).toEqual([]);
    // Totals: pieces of every line, metres of the lines with a length.
    const slats = 126 + 28;
    const bars = 2 * (9 + 2);
    const uProfiles = 18 + 4;
    expect(material.totals.amount).toBe(slats + bars + uProfiles + 2);
    // 311.976 + 69.328 + 2.5 × 22 + 1.665 × 22, summed in thousandths (no float drift).
    expect(material.totals.runningMeters).toBe(472.934);
    // Without `sources` (the API's default): the same lines, their orders left out.
    const bare = await getOrderedMaterial({ ctx: t.ctx, input: {} });
    expect(bare.withSources).toBe(false);
    expect(bare.lines).toEqual(material.lines.map((line) => ({ ...line, sources: [] })));
  });

  test("the office may narrow the sum to some orders; an id of another status is not summed; bad ids are refused", async () => {
    const { a, b, c } = await threeOrders();
    const onlyB = await getOrderedMaterial({ ctx: t.ctx, input: { orders: `${b},${c}`, sources: "1" } });
    const mine = onlyB.orders.filter((order) => [a, b, c].includes(order.id));
    expect(onlyB.orders.filter((order) => order.selected).map((order) => order.id)).toEqual([b]);
    expect(mine.map((order) => [order.id, order.selected])).toEqual([
      [a, false],
      [b, true],
    ]);
    expect(lineOf(onlyB, "slat", "RAL 7016")).toMatchObject({ amount: 42, sources: [[b, 42]] });
    expect(lineOf(onlyB, "otherItem", null)).toBeUndefined();
    const refused = await failureOf(getOrderedMaterial({ ctx: t.ctx, input: { orders: "1,x" } }));
    expect(refused.kind).toBe("fail");
    expect(Object.keys(refused.fields)).toEqual(["orders.1"]);
  });

  test("a service sold as an other item (not storable) is no material; storable catalogue and custom items are", async () => {
    const category = await createFenceCategory(t.db);
    const fence = await createFenceProduct(t.db, category, FENCE_1_PARAMETERS, { name: "Plot se službou" });
    const hinges = await createProduct(t.db, { name: "Pant k bráně", unitPrice: "150.00" });
    const removal = await createProduct(t.db, { name: "Demontáž starého plotu – za bm", unitPrice: "120.00" });
    await t.db.update(products).set({ storable: false }).where(eq(products.id, removal));
    const order = await createFenceOrderWithItems(t.ctx, {
      order: { orderDate: "2026-11-02" },
      items: [fence1Item(fence)],
      otherItems: [
        { product: hinges, amount: 4, unitPrice: 150 },
        { product: removal, amount: 25, unitPrice: 120 },
        { product: VIRTUAL_CUSTOM_PRODUCT_ID, invoiceName: "Odvoz suti", storable: false, amount: 1, unitPrice: 890 },
        { product: VIRTUAL_CUSTOM_PRODUCT_ID, invoiceName: "Pletivo na míru", storable: true, amount: 3, unitPrice: 100 },
      ],
    });
    await changeFenceOrderStatus({ ctx: t.ctx, input: { id: order.id, status: "ORDER_CONFIRMATION" } });
    const material = await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(order.id) } });
    expect(material.lines.filter((line) => line.component === "otherItem").map((line) => [line.name, line.amount])).toEqual([
      ["Pant k bráně", 4],
      ["Pletivo na míru", 3],
    ]);
    // The hinges turn out not to be stocked: the stored material follows the flag.
    await t.db.update(products).set({ storable: false }).where(eq(products.id, hinges));
    const after = await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(order.id) } });
    expect(after.lines.filter((line) => line.component === "otherItem").map((line) => line.name)).toEqual(["Pletivo na míru"]);
  });

  test("an item the cut list cannot read is named, not summed", async () => {
    const category = await createFenceCategory(t.db);
    // A product without a slat height: the engine prices it, the cut list cannot cut it.
    const noSlat = await createFenceProduct(t.db, category, { topBar: 30 }, { name: "Plot bez lamely" });
    const order = await createFenceOrderWithItems(t.ctx, { order: { orderDate: "2026-11-02" }, items: [{ product: noSlat }], otherItems: [] });
    const material = await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(order.id) } });
    expect(material.skipped).toEqual([{ orderId: order.id, itemId: order.itemIds[0]!, productName: "Plot bez lamely" }]);
    expect(material.lines).toEqual([]);
  });

  test("the stored material follows every change: an item's amount, a product's slat height, a removed other item, an order entering the status", async () => {
    const { lamela, category, a, b, c, aOther } = await threeOrders();
    const slatsOf = async (orderId: number) => lineOf(await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(orderId) } }), "slat", "RAL 7016")?.amount;
    expect(await slatsOf(a)).toBe(84);
    // A's item: 6 fields → 2 fields.
    const tab = await getOrderItems({ ctx: t.ctx, input: { id: a } });
    await editOrderItems({ ctx: t.ctx, input: { id: a, values: { items: tab.items.map((item) => ({ ...item, amount: 2 })) } } });
    expect(await slatsOf(a)).toBe(28);
    // A slat of 80 mm: floor((1665 + 20) / (80 + 20)) = 16 slats a field.
    await t.db
      .update(productParameterValues)
      .set({ value: "80" })
      .where(and(eq(productParameterValues.productId, lamela), eq(productParameterValues.parameterId, category.parameters.pieceHeight!)));
    expect(await slatsOf(a)).toBe(32);
    expect(await slatsOf(b)).toBe(48);
    await deleteOrderOtherItem({ ctx: t.ctx, input: { id: aOther } });
    expect(lineOf(await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(a) } }), "otherItem", null)).toBeUndefined();
    // The price offer enters order confirmation: its 10 fields of 16 slats count now.
    await changeFenceOrderStatus({ ctx: t.ctx, input: { id: c, status: "ORDER_CONFIRMATION" } });
    expect(await slatsOf(c)).toBe(160);
  });

  test.skipIf(!usingPostgres)("readers at once compute each order once: no line twice (PostgreSQL only: PGlite has one connection)", async () => {
    const { a, b } = await threeOrders();
    const answers = await Promise.all(Array.from({ length: 8 }, () => getOrderedMaterial({ ctx: t.ctx, input: { orders: `${a},${b}` } })));
    for (const answer of answers) expect(lineOf(answer, "slat", "RAL 7016")).toMatchObject({ amount: 126 });
    const [rows] = await t.db.select({ n: count() }).from(fenceOrderMaterial).where(and(eq(fenceOrderMaterial.orderId, a), eq(fenceOrderMaterial.component, "slat")));
    expect(rows!.n).toBe(1);
  });
});

// ---- against stock (docs/domain.md#ordered-material) ------------------------------------------------------------------

let warehouseCount = 0;
async function warehouse(name: string): Promise<number> {
  const [row] = await t.db.insert(warehouses).values({ name: `${name} ${++warehouseCount}` }).returning({ id: warehouses.id });
  return row!.id;
}

/**
 * One confirmed order: FENCE-1 × 6 fields of "Plot Sklad" (84 slats, 6 top bars, 6 bottom bars, 12
 * U profiles: 108 pieces of one product), 12.5 screws, 2 motors, 7 caps and a custom storable mesh.
 * Two warehouses hold 3 + 2.25 screws with 1.5 + 2.5 on the way (short 12.5 − 5.25 − 4 = 3.25),
 * 10 motors (not short), 50 + 40 of the fence product (short 108 − 90 = 18: the slats and top bars
 * covered, then 6 bottom bars and 12 U profiles), and no caps at all (short all 7).
 */
async function stockScenario() {
  const category = await createFenceCategory(t.db);
  const fence = await createFenceProduct(t.db, category, FENCE_1_PARAMETERS, { name: "Plot Sklad" });
  const screws = await createProduct(t.db, { name: "Vruty do plechu", unitPrice: "2.50" });
  const motor = await createProduct(t.db, { name: "Pohon skladem", unitPrice: "9900.00" });
  const caps = await createProduct(t.db, { name: "Krytka bez skladu", unitPrice: "15.00" });
  const order = await createFenceOrderWithItems(t.ctx, {
    order: { orderDate: "2026-11-02" },
    items: [fence1Item(fence)],
    otherItems: [
      { product: screws, amount: 12.5, unitPrice: 2.5 },
      { product: motor, amount: 2, unitPrice: 9900 },
      { product: caps, amount: 7, unitPrice: 15 },
      { product: VIRTUAL_CUSTOM_PRODUCT_ID, invoiceName: "Pletivo na míru", storable: true, amount: 3, unitPrice: 100 },
    ],
  });
  const north = await warehouse("Sklad Sever");
  const south = await warehouse("Sklad Jih");
  await t.db.insert(warehouseItems).values([
    { warehouseId: north, productId: screws, quantity: "3", onTheWay: "1.5" },
    { warehouseId: south, productId: screws, quantity: "2.25", onTheWay: "2.5" },
    { warehouseId: north, productId: motor, quantity: "10" },
    { warehouseId: north, productId: fence, quantity: "50" },
    { warehouseId: south, productId: fence, quantity: "40" },
  ]);
  const supplier = await supplierService.create({ ctx: t.ctx, input: { name: "Ferona a.s.", email: "objednavky@ferona.cz" } });
  return { fence, screws, motor, caps, order: order.id, north, south, supplier };
}

const stockOf = (line: { inStock: number | null; onTheWay: number | null; short: number | null } | undefined) => line && [line.inStock, line.onTheWay, line.short];
const supplierOrderCount = async () => (await t.db.select({ n: count() }).from(supplierOrders))[0]!.n;
const linesOf = async (orderId: number) =>
  (await t.db.select({ productId: supplierOrderLines.productId, quantity: supplierOrderLines.quantity }).from(supplierOrderLines).where(eq(supplierOrderLines.orderId, orderId)).orderBy(asc(supplierOrderLines.id))).map(
    (line) => [line.productId, line.quantity],
  );

describe("ordered material against stock (docs/domain.md#ordered-material)", () => {
  test("each line: Σ stock and Σ on the way over both warehouses, and what is short; a product's stock covers its lines once, in the list's order", async () => {
    const { order, screws, motor, caps } = await stockScenario();
    const material = await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(order) } });
    const byProduct = (id: number) => material.lines.find((line) => line.product?.id === id);
    // 12.5 − (3 + 2.25) − (1.5 + 2.5) = 3.25, to the thousandth.
    expect(byProduct(screws)).toMatchObject({ amount: 12.5, inStock: 5.25, onTheWay: 4, short: 3.25 });
    expect(stockOf(byProduct(motor))).toEqual([10, 0, 0]);
    // No warehouse item: stock 0, short by all of it.
    expect(stockOf(byProduct(caps))).toEqual([0, 0, 7]);
    // 90 of the fence product: 84 slats and 6 top bars covered, then nothing is left for the 6 bottom bars and 12 U profiles.
    expect(stockOf(lineOf(material, "slat", "RAL 7016"))).toEqual([90, 0, 0]);
    expect(stockOf(lineOf(material, "topBar", "RAL 7016"))).toEqual([90, 0, 0]);
    expect(stockOf(lineOf(material, "bottomBar", "RAL 7016"))).toEqual([90, 0, 6]);
    expect(stockOf(lineOf(material, "uProfile", "RAL 7016"))).toEqual([90, 0, 12]);
    // A custom other item has no product: nothing to compare.
    expect(material.lines.find((line) => line.product === null)).toMatchObject({ name: "Pletivo na míru", amount: 3, inStock: null, onTheWay: null, short: null });
    expect(material.shortLines).toBe(4);

    // Only the short lines: caps, bottom bars, U profiles, screws; the totals are theirs.
    const short = await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(order), short: "1" } });
    expect(short.onlyShort).toBe(true);
    expect(short.lines.map((line) => [line.name, line.short])).toEqual([
      ["Krytka bez skladu", 7],
      ["Plot Sklad – spodní lišta", 6],
      ["Plot Sklad – U profil", 12],
      ["Vruty do plechu", 3.25],
    ]);
    expect(short.totals.amount).toBe(7 + 6 + 12 + 12.5);
    expect(short.shortLines).toBe(4);
  });

  test("stock moved in or on the way changes the answer at once; a third of a piece stays exact", async () => {
    const { order, screws, north } = await stockScenario();
    await t.db.update(warehouseItems).set({ quantity: "8.249" }).where(and(eq(warehouseItems.warehouseId, north), eq(warehouseItems.productId, screws)));
    const material = await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(order) } });
    // 12.5 − (8.249 + 2.25) − 4 = −1.999: not short.
    expect(stockOf(material.lines.find((line) => line.product?.id === screws))).toEqual([10.499, 4, 0]);
    await t.db.update(warehouseItems).set({ quantity: "0.001", onTheWay: "0" }).where(eq(warehouseItems.productId, screws));
    const after = await getOrderedMaterial({ ctx: t.ctx, input: { orders: String(order) } });
    // 12.5 − 0.002 = 12.498.
    expect(stockOf(after.lines.find((line) => line.product?.id === screws))).toEqual([0.002, 0, 12.498]);
  });

  test("a supplier order of the short lines: one line per product with what is short of it, in the list's order, named by default; a retry with the key creates one", async () => {
    const { order, fence, screws, caps, supplier } = await stockScenario();
    const before = await supplierOrderCount();
    const input = { orders: String(order), supplier, idempotencyKey: "short-lines-0001" };
    const created = await createSupplierOrderFromShortLines({ ctx: t.ctx, input });
    expect(created.lines).toEqual([
      { productId: caps, quantity: 7 },
      { productId: fence, quantity: 18 },
      { productId: screws, quantity: 3.25 },
    ]);
    expect(await linesOf(created.id)).toEqual([
      [caps, "7.000"],
      [fence, "18.000"],
      [screws, "3.250"],
    ]);
    const [header] = await t.db.select().from(supplierOrders).where(eq(supplierOrders.id, created.id));
    expect(header).toMatchObject({ supplierId: supplier, name: `Objednávka Ferona a.s. ${formatCzechDate(todayInPrague())}` });
    // The same key again: the first answer, nothing written.
    expect(await createSupplierOrderFromShortLines({ ctx: t.ctx, input })).toEqual(created);
    expect(await supplierOrderCount()).toBe(before + 1);
    // A new key is a new order, named as typed.
    const second = await createSupplierOrderFromShortLines({ ctx: t.ctx, input: { ...input, name: "Doobjednávka Sklad", idempotencyKey: "short-lines-0002" } });
    expect(second.id).not.toBe(created.id);
    expect((await t.db.select({ name: supplierOrders.name }).from(supplierOrders).where(eq(supplierOrders.id, second.id)))[0]!.name).toBe("Doobjednávka Sklad");
    expect(await supplierOrderCount()).toBe(before + 2);
  });

  test.skipIf(!usingPostgres)("five submits at once with one key create one order (PostgreSQL only: PGlite has one connection)", async () => {
    const { order, supplier } = await stockScenario();
    const before = await supplierOrderCount();
    const input = { orders: String(order), supplier, idempotencyKey: "same-key-at-once" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => createSupplierOrderFromShortLines({ ctx: t.ctx, input })));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await supplierOrderCount()).toBe(before + 1);
  });

  test("the order follows the chosen orders: another order's material is not in it", async () => {
    const first = await stockScenario();
    // A second confirmed order of 10 more caps: with every order chosen the caps are 17 short, with the first alone 7.
    const second = await createFenceOrderWithItems(t.ctx, { order: { orderDate: "2026-11-03" }, items: [], otherItems: [{ product: first.caps, amount: 10, unitPrice: 15 }] });
    const both = await createSupplierOrderFromShortLines({ ctx: t.ctx, input: { orders: `${first.order},${second.id}`, supplier: first.supplier } });
    expect(both.lines.find((line) => line.productId === first.caps)?.quantity).toBe(17);
    const alone = await createSupplierOrderFromShortLines({ ctx: t.ctx, input: { orders: String(second.id), supplier: first.supplier } });
    expect(alone.lines).toEqual([{ productId: first.caps, quantity: 10 }]);
  });

  test("refused, nothing written: no supplier, an unknown supplier, a bad key, nothing short", async () => {
    const { order, motor, supplier } = await stockScenario();
    const before = await supplierOrderCount();
    const keysBefore = (await t.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;
    const noSupplier = await failureOf(createSupplierOrderFromShortLines({ ctx: t.ctx, input: { orders: String(order), idempotencyKey: "refused-key-01" } }));
    expect(noSupplier.kind).toBe("fail");
    expect(noSupplier.fields.supplier).toMatchObject({ key: "validation.required" });
    const unknown = await failureOf(createSupplierOrderFromShortLines({ ctx: t.ctx, input: { orders: String(order), supplier: 999_999, idempotencyKey: "refused-key-02" } }));
    expect(unknown.fields.supplier).toMatchObject({ key: "supplierOrder.supplierNotFound" });
    const badKey = await failureOf(createSupplierOrderFromShortLines({ ctx: t.ctx, input: { orders: String(order), supplier, idempotencyKey: "bad key" } }));
    expect(Object.keys(badKey.fields)).toEqual(["idempotencyKey"]);
    // Only the motors (covered by stock) of an order: nothing short.
    const covered = await createFenceOrderWithItems(t.ctx, { order: { orderDate: "2026-11-04" }, items: [], otherItems: [{ product: motor, amount: 3, unitPrice: 9900 }] });
    const nothing = await failureOf(createSupplierOrderFromShortLines({ ctx: t.ctx, input: { orders: String(covered.id), supplier, idempotencyKey: "refused-key-03" } }));
    expect(nothing.kind).toBe("fail");
    expect(nothing.messages).toEqual([{ key: "orderedMaterial.nothingShort" }]);
    expect(await supplierOrderCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(idempotencyKeys))[0]!.n).toBe(keysBefore);
  });
});
