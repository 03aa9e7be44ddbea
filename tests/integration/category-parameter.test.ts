/**
 * Category parameters (docs/domain.md#category-parameters): the API on
 * /api/products/category/parameters and the pages under /products/category/parameters.
 * Ids come from the answers; sequences may skip.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categoryParameterCategories, categoryParameters, productParameterValues } from "@db/schema";
import type { CategoryParameter as Parameter } from "@/modules/catalogue/category-parameter/schemas";
import { json, type Session, useTestApp } from "../helpers/app";
import { createCategoryTree, createProduct } from "../helpers/factories/catalogue";
import { afterRedirect, entityApi, html as htmlOf, pageShowing } from "./support";

const t = useTestApp();
const API = "/api/products/category/parameters";
const PAGE = "/products/category/parameters";

const parameters = entityApi<Parameter>(t, API);
const { session, get, list, create: createParameter } = parameters;
const expectFail = (body: unknown, field: string, message: string) => parameters.refused(body, { [field]: message });

/** Ploty › Poplastované › Zelené and Brány, names unique per call. */
let treeCounter = 0;
async function tree() {
  const n = ++treeCounter;
  const ids = await createCategoryTree(t.current.ctx.db, [
    { name: `Ploty ${n}`, children: [{ name: `Poplastované ${n}`, children: [{ name: `Zelené ${n}` }] }] },
    { name: `Brány ${n}` },
  ]);
  return { ploty: ids[`Ploty ${n}`]!, poplastovane: ids[`Poplastované ${n}`]!, zelene: ids[`Zelené ${n}`]!, brany: ids[`Brány ${n}`]!, n };
}

/** A form post with repeated keys, as the tree picker's hidden inputs send them. */
const postForm = async (s: Session, path: string, entries: [string, string][]) =>
  s.page(path, { method: "POST", body: new URLSearchParams(entries).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

describe("API /api/products/category/parameters", () => {
  test("create answers the new id; get answers the whole entity with its categories", async () => {
    const { ploty, brany, n } = await tree();
    const id = await createParameter({
      name: "Výška",
      categories: [brany, ploty],
      required: true,
      default: "150",
      unit: "cm",
      creationParameter: true,
      titleAppending: true,
    });
    expect(await get(id)).toEqual({
      id,
      name: "Výška",
      // By name, the Czech way.
      categories: [
        { id: brany, name: `Brány ${n}` },
        { id: ploty, name: `Ploty ${n}` },
      ],
      required: true,
      default: "150",
      unit: "cm",
      creationParameter: true,
      titleAppending: true,
      role: null,
    });
  });

  test("defaults: no categories, not required, blank unit, no default, flags off", async () => {
    const id = await createParameter({ name: "Poznámka" });
    expect(await get(id)).toEqual({
      id,
      name: "Poznámka",
      categories: [],
      required: false,
      default: null,
      unit: "",
      creationParameter: false,
      titleAppending: false,
      role: null,
    });
  });

  test("categories are accepted as ids, {id} objects and numeric strings, duplicates once", async () => {
    const { ploty, poplastovane, zelene } = await tree();
    const id = await createParameter({ name: "Barva", categories: [ploty, { id: poplastovane }, String(zelene), ploty] });
    expect((await get(id)).categories.map((category) => category.id).sort()).toEqual([ploty, poplastovane, zelene].sort());
    // A single id is a list of one.
    const single = await createParameter({ name: "Síla drátu", categories: zelene });
    expect((await get(single)).categories.map((category) => category.id)).toEqual([zelene]);
  });

  test("every unit of docs/domain.md#category-parameters is accepted: blank, mm, cm, m, kg, g", async () => {
    for (const unit of ["", "mm", "cm", "m", "kg", "g"]) {
      const id = await createParameter({ name: `Jednotka ${unit || "prázdná"}`, unit });
      expect((await get(id)).unit as string).toBe(unit);
    }
  });

  test("update replaces the categories (round trip) and answers the entity", async () => {
    const { ploty, poplastovane, brany, n } = await tree();
    const id = await createParameter({ name: "Rozteč", categories: [ploty, poplastovane], unit: "mm" });
    const response = await (await session()).api(`${API}/${id}`, {
      method: "PUT",
      json: { name: "Rozteč sloupků", categories: [{ id: brany }], unit: "m", required: true },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({
      id,
      name: "Rozteč sloupků",
      categories: [{ id: brany, name: `Brány ${n}` }],
      required: true,
      default: null,
      unit: "m",
      creationParameter: false,
      titleAppending: false,
      role: null,
    });
    expect((await get(id)).categories).toEqual([{ id: brany, name: `Brány ${n}` }]);
    // An empty list detaches it from every category.
    await (await session()).api(`${API}/${id}`, { method: "PUT", json: { name: "Rozteč sloupků", categories: [] } });
    expect((await get(id)).categories).toEqual([]);
    const links = await t.current.ctx.db.select().from(categoryParameterCategories).where(eq(categoryParameterCategories.parameterId, id));
    expect(links).toEqual([]);
  });

  test("create and update record who made the change", async () => {
    const creator = await session();
    const id = await createParameter({ name: "Audit" });
    const editor = await t.current.login();
    await editor.api(`${API}/${id}`, { method: "PUT", json: { name: "Audit 2" } });
    const [row] = await t.current.ctx.db.select().from(categoryParameters).where(eq(categoryParameters.id, id));
    expect(row!.createdBy).toBe(creator.user.id);
    expect(row!.updatedBy).toBe(editor.user.id);
  });

  describe("validation answers 422 fail and saves nothing", () => {
    test("name missing", () => expectFail({ unit: "cm" }, "name", "Povinné pole"));
    test("a unit in the wrong case", () => expectFail({ name: "Délka", unit: "CM" }, "unit", "Jednotka musí být prázdná, nebo jedna z mm, cm, m, kg, g"));
    test("a unit that is no text", () => expectFail({ name: "Délka", unit: 5 }, "unit", "Jednotka musí být prázdná, nebo jedna z mm, cm, m, kg, g"));
    test("a category that does not exist", async () => {
      const { ploty } = await tree();
      await expectFail({ name: "Délka", categories: [ploty, 2_000_000_000] }, "categories", "Kategorie neexistuje: 2000000000");
    });
    test("a category that is no id", () => expectFail({ name: "Délka", categories: ["abc"] }, "categories", "Neplatná hodnota"));
    test("categories that are no list of ids", () => expectFail({ name: "Délka", categories: [{ name: "Ploty" }] }, "categories", "Neplatná hodnota"));
    test("required not a boolean", () => expectFail({ name: "Délka", required: 3 }, "required", "Neplatná hodnota"));
    test("English messages for an English user", async () => {
      const english = await t.current.login();
      await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
      const response = await english.api(API, { method: "POST", json: { name: "X", unit: "km" } });
      expect((await json(response)).fields).toEqual({ unit: "The unit must be blank or one of mm, cm, m, kg, g" });
    });
  });

  describe("list", () => {
    test("filters by name", async () => {
      const id = await createParameter({ name: "Průměr sloupku", unit: "mm" });
      const body = await list("?name=PRŮMĚR");
      expect(body.data.map((parameter) => parameter.id)).toEqual([id]);
      expect(body.data[0]!.unit).toBe("mm");
    });

    test("categoryId lists the parameters attached to that category only", async () => {
      const { ploty, poplastovane } = await tree();
      const onPloty = await createParameter({ name: "Na plotech", categories: [ploty] });
      const onBoth = await createParameter({ name: "Na obou", categories: [ploty, poplastovane] });
      await createParameter({ name: "Na poplastovaných", categories: [poplastovane] });
      const body = await list(`?categoryId=${ploty}&size=500`);
      expect(body.data.map((parameter) => parameter.id).sort()).toEqual([onPloty, onBoth].sort());
      expect(body.meta.total).toBe(2);
      expect((await list("?categoryId=abc")).meta.total).toBe(0);
      expect((await list("?categoryId=99999999999")).meta.total).toBe(0);
    });

    test("every row carries its categories' names", async () => {
      const { zelene, n } = await tree();
      await createParameter({ name: `Se jménem ${n}`, categories: [zelene] });
      const body = await list(`?name=${encodeURIComponent(`Se jménem ${n}`)}`);
      expect(body.data[0]!.categories).toEqual([{ id: zelene, name: `Zelené ${n}` }]);
    });
  });

  describe("delete", () => {
    test("a parameter is deleted with its category links", async () => {
      const { ploty } = await tree();
      const id = await createParameter({ name: "Smazat", categories: [ploty] });
      const response = await (await session()).api(`${API}/${id}`, { method: "DELETE" });
      expect(response.status).toBe(200);
      expect((await (await session()).api(`${API}/${id}`)).status).toBe(404);
      expect(await t.current.ctx.db.select().from(categoryParameterCategories).where(eq(categoryParameterCategories.parameterId, id))).toEqual([]);
      // The category may go now.
      expect((await (await session()).api(`/api/category/${ploty}`, { method: "DELETE" })).status).toBe(422);
    });

    test("a parameter that products have a value for is refused with a readable message", async () => {
      const { ploty } = await tree();
      const id = await createParameter({ name: "Vyplněný", categories: [ploty] });
      const product = await createProduct(t.current.ctx.db, { categoryIds: [ploty] });
      await t.current.ctx.db.insert(productParameterValues).values({ productId: product, parameterId: id, value: "120" });
      const response = await (await session()).api(`${API}/${id}`, { method: "DELETE" });
      expect(response.status).toBe(422);
      expect((await json(response)).data).toEqual(["Parametr je vyplněn u produktů (1), nejdříve hodnoty u produktů odeberte"]);
      expect((await get(id)).name).toBe("Vyplněný");
    });
  });

  describe("forCategories: the parameters of categories and their ancestors", () => {
    test("a leaf gets its own, its parent's and its grandparent's parameters, each once", async () => {
      const { ploty, poplastovane, zelene, brany } = await tree();
      const top = await createParameter({ name: "Výška plotu", categories: [ploty] });
      const middle = await createParameter({ name: "Barva povrchu", categories: [poplastovane] });
      const both = await createParameter({ name: "Oko pletiva", categories: [ploty, zelene] });
      const leaf = await createParameter({ name: "Odstín", categories: [zelene] });
      await createParameter({ name: "Šíře brány", categories: [brany] });
      const response = await (await session()).api(`${API}/forCategories?categoryIds=${zelene}`);
      expect(response.status).toBe(200);
      const data = (await json(response)).data as Parameter[];
      // By name: Barva povrchu, Odstín, Oko pletiva, Výška plotu.
      expect(data.map((parameter) => parameter.id)).toEqual([middle, leaf, both, top]);
      expect(data.find((parameter) => parameter.id === both)!.categories.map((category) => category.id).sort()).toEqual([ploty, zelene].sort());
      // The parent alone does not get the leaf's.
      const upper = (await json(await (await session()).api(`${API}/forCategories?categoryIds=${poplastovane}`))).data as Parameter[];
      expect(upper.map((parameter) => parameter.id)).toEqual([middle, both, top]);
    });

    test("several categories join with semicolons; none gives an empty list", async () => {
      const { poplastovane, brany } = await tree();
      const a = await createParameter({ name: "A parametr", categories: [poplastovane] });
      const b = await createParameter({ name: "B parametr", categories: [brany] });
      const data = (await json(await (await session()).api(`${API}/forCategories?categoryIds=${brany};${poplastovane}`))).data as Parameter[];
      expect(data.map((parameter) => parameter.id)).toEqual([a, b]);
      expect((await json(await (await session()).api(`${API}/forCategories`))).data).toEqual([]);
      expect((await json(await (await session()).api(`${API}/forCategories?categoryIds=x;;`))).data).toEqual([]);
    });
  });
});

describe("pages /products/category/parameters", () => {
  test("the list shows id, name, joined categories, the flags, default and unit, and an add button", async () => {
    const { ploty, brany, n } = await tree();
    const id = await createParameter({ name: `Výška v seznamu ${n}`, categories: [ploty, brany], required: true, default: "180", unit: "cm" });
    const response = await (await session()).page(`${PAGE}?name=${encodeURIComponent(`Výška v seznamu ${n}`)}`);
    const html = await pageShowing(response, 200, 'href="/products/category/parameters/new"', `href="/products/category/parameters/${id}"`, `Brány ${n}, Ploty ${n}`, ">180<", ">cm<");
    for (const label of ["Id", "Název", "Kategorie", "Parametr při vytvoření", "Povinný", "Výchozí hodnota", "Jednotka"]) expect(html).toContain(label);
  });

  test("the new form has the tree picker island, the unit select and the title suffix checkbox", async () => {
    const { zelene, n } = await tree();
    const html = await htmlOf(await (await session()).page(`${PAGE}/new`));
    expect(html).toContain('data-island="category-tree-picker"');
    expect(html).toContain(`Zelené ${n}`);
    expect(html).toContain(`id="tree-node-${zelene}"`);
    expect(html).toContain("Parametr přípony názvu");
    expect(html).toMatch(/<select[^>]*name="unit"/);
    for (const unit of ["mm", "cm", "m", "kg", "g"]) expect(html).toContain(`<option value="${unit}">${unit}</option>`);
    expect(html).toContain('<option value="" selected="">(bez jednotky)</option>');
    expect(html).not.toContain('id="field-id"');
  });

  test("create with ticked categories redirects to the list with CREATED; the categories are saved", async () => {
    const s = await session();
    const { poplastovane, brany, n } = await tree();
    const response = await postForm(s, `${PAGE}/new`, [
      ["name", `Z formuláře ${n}`],
      ["categories", String(poplastovane)],
      ["categories", String(brany)],
      ["required", "on"],
      ["default", "zelená"],
      ["unit", "mm"],
      ["titleAppending", "on"],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await afterRedirect(s, response, PAGE)).toContain("Vytvořeno");
    const [saved] = (await list(`?name=${encodeURIComponent(`Z formuláře ${n}`)}`)).data;
    expect(saved).toMatchObject({ required: true, default: "zelená", unit: "mm", creationParameter: false, titleAppending: true });
    expect(saved!.categories.map((category) => category.id).sort()).toEqual([poplastovane, brany].sort());
  });

  test("an invalid post answers 422 with FORM_NOT_VALID, keeps the ticked categories and saves nothing", async () => {
    const s = await session();
    const { zelene } = await tree();
    const before = (await list()).meta.total;
    const response = await postForm(s, `${PAGE}/new`, [
      ["name", ""],
      ["categories", String(zelene)],
      ["unit", "km"],
    ]);
    await pageShowing(response, 422, "Formulář není vyplněn správně", "Povinné pole", "Jednotka musí být prázdná, nebo jedna z mm, cm, m, kg, g", `<input type="hidden" name="categories" value="${zelene}"/>`);
    expect((await list()).meta.total).toBe(before);
  });

  test("the edit form shows the id read-only and the saved values; saving shows UPDATED", async () => {
    const s = await session();
    const { ploty } = await tree();
    const id = await createParameter({ name: "K úpravě", categories: [ploty], unit: "kg", creationParameter: true });
    const edit = await htmlOf(await s.page(`${PAGE}/${id}`));
    expect(edit).toMatch(new RegExp(`<input[^>]*value="${id}"[^>]*disabled=""|<input[^>]*disabled=""[^>]*value="${id}"`));
    expect(edit).toContain('value="K úpravě"');
    expect(edit).toContain(`<input type="hidden" name="categories" value="${ploty}"/>`);
    expect(edit).toMatch(/<option value="kg" selected="">kg<\/option>/);
    expect(edit).toMatch(/<input[^>]*name="creationParameter"[^>]*checked=""/);
    expect(edit).toContain(`action="${PAGE}/${id}/delete"`);

    const response = await postForm(s, `${PAGE}/${id}`, [
      ["name", "Upraveno"],
      ["unit", "g"],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${PAGE}/${id}`);
    expect(await afterRedirect(s, response, `${PAGE}/${id}`)).toContain("Uloženo");
    // Unticked boxes and no ticked categories save as such.
    expect(await get(id)).toMatchObject({ name: "Upraveno", unit: "g", categories: [], creationParameter: false });
  });

  test("delete redirects to the list with DELETED", async () => {
    const s = await session();
    const id = await createParameter({ name: "Ke smazání" });
    const response = await s.page(`${PAGE}/${id}/delete`, { method: "POST" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await afterRedirect(s, response, PAGE)).toContain("Smazáno");
    expect((await s.api(`${API}/${id}`)).status).toBe(404);
  });

  test("the pages are English for an English user", async () => {
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    const html = await htmlOf(await english.page(`${PAGE}/new`));
    expect(html).toContain("Title suffix parameter");
    expect(html).toContain("Creation parameter");
  });
});
