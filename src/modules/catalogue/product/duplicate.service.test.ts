import { describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { categoryParameters, eshops, productCategories, productEshopPrices, productImages, productParameterValues, products, productTranslations } from "@db/schema";
import { createCategory, createProduct } from "../../../../tests/helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { filesOf, JPEG, PNG } from "../../../../tests/helpers/image-fixtures";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { duplicateProduct } from "./duplicate.service";
import { addProductImages, getProductImageFile, listProductImages, setMainProductImage } from "./images.service";

const t = useTestDatabase();

describe("duplicateProduct", () => {
  test("copies columns, categories, parameter values, translations, e-shop prices and images; not the EAN-13", async () => {
    const db = t.db;
    const fences = await createCategory(db, { name: "Ploty" });
    const green = await createCategory(db, { name: "Zelené" });
    const source = await createProduct(db, {
      name: "Plotový dílec Řetízek",
      invoiceName: "Dílec Řetízek",
      ean13: ean13("859000000001"),
      url: "https://ohrada.example/retizek",
      weight: "12500.000",
      scaleToleranceAmount: 3,
      storable: false,
      unitPrice: "1234.50",
      m2Price: "456.00",
      categoryIds: [fences, green],
    });
    const [height] = await db.insert(categoryParameters).values({ name: "Výška", unit: "mm" }).returning({ id: categoryParameters.id });
    await db.insert(productParameterValues).values({ productId: source, parameterId: height!.id, value: "1530" });
    await db.insert(productTranslations).values([
      { productId: source, lang: "cs", name: "Řetízek", invoiceName: "Řetízek fakt.", description: "Popis ř" },
      { productId: source, lang: "en", name: "Chain", invoiceName: null, description: "Description" },
    ]);
    const [eshop] = await db.insert(eshops).values({ name: `E-shop ${source}`, url: "https://eshop.example" }).returning({ id: eshops.id });
    await db.insert(productEshopPrices).values({ productId: source, eshopId: eshop!.id, price: "1299.00" });
    const [, second] = await addProductImages({ ctx: t.ctx, input: { productId: source, files: filesOf({ "a.png": PNG, "b.jpg": JPEG }) } });
    await setMainProductImage({ ctx: t.ctx, input: { productId: source, imageId: second!.id } });

    const copy = await duplicateProduct({ ctx: { ...t.ctx, userId: 7 }, input: { productId: source } });
    expect(copy).not.toBe(source);

    const [original] = await db.select().from(products).where(eq(products.id, source));
    const [duplicate] = await db.select().from(products).where(eq(products.id, copy));
    const { id: _a, createdAt: _b, updatedAt: _c, createdBy: _d, updatedBy: _e, searchName: _f, sortName: _g, ...same } = original!;
    expect(duplicate).toMatchObject({ ...same, name: "Plotový dílec Řetízek (kopie)", searchName: "plotovy dilec retizek (kopie)", sortName: "plotovy dilec r{etizek (kopie)", ean13: null, createdBy: 7, updatedBy: 7 });
    expect(original!.ean13).not.toBeNull();

    const categoriesOf = async (id: number) =>
      (await db.select().from(productCategories).where(eq(productCategories.productId, id))).map((row) => row.categoryId).sort((a, b) => a - b);
    expect(await categoriesOf(copy)).toEqual(await categoriesOf(source));
    expect(await categoriesOf(copy)).toHaveLength(2);

    expect(await db.select().from(productParameterValues).where(eq(productParameterValues.productId, copy))).toEqual([
      { productId: copy, parameterId: height!.id, value: "1530" },
    ]);
    const translations = await db.select().from(productTranslations).where(eq(productTranslations.productId, copy)).orderBy(asc(productTranslations.lang));
    expect(translations.map(({ lang, name, invoiceName, description }) => ({ lang, name, invoiceName, description }))).toEqual([
      { lang: "cs", name: "Řetízek", invoiceName: "Řetízek fakt.", description: "Popis ř" },
      { lang: "en", name: "Chain", invoiceName: null, description: "Description" },
    ]);
    expect(await db.select().from(productEshopPrices).where(eq(productEshopPrices.productId, copy))).toEqual([
      { productId: copy, eshopId: eshop!.id, price: "1299.00" },
    ]);

    const images = await listProductImages({ ctx: t.ctx, input: { productId: copy } });
    expect(images.map(({ fileName, mimeType, isMain, sortOrder }) => ({ fileName, mimeType, isMain, sortOrder }))).toEqual([
      { fileName: "a.png", mimeType: "image/png", isMain: false, sortOrder: 0 },
      { fileName: "b.jpg", mimeType: "image/jpeg", isMain: true, sortOrder: 1 },
    ]);
    const bytes = await getProductImageFile({ ctx: t.ctx, input: { productId: copy, imageId: images[1]!.id } });
    expect(Buffer.from(bytes.data).equals(Buffer.from(JPEG))).toBe(true);
    // The source keeps its own rows.
    expect((await listProductImages({ ctx: t.ctx, input: { productId: source } })).map((image) => image.id)).not.toContain(images[0]!.id);
    const copiedRows = await db.select({ createdBy: productImages.createdBy }).from(productImages).where(eq(productImages.productId, copy));
    expect(copiedRows.every((row) => row.createdBy === 7)).toBe(true);
  });

  test("a product without extras duplicates to a bare copy; duplicating twice gives two copies", async () => {
    const source = await createProduct(t.db, { name: "Sloupek" });
    const first = await duplicateProduct({ ctx: t.ctx, input: { productId: source } });
    const second = await duplicateProduct({ ctx: t.ctx, input: { productId: source } });
    expect(first).not.toBe(second);
    const names = await t.db.select({ name: products.name }).from(products).where(eq(products.id, second));
    expect(names).toEqual([{ name: "Sloupek (kopie)" }]);
    expect(await listProductImages({ ctx: t.ctx, input: { productId: first } })).toEqual([]);
  });

  test("a system product's copy is an ordinary product", async () => {
    const source = await createProduct(t.db, { name: "Montáž", systemRole: `test-role-${Date.now()}` });
    const copy = await duplicateProduct({ ctx: t.ctx, input: { productId: source } });
    const [row] = await t.db.select({ systemRole: products.systemRole }).from(products).where(eq(products.id, copy));
    expect(row!.systemRole).toBeNull();
  });

  test("a missing product answers NOT_FOUND and creates nothing", async () => {
    const before = (await t.db.select({ id: products.id }).from(products)).length;
    expect((await failureOf(duplicateProduct({ ctx: t.ctx, input: { productId: 2_000_000_000 } }))).code).toBe("NOT_FOUND");
    expect((await t.db.select({ id: products.id }).from(products)).length).toBe(before);
  });
});
