import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productImages } from "@db/schema";
import type { AppError } from "@/lib/errors";
import { tFor, translateMessage } from "@/lib/i18n";
import { MB } from "@/lib/uploads";
import { createCategory, createProduct } from "../../../../tests/helpers/factories/catalogue";
import { bigJpeg, filesOf, JPEG, PNG, TEXT, WEBP } from "../../../../tests/helpers/image-fixtures";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import {
  addProductImages,
  deleteProductImage,
  getProductImageFile,
  listProductImages,
  moveProductImage,
  productsOfCategoriesWithMainImage,
  reorderProductImages,
  setMainProductImage,
} from "./images.service";

const t = useTestDatabase();

const texts = (error: AppError) => error.messages.map((message) => translateMessage(tFor("cs"), message));

/** A product with three images a.jpg, b.png, c.webp (in that order); returns the ids. */
async function productWithImages() {
  const productId = await createProduct(t.db);
  const images = await addProductImages({ ctx: t.ctx, input: { productId, files: filesOf({ "a.jpg": JPEG, "b.png": PNG, "c.webp": WEBP }) } });
  return { productId, ids: images.map((image) => image.id) };
}

const summary = async (productId: number) =>
  (await listProductImages({ ctx: t.ctx, input: { productId } })).map((image) => `${image.fileName}${image.isMain ? "*" : ""}`);

describe("adding images", () => {
  test("several at once, in order, typed by content; the first becomes main", async () => {
    const productId = await createProduct(t.db);
    const added = await addProductImages({ ctx: t.ctx, input: { productId, files: filesOf({ "prvni.png": JPEG, "druhy.webp": WEBP }) } });
    expect(added.map(({ fileName, mimeType, size, isMain, sortOrder }) => ({ fileName, mimeType, size, isMain, sortOrder }))).toEqual([
      { fileName: "prvni.png", mimeType: "image/jpeg", size: JPEG.byteLength, isMain: true, sortOrder: 0 },
      { fileName: "druhy.webp", mimeType: "image/webp", size: WEBP.byteLength, isMain: false, sortOrder: 1 },
    ]);
    expect(added[0]!.url).toBe(`/products/${productId}/images/${added[0]!.id}`);
    // A later upload goes after them and does not take the main role.
    const [third] = await addProductImages({ ctx: t.ctx, input: { productId, files: filesOf({ "treti.png": PNG }) } });
    expect(third).toMatchObject({ sortOrder: 2, isMain: false });
    expect(await summary(productId)).toEqual(["prvni.png*", "druhy.webp", "treti.png"]);
  });

  test("the stored bytes come back unchanged with their type", async () => {
    const productId = await createProduct(t.db);
    const [image] = await addProductImages({ ctx: t.ctx, input: { productId, files: filesOf({ "x.webp": WEBP }) } });
    const file = await getProductImageFile({ ctx: t.ctx, input: { productId, imageId: image!.id } });
    expect(file.mimeType).toBe("image/webp");
    expect(Buffer.from(file.data).equals(Buffer.from(WEBP))).toBe(true);
    // Another product's path does not reach it.
    const other = await createProduct(t.db);
    expect((await failureOf(getProductImageFile({ ctx: t.ctx, input: { productId: other, imageId: image!.id } }))).code).toBe("NOT_FOUND");
  });

  test("one refused file (text renamed .jpg, or over 10 MB) stores nothing at all", async () => {
    const productId = await createProduct(t.db);
    const wrongType = await failureOf(addProductImages({ ctx: t.ctx, input: { productId, files: filesOf({ "ok.png": PNG, "fotka.jpg": TEXT }) } }));
    expect(texts(wrongType)).toEqual(["Soubor „fotka.jpg“ nemá povolený typ. Povolené typy: JPEG, PNG, WebP"]);
    const tooBig = await failureOf(addProductImages({ ctx: t.ctx, input: { productId, files: [{ fileName: "velky.jpg", data: bigJpeg(10 * MB + 1) }] } }));
    expect(texts(tooBig)).toEqual(["Soubor „velky.jpg“ je větší než 10 MB"]);
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, productId))).toEqual([]);
  });

  test("a missing product answers NOT_FOUND", async () => {
    expect((await failureOf(addProductImages({ ctx: t.ctx, input: { productId: 2_000_000_000, files: filesOf({ "a.png": PNG }) } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(listProductImages({ ctx: t.ctx, input: { productId: 2_000_000_000 } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(listProductImages({ ctx: t.ctx, input: { productId: -1 } }))).code).toBe("NOT_FOUND");
  });
});

describe("order", () => {
  test("reorder by a full list of ids", async () => {
    const { productId, ids } = await productWithImages();
    const reordered = await reorderProductImages({ ctx: t.ctx, input: { productId, ids: [ids[2], ids[0], ids[1]] } });
    expect(reordered.map((image) => [image.fileName, image.sortOrder])).toEqual([
      ["c.webp", 0],
      ["a.jpg", 1],
      ["b.png", 2],
    ]);
    // The main image stays main whatever its place.
    expect(await summary(productId)).toEqual(["c.webp", "a.jpg*", "b.png"]);
    // {ids: […]} and numeric strings are accepted too.
    await reorderProductImages({ ctx: t.ctx, input: { productId, ids: { ids: ids.map(String) } } });
    expect(await summary(productId)).toEqual(["a.jpg*", "b.png", "c.webp"]);
  });

  test("a list missing, repeating or adding an id is refused and changes nothing", async () => {
    const { productId, ids } = await productWithImages();
    const other = await productWithImages();
    for (const wrong of [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [...ids, other.ids[0]], [ids[0], ids[1], other.ids[0]]]) {
      const error = await failureOf(reorderProductImages({ ctx: t.ctx, input: { productId, ids: wrong } }));
      expect(texts(error)).toEqual(["Pořadí musí obsahovat právě všechny obrázky produktu"]);
    }
    expect((await failureOf(reorderProductImages({ ctx: t.ctx, input: { productId, ids: "1,2" } }))).status).toBe(422);
    expect((await failureOf(reorderProductImages({ ctx: t.ctx, input: { productId, ids: [ids[0], "x", ids[2]] } }))).status).toBe(422);
    expect(await summary(productId)).toEqual(["a.jpg*", "b.png", "c.webp"]);
  });

  test("move up and down swap neighbours; at the ends nothing changes", async () => {
    const { productId, ids } = await productWithImages();
    await moveProductImage({ ctx: t.ctx, input: { productId, imageId: ids[2]!, direction: "up" } });
    expect(await summary(productId)).toEqual(["a.jpg*", "c.webp", "b.png"]);
    await moveProductImage({ ctx: t.ctx, input: { productId, imageId: ids[0]!, direction: "down" } });
    expect(await summary(productId)).toEqual(["c.webp", "a.jpg*", "b.png"]);
    await moveProductImage({ ctx: t.ctx, input: { productId, imageId: ids[2]!, direction: "up" } });
    await moveProductImage({ ctx: t.ctx, input: { productId, imageId: ids[1]!, direction: "down" } });
    expect(await summary(productId)).toEqual(["c.webp", "a.jpg*", "b.png"]);
  });
});

describe("main image", () => {
  test("switching leaves exactly one main image", async () => {
    const { productId, ids } = await productWithImages();
    for (const id of [ids[1]!, ids[2]!, ids[2]!, ids[0]!]) {
      const images = await setMainProductImage({ ctx: t.ctx, input: { productId, imageId: id } });
      expect(images.filter((image) => image.isMain).map((image) => image.id)).toEqual([id]);
    }
    const rows = await t.db.select().from(productImages).where(eq(productImages.productId, productId));
    expect(rows.filter((row) => row.isMain)).toHaveLength(1);
  });

  test("another product's image cannot be made main", async () => {
    const { productId } = await productWithImages();
    const other = await productWithImages();
    expect((await failureOf(setMainProductImage({ ctx: t.ctx, input: { productId, imageId: other.ids[1]! } }))).code).toBe("NOT_FOUND");
    expect(await summary(other.productId)).toEqual(["a.jpg*", "b.png", "c.webp"]);
  });

  test("deleting the main image makes the next one main; deleting another keeps the main", async () => {
    const { productId, ids } = await productWithImages();
    await deleteProductImage({ ctx: t.ctx, input: { productId, imageId: ids[0]! } });
    expect(await summary(productId)).toEqual(["b.png*", "c.webp"]);
    await deleteProductImage({ ctx: t.ctx, input: { productId, imageId: ids[2]! } });
    expect(await summary(productId)).toEqual(["b.png*"]);
    await deleteProductImage({ ctx: t.ctx, input: { productId, imageId: ids[1]! } });
    expect(await summary(productId)).toEqual([]);
    expect((await failureOf(deleteProductImage({ ctx: t.ctx, input: { productId, imageId: ids[1]! } }))).code).toBe("NOT_FOUND");
    // The next upload becomes main again.
    await addProductImages({ ctx: t.ctx, input: { productId, files: filesOf({ "nova.png": PNG }) } });
    expect(await summary(productId)).toEqual(["nova.png*"]);
  });

  test("the first in order becomes main after deleting the main one, after a reorder", async () => {
    const { productId, ids } = await productWithImages();
    await reorderProductImages({ ctx: t.ctx, input: { productId, ids: [ids[0], ids[2], ids[1]] } });
    await deleteProductImage({ ctx: t.ctx, input: { productId, imageId: ids[0]! } });
    expect(await summary(productId)).toEqual(["c.webp*", "b.png"]);
  });
});

describe("productsOfCategoriesWithMainImage", () => {
  test("the products of the given categories, each once, by name, with the main image or null", async () => {
    const fences = await createCategory(t.db, { name: "Ploty" });
    const gates = await createCategory(t.db, { name: "Brány" });
    const panels = await createCategory(t.db, { name: "Dílce", parentId: fences });
    const green = await createCategory(t.db, { name: "Zelené", parentId: panels });
    const elsewhere = await createCategory(t.db, { name: "Jinde" });
    const both = await createProduct(t.db, { name: "Branka Řetízek", categoryIds: [fences, gates], unitPrice: "1234.50" });
    const plain = await createProduct(t.db, { name: "Aplot bez obrázku", categoryIds: [fences] });
    await createProduct(t.db, { name: "Jiný", categoryIds: [elsewhere] });
    const [, second] = await addProductImages({ ctx: t.ctx, input: { productId: both, files: filesOf({ "a.png": PNG, "b.jpg": JPEG }) } });
    await setMainProductImage({ ctx: t.ctx, input: { productId: both, imageId: second!.id } });

    const deep = await createProduct(t.db, { name: "Dílec zelený", categoryIds: [green] });

    const rows = await productsOfCategoriesWithMainImage({ ctx: t.ctx, input: { categoryIds: [fences, gates] } });
    expect(rows).toEqual([
      { id: plain, name: "Aplot bez obrázku", invoiceName: null, ean13: null, storable: true, unitPrice: null, m2Price: null, categoryIds: [fences], mainImage: null },
      {
        id: both,
        name: "Branka Řetízek",
        invoiceName: null,
        ean13: null,
        storable: true,
        unitPrice: 1234.5,
        m2Price: null,
        categoryIds: [fences, gates].sort((a, b) => a - b),
        mainImage: { id: second!.id, url: `/products/${both}/images/${second!.id}` },
      },
      // Below "Ploty" (two levels down) counts as in "Ploty", as in the products filter.
      { id: deep, name: "Dílec zelený", invoiceName: null, ean13: null, storable: true, unitPrice: null, m2Price: null, categoryIds: [fences], mainImage: null },
    ]);
    // Asking for a parent and its child names both for a product below the child.
    expect((await productsOfCategoriesWithMainImage({ ctx: t.ctx, input: { categoryIds: [panels, fences] } })).find((row) => row.id === deep)!.categoryIds).toEqual(
      [fences, panels].sort((a, b) => a - b),
    );
    expect((await productsOfCategoriesWithMainImage({ ctx: t.ctx, input: { categoryIds: [green] } })).map((row) => row.id)).toEqual([deep]);
    expect(await productsOfCategoriesWithMainImage({ ctx: t.ctx, input: { categoryIds: [2_000_000_000] } })).toEqual([]);
    // Semicolon-joined ids, as the product filter sends them.
    expect((await productsOfCategoriesWithMainImage({ ctx: t.ctx, input: { categoryIds: `${gates};` } })).map((row) => row.id)).toEqual([both]);
    expect(await productsOfCategoriesWithMainImage({ ctx: t.ctx, input: { categoryIds: [] } })).toEqual([]);
    expect((await failureOf(productsOfCategoriesWithMainImage({ ctx: t.ctx, input: { categoryIds: "1;x" } }))).status).toBe(422);
  });
});
