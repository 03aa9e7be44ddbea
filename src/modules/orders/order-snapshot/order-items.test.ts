/**
 * The read model's light item read (order-items.ts): what a plan names of an item, the same items
 * in the same order as the snapshot, and the manufactured variant's name before the product's.
 */
import { beforeAll, expect, test } from "bun:test";
import { createFenceCategory, createFenceOrder, createFenceProduct, FENCE_1_PARAMETERS, fence1Item } from "../../../../tests/helpers/factories";
import { useTestDatabase } from "../../../../tests/helpers/service";
import { editOrderItems } from "../fence-item/service";
import { readOrderItems } from "./order-items";
import { readOrderSnapshots } from "./service";

const t = useTestDatabase();
let first: number;
let second: number;
let empty: number;

beforeAll(async () => {
  const product = await createFenceProduct(t.db, await createFenceCategory(t.db), FENCE_1_PARAMETERS, { name: "Plot Lamela Položky" });
  first = await createFenceOrder(t.ctx);
  second = await createFenceOrder(t.ctx);
  empty = await createFenceOrder(t.ctx);
  await editOrderItems({ ctx: t.ctx, input: { id: first, values: { items: [{ ...fence1Item(product), amount: 3 }, { ...fence1Item(product), amount: 1.5 }] } } });
  await editOrderItems({ ctx: t.ctx, input: { id: second, values: { items: [fence1Item(product)] } } });
});

test("the items of several orders: type, the name shown, amount, in the snapshot's order", async () => {
  const items = await readOrderItems(t.ctx, [second, first, empty]);
  const snapshots = await readOrderSnapshots(t.ctx, [first, second, empty]);
  const expected = [...snapshots.values()].flatMap((snapshot) =>
    snapshot.items.map((item) => ({
      id: item.row.id,
      orderId: snapshot.order.id,
      productType: item.row.productType,
      name: item.manufactured?.name ?? item.product?.name ?? null,
      amount: item.row.amount,
      sortOrder: item.row.sortOrder,
    })),
  );
  expect(items).toEqual(expected);
  expect(items.map((item) => [item.orderId, item.productType, item.amount])).toEqual([
    [first, "FENCE", 3],
    [first, "FENCE", 1.5],
    [second, "FENCE", 6],
  ]);
  // Each item shows its manufactured variant (the product with its colour), not the base product.
  expect(items.every((item) => item.name !== "Plot Lamela Položky" && item.name!.startsWith("Plot Lamela Položky"))).toBe(true);
  expect(await readOrderItems(t.ctx, [])).toEqual([]);
  expect(await readOrderItems(t.ctx, [empty])).toEqual([]);
});
