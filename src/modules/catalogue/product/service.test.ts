import { beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { basketItems, baskets, products, users, vatRates } from "@db/schema";
import { seedReference } from "@db/seed/reference";
import { createCategoryTree, createProduct, defaultVatId as vat21 } from "../../../../tests/helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { failureOf, fieldKeys, useTestDatabase } from "../../../../tests/helpers/service";
import { SYSTEM_ROLES } from "./schemas";
import { categorySubtreeIds, defaultVatId, getProduct, productService, vatChoices } from "./service";

const t = useTestDatabase();
let vat: number;

beforeAll(async () => {
  vat = await vat21(t.db);
});

const create = (input: Record<string, unknown>) => productService.create({ ctx: t.ctx, input: { vat, ...input } });

describe("product rules", () => {
  test("a new product takes the spec's defaults: storable, weight 0, tolerance 0", async () => {
    const id = await create({ id: null, name: "Sloupek 60×60" });
    const product = await productService.get({ ctx: t.ctx, input: { id } });
    expect(product).toMatchObject({ name: "Sloupek 60×60", storable: true, weight: 0, scaleToleranceAmount: 0, ean13: null, url: null, categories: [] });
    expect(product.vat).toEqual({ id: vat, name: "21 %", rate: 21, active: true });
  });

  test("blank weight and tolerance read as 0; decimal commas are accepted", async () => {
    const id = await create({ name: "Pletivo", weight: "", scaleToleranceAmount: "" });
    expect(await productService.get({ ctx: t.ctx, input: { id } })).toMatchObject({ weight: 0, scaleToleranceAmount: 0 });
    const other = await create({ name: "Drát", weight: "1 250,5", scaleToleranceAmount: "3" });
    expect(await productService.get({ ctx: t.ctx, input: { id: other } })).toMatchObject({ weight: 1250.5, scaleToleranceAmount: 3 });
  });

  test("each failure names its field", async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: "" }, { name: "validation.required" }],
      [{ name: "A", ean13: "123" }, { ean13: "product.eanDigits" }],
      [{ name: "A", ean13: "8594000000014" }, { ean13: "product.eanCheckDigit" }],
      [{ name: "A", url: "ftp://ploty.cz" }, { url: "validation.url" }],
      [{ name: "A", url: "ploty" }, { url: "validation.url" }],
      [{ name: "A", weight: -1 }, { weight: "validation.min" }],
      [{ name: "A", weight: "abc" }, { weight: "validation.number" }],
      [{ name: "A", scaleToleranceAmount: 1.5 }, { scaleToleranceAmount: "validation.integer" }],
      [{ name: "A", scaleToleranceAmount: -2 }, { scaleToleranceAmount: "validation.min" }],
      [{ name: "A", vat: null }, { vat: "validation.required" }],
      [{ name: "A", vat: 999_999 }, { vat: "product.vatUnknown" }],
      [{ name: "A", categories: [999_999] }, { categories: "product.unknownCategories" }],
    ];
    for (const [input, fields] of cases) {
      const error = await failureOf(create(input));
      expect({ input, fields: fieldKeys(error) }).toEqual({ input, fields });
    }
  });

  test("EAN-13 is unique; the message names the product that has it", async () => {
    const code = ean13("859400000101");
    const first = await create({ name: "Brána 4 m", ean13: code });
    const error = await failureOf(create({ name: "Brána 5 m", ean13: ` ${code.slice(0, 6)} ${code.slice(6)} ` }));
    expect(error.fields.ean13).toEqual({ key: "product.eanTaken", values: { id: first, name: "Brána 4 m" } });
    // Saving the product itself with its own code is fine.
    await productService.update({ ctx: t.ctx, input: { id: first, values: { name: "Brána 4 m", vat, ean13: code } } });
  });

  test("an inactive VAT rate is refused on a new product but stays on one that has it", async () => {
    const [inactive] = await t.db.insert(vatRates).values({ rate: "10", active: false }).returning({ id: vatRates.id });
    const error = await failureOf(create({ name: "Starý", vat: inactive!.id }));
    expect(error.fields.vat).toEqual({ key: "product.vatInactive", values: { rate: "10" } });
    const id = await createProduct(t.db, { name: "Starý", vatId: inactive!.id });
    await productService.update({ ctx: t.ctx, input: { id, values: { name: "Starý 2", vat: { id: inactive!.id } } } });
    expect((await productService.get({ ctx: t.ctx, input: { id } })).vat).toMatchObject({ id: inactive!.id, active: false });
    // Changing an active product to an inactive rate is refused too.
    const active = await create({ name: "Nový" });
    expect(fieldKeys(await failureOf(productService.update({ ctx: t.ctx, input: { id: active, values: { name: "Nový", vat: inactive!.id } } })))).toEqual({
      vat: "product.vatInactive",
    });
    // The editor's select still offers the product's own inactive rate, and only to that product.
    expect((await vatChoices({ ctx: t.ctx, input: { currentVatId: inactive!.id } })).map((v) => v.id)).toContain(inactive!.id);
    expect((await vatChoices({ ctx: t.ctx, input: { currentVatId: null } })).map((v) => v.id)).not.toContain(inactive!.id);
  });

  test("categories come as ids, numeric strings or {id} objects; the answer names them", async () => {
    const ids = await createCategoryTree(t.db, [{ name: "Brány", children: [{ name: "Posuvné" }, { name: "Křídlové" }] }]);
    const id = await create({ name: "Brána", categories: [ids["Posuvné"], String(ids["Křídlové"]), { id: ids["Posuvné"] }] });
    const product = await productService.get({ ctx: t.ctx, input: { id } });
    expect(product.categories).toEqual([
      { id: ids["Křídlové"]!, name: "Křídlové" },
      { id: ids["Posuvné"]!, name: "Posuvné" },
    ]);
    const updated = await productService.update({ ctx: t.ctx, input: { id, values: { name: "Brána", vat, categories: [ids["Brány"]] } } });
    expect(updated.categories).toEqual([{ id: ids["Brány"]!, name: "Brány" }]);
  });

  test("get answers the parameter values; a missing product is NOT_FOUND", async () => {
    const id = await create({ name: "Bez parametrů" });
    expect((await getProduct({ ctx: t.ctx, input: { id } })).parameters).toEqual([]);
    expect((await failureOf(productService.get({ ctx: t.ctx, input: { id: 2_000_000 } }))).code).toBe("NOT_FOUND");
  });

  test("create and update record who did it", async () => {
    const [user] = await t.db
      .insert(users)
      .values({ email: "audit@ohrada.test", firstName: "A", lastName: "B", passwordHash: "x" })
      .returning({ id: users.id });
    const id = await productService.create({ ctx: { ...t.ctx, userId: user!.id }, input: { name: "Audit", vat } });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect([row!.createdBy, row!.updatedBy]).toEqual([user!.id, user!.id]);
  });
});

describe("the category filter", () => {
  test("a ticked category matches products in it and anywhere below it", async () => {
    const ids = await createCategoryTree(t.db, [
      { name: "Ploty F", children: [{ name: "Poplastované F", children: [{ name: "Zelené F" }] }, { name: "Betonové F" }] },
      { name: "Příslušenství F" },
    ]);
    const green = await createProduct(t.db, { name: "Zelené pletivo", categoryIds: [ids["Zelené F"]!] });
    const concrete = await createProduct(t.db, { name: "Betonový panel", categoryIds: [ids["Betonové F"]!] });
    const top = await createProduct(t.db, { name: "Plot obecně", categoryIds: [ids["Ploty F"]!] });
    const clip = await createProduct(t.db, { name: "Příchytka", categoryIds: [ids["Příslušenství F"]!, ids["Zelené F"]!] });
    const names = async (value: string) =>
      (await productService.list({ ctx: t.ctx, input: { page: 1, size: 100, filters: { categories: value } } })).rows.map((row) => row.id).sort((a, b) => a - b);
    expect(await names(`${ids["Ploty F"]}`)).toEqual([green, concrete, top, clip].sort((a, b) => a - b));
    expect(await names(`${ids["Poplastované F"]}`)).toEqual([green, clip].sort((a, b) => a - b));
    expect(await names(`${ids["Zelené F"]};${ids["Betonové F"]}`)).toEqual([green, concrete, clip].sort((a, b) => a - b));
    expect(await names(`${ids["Příslušenství F"]}`)).toEqual([clip]);
    // A product in two matching categories is listed once; the count agrees.
    const page = await productService.list({ ctx: t.ctx, input: { page: 1, size: 100, filters: { categories: `${ids["Ploty F"]};${ids["Příslušenství F"]}` } } });
    expect(page.meta.total).toBe(4);
    expect(new Set(page.rows.map((row) => row.id)).size).toBe(4);
    // Garbage matches nothing rather than everything.
    expect(await names("abc")).toEqual([]);
    expect(await names("99999999")).toEqual([]);
    expect(await names(";;")).toEqual([]);
    expect((await categorySubtreeIds({ ctx: t.ctx, input: { ids: [ids["Poplastované F"]!] } })).sort()).toEqual([ids["Poplastované F"]!, ids["Zelené F"]!].sort());
  });

  test("paging starts at page 1 and pages through the filtered set", async () => {
    const [root] = Object.values(await createCategoryTree(t.db, [{ name: "Stránkování" }]));
    const made: number[] = [];
    for (let n = 0; n < 5; n++) made.push(await createProduct(t.db, { name: `Stránka ${n}`, categoryIds: [root!] }));
    const first = await productService.list({ ctx: t.ctx, input: { page: 1, size: 2, filters: { categories: String(root) } } });
    expect(first.rows.map((row) => row.id)).toEqual(made.slice(0, 2));
    expect(first.meta).toEqual({ page: 1, size: 2, total: 5, pages: 3, sort: "id,asc" });
    const last = await productService.list({ ctx: t.ctx, input: { page: 3, size: 2, filters: { categories: String(root) } } });
    expect(last.rows.map((row) => row.id)).toEqual(made.slice(4));
  });
});

describe("delete", () => {
  test("deletes a product with its categories; a reference row or one in a basket is refused", async () => {
    const ids = await createCategoryTree(t.db, [{ name: "Mazání" }]);
    const id = await create({ name: "Smazat", categories: [ids["Mazání"]] });
    await productService.remove({ ctx: t.ctx, input: { id } });
    expect((await failureOf(productService.get({ ctx: t.ctx, input: { id } }))).code).toBe("NOT_FOUND");

    const [assembly] = await t.db.select({ id: products.id }).from(products).where(eq(products.systemRole, "ASSEMBLY_FENCE"));
    const refused = await failureOf(productService.remove({ ctx: t.ctx, input: { id: assembly!.id } }));
    expect(refused.messages).toEqual([{ key: "product.systemRow", values: { name: "Montáž plotu" } }]);

    const inBasket = await create({ name: "V košíku" });
    const [user] = await t.db
      .insert(users)
      .values({ email: "basket@ohrada.test", firstName: "K", lastName: "B", passwordHash: "x" })
      .returning({ id: users.id });
    const [basket] = await t.db.insert(baskets).values({ type: "COMMON", userId: user!.id }).returning({ id: baskets.id });
    await t.db.insert(basketItems).values({ basketId: basket!.id, productId: inBasket, quantity: "2" });
    const error = await failureOf(productService.remove({ ctx: t.ctx, input: { id: inBasket } }));
    expect(error.messages).toEqual([{ key: "product.inBaskets", values: { n: 1 } }]);
    expect((await productService.get({ ctx: t.ctx, input: { id: inBasket } })).name).toBe("V košíku");
  });
});

describe("reference products", () => {
  test("the seed adds each role once, with the highest active VAT, and leaves staff edits alone", async () => {
    const rows = await t.db.select().from(products).where(inArray(products.systemRole, [...SYSTEM_ROLES]));
    expect(rows.map((row) => row.systemRole).sort()).toEqual([...SYSTEM_ROLES].sort());
    expect(rows.every((row) => row.vatId === vat && row.storable === false)).toBe(true);
    expect(rows.find((row) => row.systemRole === "ATTENTION")!.name).toBe("Ostatní – upřesnit");
    await t.db.update(products).set({ name: "Montáž plotu (upraveno)" }).where(eq(products.systemRole, "ASSEMBLY_FENCE"));
    await seedReference(t.ctx);
    const again = await t.db.select().from(products).where(inArray(products.systemRole, [...SYSTEM_ROLES]));
    expect(again).toHaveLength(SYSTEM_ROLES.length);
    expect(again.find((row) => row.systemRole === "ASSEMBLY_FENCE")!.name).toBe("Montáž plotu (upraveno)");
    expect(await defaultVatId({ ctx: t.ctx })).toBe(vat);
  });
});
