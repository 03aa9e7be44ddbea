/**
 * The items tab of a fence order (docs/domain.md#items-tab):
 * - `getOrderItems`: the whole tab with every derived number (items-read.ts);
 * - `editOrderItems`: `editItems`, the whole tab in one transaction, at most once per idempotency
 *   key (items-write.ts);
 * - `deleteOrderItem`, `deleteOrderOtherItem`, `deleteOrderSubProduct`: one row each;
 * - `listOrderDynamicProducts`: the order's manufactured variants (variants.service.ts);
 * - `checkOrderItems`: what the Common tab warns about (no items, items the engine refuses), from
 *   the order's snapshot (order-snapshot/service.ts).
 * Every write takes the order's row lock first, so the tab's writes to one order never interleave.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { categories, categoryParameters, fenceOrderItems, fenceOrders, fenceOrderOtherItems, fenceOrderSubProducts, products } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { isRowId } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { subquery } from "@/lib/subquery";
import { lockFenceOrder } from "../fence-order/service";
import { readOrderSnapshot } from "../order-snapshot/service";
import { type FenceItemFieldName, type FieldIssue, type ProductType, valuesOfVariantKey } from "./engine";
import { readItemsTab } from "./items-read";
import { parseTab } from "./items-check";
import { nextItemsVersion, saveItemsTab } from "./items-write";
import type { DynamicProduct, EditItemsResult, ItemsTab } from "./schemas";

export async function getOrderItems({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ItemsTab> {
  return readItemsTab(ctx, input.id);
}

/**
 * Saves the tab (`values` as `editItemsInput` reads it). A retried submit with the same
 * idempotency key (body `idempotencyKey`, or the route's Idempotency-Key header) answers the first
 * result and writes nothing (docs/decisions/025-stock-operations.md: retries apply once). `itemsVersion` sent over a newer stored one throws
 * `ItemsVersionConflict`; `requireVersion` (the HTTP API) refuses a save without it
 * (docs/decisions/034-items-tab-version.md).
 */
export async function editOrderItems({ ctx, input }: { ctx: Ctx; input: { id: number; values: unknown; requireVersion?: boolean } }): Promise<EditItemsResult> {
  const parsed = parseTab(input.values);
  if (input.requireVersion && parsed.header.itemsVersion === undefined) parsed.fields.itemsVersion ??= msg("validation.required");
  // A malformed key is refused with the rest; a key that is fine is kept even when other fields are not.
  const key = parsed.fields.idempotencyKey ? null : parsed.header.idempotencyKey;
  return withIdempotency({ ctx, key, operation: `fenceOrder.editItems:${input.id}` }, (tx) => saveItemsTab(tx, input.id, parsed));
}

/** A row of the tab and the order it belongs to; 404 when there is no such row (or the id cannot be one). */
async function rowOrder(ctx: Ctx, table: typeof fenceOrderItems | typeof fenceOrderOtherItems, id: number): Promise<number> {
  if (!isRowId(id)) throw AppError.notFound();
  const [row] = await ctx.db.select({ orderId: table.orderId }).from(table).where(eq(table.id, id));
  if (!row) throw AppError.notFound();
  return row.orderId;
}

/** A row's delete is a write of the tab: its order's version goes one up (answered, so the tab that deleted can send it). */
async function touchItems(ctx: Ctx, orderId: number): Promise<DeletedRow> {
  const [row] = await ctx.db.update(fenceOrders).set(nextItemsVersion(ctx)).where(eq(fenceOrders.id, orderId)).returning({ itemsVersion: fenceOrders.itemsVersion });
  return { itemsVersion: row!.itemsVersion };
}

/** What a delete answers: the tab's version after it. */
export interface DeletedRow {
  itemsVersion: number;
}

/** docs/domain.md#items-tab-screen: deletes a fence item with its sub-products. */
export async function deleteOrderItem({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<DeletedRow> {
  return withTransaction(ctx, async (tx) => {
    const orderId = await rowOrder(tx, fenceOrderItems, input.id);
    await lockFenceOrder(tx, orderId);
    await tx.db.delete(fenceOrderItems).where(eq(fenceOrderItems.id, input.id));
    return touchItems(tx, orderId);
  });
}

/** docs/domain.md#items-tab-screen: deletes an other or assembly item. */
export async function deleteOrderOtherItem({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<DeletedRow> {
  return withTransaction(ctx, async (tx) => {
    const orderId = await rowOrder(tx, fenceOrderOtherItems, input.id);
    await lockFenceOrder(tx, orderId);
    await tx.db.delete(fenceOrderOtherItems).where(eq(fenceOrderOtherItems.id, input.id));
    return touchItems(tx, orderId);
  });
}

/** docs/domain.md#sub-products: deletes a sub-product, only while another of the same category remains on its item. */
export async function deleteOrderSubProduct({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<DeletedRow> {
  if (!isRowId(input.id)) throw AppError.notFound();
  return withTransaction(ctx, async (tx) => {
    const [line] = await tx.db
      .select({ itemId: fenceOrderSubProducts.itemId, categoryId: fenceOrderSubProducts.productCategoryId, category: categories.name, orderId: fenceOrderItems.orderId })
      .from(fenceOrderSubProducts)
      .innerJoin(fenceOrderItems, eq(fenceOrderItems.id, fenceOrderSubProducts.itemId))
      .leftJoin(categories, eq(categories.id, fenceOrderSubProducts.productCategoryId))
      .where(eq(fenceOrderSubProducts.id, input.id));
    if (!line) throw AppError.notFound();
    await lockFenceOrder(tx, line.orderId);
    if (line.categoryId !== null) {
      const [other] = await tx.db
        .select({ id: fenceOrderSubProducts.id })
        .from(fenceOrderSubProducts)
        .where(and(eq(fenceOrderSubProducts.itemId, line.itemId), eq(fenceOrderSubProducts.productCategoryId, line.categoryId), ne(fenceOrderSubProducts.id, input.id)))
        .limit(1);
      if (!other) throw AppError.fail(msg("fenceItem.subProduct.lastOfCategory", { category: line.category ?? line.categoryId }));
    }
    await tx.db.delete(fenceOrderSubProducts).where(eq(fenceOrderSubProducts.id, input.id));
    return touchItems(tx, line.orderId);
  });
}

/** docs/decisions/019-items-tab-api.md#dynamic-products: the manufactured variants of the order's items, with their creation values. */
export async function listOrderDynamicProducts({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<DynamicProduct[]> {
  await readOrderExists(ctx, input.id);
  // The base product is another row of products: an aliased subquery (src/lib/subquery.ts).
  const baseProduct = alias(products, "base_product");
  const base = sql<string>`${subquery.select({ name: baseProduct.name }).from(baseProduct).where(eq(baseProduct.id, products.baseProductId))}`;
  const rows = await ctx.db
    .select({
      itemId: fenceOrderItems.id,
      amount: fenceOrderItems.amount,
      id: products.id,
      name: products.name,
      baseId: products.baseProductId,
      baseName: base,
      variantKey: products.variantKey,
    })
    .from(fenceOrderItems)
    .innerJoin(products, eq(products.id, fenceOrderItems.manufacturedProductId))
    .where(and(eq(fenceOrderItems.orderId, input.id), isNotNull(fenceOrderItems.manufacturedProductId)))
    .orderBy(asc(fenceOrderItems.sortOrder), asc(fenceOrderItems.id));
  const parameterIds = [...new Set(rows.flatMap((row) => valuesOfVariantKey(row.variantKey).map((value) => value.id)))];
  const parameters = new Map(
    (parameterIds.length
      ? await ctx.db.select({ id: categoryParameters.id, name: categoryParameters.name, unit: categoryParameters.unit }).from(categoryParameters).where(inArray(categoryParameters.id, parameterIds))
      : []
    ).map((row) => [row.id, row]),
  );
  const variants = new Map<number, DynamicProduct & { thousandths: number }>();
  for (const row of rows) {
    let variant = variants.get(row.id);
    if (!variant) {
      variant = {
        id: row.id,
        name: row.name,
        baseProduct: { id: row.baseId!, name: row.baseName },
        parameters: valuesOfVariantKey(row.variantKey).map(({ id, value }) => ({ id, name: parameters.get(id)?.name ?? "", unit: parameters.get(id)?.unit ?? "", value })),
        amount: 0,
        itemIds: [],
        thousandths: 0,
      };
      variants.set(row.id, variant);
    }
    variant.thousandths += Math.round(row.amount * 1000);
    variant.itemIds.push(row.itemId);
  }
  return [...variants.values()].map(({ thousandths, ...variant }) => ({ ...variant, amount: thousandths / 1000 }));
}

async function readOrderExists(ctx: Ctx, id: number): Promise<void> {
  const [order] = await ctx.db.select({ id: fenceOrders.id }).from(fenceOrders).where(eq(fenceOrders.id, id));
  if (!order) throw AppError.notFound();
}

/** An item the Common tab names in its warning: its place in the tab and what the engine refuses. */
export interface InvalidItem {
  id: number;
  /** 1-based, as the tab shows it. */
  position: number;
  productType: ProductType | null;
  missing: FenceItemFieldName[];
  errors: FieldIssue[];
}

/** docs/domain.md#fence-order-editor: the Common tab's warning about the items: none yet, or the ones the engine refuses. */
export interface ItemsCheck {
  /** Fence, other and assembly items. */
  count: number;
  invalid: InvalidItem[];
}

export async function checkOrderItems({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ItemsCheck> {
  const snapshot = await readOrderSnapshot(ctx, input.id);
  const invalid = snapshot.items.flatMap(({ row, computed: { productType, validation } }, index) =>
    validation.valid ? [] : [{ id: row.id, position: index + 1, productType, missing: validation.missing, errors: validation.errors }],
  );
  return { count: snapshot.items.length + snapshot.otherItems.length + snapshot.assemblyItems.length, invalid };
}
