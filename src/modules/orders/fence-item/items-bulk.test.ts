import { beforeAll, describe, expect, test } from "bun:test";
import { asc, eq, inArray } from "drizzle-orm";
import { fenceOrderItems, fenceOrderOtherItems, fenceOrders, fenceOrderSubProducts } from "@db/schema";
import { createFenceCategory, createFenceOrder, createFenceProduct, createProduct, createShipping, FENCE_1_PARAMETERS, type FenceCategory, fence1Item } from "../../../../tests/helpers/factories";
import { failureOf, fieldKeys, useTestDatabase } from "../../../../tests/helpers/service";
import { fillEmptyItemsTabs } from "./items-bulk";
import { editOrderItems, getOrderItems } from "./service";

const t = useTestDatabase();

let category: FenceCategory;
let product: number;
let post: number;
let remote: number;
let van: number;

beforeAll(async () => {
  category = await createFenceCategory(t.db);
  product = await createFenceProduct(t.db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela" });
  post = await createProduct(t.db, { name: "Sloupek 60×60", unitPrice: "420.00", categoryIds: [category.categoryId] });
  remote = await createProduct(t.db, { name: "Dálkový ovladač", unitPrice: "690.00" });
  van = await createShipping(t.ctx, { name: "Vlastní vůz", price: 28, priceByDistance: true });
});

/** A tab with a fence item (a variant by colour, two sub-product lines), an other item, shipping by the km and a discount. */
const tab = (color: string) => ({
  items: [
    {
      ...fence1Item(product),
      color,
      subProducts: [
        { productCategory: category.categoryId, product: post, amount: 7, unitPrice: 420 },
        { product: post, amount: 1, unitPrice: 400, invoiceName: "Sloupek koncový" },
      ],
    },
  ],
  otherItems: [{ product: remote, amount: 2, unitPrice: 690 }],
  assemblyItems: [],
  shippingType: van,
  shippingDistance: 12.5,
  discountDescription: "Věrnostní sleva",
  discountAmount: 1500,
});

/** An order's stored tab without ids, order and audit columns: what the two ways of writing must agree on. */
async function storedTab(orderId: number) {
  const items = await t.db.select().from(fenceOrderItems).where(eq(fenceOrderItems.orderId, orderId)).orderBy(asc(fenceOrderItems.sortOrder));
  const lines = await t.db
    .select()
    .from(fenceOrderSubProducts)
    .where(
      inArray(
        fenceOrderSubProducts.itemId,
        items.map((item) => item.id),
      ),
    )
    .orderBy(asc(fenceOrderSubProducts.sortOrder));
  const others = await t.db.select().from(fenceOrderOtherItems).where(eq(fenceOrderOtherItems.orderId, orderId));
  const [order] = await t.db.select().from(fenceOrders).where(eq(fenceOrders.id, orderId));
  const strip = <T extends Record<string, unknown>>(row: T) => {
    const { id: _id, orderId: _order, itemId: _item, createdAt: _c, updatedAt: _u, ...rest } = row;
    return rest;
  };
  return {
    items: items.map(strip),
    lines: lines.map(strip),
    others: others.map(strip),
    order: {
      shippingTypeId: order!.shippingTypeId,
      shippingDistance: order!.shippingDistance,
      shippingUnitPrice: order!.shippingUnitPrice,
      shippingPrice: order!.shippingPrice,
      discountDescription: order!.discountDescription,
      discountAmount: order!.discountAmount,
      status: order!.status,
      itemsVersion: order!.itemsVersion,
    },
  };
}

describe("filling empty items tabs in bulk", () => {
  test("writes what editItems writes: the engine's unit price, the variant, the lines, shipping and discount", async () => {
    const [bySave, byBulk, second] = [await createFenceOrder(t.ctx), await createFenceOrder(t.ctx), await createFenceOrder(t.ctx)];
    await editOrderItems({ ctx: t.ctx, input: { id: bySave, values: tab("RAL 7016") } });
    expect(await fillEmptyItemsTabs(t.ctx, [
      { orderId: byBulk, values: tab("RAL 7016") },
      { orderId: second, values: tab("RAL 9005") },
    ])).toEqual({ items: 2 });

    const saved = await storedTab(bySave);
    expect(await storedTab(byBulk)).toEqual(saved);
    // FENCE-1: 6 fields at 11 025,00 Kč; shipping 12,5 km × 28 Kč = 350 Kč.
    expect(saved.items[0]).toMatchObject({ unitPrice: "11025.00", amount: 6 });
    expect(saved.order).toMatchObject({ shippingPrice: "350.00", discountAmount: "1500.00", itemsVersion: 2 });
    expect(saved.lines).toHaveLength(2);

    // Both ways read back the same: the tab's numbers and the one variant of RAL 7016; RAL 9005 has its own.
    const [read, bulk, other] = await Promise.all([bySave, byBulk, second].map((id) => getOrderItems({ ctx: t.ctx, input: { id } })));
    expect(bulk!.summary).toEqual(read!.summary);
    expect(bulk!.items[0]!.manufacturedProduct).toEqual(read!.items[0]!.manufacturedProduct);
    expect(read!.items[0]!.manufacturedProduct!.name).toBe("Plot Lamela RAL 7016");
    expect(other!.items[0]!.manufacturedProduct!.name).toBe("Plot Lamela RAL 9005");
  });

  test("one refused tab refuses them all, with the save's messages, and nothing is written", async () => {
    const [good, bad] = [await createFenceOrder(t.ctx), await createFenceOrder(t.ctx)];
    const refused = tab("RAL 7016");
    refused.items[0]!.subProducts[0]!.product = 999_999;
    const error = await failureOf(
      fillEmptyItemsTabs(t.ctx, [
        { orderId: good, values: tab("RAL 7016") },
        { orderId: bad, values: refused },
      ]),
    );
    expect(fieldKeys(error)).toEqual({ "items[0].subProducts[0].product": "fenceItem.save.productNotFound" });
    expect(await t.db.select().from(fenceOrderItems).where(inArray(fenceOrderItems.orderId, [good, bad]))).toEqual([]);
  });

  test("an order whose tab holds anything is refused", async () => {
    const filled = await createFenceOrder(t.ctx);
    await editOrderItems({ ctx: t.ctx, input: { id: filled, values: { otherItems: [{ product: remote, amount: 1, unitPrice: 690 }] } } });
    await expect(fillEmptyItemsTabs(t.ctx, [{ orderId: filled, values: tab("RAL 7016") }])).rejects.toThrow("is not empty");
  });
});
