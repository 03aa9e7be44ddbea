/**
 * Baskets: one COMMON basket (warehouse id 0) and one WAREHOUSE basket per warehouse, per user
 * (docs/domain.md#baskets). One line per product; adding again grows its quantity.
 */
import { cachedRead, tableNames } from "@/lib/read-cache";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { basketItems, baskets, products, warehouses } from "@db/schema";
import type { BasketSummary } from "@/lib/context";
import { type Ctx, withTransaction } from "@/lib/context";
import { preparedFor } from "@/lib/db";
import { pgErrorCode } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { withIdempotency } from "@/lib/idempotency";
import { parseInput } from "@/lib/validation";
import {
  type AddToBasketResult,
  type BasketItem,
  type BasketRef,
  type BasketType,
  COMMON_WAREHOUSE_ID,
  addLinesToBasketInput,
  type AddLinesToBasketResult,
  addToBasketInput,
  basketItemIdInput,
  basketRefInput,
  type WarehouseBasketInfo,
} from "./schemas";
import { setBasketItemQuantityInput, warehouseBasketInput } from "./page-schemas";

export const COMMON_BASKET_HREF = "/warehouse/basket/common";

/** Why a product cannot be in a basket or in stock: a service (`storable` false, e.g. "Montáž plotu"; docs/decisions/036-stock-baskets-and-demo-warehouse.md). */
export const notStorableMessage = (name: string) => msg("basket.notStorable", { name });

/** The products among `ids` that are not stored (services), by id, with their names. */
export async function nonStorableProducts(ctx: Ctx, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(inArray(products.id, [...new Set(ids)]), eq(products.storable, false)))
    .orderBy(asc(products.id));
}
export const warehouseBasketHref = (warehouseId: number) => `/warehouse/basket/warehouse/${warehouseId}`;

function currentUser(ctx: Ctx): number {
  if (ctx.userId === null) throw AppError.error("UNAUTHORIZED");
  return ctx.userId;
}

/** A warehouse's name; one that has gone since its basket was made is named by its id ("Sklad 3"). */
const warehouseName = (ctx: Ctx, warehouseId: number, name: string | null) => name ?? (tFor(ctx.lang)("basket.warehouseName", { id: warehouseId }) as string);

/** numeric(12,3) arrives as text: "3.500" → 3.5. */
const quantityOf = (value: string) => Number(value);

async function findBasketId(ctx: Ctx, userId: number, ref: { type: BasketType; warehouseId: number }): Promise<number | undefined> {
  const [row] = await ctx.db
    .select({ id: baskets.id })
    .from(baskets)
    .where(and(eq(baskets.userId, userId), eq(baskets.type, ref.type), eq(baskets.warehouseId, ref.warehouseId)));
  return row?.id;
}

/**
 * Takes the basket row's lock before a line changes. A stock operation holds the same lock while
 * it reads the lines and clears them, so a line added or edited meanwhile waits for it and lands
 * in the emptied basket, instead of being acknowledged and then cleared unused (a lost update:
 * growing a line is an UPDATE, which the foreign key alone does not make wait).
 */
async function lockBasket(tx: Ctx, basketId: number): Promise<void> {
  await tx.db.select({ id: baskets.id }).from(baskets).where(eq(baskets.id, basketId)).for("update");
}

/** The caller's basket holding the line, locked as lockBasket does; undefined for another user's line or one gone. */
async function lockBasketOfLine(tx: Ctx, userId: number, itemId: number): Promise<number | undefined> {
  const [row] = await tx.db
    .select({ id: baskets.id })
    .from(baskets)
    .where(and(eq(baskets.userId, userId), sql`${baskets.id} = (select ${basketItems.basketId} from ${basketItems} where ${basketItems.id} = ${itemId})`))
    .for("update");
  return row?.id;
}

/** The user's basket of that type and warehouse, created on first use (safe against a concurrent create). */
export async function getOrCreateBasket({ ctx, input }: { ctx: Ctx; input: { userId: number; type: BasketType; warehouseId: number } }): Promise<number> {
  return withTransaction(ctx, async (tx) => {
    const existing = await findBasketId(tx, input.userId, input);
    if (existing !== undefined) return existing;
    const [created] = await tx.db
      .insert(baskets)
      .values({ userId: input.userId, type: input.type, warehouseId: input.warehouseId, createdBy: tx.userId, updatedBy: tx.userId })
      .onConflictDoNothing({ target: [baskets.userId, baskets.type, baskets.warehouseId] })
      .returning({ id: baskets.id });
    if (created) return created.id;
    const raced = await findBasketId(tx, input.userId, input);
    if (raced === undefined) throw AppError.error("CONFLICT");
    return raced;
  });
}

/**
 * docs/domain.md#products-list: adds `amount` (default 1, > 0, at most 3 decimals) of a product to the
 * caller's basket; a line that already holds the product grows. With an idempotency key a
 * retried submit answers the first result and adds nothing (docs/architecture.md#idempotency).
 */
export async function addToBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<AddToBasketResult> {
  const userId = currentUser(ctx);
  const { type, warehouseId, productId, amount, idempotencyKey } = parseInput(addToBasketInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: "basket.add" }, async (tx) => {
    const [product] = await tx.db.select({ id: products.id, name: products.name, storable: products.storable }).from(products).where(eq(products.id, productId));
    if (!product) throw AppError.invalid({ productId: msg("basket.productNotFound", { id: productId }) });
    if (!product.storable) throw AppError.invalid({ productId: notStorableMessage(product.name) });
    if (type === "WAREHOUSE") {
      const [warehouse] = await tx.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, warehouseId));
      if (!warehouse) throw AppError.invalid({ warehouseId: msg("basket.warehouseNotFound", { id: warehouseId }) });
    }
    const basketId = await getOrCreateBasket({ ctx: tx, input: { userId, type, warehouseId } });
    await lockBasket(tx, basketId);
    try {
      const [line] = await tx.db
        .insert(basketItems)
        .values({ basketId, productId, quantity: amount.toFixed(3), createdBy: userId, updatedBy: userId })
        .onConflictDoUpdate({
          target: [basketItems.basketId, basketItems.productId],
          set: { quantity: sql`${basketItems.quantity} + excluded.quantity`, updatedBy: userId, updatedAt: sql`now()` },
        })
        .returning({ id: basketItems.id, quantity: basketItems.quantity });
      return { basketId, itemId: line!.id, quantity: quantityOf(line!.quantity) };
    } catch (error) {
      // numeric(12,3) overflow: the line would exceed 999 999 999,999.
      if (pgErrorCode(error) === "22003") throw AppError.invalid({ amount: msg("basket.quantityTooLarge") });
      throw error;
    }
  });
}

/**
 * Adds several products to one of the caller's baskets in one transaction (docs/domain.md#manufacture-list: the
 * manufacture list's "add all"): each line grows the product's basket line as addToBasket does;
 * the same product twice adds once with the amounts summed. An unknown product or a line that
 * would overflow adds nothing at all. Idempotency is the caller's (withIdempotency around this).
 */
export async function addLinesToBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<AddLinesToBasketResult> {
  const userId = currentUser(ctx);
  const { type, warehouseId, lines } = parseInput(addLinesToBasketInput, input);
  // Summed in thousandths (numeric(12,3)), so 0.1 + 0.2 is 0.3.
  const amounts = new Map<number, number>();
  for (const line of lines) amounts.set(line.productId, (amounts.get(line.productId) ?? 0) + Math.round(line.amount * 1000));
  const ids = [...amounts.keys()];
  return withTransaction(ctx, async (tx) => {
    const found = new Map((await tx.db.select({ id: products.id, name: products.name, storable: products.storable }).from(products).where(inArray(products.id, ids))).map((row) => [row.id, row]));
    const unknown = lines.findIndex((line) => !found.has(line.productId));
    if (unknown >= 0) throw AppError.invalid({ [`lines.${unknown}.productId`]: msg("basket.productNotFound", { id: lines[unknown]!.productId }) });
    const service = lines.findIndex((line) => !found.get(line.productId)!.storable);
    if (service >= 0) throw AppError.invalid({ [`lines.${service}.productId`]: notStorableMessage(found.get(lines[service]!.productId)!.name) });
    if (type === "WAREHOUSE") {
      const [warehouse] = await tx.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, warehouseId));
      if (!warehouse) throw AppError.invalid({ warehouseId: msg("basket.warehouseNotFound", { id: warehouseId }) });
    }
    const basketId = await getOrCreateBasket({ ctx: tx, input: { userId, type, warehouseId } });
    await lockBasket(tx, basketId);
    try {
      const rows = await tx.db
        .insert(basketItems)
        .values(ids.map((productId) => ({ basketId, productId, quantity: (amounts.get(productId)! / 1000).toFixed(3), createdBy: userId, updatedBy: userId })))
        .onConflictDoUpdate({
          target: [basketItems.basketId, basketItems.productId],
          set: { quantity: sql`${basketItems.quantity} + excluded.quantity`, updatedBy: userId, updatedAt: sql`now()` },
        })
        .returning({ id: basketItems.id, productId: basketItems.productId, quantity: basketItems.quantity });
      const byProduct = new Map(rows.map((row) => [row.productId, row]));
      return { basketId, lines: ids.map((productId) => ({ productId, itemId: byProduct.get(productId)!.id, quantity: quantityOf(byProduct.get(productId)!.quantity) })) };
    } catch (error) {
      if (pgErrorCode(error) === "22003") throw AppError.fail(msg("basket.quantityTooLarge"));
      throw error;
    }
  });
}

/** docs/domain.md#basket: the items of one of the caller's baskets, oldest line first; none when it does not exist yet. */
export async function listBasketItems({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<BasketItem[]> {
  const userId = currentUser(ctx);
  const ref = parseInput(basketRefInput, input);
  const rows = await ctx.db
    .select({ id: basketItems.id, productId: products.id, productName: products.name, quantity: basketItems.quantity })
    .from(basketItems)
    .innerJoin(baskets, eq(baskets.id, basketItems.basketId))
    .innerJoin(products, eq(products.id, basketItems.productId))
    .where(and(eq(baskets.userId, userId), eq(baskets.type, ref.type), eq(baskets.warehouseId, ref.warehouseId)))
    .orderBy(asc(basketItems.id));
  return rows.map((row) => ({ id: row.id, shopProduct: { id: row.productId, name: row.productName }, quantity: quantityOf(row.quantity) }));
}

/** Removes one line of the caller's own baskets; another user's line is NOT_FOUND. */
export async function removeBasketItem({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<void> {
  const userId = currentUser(ctx);
  const { id } = parseInput(basketItemIdInput, input);
  await withTransaction(ctx, async (tx) => {
    const basketId = await lockBasketOfLine(tx, userId, id);
    if (basketId === undefined) throw AppError.notFound();
    const removed = await tx.db
      .delete(basketItems)
      .where(and(eq(basketItems.id, id), eq(basketItems.basketId, basketId)))
      .returning({ id: basketItems.id });
    if (removed.length === 0) throw AppError.notFound();
  });
}

/**
 * Sets one of the caller's basket lines to a new quantity (the basket tables' inline edit): the
 * amount rules of addToBasket (> 0, at most 3 decimals, a decimal comma fine); another user's
 * line, or one gone, is NOT_FOUND. Setting a value twice leaves it as once, so a retry is harmless.
 */
export async function setBasketItemQuantity({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<BasketItem> {
  const userId = currentUser(ctx);
  const { id, quantity } = parseInput(setBasketItemQuantityInput, input);
  return withTransaction(ctx, async (tx) => {
    const basketId = await lockBasketOfLine(tx, userId, id);
    if (basketId === undefined) throw AppError.notFound();
    const [line] = await tx.db
      .update(basketItems)
      .set({ quantity: quantity.toFixed(3), updatedBy: userId, updatedAt: sql`now()` })
      .where(and(eq(basketItems.id, id), eq(basketItems.basketId, basketId)))
      .returning({ id: basketItems.id, productId: basketItems.productId, quantity: basketItems.quantity });
    if (!line) throw AppError.notFound();
    const [product] = await tx.db.select({ name: products.name }).from(products).where(eq(products.id, line.productId));
    return { id: line.id, shopProduct: { id: line.productId, name: product!.name }, quantity: quantityOf(line.quantity) };
  });
}

/** A warehouse basket with its lines, for the pages (docs/domain.md#baskets). */
export interface WarehouseBasketLines {
  /** The basket row's id; null while the caller has none for this warehouse (nothing added yet). */
  basketId: number | null;
  warehouse: { id: number; name: string };
  items: BasketItem[];
}

/**
 * The warehouse basket page (docs/domain.md#warehouse-basket): the warehouse and the caller's
 * basket of it with its lines; an unknown warehouse is NOT_FOUND. Reading creates no basket.
 */
export async function getWarehouseBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<WarehouseBasketLines> {
  const userId = currentUser(ctx);
  const { warehouseId } = parseInput(warehouseBasketInput, input);
  const [warehouse] = await ctx.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.id, warehouseId));
  if (!warehouse) throw AppError.notFound();
  const basketId = (await findBasketId(ctx, userId, { type: "WAREHOUSE", warehouseId: warehouse.id })) ?? null;
  const items = basketId === null ? [] : await listBasketItems({ ctx, input: { type: "WAREHOUSE", warehouseId: warehouse.id } });
  return { basketId, warehouse, items };
}

/**
 * The common basket page's source warehouses (docs/domain.md#common-basket: the multi-select and its previews): each of
 * the caller's warehouse baskets, by warehouse, with its lines (one query for all of them).
 */
export async function listWarehouseBasketLines({ ctx }: { ctx: Ctx }): Promise<WarehouseBasketLines[]> {
  const userId = currentUser(ctx);
  const infos = await listWarehouseBaskets({ ctx });
  if (!infos.length) return [];
  const rows = await ctx.db
    .select({ basketId: basketItems.basketId, id: basketItems.id, productId: products.id, productName: products.name, quantity: basketItems.quantity })
    .from(basketItems)
    .innerJoin(baskets, eq(baskets.id, basketItems.basketId))
    .innerJoin(products, eq(products.id, basketItems.productId))
    .where(and(eq(baskets.userId, userId), eq(baskets.type, "WAREHOUSE")))
    .orderBy(asc(basketItems.id));
  return infos.map((info) => ({
    basketId: info.id,
    warehouse: info.warehouse,
    items: rows.filter((row) => row.basketId === info.id).map((row) => ({ id: row.id, shopProduct: { id: row.productId, name: row.productName }, quantity: quantityOf(row.quantity) })),
  }));
}

/** Empties one of the caller's baskets (the basket itself stays, listed with 0 items). Answers how many lines went. */
export async function clearBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ removed: number }> {
  const userId = currentUser(ctx);
  const ref: BasketRef = parseInput(basketRefInput, input);
  return withTransaction(ctx, async (tx) => {
    const basketId = await findBasketId(tx, userId, ref);
    if (basketId === undefined) return { removed: 0 };
    await lockBasket(tx, basketId);
    const removed = await tx.db.delete(basketItems).where(eq(basketItems.basketId, basketId)).returning({ id: basketItems.id });
    return { removed: removed.length };
  });
}

interface BasketCount {
  id: number;
  type: string;
  warehouseId: number;
  warehouseName: string | null;
  itemCount: number;
}

/** A user's baskets with their line counts; every page's left column asks, so the SQL is assembled once. */
const basketCountsQuery = preparedFor((db) =>
  db
    .select({ id: baskets.id, type: baskets.type, warehouseId: baskets.warehouseId, warehouseName: warehouses.name, itemCount: count(basketItems.id) })
    .from(baskets)
    .leftJoin(basketItems, eq(basketItems.basketId, baskets.id))
    // Warehouse id 0 (the common basket) matches no warehouse.
    .leftJoin(warehouses, eq(warehouses.id, baskets.warehouseId))
    .where(and(eq(baskets.userId, sql.placeholder("userId")), sql`(${sql.placeholder("type")}::text is null or ${baskets.type} = ${sql.placeholder("type")}::text)`))
    .groupBy(baskets.id, warehouses.name)
    // The common basket first, then warehouse baskets by warehouse.
    .orderBy(sql`case when ${baskets.type} = 'COMMON' then 0 else 1 end`, asc(baskets.warehouseId))
    .prepare("basket_counts"),
);

async function basketCounts(ctx: Ctx, userId: number, type?: BasketType): Promise<BasketCount[]> {
  const rows = await basketCountsQuery(ctx.db).execute({ userId, type: type ?? null });
  return rows.map((row) => ({ ...row, itemCount: Number(row.itemCount) }));
}

/** docs/domain.md#basket: the caller's warehouse baskets. */
export async function listWarehouseBaskets({ ctx }: { ctx: Ctx }): Promise<WarehouseBasketInfo[]> {
  const userId = currentUser(ctx);
  const rows = await basketCounts(ctx, userId, "WAREHOUSE");
  return rows.map((row) => ({ id: row.id, itemCount: row.itemCount, warehouse: { id: row.warehouseId, name: warehouseName(ctx, row.warehouseId, row.warehouseName) } }));
}

/**
 * The layout's left column (docs/domain.md#baskets-column): always the common basket first (highlighted by the
 * layout when it has a line), then the warehouse baskets the user has.
 */
export async function basketSummaries({ ctx, userId }: { ctx: Ctx; userId: number }): Promise<BasketSummary[]> {
  // Every page shows it: kept until this instance writes a basket (src/lib/read-cache.ts).
  return cachedRead(ctx.db, `baskets:${userId}:${ctx.lang}`, BASKET_COLUMN_TABLES, () => readBasketSummaries(ctx, userId));
}

const BASKET_COLUMN_TABLES = tableNames(baskets, basketItems, warehouses);

async function readBasketSummaries(ctx: Ctx, userId: number): Promise<BasketSummary[]> {
  const rows = await basketCounts(ctx, userId);
  const t = tFor(ctx.lang);
  // Reading a page must not write, so a common basket not made yet (it is made on the first add)
  // shows as an empty one; id 0 is no basket row's id.
  if (rows[0]?.type !== "COMMON") rows.unshift({ id: 0, type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID, warehouseName: null, itemCount: 0 });
  return rows.map((row) => {
    const common = row.type === "COMMON" && row.warehouseId === COMMON_WAREHOUSE_ID;
    return {
      id: row.id,
      name: common ? (t("shell.commonBasket") as string) : warehouseName(ctx, row.warehouseId, row.warehouseName),
      href: common ? COMMON_BASKET_HREF : warehouseBasketHref(row.warehouseId),
      itemCount: row.itemCount,
      common,
    };
  });
}
