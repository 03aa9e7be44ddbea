import { describe, expect, test } from "bun:test";
import { createCategoryTree, createProduct } from "../../../../tests/helpers/factories/catalogue";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { ancestorIds, categoryService, categoryTree, listCategoriesWithChildren } from "./service";

const t = useTestDatabase();

let counter = 0;
/** Ploty › Poplastované › Zelené, plus Betonové under Ploty. */
async function plotyTree() {
  const n = ++counter;
  const ids = await createCategoryTree(t.db, [
    { name: `Ploty ${n}`, children: [{ name: `Poplastované ${n}`, children: [{ name: `Zelené ${n}` }] }, { name: `Betonové ${n}` }] },
  ]);
  return { ploty: ids[`Ploty ${n}`]!, poplastovane: ids[`Poplastované ${n}`]!, zelene: ids[`Zelené ${n}`]!, betonove: ids[`Betonové ${n}`]!, n };
}

describe("category service", () => {
  test("ancestorIds: the ids themselves and every ancestor, nothing for unknown ids", async () => {
    const { ploty, poplastovane, zelene, betonove } = await plotyTree();
    expect((await ancestorIds({ ctx: t.ctx, input: { ids: [zelene] } })).sort()).toEqual([ploty, poplastovane, zelene].sort());
    expect((await ancestorIds({ ctx: t.ctx, input: { ids: [zelene, betonove] } })).sort()).toEqual([ploty, poplastovane, zelene, betonove].sort());
    expect(await ancestorIds({ ctx: t.ctx, input: { ids: [ploty] } })).toEqual([ploty]);
    expect(await ancestorIds({ ctx: t.ctx, input: { ids: [] } })).toEqual([]);
    expect(await ancestorIds({ ctx: t.ctx, input: { ids: [2_000_000_000] } })).toEqual([]);
  });

  test("moving a category below itself fails on the parent field; other moves pass", async () => {
    const { ploty, poplastovane, zelene, betonove, n } = await plotyTree();
    for (const parent of [zelene, poplastovane, ploty]) {
      const error = await failureOf(categoryService.update({ ctx: t.ctx, input: { id: ploty, values: { name: `Ploty ${n}`, parent } } }));
      expect(error.kind).toBe("fail");
      expect(error.fields).toEqual({ parent: { key: "category.ownAncestor", values: undefined } });
    }
    const moved = await categoryService.update({ ctx: t.ctx, input: { id: betonove, values: { name: `Betonové ${n}`, parent: { id: zelene } } } });
    expect(moved.parent).toEqual({ id: zelene, name: `Zelené ${n}` });
  });

  test("a parent that does not exist fails on the parent field, on create and update", async () => {
    const { ploty } = await plotyTree();
    const created = await failureOf(categoryService.create({ ctx: t.ctx, input: { name: "X", parent: 2_000_000_000 } }));
    expect(created.fields.parent?.key).toBe("category.parentMissing");
    const updated = await failureOf(categoryService.update({ ctx: t.ctx, input: { id: ploty, values: { name: "X", parent: 2_000_000_000 } } }));
    expect(updated.fields.parent?.key).toBe("category.parentMissing");
  });

  test("delete refuses sub-categories and products with counts, and removes nothing", async () => {
    const { ploty, zelene } = await plotyTree();
    const children = await failureOf(categoryService.remove({ ctx: t.ctx, input: { id: ploty } }));
    expect(children.messages).toEqual([{ key: "category.hasChildren", values: { n: 2 } }]);
    await createProduct(t.db, { categoryIds: [zelene] });
    const products = await failureOf(categoryService.remove({ ctx: t.ctx, input: { id: zelene } }));
    expect(products.messages).toEqual([{ key: "category.hasProducts", values: { n: 1 } }]);
    expect((await categoryService.get({ ctx: t.ctx, input: { id: zelene } })).id).toBe(zelene);
  });

  test("list and get carry the parent's name", async () => {
    const { ploty, poplastovane, n } = await plotyTree();
    const page = await categoryService.list({ ctx: t.ctx, input: { page: 1, size: 9999, filters: { parent: String(ploty) } } });
    expect(page.rows.map((row) => row.parent)).toEqual([
      { id: ploty, name: `Ploty ${n}` },
      { id: ploty, name: `Ploty ${n}` },
    ]);
    expect(await categoryService.get({ ctx: t.ctx, input: { id: poplastovane } })).toEqual({ id: poplastovane, name: `Poplastované ${n}`, parent: { id: ploty, name: `Ploty ${n}` } });
  });

  test("the picker tree and the API tree hold the same nodes; the API's carry parents", async () => {
    const { ploty, poplastovane, zelene, n } = await plotyTree();
    const picker = (await categoryTree({ ctx: t.ctx })).find((node) => node.id === ploty)!;
    expect(picker.children.map((node) => node.name)).toEqual([`Betonové ${n}`, `Poplastované ${n}`]);
    const api = (await listCategoriesWithChildren({ ctx: t.ctx })).find((node) => node.id === ploty)!;
    const leaf = api.children[1]!.children[0]!;
    expect(leaf).toEqual({ id: zelene, name: `Zelené ${n}`, parent: { id: poplastovane, name: `Poplastované ${n}` }, children: [] });
  });
});
