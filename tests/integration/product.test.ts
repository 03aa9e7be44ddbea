/**
 * Products through the API (docs/domain.md#product; docs/decisions/008, 009): the generic
 * calls on /api/products, the semicolon category filter, every rule's message, and the tabs' calls.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { basketItems, baskets, categoryParameterCategories, categoryParameters, eshops, products, vatRates } from "@db/schema";
import { createCategoryTree, createProduct, defaultVatId } from "../helpers/factories/catalogue";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, FENCE_1_PARAMETERS, fence1Item } from "../helpers/factories";
import { ean13 } from "@/lib/ean13";
import { json, type Session, useTestApp } from "../helpers/app";
import { createdId, type ListBody } from "./support";

const t = useTestApp();

interface ProductBody {
  id: number;
  name: string;
  invoiceName: string | null;
  categories: { id: number; name: string }[];
  vat: { id: number; name: string; rate: number; active: boolean } | null;
  storable: boolean;
  ean13: string | null;
  url: string | null;
  weight: number;
  scaleToleranceAmount: number;
  baseProduct?: { id: number; name: string } | null;
  parameters?: { id: number; value: string }[];
}

let s: Session;
let vat: number;
let tree: Record<string, number>;

beforeAll(async () => {
  s = await t.current.login();
  vat = await defaultVatId(t.current.ctx.db);
  tree = await createCategoryTree(t.current.ctx.db, [
    { name: "Ploty", children: [{ name: "Pletivo", children: [{ name: "Poplastované" }, { name: "Pozinkované" }] }, { name: "Panely" }] },
    { name: "Brány", children: [{ name: "Posuvné" }] },
  ]);
});

async function create(body: Record<string, unknown>): Promise<number> {
  return createdId(await s.api("/api/products", { method: "POST", json: { id: null, vat, ...body } }));
}

const get = async (id: number): Promise<ProductBody> => (await json(await s.api(`/api/products/${id}`))).data;
const list = async (query: string): Promise<ListBody<ProductBody>> => json(await s.api(`/api/products${query}`));
const ids = (body: ListBody<ProductBody>) => body.data.map((row) => row.id).sort((a, b) => a - b);

/** 422 fail with exactly this field message (in the data list too), and no product saved. */
async function expectFail(body: Record<string, unknown>, field: string, message: string, session: Session = s) {
  const before = (await list("?size=1")).meta.total;
  const response = await session.api("/api/products", { method: "POST", json: { id: null, vat, ...body } });
  expect(response.status).toBe(422);
  const answer = await json(response);
  expect(answer.status).toBe("fail");
  expect(answer.fields[field]).toBe(message);
  expect(answer.data).toContain(`${session === s ? "Pole „" : "Field “"}${field}${session === s ? "“" : "”"}: ${message}`);
  expect((await list("?size=1")).meta.total).toBe(before);
}

describe("create, get, update", () => {
  test("create answers 201 with the new id; the product comes back with references as {id, name}", async () => {
    const id = await create({
      name: "Pletivo zelené 1,5 m",
      invoiceName: "Pletivo PVC",
      categories: [tree["Poplastované"], { id: tree.Panely }],
      vat: { id: vat },
      ean13: "8594000000013",
      url: "https://ploty.example/pletivo",
      weight: "12 500,5",
      scaleToleranceAmount: 2,
    });
    expect(await get(id)).toEqual({
      id,
      name: "Pletivo zelené 1,5 m",
      invoiceName: "Pletivo PVC",
      categories: [
        { id: tree.Panely!, name: "Panely" },
        { id: tree["Poplastované"]!, name: "Poplastované" },
      ],
      vat: { id: vat, name: "21 %", rate: 21, active: true },
      storable: true,
      active: true,
      notForPainting: false,
      ean13: "8594000000013",
      url: "https://ploty.example/pletivo",
      weight: 12500.5,
      scaleToleranceAmount: 2,
      systemRole: null,
      baseProduct: null,
      parameters: [],
    } as ProductBody);
  });

  test("defaults: storable true, weight 0, scaleToleranceAmount 0", async () => {
    const id = await create({ name: "Sloupek" });
    expect(await get(id)).toMatchObject({ storable: true, weight: 0, scaleToleranceAmount: 0, categories: [], ean13: null });
  });

  test("update answers the entity; storable false and cleared fields stick", async () => {
    const id = await create({ name: "Brána", ean13: ean13("859400000202"), url: "http://brany.example" });
    const response = await s.api(`/api/products/${id}`, {
      method: "PUT",
      json: { id, name: "Brána posuvná", vat, categories: [tree["Posuvné"]], storable: false, ean13: "", url: null },
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data).toMatchObject({ id, name: "Brána posuvná", storable: false, ean13: null, url: null, categories: [{ id: tree["Posuvné"], name: "Posuvné" }] });
    expect(await get(id)).toMatchObject({ name: "Brána posuvná", storable: false });
  });

  test("unknown ids answer 404 NOT_FOUND", async () => {
    for (const path of ["/api/products/2000000", "/api/products/2000000/parameters", "/api/products/2000000/translations", "/api/products/2000000/prices"]) {
      const response = await s.api(path);
      expect({ path, status: response.status, body: await json(response) }).toEqual({ path, status: 404, body: { status: "error", code: "NOT_FOUND" } });
    }
    expect((await s.api("/api/products/-1")).status).toBe(404);
  });
});

describe("every rule answers 422 with a readable message and saves nothing", () => {
  test("EAN-13 of the wrong length", () => expectFail({ name: "A", ean13: "85940000" }, "ean13", "EAN-13 musí mít přesně 13 číslic"));
  test("EAN-13 with letters", () => expectFail({ name: "A", ean13: "85940000000AB" }, "ean13", "EAN-13 musí mít přesně 13 číslic"));
  test("EAN-13 with a wrong check digit", () =>
    expectFail({ name: "A", ean13: "8594000000014" }, "ean13", "EAN-13 má špatnou kontrolní číslici (poslední číslici)"));
  test("EAN-13 that another product has", async () => {
    const code = ean13("859400000303");
    const other = await create({ name: "Branka 1 m", ean13: code });
    await expectFail({ name: "A", ean13: code }, "ean13", `Tento EAN-13 už má produkt „Branka 1 m“ (id ${other})`);
  });
  test("url that is not http(s)", () => expectFail({ name: "A", url: "ftp://ploty.example" }, "url", "Zadejte platnou adresu začínající http:// nebo https://"));
  test("weight negative", () => expectFail({ name: "A", weight: -0.5 }, "weight", "Nejmenší hodnota je 0"));
  test("weight not a number", () => expectFail({ name: "A", weight: "těžký" }, "weight", "Zadejte číslo"));
  test("scale tolerance not whole", () => expectFail({ name: "A", scaleToleranceAmount: "1,5" }, "scaleToleranceAmount", "Zadejte celé číslo"));
  test("scale tolerance negative", () => expectFail({ name: "A", scaleToleranceAmount: -1 }, "scaleToleranceAmount", "Nejmenší hodnota je 0"));
  test("vat missing", () => expectFail({ name: "A", vat: null }, "vat", "Povinné pole"));
  test("vat unknown", () => expectFail({ name: "A", vat: 2_000_000 }, "vat", "Tato sazba DPH neexistuje"));
  test("vat inactive on a new product", async () => {
    const [inactive] = await t.current.ctx.db.insert(vatRates).values({ rate: "10", active: false }).returning({ id: vatRates.id });
    await expectFail({ name: "A", vat: inactive!.id }, "vat", "Sazba DPH 10 % se už nepoužívá, vyberte platnou");
    // …but a product that already has it keeps it through an update.
    const kept = await createProduct(t.current.ctx.db, { name: "Starý", vatId: inactive!.id });
    const response = await s.api(`/api/products/${kept}`, { method: "PUT", json: { name: "Starý", vat: inactive!.id } });
    expect(response.status).toBe(200);
    expect((await json(response)).data.vat).toEqual({ id: inactive!.id, name: "10 %", rate: 10, active: false });
  });
  test("categories unknown", () => expectFail({ name: "A", categories: [2_000_000] }, "categories", "Kategorie 2000000 neexistuje"));
  test("messages follow the user's language", async () => {
    const english = await t.current.login();
    await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } });
    await expectFail({ name: "A", ean13: "8594000000014" }, "ean13", "The EAN-13 check digit (the last digit) is wrong", english);
    await expectFail({ name: "" }, "name", "Required", english);
  });
  test("a body that is not JSON answers 400 BAD_REQUEST", async () => {
    const response = await t.current.request("/api/products", {
      method: "POST",
      headers: { Authorization: `Bearer ${s.token}`, "Content-Type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(400);
  });
});

describe("the list", () => {
  test("starts at page 1 and pages through; sorted by id by default", async () => {
    for (let n = 0; n < 3; n++) await create({ name: `Stránkovaný ${n}` });
    const first = await list("?size=2");
    expect(first.meta).toMatchObject({ page: 1, size: 2, sort: "id,asc" });
    expect(first.data).toHaveLength(2);
    const all = await list("?size=500");
    expect(first.meta.total).toBe(all.meta.total);
    const second = await list("?size=2&page=2");
    expect(second.data.map((row) => row.id)).toEqual(all.data.slice(2, 4).map((row) => row.id));
    // The reference rows are products too.
    expect(all.data.map((row) => row.name)).toEqual(expect.arrayContaining(["Montáž plotu", "Montáž brány", "Montáž branky", "Ostatní – upřesnit"]));
  });

  test("filters by id and by name (substring, any case, with or without diacritics)", async () => {
    const id = await create({ name: "Plotová Vzpěra Speciál" });
    const cep = await create({ name: "ČEP ŘETĚZU Ůchytka 50_50" });
    expect(ids(await list(`?id=${id}`))).toEqual([id]);
    expect(ids(await list("?name=vzpěra spec"))).toEqual([id]);
    // Typed without diacritics, or in another case, the names still match.
    expect(ids(await list("?name=VZPERA SPECIAL"))).toEqual([id]);
    expect(ids(await list("?name=plotova"))).toEqual([id]);
    expect(ids(await list("?name=čep řetězu"))).toEqual([cep]);
    expect(ids(await list("?name=cep retezu uchytka"))).toEqual([cep]);
    // LIKE's own characters are plain text.
    expect(ids(await list("?name=50_50"))).toEqual([cep]);
    expect((await list("?name=50_5_")).meta.total).toBe(0);
    expect((await list("?name=%25")).meta.total).toBe(0);
  });

  test("sorts by name the Czech way (ch after h, č after c, ř after r), both directions", async () => {
    const words = ["Zebra", "Řepa", "Chata", "čáp", "Rybník", "hrad", "Cihla", "Ábel", "Adam", "žába", "Ivan"];
    for (const word of words) await create({ name: `${word} řadicí` });
    const czech = ["Ábel", "Adam", "Cihla", "čáp", "hrad", "Chata", "Ivan", "Rybník", "Řepa", "Zebra", "žába"].map((word) => `${word} řadicí`);
    const names = async (sort: string) => (await list(`?name=radici&sort=${sort}&size=50`)).data.map((row) => row.name);
    expect(await names("name,asc")).toEqual(czech);
    expect(await names("name,desc")).toEqual([...czech].reverse());
  });

  test("categories: semicolon-joined ids; a ticked category matches everything below it", async () => {
    const db = t.current.ctx.db;
    const pvc = await createProduct(db, { name: "F PVC", categoryIds: [tree["Poplastované"]!] });
    const zinc = await createProduct(db, { name: "F Zn", categoryIds: [tree["Pozinkované"]!] });
    const panel = await createProduct(db, { name: "F Panel", categoryIds: [tree.Panely!] });
    const gate = await createProduct(db, { name: "F Brána", categoryIds: [tree["Posuvné"]!] });
    const both = await createProduct(db, { name: "F Obojí", categoryIds: [tree["Poplastované"]!, tree["Posuvné"]!] });
    const only = (body: ListBody<ProductBody>) => ids(body).filter((id) => [pvc, zinc, panel, gate, both].includes(id));
    expect(only(await list(`?categories=${tree.Ploty}&size=500`))).toEqual([pvc, zinc, panel, both]);
    expect(only(await list(`?categories=${tree.Pletivo}&size=500`))).toEqual([pvc, zinc, both]);
    expect(only(await list(`?categories=${tree["Poplastované"]}&size=500`))).toEqual([pvc, both]);
    expect(only(await list(`?categories=${tree["Pozinkované"]};${tree["Posuvné"]}&size=500`))).toEqual([zinc, gate, both]);
    // Listed and counted once although it is in two ticked subtrees.
    const twice = await list(`?categories=${tree.Ploty};${tree["Brány"]}&size=500`);
    expect(twice.data.filter((row) => row.id === both)).toHaveLength(1);
    expect(twice.meta.total).toBe(new Set(twice.data.map((row) => row.id)).size);
    // Filters combine; garbage matches nothing.
    expect(ids(await list(`?categories=${tree.Ploty}&name=zn`))).toEqual([zinc]);
    expect((await list("?categories=abc")).meta.total).toBe(0);
    // Each row names its categories.
    const row = (await list(`?id=${both}`)).data[0]!;
    expect(row.categories.map((category) => category.name)).toEqual(["Poplastované", "Posuvné"]);
  });
});

describe("manufactured variants: filed with their base, filtered by `variant`", () => {
  let category: number;
  let base: number;
  let variant: number;

  beforeAll(async () => {
    const ctx = t.current.ctx;
    const fences = await createFenceCategory(ctx.db, { name: "Lamely na míru" });
    category = fences.categoryId;
    base = await createFenceProduct(ctx.db, fences, FENCE_1_PARAMETERS, { name: "Plot Lamela V" });
    // The items service makes the variant, as the office's save does.
    const { itemIds } = await createFenceOrderWithItems(ctx, { items: [{ ...fence1Item(base), color: "RAL 9005" }], otherItems: [] });
    const [item] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.baseProductId, base));
    variant = item!.id;
    expect(itemIds).toHaveLength(1);
  });

  test("the variant is in its base's categories and names its base; others name none", async () => {
    expect(await get(variant)).toMatchObject({ name: "Plot Lamela V RAL 9005", categories: [{ id: category }], baseProduct: { id: base, name: "Plot Lamela V" } });
    expect((await get(base)).baseProduct).toBeNull();
    const row = (await list(`?id=${variant}`)).data[0]!;
    expect(row.baseProduct).toEqual({ id: base, name: "Plot Lamela V" });
  });

  test("variant=false hides variants, variant=true lists only them, with other filters too; a word that is neither filters nothing", async () => {
    const inCategory = async (query: string) => ids(await list(`?categories=${category}&size=500${query}`));
    expect(await inCategory("")).toEqual([base, variant]);
    expect(await inCategory("&variant=false")).toEqual([base]);
    expect(await inCategory("&variant=true")).toEqual([variant]);
    expect(await inCategory("&variant=0")).toEqual([base]);
    expect(await inCategory("&variant=maybe")).toEqual([base, variant]);
    expect((await list("?variant=true&size=500")).data.every((row) => row.baseProduct !== null)).toBe(true);
    expect((await list("?variant=false&size=500")).data.some((row) => row.id === variant)).toBe(false);
    // Counted as listed.
    expect((await list(`?categories=${category}&variant=true`)).meta.total).toBe(1);
    expect(ids(await list("?name=lamela v&variant=true"))).toEqual([variant]);
  });

  test("the list page filters by it and links a variant to its base; the variant's editor links its base read-only", async () => {
    const listed = await (await s.page(`/products?variant=true&categories=${category}`)).text();
    expect(listed).toContain(`href="/products/${base}"`);
    expect(listed).toContain("Plot Lamela V RAL 9005");
    const hidden = await (await s.page(`/products?variant=false&categories=${category}`)).text();
    expect(hidden).not.toContain("Plot Lamela V RAL 9005");
    const editor = await (await s.page(`/products/${variant}`)).text();
    expect(editor).toContain('id="product-variant-of"');
    expect(editor).toContain(`<a href="/products/${base}">Plot Lamela V</a>`);
    expect(await (await s.page(`/products/${base}`)).text()).not.toContain('id="product-variant-of"');
  });
});

describe("delete refusals", () => {
  test("a reference row and a product in a basket are refused readably; nothing is removed", async () => {
    const [fence] = await t.current.ctx.db.select({ id: products.id }).from(products).where(eq(products.systemRole, "ASSEMBLY_FENCE"));
    const refused = await s.api(`/api/products/${fence!.id}`, { method: "DELETE" });
    expect(refused.status).toBe(422);
    expect((await json(refused)).data).toEqual(["Produkt „Montáž plotu“ používá aplikace (montáž nebo upozornění v objednávkách) a nelze ho smazat"]);

    const id = await create({ name: "V košíku" });
    const [basket] = await t.current.ctx.db.insert(baskets).values({ type: "COMMON", userId: s.user.id }).returning({ id: baskets.id });
    await t.current.ctx.db.insert(basketItems).values({ basketId: basket!.id, productId: id, quantity: "1" });
    const inBasket = await s.api(`/api/products/${id}`, { method: "DELETE" });
    expect(inBasket.status).toBe(422);
    expect(await json(inBasket)).toEqual({ status: "fail", code: "VALIDATION", data: ["Produkt je v košících (1×); nejdřív ho z nich odeberte"], fields: {} });
    expect((await get(id)).name).toBe("V košíku");
  });
});

describe("category parameters: GET/PUT /api/products/:id/parameters", () => {
  test("defaults pre-filled, required enforced with field errors, values round-trip", async () => {
    const db = t.current.ctx.db;
    const param = async (row: typeof categoryParameters.$inferInsert, categoryId: number) => {
      const [created] = await db.insert(categoryParameters).values(row).returning({ id: categoryParameters.id });
      await db.insert(categoryParameterCategories).values({ parameterId: created!.id, categoryId });
      return created!.id;
    };
    const height = await param({ name: "Výška pole", unit: "mm", required: true, defaultValue: "1500" }, tree.Ploty!);
    const mesh = await param({ name: "Oko", unit: "mm", required: true }, tree.Pletivo!);
    const colour = await param({ name: "Odstín", defaultValue: "RAL 6005" }, tree["Poplastované"]!);
    const id = await create({ name: "Pletivo s parametry", categories: [tree["Poplastované"]] });

    const listed = (await json(await s.api(`/api/products/${id}/parameters`))).data;
    expect(listed.map((p: { id: number; required: boolean; default: string | null; unit: string; value: string | null }) => [p.id, p.required, p.default, p.unit, p.value])).toEqual([
      [colour, false, "RAL 6005", "", null],
      [mesh, true, null, "mm", null],
      [height, true, "1500", "mm", null],
    ]);

    const missing = await s.api(`/api/products/${id}/parameters`, { method: "PUT", json: [{ id: colour, value: "RAL 7016" }] });
    expect(missing.status).toBe(422);
    expect(await json(missing)).toEqual({
      status: "fail",
      code: "VALIDATION",
      data: [`Pole „${mesh}“: Parametr „Oko“ je povinný`],
      fields: { [mesh]: "Parametr „Oko“ je povinný" },
    });
    const notNumber = await json(await s.api(`/api/products/${id}/parameters`, { method: "PUT", json: [{ id: mesh, value: "velké" }] }));
    expect(notNumber.fields).toEqual({ [mesh]: "Parametr „Oko“ je v mm, zadejte číslo" });

    const saved = await s.api(`/api/products/${id}/parameters`, { method: "PUT", json: [{ id: mesh, value: "50" }, { id: colour, value: "RAL 7016" }] });
    expect(saved.status).toBe(200);
    const values = Object.fromEntries((await json(saved)).data.map((p: { id: number; value: string }) => [p.id, p.value]));
    expect(values).toEqual({ [mesh]: "50", [colour]: "RAL 7016", [height]: "1500" });
    expect((await get(id)).parameters).toEqual(
      [
        { id: height, value: "1500" },
        { id: mesh, value: "50" },
        { id: colour, value: "RAL 7016" },
      ].sort((a, b) => a.id - b.id),
    );
  });
});

describe("translations: GET/PUT /api/products/:id/translations", () => {
  test("round-trip per language; an unknown language is refused", async () => {
    const id = await create({ name: "Branka" });
    const body = { cs: { name: "Branka jednokřídlá", invoiceName: "Branka", description: "Žárově zinkovaná" }, en: { name: "Single wicket" } };
    const saved = await s.api(`/api/products/${id}/translations`, { method: "PUT", json: body });
    expect(saved.status).toBe(200);
    const expected = { cs: body.cs, en: { name: "Single wicket", invoiceName: null, description: null } };
    expect((await json(saved)).data).toEqual(expected);
    expect((await json(await s.api(`/api/products/${id}/translations`))).data).toEqual(expected);
    const bad = await s.api(`/api/products/${id}/translations`, { method: "PUT", json: { de: { name: "Tor" } } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).fields).toEqual({ de: "Jazyk „de“ se nepřekládá (jen cs a en)" });
  });
});

describe("prices: GET/PUT /api/products/:id/prices", () => {
  test("base, m² and per-e-shop prices round-trip; blank means same as base", async () => {
    const [shop] = await t.current.ctx.db.insert(eshops).values({ name: "Ploty Ohrada", url: "https://ploty.example" }).returning({ id: eshops.id });
    const id = await create({ name: "Plotové pole" });
    const saved = await s.api(`/api/products/${id}/prices`, {
      method: "PUT",
      json: { unitPrice: "1 234,50", m2Price: 389.9, eshops: [{ eshop: { id: shop!.id }, price: "1 299" }] },
    });
    expect(saved.status).toBe(200);
    const answer = (await json(await s.api(`/api/products/${id}/prices`))).data;
    expect(answer).toEqual({ unitPrice: 1234.5, m2Price: 389.9, eshops: [{ eshop: { id: shop!.id, name: "Ploty Ohrada" }, price: 1299 }] });
    const negative = await json(await s.api(`/api/products/${id}/prices`, { method: "PUT", json: { unitPrice: -1 } }));
    expect(negative.fields).toEqual({ unitPrice: "Nejmenší hodnota je 0" });
    await s.api(`/api/products/${id}/prices`, { method: "PUT", json: { unitPrice: 10 } });
    expect((await json(await s.api(`/api/products/${id}/prices`))).data).toEqual({
      unitPrice: 10,
      m2Price: null,
      eshops: [{ eshop: { id: shop!.id, name: "Ploty Ohrada" }, price: null }],
    });
  });
});
