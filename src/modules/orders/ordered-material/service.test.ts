import { describe, expect, test } from "bun:test";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, createProduct, FENCE_1_PARAMETERS, fence1Item } from "../../../../tests/helpers/factories";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { and, count, eq } from "drizzle-orm";
import { fenceOrderMaterial, productParameterValues } from "@db/schema";
import { usingPostgres } from "../../../../tests/helpers/db";
import { deleteOrderOtherItem, editOrderItems, getOrderItems } from "../fence-item/service";
import { changeFenceOrderStatus } from "../fence-order/service";
import { getOrderedMaterial } from "./service";

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

describe("ordered material (issue 11 §4)", () => {
  test("sums the cut list of the orders in order confirmation and material order per product, part and colour, with the orders each line comes from; other statuses are left out", async () => {
    expect(await getOrderedMaterial({ ctx: t.ctx, input: {} })).toEqual({ orders: [], lines: [], skipped: [], totals: { amount: 0, runningMeters: 0 } });
    const { lamela, motor, a, b, c } = await threeOrders();
    const material = await getOrderedMaterial({ ctx: t.ctx, input: {} });
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
  });

  test("the office may narrow the sum to some orders; an id of another status is not summed; bad ids are refused", async () => {
    const { a, b, c } = await threeOrders();
    const onlyB = await getOrderedMaterial({ ctx: t.ctx, input: { orders: `${b},${c}` } });
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
