import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { warehouseItemRackScales, warehouseItems } from "@db/schema";
import { createCategory, createProduct, createRackScale, createWarehouse, createWarehouseItem } from "../../../../tests/helpers/factories";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { needsReorder, scaleColourOf, scaleQuantityOf } from "./schemas";
import { getWarehouseItem, listWarehouseItems, updateWarehouseItem, warehouseItemsByWarehouse } from "./service";

const t = useTestDatabase();
const list = (filters: Record<string, string> = {}, extra: { page?: number; size?: number; sort?: string } = {}) => ({ page: 1, size: 20, filters, ...extra });

describe("the scale quantity and its colour (docs/domain.md#scale-quantity)", () => {
  test("round(sum of the scales' grams / product weight); none (blank) without a reading or a weight", () => {
    expect(scaleQuantityOf(12_600, 1_250)).toBe(10); // 10.08
    expect(scaleQuantityOf(13_200, 1_250)).toBe(11); // 10.56
    expect(scaleQuantityOf(5_000, 0)).toBeNull();
    expect(scaleQuantityOf(null, 800)).toBeNull();
    // An empty rack weighs 0: that is a reading.
    expect(scaleQuantityOf(0, 800)).toBe(0);
  });

  test("white at 0 or within the tolerance, red when the stock says more, orange when the scales weigh more", () => {
    expect(scaleColourOf(10, 0, 0)).toBe("none");
    expect(scaleColourOf(10, null, 0)).toBe("none");
    expect(scaleColourOf(10, 10, 0)).toBe("none");
    expect(scaleColourOf(10, 12, 2)).toBe("none");
    expect(scaleColourOf(10, 8, 2)).toBe("none");
    expect(scaleColourOf(10, 7, 2)).toBe("red");
    expect(scaleColourOf(10, 13, 2)).toBe("orange");
    expect(scaleColourOf(10, 9, 0)).toBe("red");
    expect(scaleColourOf(10, 11, 0)).toBe("orange");
  });

  test("the reorder marker: quantity + on the way below the required level, in thousandths", () => {
    expect(needsReorder({ quantity: 3, onTheWay: 1, requiredStockLevel: 5 })).toBe(true);
    expect(needsReorder({ quantity: 3, onTheWay: 2, requiredStockLevel: 5 })).toBe(false);
    expect(needsReorder({ quantity: 0.1, onTheWay: 0.2, requiredStockLevel: 0.3 })).toBe(false);
    expect(needsReorder({ quantity: 0, onTheWay: 0, requiredStockLevel: 0 })).toBe(false);
  });
});

describe("a warehouse's items", () => {
  test("rows carry the scale quantity from the attached scales, its colour and the reorder mark; other warehouses stay out", async () => {
    const ctx = t.ctx;
    const warehouse = await createWarehouse(ctx, { name: "Hlavní sklad" });
    const other = await createWarehouse(ctx, { name: "Dílna" });
    const at = new Date("2026-11-20T08:00:00Z");
    const left = await createRackScale(ctx, { reading: { grams: "7500.0", at } });
    const right = await createRackScale(ctx, { reading: { grams: "5100.0", at } });
    const silent = await createRackScale(ctx);
    // 12 600 g / 1 250 g = 10.08 → 10 pieces on the scales; 14 booked with tolerance 2: red.
    const sloupek = await createProduct(t.db, { name: "Sloupek 60×60", weight: "1250", scaleToleranceAmount: 2 });
    const itemSloupek = await createWarehouseItem(ctx, { warehouseId: warehouse, productId: sloupek, quantity: 14, onTheWay: 0, requiredStockLevel: 20, rackScales: [left, right, silent] });
    // 12 600 g / 1 250 g = 10; 11 booked, tolerance 2: white.
    const lamela = await createProduct(t.db, { name: "Lamela 2500", weight: "1250", scaleToleranceAmount: 2 });
    await createWarehouseItem(ctx, { warehouseId: warehouse, productId: lamela, quantity: 11, onTheWay: 5, requiredStockLevel: 15, rackScales: [left, right] });
    // No weight: no scale quantity, white whatever the stock.
    const brana = await createProduct(t.db, { name: "Brána", weight: "0" });
    await createWarehouseItem(ctx, { warehouseId: warehouse, productId: brana, quantity: 2, rackScales: [left] });
    await createWarehouseItem(ctx, { warehouseId: other, productId: sloupek, quantity: 99 });
    // No scale attached, or only one that never reported: no scale quantity (blank), not 0.
    const plotovka = await createProduct(t.db, { name: "Plotovka", weight: "900" });
    await createWarehouseItem(ctx, { warehouseId: warehouse, productId: plotovka, quantity: 5 });
    const vzpera = await createProduct(t.db, { name: "Vzpěra", weight: "900" });
    await createWarehouseItem(ctx, { warehouseId: warehouse, productId: vzpera, quantity: 5, rackScales: [silent] });

    const { rows, meta, warehouse: shown } = await listWarehouseItems({ ctx, input: { warehouseId: warehouse, list: list() } });
    expect(shown).toEqual({ id: warehouse, name: "Hlavní sklad" });
    expect(meta.total).toBe(5);
    expect(rows.map((row) => [row.product.name, row.quantity, row.scaleQuantity, row.scaleColour, row.reorder])).toEqual([
      ["Brána", 2, null, "none", false],
      ["Lamela 2500", 11, 10, "none", false],
      ["Plotovka", 5, null, "none", false],
      ["Sloupek 60×60", 14, 10, "red", true],
      ["Vzpěra", 5, null, "none", false],
    ]);
    expect(rows[3]!.id).toBe(itemSloupek);
    // The whole warehouse (exports, the API) says the same.
    expect((await warehouseItemsByWarehouse({ ctx, input: { id: warehouse } })).map((row) => row.scaleQuantity)).toEqual([null, 10, null, 10, null]);

    // Two more pieces booked than weighed beyond the tolerance the other way: orange.
    await t.db.update(warehouseItems).set({ quantity: "7" }).where(eq(warehouseItems.id, itemSloupek));
    const [again] = (await listWarehouseItems({ ctx, input: { warehouseId: warehouse, list: list({ product: "sloupek" }) } })).rows;
    expect([again!.quantity, again!.scaleQuantity, again!.scaleColour]).toEqual([7, 10, "orange"]);

    const api = await warehouseItemsByWarehouse({ ctx, input: { id: other } });
    expect(api.map((row) => [row.product.id, row.quantity])).toEqual([[sloupek, 99]]);
  });

  test("filters by categories (and those below them) and by name, sorts, pages; an unknown warehouse is 404", async () => {
    const ctx = t.ctx;
    const warehouse = await createWarehouse(ctx);
    const ploty = await createCategory(t.db, { name: "Ploty" });
    const panely = await createCategory(t.db, { name: "Panely", parentId: ploty });
    const brany = await createCategory(t.db, { name: "Brány" });
    for (let i = 1; i <= 5; i++) {
      // Filed under Ploty or its sub-category Panely: ticking Ploty shows both.
      const product = await createProduct(t.db, { name: `Plotovka ${i}`, categoryIds: [i % 2 ? ploty : panely] });
      await createWarehouseItem(ctx, { warehouseId: warehouse, productId: product, quantity: i * 10 });
    }
    const gate = await createProduct(t.db, { name: "Křídlo brány", categoryIds: [brany] });
    await createWarehouseItem(ctx, { warehouseId: warehouse, productId: gate, quantity: 1 });

    const fences = await listWarehouseItems({ ctx, input: { warehouseId: warehouse, list: list({ categories: String(ploty) }, { size: 2, page: 2, sort: "quantity,desc" }) } });
    expect(fences.meta).toMatchObject({ total: 5, pages: 3, page: 2, sort: "quantity,desc" });
    expect(fences.rows.map((row) => row.quantity)).toEqual([30, 20]);

    const both = await listWarehouseItems({ ctx, input: { warehouseId: warehouse, list: list({ categories: `${ploty};${brany}`, product: "KRIDLO" }) } });
    expect(both.rows.map((row) => row.product.name)).toEqual(["Křídlo brány"]);
    // With a text filter the count rides on the page's statement; a page past the end counts on its own.
    expect(both.meta.total).toBe(1);
    const named = await listWarehouseItems({ ctx, input: { warehouseId: warehouse, list: list({ product: "plotovka" }, { size: 2 }) } });
    expect(named.meta).toMatchObject({ total: 5, pages: 3 });
    const past = await listWarehouseItems({ ctx, input: { warehouseId: warehouse, list: list({ product: "plotovka" }, { size: 2, page: 9 }) } });
    expect(past.rows).toEqual([]);
    expect(past.meta).toMatchObject({ total: 5, page: 9 });

    const panels = await listWarehouseItems({ ctx, input: { warehouseId: warehouse, list: list({ categories: String(panely) }) } });
    expect(panels.rows.map((row) => row.quantity)).toEqual([20, 40]);

    const none = await listWarehouseItems({ ctx, input: { warehouseId: warehouse, list: list({ categories: "x;y" }) } });
    expect(none.meta.total).toBe(0);

    expect(await failureOf(listWarehouseItems({ ctx, input: { warehouseId: 999_999, list: list() } }))).toMatchObject({ status: 404 });
  });
});

describe("the item edit", () => {
  test("saves on the way, required level and scales; the quantity is read-only; the warehouse moves only while empty", async () => {
    const ctx = t.ctx;
    const brno = await createWarehouse(ctx, { name: "Brno" });
    const praha = await createWarehouse(ctx, { name: "Praha" });
    const scale = await createRackScale(ctx, { name: "Regál A", extId: 501, reading: { grams: "2400.0", at: new Date("2026-11-23T10:15:00Z") } });
    const product = await createProduct(t.db, { name: "Panel 3D", weight: "800", scaleToleranceAmount: 1 });
    const id = await createWarehouseItem(ctx, { warehouseId: brno, productId: product, quantity: 4 });

    const saved = await updateWarehouseItem({ ctx, input: { id, values: { warehouse: brno, onTheWay: "2,5", requiredStockLevel: "10", rackScales: [String(scale)], quantity: 4 } } });
    expect(saved).toMatchObject({ quantity: 4, onTheWay: 2.5, requiredStockLevel: 10, scaleQuantity: 3, scaleColour: "none", reorder: true, warehouse: { id: brno, name: "Brno" } });
    expect(saved.rackScales).toEqual([{ id: scale, extId: 501, name: "Regál A", lastWeight: 2400, lastWeightChange: "2026-11-23T10:15:00.000Z" }]);

    const changed = await failureOf(updateWarehouseItem({ ctx, input: { id, values: { warehouse: brno, onTheWay: 0, requiredStockLevel: 0, quantity: 40 } } }));
    expect(changed.status).toBe(422);
    expect(Object.keys(changed.fields)).toEqual(["quantity"]);

    const moved = await failureOf(updateWarehouseItem({ ctx, input: { id, values: { warehouse: praha, onTheWay: 0, requiredStockLevel: 0 } } }));
    expect(moved.fields.warehouse?.key).toBe("stockView.moveByTransfer");

    const missing = await failureOf(updateWarehouseItem({ ctx, input: { id, values: { warehouse: brno, onTheWay: -1, requiredStockLevel: "", rackScales: [999_999] } } }));
    expect(Object.keys(missing.fields).sort()).toEqual(["onTheWay", "requiredStockLevel"]);
    const unknownScale = await failureOf(updateWarehouseItem({ ctx, input: { id, values: { warehouse: brno, onTheWay: 0, requiredStockLevel: 0, rackScales: [999_999] } } }));
    expect(unknownScale.fields.rackScales?.key).toBe("stockView.unknownScales");

    // Nothing of the refused edits stuck.
    expect(await getWarehouseItem({ ctx, input: { id } })).toMatchObject({ quantity: 4, onTheWay: 2.5, requiredStockLevel: 10 });
    expect(await t.db.select().from(warehouseItemRackScales).where(eq(warehouseItemRackScales.warehouseItemId, id))).toHaveLength(1);

    // An empty item filed under the wrong warehouse may move, unless the product is there already.
    const empty = await createWarehouseItem(ctx, { warehouseId: brno });
    expect((await updateWarehouseItem({ ctx, input: { id: empty, values: { warehouse: praha, onTheWay: 0, requiredStockLevel: 1 } } })).warehouse.id).toBe(praha);
    const twin = await createWarehouseItem(ctx, { warehouseId: praha, productId: product });
    const taken = await failureOf(updateWarehouseItem({ ctx, input: { id: twin, values: { warehouse: brno, onTheWay: 0, requiredStockLevel: 0 } } }));
    expect(taken.fields.warehouse?.key).toBe("stockView.productAlreadyThere");

    expect(await failureOf(getWarehouseItem({ ctx, input: { id: 999_999 } }))).toMatchObject({ status: 404 });
  });
});
