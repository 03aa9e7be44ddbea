/**
 * The items editor's categories (docs/domain.md#editor-categories): chosen in settings by role (fence, other,
 * assembly), the page and the API; once chosen, the fence item's picker offers only the fence categories'
 * products (their subcategories' too), the editor's choices carry the other and assembly categories its
 * pickers narrow /api/products by, and nothing chosen leaves a picker unnarrowed.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { products } from "@db/schema";
import { itemsTabChoices } from "@/modules/orders/fence-item/choices";
import { json, type Session, useTestApp } from "../helpers/app";
import { createCategory, createProduct, insertFenceOrderRow } from "../helpers/factories";

const t = useTestApp();
let session: Session;
const c = { fence: 0, fenceChild: 0, other: 0, assembly: 0, unrelated: 0, empty: 0 };
const p = { fence: 0, other: 0, assembly: 0, unrelated: 0 };

beforeAll(async () => {
  session = await t.current.login({ admin: true });
  const db = t.current.ctx.db;
  c.fence = await createCategory(db, { name: "Editor ploty na míru" });
  c.fenceChild = await createCategory(db, { name: "Editor lamelová pole", parentId: c.fence });
  c.other = await createCategory(db, { name: "Editor příslušenství" });
  c.assembly = await createCategory(db, { name: "Editor montáž" });
  c.unrelated = await createCategory(db, { name: "Editor jiné" });
  c.empty = await createCategory(db, { name: "Editor prázdná" });
  p.fence = await createProduct(db, { name: "Editorka pole Lamela", categoryIds: [c.fenceChild] });
  p.other = await createProduct(db, { name: "Editorka sloupek", categoryIds: [c.other] });
  p.assembly = await createProduct(db, { name: "Editorka montáž pole", categoryIds: [c.assembly] });
  p.unrelated = await createProduct(db, { name: "Editorka hrábě", categoryIds: [c.unrelated] });
  // A variant of the fence product is never offered (the pickers offer base products).
  await db.insert(products).values({ name: "Editorka pole Lamela 2000", baseProductId: p.fence, variantKey: "[]" });
});

const fencePicker = async () => {
  const { data } = await json(await session.api("/api/orders/fenceOrder/itemProducts?name=editorka"));
  return (data as { name: string }[]).map((row) => row.name).sort();
};
const productsOf = async (categories: number[]) => {
  const { data } = await json(await session.api(`/api/products?name=editorka&variant=false&categories=${categories.join(";")}`));
  return (data as { name: string }[]).map((row) => row.name).sort();
};

describe("nothing chosen", () => {
  test("the pickers are not narrowed: the fence item's picker offers every base product; the choices say []", async () => {
    expect(await fencePicker()).toEqual(["Editorka hrábě", "Editorka montáž pole", "Editorka pole Lamela", "Editorka sloupek"]);
    expect((await itemsTabChoices({ ctx: t.current.ctx })).editorCategories).toEqual({ fence: [], other: [], assembly: [] });
    expect((await json(await session.api("/api/settings/editorCategories"))).data).toEqual({ fence: [], other: [], assembly: [] });
  });
});

describe("chosen in settings", () => {
  test("PUT /api/settings/editorCategories saves each picker's categories; GET answers them with names", async () => {
    const response = await session.api("/api/settings/editorCategories", { method: "PUT", json: { fence: [c.fence], other: [{ id: c.other }], assembly: String(c.assembly) } });
    expect(response.status).toBe(200);
    const expected = {
      fence: [{ id: c.fence, name: "Editor ploty na míru" }],
      other: [{ id: c.other, name: "Editor příslušenství" }],
      assembly: [{ id: c.assembly, name: "Editor montáž" }],
    };
    expect((await json(response)).data).toEqual(expected);
    expect((await json(await session.api("/api/settings/editorCategories"))).data).toEqual(expected);
  });

  test("the fence item's picker offers only the fence categories' products, a subcategory's included", async () => {
    expect(await fencePicker()).toEqual(["Editorka pole Lamela"]);
    const { data } = await json(await session.api("/api/orders/fenceOrder/itemProducts?type=FENCE&name=editorka"));
    expect(data.map((row: { id: number }) => row.id)).toEqual([p.fence]);
  });

  test("the editor's choices carry the other and assembly categories, and its pickers' query offers only their products", async () => {
    const choices = await itemsTabChoices({ ctx: t.current.ctx });
    expect(choices.editorCategories).toEqual({ fence: [c.fence], other: [c.other], assembly: [c.assembly] });
    expect(choices.attentionProductName).toBe("Ostatní – upřesnit");
    expect(await productsOf(choices.editorCategories.other)).toEqual(["Editorka sloupek"]);
    expect(await productsOf(choices.editorCategories.assembly)).toEqual(["Editorka montáž pole"]);
    // The editor's page hands them to the island.
    const order = await insertFenceOrderRow(t.current.ctx.db);
    const page = await (await session.page(`/orders/fenceOrder/${order}?tab=1`)).text();
    expect(page).toContain(`"editorCategories":{"fence":[${c.fence}],"other":[${c.other}],"assembly":[${c.assembly}]}`);
  });

  test("an unknown category is refused on its field and nothing changes", async () => {
    const response = await session.api("/api/settings/editorCategories", { method: "PUT", json: { fence: [c.fence, 999_999], other: [], assembly: [] } });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ fence: "Kategorie 999999 neexistuje" });
    expect((await itemsTabChoices({ ctx: t.current.ctx })).editorCategories.other).toEqual([c.other]);
  });

  test("a key left out is a 422 and clears nothing (an empty body once cleared all three); an explicit [] clears one picker", async () => {
    await session.api("/api/settings/editorCategories", { method: "PUT", json: { fence: [c.fence], other: [c.other], assembly: [c.assembly] } });
    const empty = await session.api("/api/settings/editorCategories", { method: "PUT", json: {} });
    expect(empty.status).toBe(422);
    expect((await json(empty)).fields).toEqual({ fence: "Povinné pole", other: "Povinné pole", assembly: "Povinné pole" });
    const partial = await session.api("/api/settings/editorCategories", { method: "PUT", json: { fence: [] } });
    expect((await json(partial)).fields).toEqual({ other: "Povinné pole", assembly: "Povinné pole" });
    expect((await itemsTabChoices({ ctx: t.current.ctx })).editorCategories).toEqual({ fence: [c.fence], other: [c.other], assembly: [c.assembly] });
    expect((await session.api("/api/settings/editorCategories", { method: "PUT", json: { fence: [], other: [c.other], assembly: [c.assembly] } })).status).toBe(200);
    expect((await itemsTabChoices({ ctx: t.current.ctx })).editorCategories).toEqual({ fence: [], other: [c.other], assembly: [c.assembly] });
  });

  test("only an admin changes them; anyone reads them", async () => {
    const office = await t.current.login();
    const before = (await itemsTabChoices({ ctx: t.current.ctx })).editorCategories;
    const refused = await office.api("/api/settings/editorCategories", { method: "PUT", json: { fence: [], other: [], assembly: [] } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(JSON.stringify({ status: "error", code: "FORBIDDEN" }));
    expect((await office.page("/settings/editorCategories", { form: { fence: "" } })).status).toBe(403);
    expect((await itemsTabChoices({ ctx: t.current.ctx })).editorCategories).toEqual(before);
    expect((await office.api("/api/settings/editorCategories")).status).toBe(200);
  });

  test("a deleted category leaves the pickers", async () => {
    await session.api("/api/settings/editorCategories", { method: "PUT", json: { fence: [c.fence], other: [c.other, c.empty], assembly: [c.assembly] } });
    expect((await session.api(`/api/category/${c.empty}`, { method: "DELETE" })).status).toBe(200);
    expect((await itemsTabChoices({ ctx: t.current.ctx })).editorCategories.other).toEqual([c.other]);
  });
});

describe("the settings page", () => {
  test("a tree per picker with the saved ones ticked; a post saves and says SAVED; an unknown id is 422 on the page", async () => {
    const page = await (await session.page("/settings/editorCategories")).text();
    expect(page).toContain("Kategorie editoru položek");
    for (const label of ["Plotové položky", "Ostatní položky", "Montážní položky"]) expect(page).toContain(label);
    expect(page).toContain('href="/settings/editorCategories"');
    const saved = await session.page("/settings/editorCategories", { form: { fence: String(c.fenceChild), other: String(c.other), assembly: String(c.assembly) } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/settings/editorCategories");
    expect((await itemsTabChoices({ ctx: t.current.ctx })).editorCategories.fence).toEqual([c.fenceChild]);
    const refused = await session.page("/settings/editorCategories", { form: { fence: "999999" } });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Kategorie 999999 neexistuje");
    expect((await t.current.request("/settings/editorCategories", { redirect: "manual" })).status).toBe(302);
  });
});
