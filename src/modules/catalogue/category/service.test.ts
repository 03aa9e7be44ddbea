import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/db";
import { createCategoryTree, createProduct } from "../../../../tests/helpers/factories/catalogue";
import { type Ctx, systemCtx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { ancestorIds, categoryService, categoryTree, listCategoriesWithChildren } from "./service";

let database: TestDatabase;
let ctx: Ctx;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = systemCtx(database.db);
}, 120_000);
afterAll(() => database.destroy(), 120_000);

const refusal = async (work: Promise<unknown>): Promise<AppError> => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
};

let counter = 0;
/** Ploty › Poplastované › Zelené, plus Betonové under Ploty. */
async function plotyTree() {
  const n = ++counter;
  const ids = await createCategoryTree(database.db, [
    { name: `Ploty ${n}`, children: [{ name: `Poplastované ${n}`, children: [{ name: `Zelené ${n}` }] }, { name: `Betonové ${n}` }] },
  ]);
  return { ploty: ids[`Ploty ${n}`]!, poplastovane: ids[`Poplastované ${n}`]!, zelene: ids[`Zelené ${n}`]!, betonove: ids[`Betonové ${n}`]!, n };
}

describe("category service", () => {
  test("ancestorIds: the ids themselves and every ancestor, nothing for unknown ids", async () => {
    const { ploty, poplastovane, zelene, betonove } = await plotyTree();
    expect((await ancestorIds({ ctx, input: { ids: [zelene] } })).sort()).toEqual([ploty, poplastovane, zelene].sort());
    expect((await ancestorIds({ ctx, input: { ids: [zelene, betonove] } })).sort()).toEqual([ploty, poplastovane, zelene, betonove].sort());
    expect(await ancestorIds({ ctx, input: { ids: [ploty] } })).toEqual([ploty]);
    expect(await ancestorIds({ ctx, input: { ids: [] } })).toEqual([]);
    expect(await ancestorIds({ ctx, input: { ids: [2_000_000_000] } })).toEqual([]);
  });

  test("moving a category below itself fails on the parent field; other moves pass", async () => {
    const { ploty, poplastovane, zelene, betonove, n } = await plotyTree();
    for (const parent of [zelene, poplastovane, ploty]) {
      const error = await refusal(categoryService.update({ ctx, input: { id: ploty, values: { name: `Ploty ${n}`, parent } } }));
      expect(error.kind).toBe("fail");
      expect(error.fields).toEqual({ parent: { key: "category.ownAncestor", values: undefined } });
    }
    const moved = await categoryService.update({ ctx, input: { id: betonove, values: { name: `Betonové ${n}`, parent: { id: zelene } } } });
    expect(moved.parent).toEqual({ id: zelene, name: `Zelené ${n}` });
  });

  test("a parent that does not exist fails on the parent field, on create and update", async () => {
    const { ploty } = await plotyTree();
    const created = await refusal(categoryService.create({ ctx, input: { name: "X", parent: 2_000_000_000 } }));
    expect(created.fields.parent?.key).toBe("category.parentMissing");
    const updated = await refusal(categoryService.update({ ctx, input: { id: ploty, values: { name: "X", parent: 2_000_000_000 } } }));
    expect(updated.fields.parent?.key).toBe("category.parentMissing");
  });

  test("delete refuses sub-categories and products with counts, and removes nothing", async () => {
    const { ploty, zelene } = await plotyTree();
    const children = await refusal(categoryService.remove({ ctx, input: { id: ploty } }));
    expect(children.messages).toEqual([{ key: "category.hasChildren", values: { n: 2 } }]);
    await createProduct(database.db, { categoryIds: [zelene] });
    const products = await refusal(categoryService.remove({ ctx, input: { id: zelene } }));
    expect(products.messages).toEqual([{ key: "category.hasProducts", values: { n: 1 } }]);
    expect((await categoryService.get({ ctx, input: { id: zelene } })).id).toBe(zelene);
  });

  test("list and get carry the parent's name", async () => {
    const { ploty, poplastovane, n } = await plotyTree();
    const page = await categoryService.list({ ctx, input: { page: 1, size: 9999, filters: { parent: String(ploty) } } });
    expect(page.rows.map((row) => row.parent)).toEqual([
      { id: ploty, name: `Ploty ${n}` },
      { id: ploty, name: `Ploty ${n}` },
    ]);
    expect(await categoryService.get({ ctx, input: { id: poplastovane } })).toEqual({ id: poplastovane, name: `Poplastované ${n}`, parent: { id: ploty, name: `Ploty ${n}` } });
  });

  test("the picker tree and the API tree hold the same nodes; the API's carry parents", async () => {
    const { ploty, poplastovane, zelene, n } = await plotyTree();
    const picker = (await categoryTree({ ctx })).find((node) => node.id === ploty)!;
    expect(picker.children.map((node) => node.name)).toEqual([`Betonové ${n}`, `Poplastované ${n}`]);
    const api = (await listCategoriesWithChildren({ ctx })).find((node) => node.id === ploty)!;
    const leaf = api.children[1]!.children[0]!;
    expect(leaf).toEqual({ id: zelene, name: `Zelené ${n}`, parent: { id: poplastovane, name: `Poplastované ${n}` }, children: [] });
  });
});
