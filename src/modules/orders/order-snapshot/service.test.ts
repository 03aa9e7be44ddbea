/**
 * The one reader of orders (docs/decisions/048-order-read-model.md): what a snapshot holds, to the
 * haléř, with FENCE-1 of docs/fence-geometry.md; the same statements for one order as for many;
 * the fingerprint and the lock on request.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { withTransaction } from "@/lib/context";
import { readCacheOf } from "@/lib/read-cache";
import { sqlClient } from "../../../../tests/bench/sql-capture";
import { createFenceCategory, createFenceOrder, createFenceProduct, createProduct, createShipping, FENCE_1_PARAMETERS, fence1Item, nextNumber } from "../../../../tests/helpers/factories";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { editOrderItems } from "../fence-item/service";
import { readOrderSnapshot, readOrderSnapshots } from "./service";

const t = useTestDatabase();

/** FENCE-1 (6 fields of 1800 × 2500 mm at 2450 Kč/m²) with 5 posts, 3 bags of gravel, assembly, 42,5 km of shipping and 1 000 Kč off. */
let fenceOne: number;
let product: number;
let post: number;

const save = (id: number, values: Record<string, unknown>) => editOrderItems({ ctx: t.ctx, input: { id, values } });
/** The statements `work` sends, a transaction's own begin and commit aside. */
const statementsOf = async (work: () => Promise<unknown>) =>
  (await sqlClient(t.database).capture(work)).statements.map((statement) => statement.sql).filter((text) => !/^\s*(begin|commit)\b/i.test(text));

beforeAll(async () => {
  product = await createFenceProduct(t.db, await createFenceCategory(t.db), FENCE_1_PARAMETERS, { name: "Plot Lamela Řetízek" });
  const posts = (await createFenceCategory(t.db, { creation: false, name: `Sloupky ${nextNumber()}` })).categoryId;
  post = await createFenceProduct(t.db, { categoryId: posts, parameters: {} }, {}, { name: "Sloupek 60×60" });
  const gravel = await createProduct(t.db, { name: "Štěrk", unitPrice: "289.90" });
  const assembly = await createProduct(t.db, { name: "Montáž plotových polí", unitPrice: "650.00" });
  const shipping = await createShipping(t.ctx, { name: `Vlastní doprava ${nextNumber()}`, price: 18, priceByDistance: true });
  fenceOne = await createFenceOrder(t.ctx);
  await save(fenceOne, {
    items: [{ ...fence1Item(product), subProducts: [{ productCategory: posts, product: post, amount: 5, unitPrice: 489.5 }] }],
    otherItems: [{ product: gravel, amount: 3, unitPrice: 289.9 }],
    assemblyItems: [{ product: assembly, amount: 4, unitPrice: 650 }],
    shippingType: shipping,
    shippingDistance: 42.5,
    discountDescription: "Sleva za včasnou objednávku",
    discountAmount: 1000,
  });
});

describe("what a snapshot holds", () => {
  test("FENCE-1 with a sub-product, an other and an assembly line, shipping and a discount: every number to the haléř", async () => {
    const snapshot = await readOrderSnapshot(t.ctx, fenceOne);
    expect(snapshot.order.id).toBe(fenceOne);
    expect(snapshot.items).toHaveLength(1);
    const [item] = snapshot.items;
    // A measure is a number of mm all the way: the column as read, the field the engine takes.
    expect([item!.row.height, item!.row.length, item!.row.amount, item!.fields.height, item!.fields.length, item!.fields.distanceFromGround]).toEqual([1800, 2500, 6, 1800, 2500, 50]);
    expect(item!.product).toEqual({ id: product, name: "Plot Lamela Řetízek" });
    expect(item!.engineParameters).toMatchObject(FENCE_1_PARAMETERS);
    expect(item!.computed).toMatchObject({ realFillingHeight: 1665, realFillingWidth: 2476, slatCount: 14, tail: 5, unitPriceHalere: 1_102_500, totalPriceHalere: 6_615_000, totalWeight: 187.5 });
    expect(item!.computed.validation.valid).toBe(true);
    expect(item!.subProducts.map((line) => [line.product?.name, line.category?.name.startsWith("Sloupky"), line.amount, line.unitPrice, line.totalPriceHalere])).toEqual([["Sloupek 60×60", true, 5, 489.5, 244_750]]);
    expect(snapshot.otherItems.map((line) => [line.product?.name, line.amount, line.unitPrice, line.totalPriceHalere])).toEqual([["Štěrk", 3, 289.9, 86_970]]);
    expect(snapshot.assemblyItems.map((line) => [line.product?.name, line.totalPriceHalere])).toEqual([["Montáž plotových polí", 260_000]]);
    expect(snapshot.shipping).toMatchObject({ distance: 42.5, unitPrice: 18, type: { price: 18, priceByDistance: true } });
    expect(snapshot.discount).toEqual({ amount: 1000, description: "Sleva za včasnou objednávku" });
    // 66 150,00 + 2 447,50 + 869,70 + 2 600,00 = 72 067,20; + 765,00 shipping − 1 000,00 = 71 832,20; VAT 21 % 15 084,762 → 15 084,76.
    expect(snapshot.totals).toEqual({
      fenceItemsHalere: 6_615_000,
      otherItemsHalere: 86_970,
      assemblyItemsHalere: 260_000,
      subProductsHalere: 244_750,
      totalHalere: 7_206_720,
      shippingPriceHalere: 76_500,
      discountHalere: 100_000,
      totalWithShippingHalere: 7_183_220,
      summary: { priceWithoutVatHalere: 7_183_220, vatRate: 21, vatHalere: 1_508_476, totalHalere: 8_691_696 },
    });
    expect(snapshot.fingerprint).toBeNull();
  });

  test("an order without lines: no items, zero totals, no shipping", async () => {
    const id = await createFenceOrder(t.ctx);
    const snapshot = await readOrderSnapshot(t.ctx, id);
    expect([snapshot.items, snapshot.otherItems, snapshot.assemblyItems]).toEqual([[], [], []]);
    expect(snapshot.totals).toMatchObject({ totalHalere: 0, shippingPriceHalere: null, totalWithShippingHalere: 0, summary: { totalHalere: 0 } });
  });

  test("a missing order: left out of many, NOT_FOUND for one", async () => {
    expect([...(await readOrderSnapshots(t.ctx, [999_999, fenceOne])).keys()]).toEqual([fenceOne]);
    expect((await failureOf(readOrderSnapshot(t.ctx, 999_999))).code).toBe("NOT_FOUND");
    expect((await readOrderSnapshots(t.ctx, [])).size).toBe(0);
  });
});

describe("batched", () => {
  test("one order and four orders of 0, 1, 3 and 12 items are read in the same six statements (the parameters' roles then kept by the read cache)", async () => {
    const orders = [fenceOne];
    for (const count of [0, 3, 12]) {
      const id = await createFenceOrder(t.ctx);
      await save(id, { items: Array.from({ length: count }, (_, index) => ({ ...fence1Item(index % 2 ? product : post), length: 2000 + index })) });
      orders.push(id);
    }
    readCacheOf(t.db)?.clear();
    const one = await statementsOf(() => readOrderSnapshots(t.ctx, [fenceOne]));
    let snapshots = new Map();
    const four = await statementsOf(async () => (snapshots = await readOrderSnapshots(t.ctx, [...orders].reverse())));
    expect([one.length, four.length]).toEqual([6, 5]);
    expect(one.filter((text) => text.includes(`"role" is not null`)).length).toBe(1);
    expect(four.filter((text) => text.includes(`"role" is not null`)).length).toBe(0);
    // In id order, each with its own items in the tab's order.
    expect([...snapshots.keys()]).toEqual([...orders].sort((a, b) => a - b));
    expect(orders.map((id) => snapshots.get(id).items.length)).toEqual([1, 0, 3, 12]);
    expect(snapshots.get(orders[3]!).items.map((item: { fields: { length: number } }) => item.fields.length)).toEqual(Array.from({ length: 12 }, (_, index) => 2000 + index));
  });

  test("with parameters already read, the orders and their lines only (the save's answer reads it so)", async () => {
    const first = await readOrderSnapshot(t.ctx, fenceOne);
    const statements = await statementsOf(() => readOrderSnapshot(t.ctx, fenceOne, { parameters: first.parameters }));
    expect(statements).toHaveLength(4);
    expect(statements.some((text) => text.includes("category_parameters"))).toBe(false);
  });
});

describe("on request", () => {
  test("the fingerprint is read first, with the order, and follows a change of an item", async () => {
    let fingerprint: string | null = null;
    const statements = await statementsOf(async () => ({ fingerprint } = await readOrderSnapshot(t.ctx, fenceOne, { fingerprint: true })));
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(statements[0]).toContain("md5(");
    expect(statements.slice(1).some((text) => text.includes("md5("))).toBe(false);
    expect((await readOrderSnapshot(t.ctx, fenceOne, { fingerprint: true })).fingerprint).toBe(fingerprint);
    const { items } = await readOrderSnapshot(t.ctx, fenceOne);
    await save(fenceOne, { items: [{ ...fence1Item(product), id: items[0]!.row.id, color: "RAL 6005" }] });
    expect((await readOrderSnapshot(t.ctx, fenceOne, { fingerprint: true })).fingerprint).not.toBe(fingerprint);
  });

  test("the lock takes the order's row first, inside the caller's transaction", async () => {
    const statements = await statementsOf(() => withTransaction(t.ctx, (tx) => readOrderSnapshot(tx, fenceOne, { lock: true })));
    expect(statements[0]).toMatch(/from "fence_orders" "o".* for update of "o"/s);
    expect(statements).toHaveLength(6);
  });
});
