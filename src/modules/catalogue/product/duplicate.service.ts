/**
 * "Duplicate product" (docs/domain.md#product-editor, Tools tab): a new product "<name> (kopie)" with the same
 * columns, categories, parameter values, translations, e-shop prices and images. Not copied:
 * the EAN-13 (unique, it identifies one product when scanned), the system role (the
 * application relies on exactly one row per role) and a variant's base and key (one variant per
 * base and values; the copy is a product of its own). One transaction: all of it or nothing.
 */
import { eq, sql } from "drizzle-orm";
import { productCategories, productEshopPrices, productParameterValues, products, productTranslations } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { isRowId } from "@/lib/crud/service";
import { AppError } from "@/lib/errors";

export const COPY_SUFFIX = " (kopie)";

export async function duplicateProduct({ ctx, input }: { ctx: Ctx; input: { productId: number } }): Promise<number> {
  if (!isRowId(input.productId)) throw AppError.notFound();
  return withTransaction(ctx, async (tx) => {
    const [source] = await tx.db.select().from(products).where(eq(products.id, input.productId)).for("share");
    if (!source) throw AppError.notFound();
    const { id: sourceId, ean13: _ean13, systemRole: _role, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...columns } = source;
    const [created] = await tx.db
      .insert(products)
      .values({ ...columns, name: `${source.name}${COPY_SUFFIX}`, ean13: null, systemRole: null, baseProductId: null, variantKey: null, createdBy: tx.userId, updatedBy: tx.userId })
      .returning({ id: products.id });
    const id = created!.id;

    const categories = await tx.db.select().from(productCategories).where(eq(productCategories.productId, sourceId));
    if (categories.length) await tx.db.insert(productCategories).values(categories.map((row) => ({ ...row, productId: id })));

    const parameters = await tx.db.select().from(productParameterValues).where(eq(productParameterValues.productId, sourceId));
    if (parameters.length) await tx.db.insert(productParameterValues).values(parameters.map((row) => ({ ...row, productId: id })));

    const translations = await tx.db.select().from(productTranslations).where(eq(productTranslations.productId, sourceId));
    if (translations.length) {
      await tx.db
        .insert(productTranslations)
        .values(translations.map((row) => ({ ...row, productId: id, updatedAt: new Date(), updatedBy: tx.userId })));
    }

    const prices = await tx.db.select().from(productEshopPrices).where(eq(productEshopPrices.productId, sourceId));
    if (prices.length) await tx.db.insert(productEshopPrices).values(prices.map((row) => ({ ...row, productId: id })));

    // Image bytes are copied inside the database; they never travel through the application.
    await tx.db.execute(sql`
      insert into product_images (product_id, file_name, mime_type, size, data, sort_order, is_main, created_by, updated_by)
      select ${id}, file_name, mime_type, size, data, sort_order, is_main, ${tx.userId}::int, ${tx.userId}::int
      from product_images where product_id = ${sourceId} order by sort_order, id`);
    return id;
  });
}
