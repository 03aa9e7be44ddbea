/** The editor's tabs: category parameters, translations and prices (service level). */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categoryParameterCategories, categoryParameters, eshops, productParameterValues, products } from "@db/schema";
import { createCategoryTree, createProduct } from "../../../../tests/helpers/factories/catalogue";
import { failureOf, fieldKeys, useTestDatabase } from "../../../../tests/helpers/service";
import { listProductParameters, saveProductParameters } from "./parameters";
import { getProductPrices, saveProductPrices } from "./prices";
import { getProductTranslations, saveProductTranslations } from "./translations";

const t = useTestDatabase();

async function parameter(values: Partial<typeof categoryParameters.$inferInsert> & { name: string; categoryIds: number[] }) {
  const { categoryIds, ...row } = values;
  const [created] = await t.db.insert(categoryParameters).values(row).returning({ id: categoryParameters.id });
  await t.db.insert(categoryParameterCategories).values(categoryIds.map((categoryId) => ({ parameterId: created!.id, categoryId })));
  return created!.id;
}

describe("category parameters", () => {
  let ids: Record<string, number>;
  let height: number;
  let colour: number;
  let wire: number;
  let gateOnly: number;
  let product: number;

  beforeAll(async () => {
    ids = await createCategoryTree(t.db, [
      { name: "Ploty", children: [{ name: "Pletivo", children: [{ name: "Poplastované" }] }] },
      { name: "Brány" },
    ]);
    height = await parameter({ name: "Výška", unit: "mm", required: true, defaultValue: "1500", categoryIds: [ids.Ploty!] });
    colour = await parameter({ name: "Barva", defaultValue: "RAL 6005", categoryIds: [ids.Pletivo!] });
    wire = await parameter({ name: "Průměr drátu", unit: "mm", required: true, categoryIds: [ids["Poplastované"]!, ids.Ploty!] });
    gateOnly = await parameter({ name: "Šířka brány", unit: "m", categoryIds: [ids["Brány"]!] });
    product = await createProduct(t.db, { name: "Pletivo zelené", categoryIds: [ids["Poplastované"]!] });
  });

  test("the product's categories and their ancestors bring their parameters, each once, by name", async () => {
    const list = await listProductParameters({ ctx: t.ctx, input: { id: product } });
    expect(list.map((p) => [p.name, p.required, p.default, p.unit, p.value])).toEqual([
      ["Barva", false, "RAL 6005", "", null],
      ["Průměr drátu", true, null, "mm", null],
      ["Výška", true, "1500", "mm", null],
    ]);
    expect(list.find((p) => p.id === wire)!.categories.sort()).toEqual(["Ploty", "Poplastované"]);
    expect(list.map((p) => p.id)).not.toContain(gateOnly);
  });

  test("a required parameter without a value is refused, naming it; nothing is saved", async () => {
    const error = await failureOf(saveProductParameters({ ctx: t.ctx, input: { id: product, values: [{ id: colour, value: "RAL 7016" }] } }));
    expect(error.fields).toEqual({ [String(wire)]: { key: "product.parameterRequired", values: { name: "Průměr drátu" } } });
    const cleared = await failureOf(saveProductParameters({ ctx: t.ctx, input: { id: product, values: [{ id: height, value: " " }, { id: wire, value: "3" }] } }));
    expect(fieldKeys(cleared)).toEqual({ [String(height)]: "product.parameterRequired" });
    expect(await t.db.select().from(productParameterValues).where(eq(productParameterValues.productId, product))).toEqual([]);
  });

  test("values save; an unsent parameter takes its default; numbers under a unit keep a decimal point", async () => {
    const saved = await saveProductParameters({ ctx: t.ctx, input: { id: product, values: [{ id: wire, value: "2,5" }] } });
    expect(Object.fromEntries(saved.map((p) => [p.name, p.value]))).toEqual({ Barva: "RAL 6005", "Průměr drátu": "2.5", Výška: "1500" });
    const again = await saveProductParameters({ ctx: t.ctx, input: { id: product, values: [{ id: colour, value: "" }, { id: height, value: 1800 }] } });
    expect(Object.fromEntries(again.map((p) => [p.name, p.value]))).toEqual({ Barva: null, "Průměr drátu": "2.5", Výška: "1800" });
  });

  test("a non-number under a unit and a parameter the categories do not bring are refused", async () => {
    const error = await failureOf(
      saveProductParameters({ ctx: t.ctx, input: { id: product, values: [{ id: height, value: "vysoký" }, { id: gateOnly, value: "4" }] } }),
    );
    expect(error.fields).toEqual({
      [String(height)]: { key: "product.parameterNumber", values: { name: "Výška", unit: "mm" } },
      [String(gateOnly)]: { key: "product.parameterNotApplicable", values: { id: gateOnly } },
    });
    const shape = await failureOf(saveProductParameters({ ctx: t.ctx, input: { id: product, values: { id: 1 } } }));
    expect(shape.code).toBe("VALIDATION");
  });

  test("a product without categories has none; a missing product is NOT_FOUND", async () => {
    const bare = await createProduct(t.db, { name: "Bez kategorie" });
    expect(await listProductParameters({ ctx: t.ctx, input: { id: bare } })).toEqual([]);
    expect(await saveProductParameters({ ctx: t.ctx, input: { id: bare, values: [] } })).toEqual([]);
    expect((await failureOf(listProductParameters({ ctx: t.ctx, input: { id: 2_000_000 } }))).code).toBe("NOT_FOUND");
  });
});

describe("translations", () => {
  test("round-trip per language; a blank language is removed; the other is left alone", async () => {
    const id = await createProduct(t.db, { name: "Branka" });
    expect(await getProductTranslations({ ctx: t.ctx, input: { id } })).toEqual({
      cs: { name: null, invoiceName: null, description: null },
      en: { name: null, invoiceName: null, description: null },
    });
    const saved = await saveProductTranslations({
      ctx: t.ctx,
      input: { id, translations: { cs: { name: "Branka jednokřídlá", description: "Pozinkovaná" }, en: { name: "Single wicket", invoiceName: "Wicket" } } },
    });
    expect(saved).toEqual({
      cs: { name: "Branka jednokřídlá", invoiceName: null, description: "Pozinkovaná" },
      en: { name: "Single wicket", invoiceName: "Wicket", description: null },
    });
    const cleared = await saveProductTranslations({ ctx: t.ctx, input: { id, translations: { en: { name: " ", invoiceName: "" } } } });
    expect(cleared.en).toEqual({ name: null, invoiceName: null, description: null });
    expect(cleared.cs.name).toBe("Branka jednokřídlá");
  });

  test("an unknown language and an over-long text are refused", async () => {
    const id = await createProduct(t.db, { name: "Branka 2" });
    expect(fieldKeys(await failureOf(saveProductTranslations({ ctx: t.ctx, input: { id, translations: { de: { name: "Tür" } } } })))).toEqual({
      de: "product.unknownLanguage",
    });
    expect(fieldKeys(await failureOf(saveProductTranslations({ ctx: t.ctx, input: { id, translations: { en: { name: "x".repeat(201) } } } })))).toEqual({
      "en.name": "validation.maxLength",
    });
    expect((await failureOf(saveProductTranslations({ ctx: t.ctx, input: { id: 2_000_000, translations: {} } }))).code).toBe("NOT_FOUND");
  });
});

describe("prices", () => {
  test("base, m² and per-e-shop prices round-trip in haléře-exact amounts; blank means same as base", async () => {
    const [shopA, shopB] = await t.db
      .insert(eshops)
      .values([
        { name: "Ploty Ohrada", url: "https://ploty.example" },
        { name: "Brány a branky", url: "https://brany.example" },
      ])
      .returning({ id: eshops.id });
    const id = await createProduct(t.db, { name: "Plotové pole" });
    const empty = await getProductPrices({ ctx: t.ctx, input: { id } });
    expect(empty.unitPrice).toBeNull();
    expect(empty.eshops.map((row) => [row.eshop.name, row.price])).toEqual([
      ["Brány a branky", null],
      ["Ploty Ohrada", null],
    ]);
    const saved = await saveProductPrices({
      ctx: t.ctx,
      input: { id, prices: { unitPrice: "1 234,50", m2Price: 0.1 + 0.2, eshops: [{ eshop: shopA!.id, price: "1299" }, { eshop: { id: shopB!.id }, price: "" }] } },
    });
    expect(saved.unitPrice).toBe(1234.5);
    expect(saved.m2Price).toBe(0.3);
    expect(saved.eshops.map((row) => [row.eshop.id, row.price])).toEqual([
      [shopB!.id, null],
      [shopA!.id, 1299],
    ]);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect([row!.unitPrice, row!.m2Price]).toEqual(["1234.50", "0.30"]);
    const cleared = await saveProductPrices({ ctx: t.ctx, input: { id, prices: {} } });
    expect(cleared).toMatchObject({ unitPrice: null, m2Price: null });
    expect(cleared.eshops.every((eshop) => eshop.price === null)).toBe(true);
  });

  test("negative, over-precise and unknown-e-shop prices are refused", async () => {
    const id = await createProduct(t.db, { name: "Plotové pole 2" });
    expect(fieldKeys(await failureOf(saveProductPrices({ ctx: t.ctx, input: { id, prices: { unitPrice: -1, m2Price: "1,234" } } })))).toEqual({
      unitPrice: "validation.min",
      m2Price: "validation.decimalPlaces",
    });
    expect(fieldKeys(await failureOf(saveProductPrices({ ctx: t.ctx, input: { id, prices: { eshops: [{ eshop: 2_000_000, price: 5 }] } } })))).toEqual({
      "eshops.0.eshop": "product.unknownEshop",
    });
    expect((await failureOf(saveProductPrices({ ctx: t.ctx, input: { id: 2_000_000, prices: {} } }))).code).toBe("NOT_FOUND");
  });
});
