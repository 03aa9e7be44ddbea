/**
 * The demo catalogue: tree, parameters, ~390 products with valid EANs, prices and values, the
 * made-to-measure slat system of every product type with the fence engine's parameters, its
 * sub-products and priced assembly; idempotent.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  categories,
  categoryParameterCategories,
  categoryParameters,
  eshops,
  productCategories,
  productEshopPrices,
  productParameterValues,
  products,
  productTranslations,
} from "@db/schema";
import { type Ctx, systemCtx } from "@/lib/context";
import { parseDecimal } from "@/lib/money";
import { isValidEan13 } from "@/lib/ean13";
import { PARAMETER_UNITS } from "@/modules/catalogue/category-parameter/schemas";
import { parameterRoles } from "@/modules/catalogue/category-parameter/roles";
import { parametersOfProducts } from "@/modules/catalogue/product/parameters";
import { NUMERIC_UNITS } from "@/modules/catalogue/product/schemas";
import { productService } from "@/modules/catalogue/product/service";
import { computeFenceItem, FENCE_PARAMETERS, PRODUCT_TYPES } from "@/modules/orders/fence-item/engine";
import { engineParametersOf } from "@/modules/orders/fence-item/product-parameters";
import { HOOK_TIMEOUT_MS } from "../../../tests/helpers/app";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/db";
import { createCategory, createProduct } from "../../../tests/helpers/factories/catalogue";
import { FENCE_PARAMETER_KEYS_BY_TYPE, fenceItemOfType, fenceProductParameters, SLAT_HEIGHTS } from "../factories/fence-item";
import {
  capName,
  DEMO_ASSEMBLY_PRICES,
  DEMO_CATEGORY_TREE,
  DEMO_MADE_TO_MEASURE_CATEGORIES,
  DEMO_PARAMETERS,
  DEMO_STEEL_FENCE_NAME,
  DEMO_SYSTEM_COLOURS,
  madeToMeasureName,
  postName,
  seedDemoCatalogue,
} from "./catalogue";

let database: TestDatabase;
let ctx: Ctx;

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = systemCtx(database.db);
  // E-shops exist first (the settings demo), so the catalogue adds e-shop prices.
  await database.db.insert(eshops).values([
    { name: "Ploty Ohrada", url: "https://www.ploty-ohrada.cz" },
    { name: "Plotové dílce (B2B)", url: "https://velkoobchod.ploty-ohrada.cz" },
  ]);
  await seedDemoCatalogue(ctx);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await database?.destroy();
}, HOOK_TIMEOUT_MS);

const countOf = async (table: PgTable) =>
  Number((await ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0);

/** Everything the seed writes, for comparing before and after a second run. */
async function snapshot() {
  return {
    categories: await ctx.db.select().from(categories).orderBy(asc(categories.id)),
    parameters: await ctx.db.select().from(categoryParameters).orderBy(asc(categoryParameters.id)),
    parameterLinks: await countOf(categoryParameterCategories),
    products: await ctx.db.select().from(products).orderBy(asc(products.id)),
    productLinks: await countOf(productCategories),
    values: await countOf(productParameterValues),
    translations: await countOf(productTranslations),
    eshopPrices: await countOf(productEshopPrices),
  };
}

/** category id → its id and every ancestor's id. */
async function ancestry(): Promise<Map<number, number[]>> {
  const rows = await ctx.db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const parent = new Map(rows.map((row) => [row.id, row.parentId]));
  return new Map(
    rows.map((row) => {
      const chain: number[] = [];
      for (let id: number | null | undefined = row.id; id != null; id = parent.get(id)) chain.push(id);
      return [row.id, chain];
    }),
  );
}

describe("demo catalogue", () => {
  test("the category tree: five top categories, three levels deep in places", async () => {
    const rows = await ctx.db.select().from(categories);
    const roots = rows.filter((row) => row.parentId === null).sort((a, b) => a.sortOrder - b.sortOrder);
    expect(roots.map((row) => row.name)).toEqual(["Ploty", "Brány", "Branky", "Příslušenství", "Montáž"]);
    const specs = (list: typeof DEMO_CATEGORY_TREE): number => list.reduce((n, spec) => n + 1 + specs(spec.children ?? []), 0);
    expect(rows.length).toBe(specs(DEMO_CATEGORY_TREE));
    expect(rows.length).toBeGreaterThanOrEqual(35);
    const depth = Math.max(...[...(await ancestry()).values()].map((chain) => chain.length));
    expect(depth).toBe(3);
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get("Svařované panely 3D")?.parentId).toBe(byName.get("Ploty")!.id);
    expect(byName.get("Panely 3D antracit RAL 7016")?.parentId).toBe(byName.get("Svařované panely 3D")!.id);
    expect(byName.get("Kulaté sloupky")?.parentId).toBe(byName.get("Sloupky")!.id);
  });

  test("category parameters with units, some required, creation parameters, defaults and one title suffix", async () => {
    const rows = await ctx.db.select().from(categoryParameters);
    expect(rows.length).toBe(DEMO_PARAMETERS.length);
    for (const row of rows) expect(PARAMETER_UNITS as readonly string[]).toContain(row.unit);
    expect(new Set(rows.map((row) => row.unit))).toEqual(new Set(["mm", "m", "kg", ""]));
    expect(rows.filter((row) => row.required).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.creationParameter).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.defaultValue !== null).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.titleAppending).map((row) => row.name)).toEqual(["Barva (RAL)"]);
    const height = rows.find((row) => row.name === "Výška")!;
    expect(height).toMatchObject({ unit: "mm", required: true });
    // Every parameter hangs on at least one category.
    const linked = new Set((await ctx.db.select({ id: categoryParameterCategories.parameterId }).from(categoryParameterCategories)).map((row) => row.id));
    expect(rows.every((row) => linked.has(row.id))).toBe(true);
  });

  test("about 390 products, each with a VAT rate and at least one category; the reference rows are not duplicated", async () => {
    const rows = await ctx.db.select().from(products).where(isNull(products.systemRole));
    expect(rows.length).toBeGreaterThanOrEqual(360);
    expect(rows.length).toBeLessThanOrEqual(420);
    expect(rows.every((row) => row.vatId !== null)).toBe(true);
    const linked = new Set((await ctx.db.select({ id: productCategories.productId }).from(productCategories)).map((row) => row.id));
    expect(rows.filter((row) => !linked.has(row.id)).map((row) => row.name)).toEqual([]);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    expect(rows.every((row) => row.invoiceName && row.invoiceName.length > 0)).toBe(true);

    // The reference seed's system rows stay four, and no demo row repeats their names.
    const system = await ctx.db.select().from(products).where(isNotNull(products.systemRole));
    expect(system.length).toBe(4);
    const systemNames = new Set(system.map((row) => row.name));
    expect(rows.filter((row) => systemNames.has(row.name))).toEqual([]);
    // The assembly products are filed under Montáž.
    const montaz = (await ctx.db.select().from(categories)).filter((row) => row.name.startsWith("Montáž"));
    const montazIds = new Set(montaz.map((row) => row.id));
    const links = await ctx.db.select().from(productCategories);
    for (const row of system.filter((r) => r.systemRole!.startsWith("ASSEMBLY_"))) {
      expect(links.some((link) => link.productId === row.id && montazIds.has(link.categoryId))).toBe(true);
    }
  });

  test("EAN-13: valid check digits, Czech 859 prefix, unique, on most products", async () => {
    const rows = await ctx.db.select({ ean13: products.ean13, storable: products.storable }).from(products).where(isNull(products.systemRole));
    const codes = rows.flatMap((row) => (row.ean13 ? [row.ean13] : []));
    expect(codes.length / rows.length).toBeGreaterThan(0.9);
    for (const code of codes) {
      expect(code).toMatch(/^859\d{10}$/);
      expect(isValidEan13(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
    // Services (not stored) carry no code.
    expect(rows.filter((row) => !row.storable).every((row) => row.ean13 === null)).toBe(true);
  });

  test("weights in grams and realistic CZK prices; fence products have an m² price", async () => {
    const rows = await ctx.db.select().from(products).where(isNull(products.systemRole));
    const priced = (prefix: string) => rows.filter((row) => row.name.startsWith(prefix)).map((row) => Number(row.unitPrice));
    const within = (values: number[], min: number, max: number) => {
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) {
        expect(value).toBeGreaterThanOrEqual(min);
        expect(value).toBeLessThanOrEqual(max);
      }
    };
    within(priced("Panel 3D"), 400, 1200);
    within(priced("Sloupek kulatý"), 200, 600);
    within(priced("Brána"), 15_000, 80_000);
    expect(rows.every((row) => row.unitPrice !== null && Number(row.unitPrice) > 0)).toBe(true);
    const panel = rows.find((row) => row.name === "Panel 3D 1530×2500 mm, Ø 4 mm, RAL 6005 zelená")!;
    expect(Number(panel.weight)).toBeGreaterThan(8_000);
    expect(Number(panel.weight)).toBeLessThan(16_000);
    // m² price ≈ unit price / (1.53 m × 2.5 m).
    expect(Math.abs(Number(panel.m2Price) - Number(panel.unitPrice) / (1.53 * 2.5))).toBeLessThan(1);
    for (const prefix of ["Panel 3D", "Pletivo", "Plotový dílec", "Betonová deska"]) {
      expect(rows.filter((row) => row.name.startsWith(prefix)).every((row) => row.m2Price !== null)).toBe(true);
    }
    expect(rows.filter((row) => row.name.startsWith("Sloupek")).every((row) => row.m2Price === null)).toBe(true);
  });

  test("parameter values: only the ones the product's categories bring, required ones filled, numbers under units", async () => {
    const chains = await ancestry();
    const parameterCategories = new Map<number, Set<number>>();
    for (const link of await ctx.db.select().from(categoryParameterCategories)) {
      const set = parameterCategories.get(link.parameterId) ?? new Set<number>();
      set.add(link.categoryId);
      parameterCategories.set(link.parameterId, set);
    }
    const parameters = await ctx.db.select().from(categoryParameters);
    const productChain = new Map<number, Set<number>>();
    for (const link of await ctx.db.select().from(productCategories)) {
      const set = productChain.get(link.productId) ?? new Set<number>();
      for (const id of chains.get(link.categoryId) ?? []) set.add(id);
      productChain.set(link.productId, set);
    }
    const applies = (parameterId: number, productId: number) =>
      [...(parameterCategories.get(parameterId) ?? [])].some((categoryId) => productChain.get(productId)?.has(categoryId));
    const values = await ctx.db.select().from(productParameterValues);
    expect(values.length).toBeGreaterThan(500);
    const byId = new Map(parameters.map((p) => [p.id, p]));
    for (const value of values) {
      expect(applies(value.parameterId, value.productId)).toBe(true);
      const unit = byId.get(value.parameterId)!.unit;
      if ((NUMERIC_UNITS as readonly string[]).includes(unit)) {
        // Stored as the product editor stores it: a plain number with a decimal point.
        expect(value.value).toMatch(/^\d+(\.\d+)?$/);
        expect(Number.isNaN(parseDecimal(value.value))).toBe(false);
      }
    }
    const has = new Set(values.map((value) => `${value.productId}/${value.parameterId}`));
    const demo = await ctx.db.select({ id: products.id, name: products.name }).from(products).where(isNull(products.systemRole));
    const missing = demo.flatMap((product) =>
      parameters.filter((p) => p.required && applies(p.id, product.id) && !has.has(`${product.id}/${p.id}`)).map((p) => `${product.name}: ${p.name}`),
    );
    expect(missing).toEqual([]);
  });

  test("a few English translations and e-shop prices for the e-shops that exist", async () => {
    const translations = await ctx.db.select().from(productTranslations);
    expect(translations.length).toBeGreaterThanOrEqual(5);
    expect(translations.every((row) => row.lang === "en" && row.name)).toBe(true);
    const prices = await ctx.db.select().from(productEshopPrices);
    expect(prices.length).toBeGreaterThan(0);
    const shops = await ctx.db.select({ id: eshops.id }).from(eshops);
    expect(new Set(prices.map((row) => row.eshopId))).toEqual(new Set(shops.map((shop) => shop.id)));
  });

  test("the products list filter by a top category finds the products filed anywhere below it", async () => {
    const [ploty] = (await ctx.db.select().from(categories)).filter((row) => row.name === "Ploty");
    const list = await productService.list({ ctx, input: { page: 1, size: 20, filters: { categories: String(ploty!.id) } } });
    const fences = await ctx.db.select({ n: count() }).from(products).where(isNull(products.systemRole));
    expect(list.meta.total).toBeGreaterThan(100);
    expect(list.meta.total).toBeLessThan(fences[0]!.n);
    expect(list.rows.length).toBe(20);
  });

  test("the fence engine's parameters are the reference seed's category parameters, once each, with their roles, units and the spec's figures as defaults", async () => {
    const rows = await ctx.db.select().from(categoryParameters);
    for (const definition of FENCE_PARAMETERS) {
      const named = rows.filter((parameter) => parameter.name === definition.name);
      expect({ name: definition.name, n: named.length, role: named[0]?.role, unit: named[0]?.unit }).toEqual({ name: definition.name, n: 1, role: definition.key, unit: definition.unit });
      expect(named[0]!.defaultValue).toBe(definition.defaultValue ? String(definition.defaultValue) : null);
    }
  });

  test("made to measure: every product type in its own category, bringing exactly that type's engine parameters, with realistic values", async () => {
    const categoryRows = await ctx.db.select().from(categories);
    const treeNames = new Map<string, string>();
    const walk = (specs: typeof DEMO_CATEGORY_TREE) => specs.forEach((spec) => (treeNames.set(spec.key, spec.name), walk(spec.children ?? [])));
    walk(DEMO_CATEGORY_TREE);
    for (const type of PRODUCT_TYPES) {
      const slats = type === "CUSTOM" ? [100 as const] : SLAT_HEIGHTS;
      const rows = await ctx.db
        .select({ id: products.id, name: products.name, m2Price: products.m2Price, unitPrice: products.unitPrice })
        .from(products)
        .where(inArray(products.name, slats.map((slat) => madeToMeasureName(type, slat))));
      expect({ type, n: rows.length }).toEqual({ type, n: slats.length });
      const parameters = await parametersOfProducts({ ctx, input: { ids: rows.map((row) => row.id) } });
      for (const row of rows) {
        const list = parameters.get(row.id)!;
        const engineNames = new Set<string>(FENCE_PARAMETERS.map((definition) => definition.name));
        // The type's engine parameters and no other, and the creation parameters height, width and colour (RAL, in the name).
        expect(list.filter((parameter) => engineNames.has(parameter.name)).map((parameter) => parameter.name).sort()).toEqual(
          FENCE_PARAMETERS.filter((definition) => FENCE_PARAMETER_KEYS_BY_TYPE[type].includes(definition.key)).map((definition) => definition.name).sort(),
        );
        expect(list.filter((parameter) => parameter.creationParameter).map((parameter) => parameter.name)).toEqual(expect.arrayContaining(["Výška", "Šířka", "Barva (RAL)"]));
        expect(list.find((parameter) => parameter.name === "Barva (RAL)")).toMatchObject({ titleAppending: true, value: "RAL 7016" });
        const slat = type === "CUSTOM" ? 100 : (Number(row.name.split(" ").at(-1)) as (typeof SLAT_HEIGHTS)[number]);
        const engine = engineParametersOf(list, await parameterRoles({ ctx }));
        expect(engine).toEqual(expect.objectContaining(fenceProductParameters(type, slat)));
        expect(Number(row.m2Price)).toBeGreaterThan(2000);
        expect(Number(row.unitPrice)).toBeGreaterThan(Number(row.m2Price));
        // The factories' item of the type is valid on it, without a hint, and its slats are counted.
        const computed = computeFenceItem(fenceItemOfType(type, row.id, fenceProductParameters(type, slat)) as never, engine);
        expect({ type, errors: computed.validation.errors, hints: computed.validation.hints }).toEqual({ type, errors: [], hints: [] });
        if (type !== "CUSTOM") expect(computed.slatCount).toBeGreaterThan(5);
      }
      const filed = await ctx.db.select({ categoryId: productCategories.categoryId }).from(productCategories).where(inArray(productCategories.productId, rows.map((row) => row.id)));
      expect(new Set(filed.map((link) => categoryRows.find((category) => category.id === link.categoryId)?.name))).toEqual(new Set([treeNames.get(DEMO_MADE_TO_MEASURE_CATEGORIES[type])]));
    }
    const [steel] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.name, DEMO_STEEL_FENCE_NAME));
    expect(engineParametersOf((await parametersOfProducts({ ctx, input: { ids: [steel!.id] } })).get(steel!.id), await parameterRoles({ ctx }))).toMatchObject({ pieceHeight: 100, uProfile: 30, weightPerMeter: 17.5 });
  });

  test("sub-products of the system: posts and caps in every system colour, concrete footings", async () => {
    const names = DEMO_SYSTEM_COLOURS.flatMap((colour) => [postName("60×60", 2500, colour), postName("100×100", 3000, colour), capName("60×60", colour), capName("80×80", colour)]);
    const rows = await ctx.db.select({ name: products.name, unitPrice: products.unitPrice }).from(products).where(inArray(products.name, names));
    expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
    const filed = await ctx.db
      .select({ category: categories.name, n: count() })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(categories.name, ["Hliníkové sloupky", "Krytky sloupků", "Betonové patky a základy"]))
      .groupBy(categories.name);
    expect(Object.fromEntries(filed.map((row) => [row.category, Number(row.n)]))).toEqual({ "Hliníkové sloupky": 25, "Krytky sloupků": 15, "Betonové patky a základy": 4 });
  });

  test("the assembly products (reference rows by system_role) are priced", async () => {
    for (const [role, price] of Object.entries(DEMO_ASSEMBLY_PRICES)) {
      const [row] = await ctx.db.select({ unitPrice: products.unitPrice }).from(products).where(and(eq(products.systemRole, role)));
      expect({ role, price: Number(row!.unitPrice) }).toEqual({ role, price });
    }
  });

  test("a second run changes nothing", async () => {
    const before = await snapshot();
    const again = await seedDemoCatalogue(ctx);
    expect(again.seeded).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});

describe("demo catalogue on a catalogue that is not empty", () => {
  test("does nothing when a category or a non-system product already exists", async () => {
    // One database for both cases (a fresh one each cost a PGlite start): each case's row is
    // removed before the next, so each meets a catalogue holding only its own row.
    const cases = [
      { prepare: (db: TestDatabase) => createCategory(db.db, { name: "Vlastní kategorie" }), undo: (db: TestDatabase, id: number) => db.db.delete(categories).where(eq(categories.id, id)) },
      { prepare: (db: TestDatabase) => createProduct(db.db, { name: "Vlastní výrobek" }), undo: (db: TestDatabase, id: number) => db.db.delete(products).where(eq(products.id, id)) },
    ];
    const other = await createTestDatabase();
    try {
      const otherCtx = systemCtx(other.db);
      for (const { prepare, undo } of cases) {
        const id = await prepare(other);
        const result = await seedDemoCatalogue(otherCtx);
        expect(result.seeded).toBe(false);
        expect((await other.db.select({ n: count() }).from(categories))[0]!.n).toBeLessThanOrEqual(1);
        expect((await other.db.select({ n: count() }).from(products).where(isNull(products.systemRole)))[0]!.n).toBeLessThanOrEqual(1);
        // Only the reference seed's engine parameters.
        expect((await other.db.select({ n: count() }).from(categoryParameters).where(isNull(categoryParameters.role)))[0]!.n).toBe(0);
        await undo(other, id);
      }
    } finally {
      await other.destroy();
    }
  }, HOOK_TIMEOUT_MS);
});
