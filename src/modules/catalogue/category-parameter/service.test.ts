import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categoryParameterCategories, categoryParameters } from "@db/schema";
import { createCategoryTree } from "../../../../tests/helpers/factories/catalogue";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { categoryParameterService, parametersForCategories } from "./service";

const t = useTestDatabase();

const create = (input: Record<string, unknown>) => categoryParameterService.create({ ctx: t.ctx, input });
const names = (list: { name: string }[]) => list.map((item) => item.name);

describe("category parameter service", () => {
  test("a refused category list saves neither the row nor any link", async () => {
    const ids = await createCategoryTree(t.db, [{ name: "Transakce" }]);
    const before = (await t.db.select().from(categoryParameters)).length;
    const error = await failureOf(create({ name: "Nic", categories: [ids.Transakce!, 2_000_000_000] }));
    expect(error.fields.categories).toEqual({ key: "categoryParameter.unknownCategories", values: { ids: "2000000000" } });
    expect((await t.db.select().from(categoryParameters)).length).toBe(before);
    expect(await t.db.select().from(categoryParameterCategories).where(eq(categoryParameterCategories.categoryId, ids.Transakce!))).toEqual([]);
  });

  test("parametersForCategories: own and ancestors' parameters, each once, by Czech name", async () => {
    const ids = await createCategoryTree(t.db, [
      { name: "Ploty", children: [{ name: "Poplastované", children: [{ name: "Zelené" }] }] },
      { name: "Brány" },
    ]);
    await create({ name: "Výška", categories: [ids.Ploty] });
    await create({ name: "Chráničky", categories: [ids.Ploty, ids["Zelené"]] });
    await create({ name: "Hmotnost", categories: [ids["Poplastované"]], unit: "kg" });
    await create({ name: "Čepička", categories: [ids["Zelené"]] });
    await create({ name: "Šíře", categories: [ids["Brány"]] });
    expect(names(await parametersForCategories({ ctx: t.ctx, input: { categoryIds: [ids["Zelené"]!] } }))).toEqual(["Čepička", "Hmotnost", "Chráničky", "Výška"]);
    expect(names(await parametersForCategories({ ctx: t.ctx, input: { categoryIds: [ids["Poplastované"]!, ids["Brány"]!] } }))).toEqual([
      "Hmotnost",
      "Chráničky",
      "Šíře",
      "Výška",
    ]);
    const [hmotnost] = await parametersForCategories({ ctx: t.ctx, input: { categoryIds: [ids["Poplastované"]!] } });
    expect(hmotnost).toMatchObject({ name: "Hmotnost", unit: "kg", categories: [{ id: ids["Poplastované"], name: "Poplastované" }] });
    expect(await parametersForCategories({ ctx: t.ctx, input: { categoryIds: [] } })).toEqual([]);
    expect(await parametersForCategories({ ctx: t.ctx, input: { categoryIds: [0, -1, 2_000_000_000] } })).toEqual([]);
  });
});
