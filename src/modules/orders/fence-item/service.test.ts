import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { fenceOrderItems, fenceOrderStatusHistory, productCategories, productParameterValues, products } from "@db/schema";
import { createFenceCategory, createFenceOrder, createFenceProduct, FENCE_1_PARAMETERS, type FenceCategory, fence1Item } from "../../../../tests/helpers/factories";
import { failureOf, fieldKeys, useTestDatabase } from "../../../../tests/helpers/service";
import { checkOrderItems, deleteOrderSubProduct, editOrderItems, getOrderItems, listOrderDynamicProducts } from "./service";

const t = useTestDatabase();

let category: FenceCategory;
let product: number;
/** FENCE-1 of docs/fence-geometry.md (its product is set per test). */
const fence1 = fence1Item(0);

beforeAll(async () => {
  category = await createFenceCategory(t.db);
  product = await createFenceProduct(t.db, category, FENCE_1_PARAMETERS, { name: "Plot Lamela" });
});

const save = (id: number, values: Record<string, unknown>) => editOrderItems({ ctx: t.ctx, input: { id, values } });

describe("the tab's numbers are the engine's", () => {
  test("FENCE-1 through a save and a read: the item priced with its product's parameters, the summary, the assembly offered", async () => {
    const id = await createFenceOrder(t.ctx);
    const saved = await save(id, { items: [{ ...fence1, tmpId: "a1", product }] });
    const tab = await getOrderItems({ ctx: t.ctx, input: { id } });
    expect(saved.ids).toEqual([{ tmpId: "a1", id: tab.items[0]!.id }]);
    const { deductions, validation, totalWeight, fieldFillingWidth } = tab.items[0]!;
    expect(deductions.height.map((deduction) => [deduction.source, deduction.total])).toEqual([
      ["distanceFromGround", 50],
      ["distanceFromTop", 30],
      ["topBar", 30],
      ["bottomBar", 25],
    ]);
    expect({ valid: validation.valid, totalWeight, fieldFillingWidth }).toEqual({ valid: true, totalWeight: 187.5, fieldFillingWidth: 2476 });
    // VAT 21 % of 66 150.00 = 13 891.50.
    expect(tab.summary).toEqual({ priceWithoutVat: 66150, vatRate: 21, vat: 13891.5, total: 80041.5 });
    expect(saved.summary).toEqual(tab.summary);
    expect(tab.suggestedAssembly).toEqual([{ systemRole: "ASSEMBLY_FENCE", product: { id: expect.any(Number), name: "Montáž plotu" }, amount: 6, unitPrice: 350 }]);
  });

  test("the stored unit price is the server's", async () => {
    const id = await createFenceOrder(t.ctx);
    await save(id, { items: [{ ...fence1, product, unitPrice: 1, totalPrice: 1 }] });
    const [row] = await t.db.select().from(fenceOrderItems).where(eq(fenceOrderItems.orderId, id));
    expect(row!.unitPrice).toBe("11025.00");
  });
});

describe("dynamic products", () => {
  test("a variant per base and creation values: named with the title values, filed and valued like its base, reused", async () => {
    const id = await createFenceOrder(t.ctx);
    await save(id, {
      items: [
        { ...fence1, product, color: "RAL 7016" },
        { ...fence1, product, color: "RAL  7016 ", amount: 2 },
        { ...fence1, product, color: "RAL 6005" },
      ],
    });
    const tab = await getOrderItems({ ctx: t.ctx, input: { id } });
    const [first, second, third] = tab.items.map((item) => item.manufacturedProduct!);
    expect(first!.id).toBe(second!.id);
    expect(third!.id).not.toBe(first!.id);
    expect(first!.name).toBe("Plot Lamela RAL 7016");
    expect(tab.items[0]!.parameters).toEqual([
      { id: category.parameters.height!, value: "1800" },
      { id: category.parameters.width!, value: "2500" },
      { id: category.parameters.color!, value: "RAL 7016" },
    ]);
    const [variant] = await t.db.select().from(products).where(eq(products.id, first!.id));
    expect(variant).toMatchObject({ baseProductId: product, storable: true, m2Price: "2450.00" });
    expect((await t.db.select().from(productCategories).where(eq(productCategories.productId, first!.id))).map((row) => row.categoryId)).toEqual([category.categoryId]);
    const values = await t.db.select().from(productParameterValues).where(eq(productParameterValues.productId, first!.id));
    expect(values.find((row) => row.parameterId === category.parameters.pieceHeight)?.value).toBe("100");
    expect(values.find((row) => row.parameterId === category.parameters.height)?.value).toBe("1800");

    // Another order with the same values takes the same variant.
    const other = await createFenceOrder(t.ctx);
    await save(other, { items: [{ ...fence1, product, color: "RAL 7016" }] });
    expect((await getOrderItems({ ctx: t.ctx, input: { id: other } })).items[0]!.manufacturedProduct!.id).toBe(first!.id);

    expect(await listOrderDynamicProducts({ ctx: t.ctx, input: { id } })).toEqual([
      {
        id: first!.id,
        name: "Plot Lamela RAL 7016",
        baseProduct: { id: product, name: "Plot Lamela" },
        parameters: [
          { id: category.parameters.height!, name: "Výška", unit: "mm", value: "1800" },
          { id: category.parameters.width!, name: "Šířka", unit: "mm", value: "2500" },
          { id: category.parameters.color!, name: "Barva (RAL)", unit: "", value: "RAL 7016" },
        ],
        amount: 8,
        itemIds: [tab.items[0]!.id, tab.items[1]!.id],
      },
      expect.objectContaining({ id: third!.id, name: "Plot Lamela RAL 6005", amount: 6 }),
    ]);
  });

  test("a product without creation parameters makes no variant; a parameter it does not have is refused", async () => {
    const plain = await createFenceCategory(t.db, { creation: false });
    const bare = await createFenceProduct(t.db, plain, FENCE_1_PARAMETERS);
    const id = await createFenceOrder(t.ctx);
    await save(id, { items: [{ ...fence1, product: bare }] });
    expect((await getOrderItems({ ctx: t.ctx, input: { id } })).items[0]!.manufacturedProduct).toBeNull();
    const refused = await failureOf(save(id, { items: [{ ...fence1, product: bare, parameters: [{ id: category.parameters.color!, value: "RAL 9005" }] }] }));
    expect(fieldKeys(refused)).toEqual({ "items[0].parameters[0].id": "fenceItem.save.notCreationParameter" });
  });
});

describe("what a save keeps, changes and refuses", () => {
  test("lists left out keep what is stored; an unchanged row is not written again", async () => {
    const id = await createFenceOrder(t.ctx);
    const { ids } = await save(id, { items: [{ ...fence1, product, tmpId: "x" }], otherItems: [{ product, amount: 2, unitPrice: 120, tmpId: "o" }] });
    const before = (await t.db.select().from(fenceOrderItems).where(eq(fenceOrderItems.orderId, id)))[0]!;
    const tab = await getOrderItems({ ctx: t.ctx, input: { id } });
    // The tab as read, sent back whole: nothing changes.
    await save(id, { items: tab.items, note: "Volat po 16. hodině" });
    const after = (await t.db.select().from(fenceOrderItems).where(eq(fenceOrderItems.orderId, id)))[0]!;
    expect(after.updatedAt).toEqual(before.updatedAt);
    const again = await getOrderItems({ ctx: t.ctx, input: { id } });
    expect(again.otherItems.map((line) => line.id)).toEqual([ids.find((pair) => pair.tmpId === "o")!.id]);
    expect(again.note).toBe("Volat po 16. hodině");
    expect(again.summary).toEqual({ ...tab.summary });
  });

  test("a measurement date moves a price offer to MEASURED (decision 013), with its history row", async () => {
    const id = await createFenceOrder(t.ctx);
    const saved = await save(id, { measurementDate: "2026-03-05" });
    expect(saved.status).toBe("MEASURED");
    const history = await t.db.select().from(fenceOrderStatusHistory).where(eq(fenceOrderStatusHistory.orderId, id));
    expect(history.map((row) => [row.toStatus, row.source, row.reason])).toEqual([
      ["PRICE_OFFER", "AUTO", "offerDate"],
      ["MEASURED", "AUTO", "measurementDate"],
    ]);
  });

  test("sub-products: -2 needs a product; the last of a category stays, on a save and on a delete", async () => {
    const posts = (await createFenceCategory(t.db, { creation: false, name: "Sloupky" })).categoryId;
    const post = await createFenceProduct(t.db, { categoryId: posts, parameters: {} }, {}, { name: "Sloupek 60×60" });
    const id = await createFenceOrder(t.ctx);
    const line = { productCategory: posts, product: post, amount: 7, unitPrice: 289.9 };
    const refused = await failureOf(save(id, { items: [{ ...fence1, product, subProducts: [line, { ...line, product: -2 }] }] }));
    expect(fieldKeys(refused)).toEqual({ "items[0].subProducts[1].product": "validation.required" });

    await save(id, { items: [{ ...fence1, product, subProducts: [line, { ...line, amount: 1 }] }] });
    const [item] = (await getOrderItems({ ctx: t.ctx, input: { id } })).items;
    const [a, b] = item!.subProducts;
    expect(item!.subProducts.map((sub) => [sub.amount, sub.totalPrice, sub.productCategory?.name])).toEqual([
      [7, 2029.3, "Sloupky"],
      [1, 289.9, "Sloupky"],
    ]);
    await deleteOrderSubProduct({ ctx: t.ctx, input: { id: b!.id } });
    const last = await failureOf(deleteOrderSubProduct({ ctx: t.ctx, input: { id: a!.id } }));
    expect(last.messages[0]).toEqual({ key: "fenceItem.subProduct.lastOfCategory", values: { category: "Sloupky" } });
    const emptied = await failureOf(save(id, { items: [{ ...fence1, id: item!.id, product, subProducts: [] }] }));
    expect(fieldKeys(emptied)).toEqual({ "items[0].subProducts": "fenceItem.subProduct.lastOfCategory" });
  });

  test("the Common tab's check names the items the engine refuses", async () => {
    const id = await createFenceOrder(t.ctx);
    expect(await checkOrderItems({ ctx: t.ctx, input: { id } })).toEqual({ count: 0, invalid: [] });
    await save(id, { items: [{ ...fence1, product }] });
    // A row written around the service (older data) without its colour and spacer.
    await t.db.insert(fenceOrderItems).values({ orderId: id, productType: "WICKET", productId: product, height: 1200, length: 1300, amount: 1, m2Price: 3990, sortOrder: 1 });
    const check = await checkOrderItems({ ctx: t.ctx, input: { id } });
    expect(check.count).toBe(2);
    expect(check.invalid).toEqual([expect.objectContaining({ position: 2, productType: "WICKET", missing: expect.arrayContaining(["color", "spacerHeight", "hingeType"]) })]);
  });
});
