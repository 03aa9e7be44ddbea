/**
 * A product's images (docs/domain.md#product-editor, Images tab): stored as bytea in product_images, ordered by
 * sort_order, exactly one main image while the product has any. Every write locks the product
 * row first, so parallel uploads, reorders and main switches of one product run one at a time.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { categories, productCategories, productImages, products } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { czechOrder, isRowId, MAX_ROW_ID } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { checkFiles, IMAGE_KINDS, type IncomingFile, MB, type UploadRules } from "@/lib/uploads";
import { parseInput } from "@/lib/validation";
import { boundedArray } from "@/lib/zod-fields";

/** docs/domain.md#product-editor: jpg, png or webp, each at most 10 MB, checked by content. */
export const PRODUCT_IMAGE_RULES: UploadRules = { kinds: IMAGE_KINDS, maxBytes: 10 * MB, maxFiles: 10, field: "files" };

export interface ProductImage {
  id: number;
  productId: number;
  fileName: string;
  size: number;
  mimeType: string;
  isMain: boolean;
  sortOrder: number;
  url: string;
}

export interface ProductImageFile {
  fileName: string;
  mimeType: string;
  size: number;
  data: Uint8Array;
  updatedAt: Date;
}

/** Where the image's bytes are served (page route, behind the session guard). */
export const productImageUrl = (productId: number, imageId: number) => `/products/${productId}/images/${imageId}`;

const rowId = z.coerce.number({ error: "validation.invalid" }).int("validation.invalid").min(1, "validation.invalid").max(MAX_ROW_ID, "validation.invalid");

const infoColumns = {
  id: productImages.id,
  productId: productImages.productId,
  fileName: productImages.fileName,
  size: productImages.size,
  mimeType: productImages.mimeType,
  isMain: productImages.isMain,
  sortOrder: productImages.sortOrder,
};

const byOrder = [asc(productImages.sortOrder), asc(productImages.id)];

/** An id from a path or a caller: not a row id means there is no such record. */
function existingId(id: number): number {
  if (!isRowId(id)) throw AppError.notFound();
  return id;
}

/** Locks the product row for the rest of the transaction; NOT_FOUND when there is none. */
async function lockProduct(ctx: Ctx, productId: number): Promise<void> {
  const [row] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, existingId(productId))).for("update");
  if (!row) throw AppError.notFound();
}

async function imagesOf(ctx: Ctx, productId: number): Promise<ProductImage[]> {
  const rows = await ctx.db.select(infoColumns).from(productImages).where(eq(productImages.productId, productId)).orderBy(...byOrder);
  return rows.map((row) => ({ ...row, url: productImageUrl(row.productId, row.id) }));
}

/** Writes sort_order 0..n-1 in the given order. */
async function writeOrder(ctx: Ctx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::int then ${index}::int`),
    sql` `,
  );
  await ctx.db
    .update(productImages)
    .set({ sortOrder: sql`case ${productImages.id} ${cases} end`, updatedAt: new Date(), updatedBy: ctx.userId })
    .where(inArray(productImages.id, ids));
}

/** Makes `imageId` the only main image of the product (one statement: never zero or two mains). */
async function makeMain(ctx: Ctx, productId: number, imageId: number): Promise<void> {
  await ctx.db
    .update(productImages)
    .set({ isMain: sql`${productImages.id} = ${imageId}`, updatedAt: new Date(), updatedBy: ctx.userId })
    .where(and(eq(productImages.productId, productId), sql`${productImages.isMain} <> (${productImages.id} = ${imageId})`));
}

async function requireImage(ctx: Ctx, productId: number, imageId: number): Promise<ProductImage> {
  const images = await imagesOf(ctx, productId);
  const image = images.find((candidate) => candidate.id === imageId);
  if (!image) throw AppError.notFound();
  return image;
}

export async function listProductImages({ ctx, input }: { ctx: Ctx; input: { productId: number } }): Promise<ProductImage[]> {
  const [product] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, existingId(input.productId)));
  if (!product) throw AppError.notFound();
  return imagesOf(ctx, input.productId);
}

/**
 * Adds images after the existing ones, in the order given. The first image a product gets
 * becomes its main image. One refused file refuses them all.
 */
export async function addProductImages({ ctx, input }: { ctx: Ctx; input: { productId: number; files: IncomingFile[] } }): Promise<ProductImage[]> {
  const files = checkFiles(input.files, PRODUCT_IMAGE_RULES);
  return withTransaction(ctx, async (tx) => {
    await lockProduct(tx, input.productId);
    const existing = await imagesOf(tx, input.productId);
    const start = existing.length ? Math.max(...existing.map((image) => image.sortOrder)) + 1 : 0;
    const hasMain = existing.some((image) => image.isMain);
    const added: ProductImage[] = [];
    // One row per statement: a batch of ten 10 MB files would make one 100 MB statement.
    for (const [index, file] of files.entries()) {
      const [row] = await tx.db
        .insert(productImages)
        .values({
          productId: input.productId,
          fileName: file.fileName,
          mimeType: file.mimeType,
          size: file.size,
          data: file.data,
          sortOrder: start + index,
          isMain: !hasMain && index === 0,
          createdBy: tx.userId,
          updatedBy: tx.userId,
        })
        .returning(infoColumns);
      added.push({ ...row!, url: productImageUrl(row!.productId, row!.id) });
    }
    return added;
  });
}

const orderInput = z.union([boundedArray(rowId, { max: 9999 }), z.object({ ids: boundedArray(rowId, { max: 9999 }) }).transform((value) => value.ids)]);

/** Sets the order of all the product's images; `ids` must list each of them exactly once. */
export async function reorderProductImages({ ctx, input }: { ctx: Ctx; input: { productId: number; ids: unknown } }): Promise<ProductImage[]> {
  const ids = parseInput(orderInput, input.ids);
  return withTransaction(ctx, async (tx) => {
    await lockProduct(tx, input.productId);
    const current = await imagesOf(tx, input.productId);
    const known = new Set(current.map((image) => image.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw AppError.fail(msg("productMedia.images.orderMismatch"), { ids: msg("productMedia.images.orderMismatch") });
    }
    await writeOrder(tx, ids);
    return imagesOf(tx, input.productId);
  });
}

/** Swaps the image with its neighbour above or below; at either end nothing changes. */
export async function moveProductImage({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { productId: number; imageId: number; direction: "up" | "down" };
}): Promise<ProductImage[]> {
  return withTransaction(ctx, async (tx) => {
    await lockProduct(tx, input.productId);
    const ids = (await imagesOf(tx, input.productId)).map((image) => image.id);
    const index = ids.indexOf(input.imageId);
    if (index < 0) throw AppError.notFound();
    const other = input.direction === "up" ? index - 1 : index + 1;
    if (other >= 0 && other < ids.length) {
      [ids[index], ids[other]] = [ids[other]!, ids[index]!];
      await writeOrder(tx, ids);
    }
    return imagesOf(tx, input.productId);
  });
}

/** Exactly one main image per product, switched in one transaction under the product's lock. */
export async function setMainProductImage({ ctx, input }: { ctx: Ctx; input: { productId: number; imageId: number } }): Promise<ProductImage[]> {
  return withTransaction(ctx, async (tx) => {
    await lockProduct(tx, input.productId);
    await requireImage(tx, input.productId, input.imageId);
    await makeMain(tx, input.productId, input.imageId);
    return imagesOf(tx, input.productId);
  });
}

/** Deletes an image; when it was the main one, the first remaining image becomes main. */
export async function deleteProductImage({ ctx, input }: { ctx: Ctx; input: { productId: number; imageId: number } }): Promise<ProductImage[]> {
  return withTransaction(ctx, async (tx) => {
    await lockProduct(tx, input.productId);
    const image = await requireImage(tx, input.productId, input.imageId);
    await tx.db.delete(productImages).where(eq(productImages.id, image.id));
    const rest = await imagesOf(tx, input.productId);
    if (image.isMain && rest.length > 0) await makeMain(tx, input.productId, rest[0]!.id);
    return imagesOf(tx, input.productId);
  });
}

/** The stored bytes and their type, for serving. */
export async function getProductImageFile({ ctx, input }: { ctx: Ctx; input: { productId: number; imageId: number } }): Promise<ProductImageFile> {
  const [row] = await ctx.db
    .select({
      fileName: productImages.fileName,
      mimeType: productImages.mimeType,
      size: productImages.size,
      data: productImages.data,
      updatedAt: productImages.updatedAt,
    })
    .from(productImages)
    .where(and(eq(productImages.id, existingId(input.imageId)), eq(productImages.productId, existingId(input.productId))));
  if (!row) throw AppError.notFound();
  return row;
}

export interface ProductWithMainImage {
  id: number;
  name: string;
  invoiceName: string | null;
  ean13: string | null;
  storable: boolean;
  unitPrice: number | null;
  m2Price: number | null;
  /** Which of the asked categories the product falls under (directly or below them). */
  categoryIds: number[];
  mainImage: { id: number; url: string } | null;
}

/** Ids as a list (numbers or numeric strings) or semicolon-joined, as the product filter sends them. */
const categoryIdsInput = z.preprocess(
  (value) => (typeof value === "string" ? value.split(";").filter((part) => part.trim() !== "") : value),
  boundedArray(rowId, { max: 9999 }),
);

/** category id → the asked categories it is, or lies below. */
async function askedAncestors(ctx: Ctx, asked: number[]): Promise<Map<number, number[]>> {
  const rows = await ctx.db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const children = new Map<number, number[]>();
  for (const row of rows) if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  const known = new Set(rows.map((row) => row.id));
  const under = new Map<number, number[]>();
  for (const root of asked) {
    if (!known.has(root)) continue;
    const seen = new Set<number>();
    for (const queue = [root]; queue.length; ) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      under.set(id, [...(under.get(id) ?? []), root]);
      queue.push(...(children.get(id) ?? []));
    }
  }
  return under;
}

/**
 * docs/domain.md#items-tab, for the order items editor: the products
 * in the given categories or below them (as the products filter, docs/decisions/008), each once,
 * by name, with the asked categories they fall under and their main image or null.
 */
export async function productsOfCategoriesWithMainImage({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { categoryIds: unknown };
}): Promise<ProductWithMainImage[]> {
  const asked = [...new Set(parseInput(categoryIdsInput, input.categoryIds))];
  if (asked.length === 0) return [];
  const under = await askedAncestors(ctx, asked);
  if (under.size === 0) return [];
  const rows = await ctx.db
    .select({
      id: products.id,
      name: products.name,
      invoiceName: products.invoiceName,
      ean13: products.ean13,
      storable: products.storable,
      unitPrice: products.unitPrice,
      m2Price: products.m2Price,
      directCategoryIds: sql<number[]>`array_agg(${productCategories.categoryId})`,
      mainImageId: productImages.id,
    })
    .from(products)
    .innerJoin(productCategories, and(eq(productCategories.productId, products.id), inArray(productCategories.categoryId, [...under.keys()])))
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.isMain, true)))
    .groupBy(products.id, productImages.id)
    .orderBy(asc(czechOrder(products.name, products.sortName)), asc(products.id));
  return rows.map(({ mainImageId, unitPrice, m2Price, directCategoryIds, ...row }) => ({
    ...row,
    unitPrice: unitPrice === null ? null : Number(unitPrice),
    m2Price: m2Price === null ? null : Number(m2Price),
    categoryIds: [...new Set(directCategoryIds.flatMap((id) => under.get(Number(id)) ?? []))].sort((a, b) => a - b),
    mainImage: mainImageId === null ? null : { id: mainImageId, url: productImageUrl(row.id, mainImageId) },
  }));
}

export type PublicProductPhoto = { notModified: true; etag: string } | { notModified: false; etag: string; file: Omit<ProductImageFile, "updatedAt"> };

/**
 * docs/domain.md#public-photos (decision 059): an image of an ACTIVE product for `/fot/{imageId}`, without a
 * session. Anything else (an inactive product's image, an order file's id, no such id) is NOT_FOUND, so the
 * answer says nothing about what exists. An id's bytes are never rewritten (images are only added, reordered
 * and deleted), so the id and the size make the ETag; a matching `If-None-Match` reads no bytes at all.
 */
export async function publicProductPhoto({ ctx, input }: { ctx: Ctx; input: { imageId: number; ifNoneMatch?: string } }): Promise<PublicProductPhoto> {
  const imageId = existingId(input.imageId);
  const active = and(eq(productImages.id, imageId), eq(products.active, true));
  const [info] = await ctx.db
    .select({ size: productImages.size })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(active);
  if (!info) throw AppError.notFound();
  const etag = `"fot-${imageId}-${info.size}"`;
  if (input.ifNoneMatch !== undefined && input.ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")) {
    return { notModified: true, etag };
  }
  const [row] = await ctx.db
    .select({ fileName: productImages.fileName, mimeType: productImages.mimeType, size: productImages.size, data: productImages.data })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(active);
  if (!row) throw AppError.notFound();
  return { notModified: false, etag, file: row };
}
