/**
 * Saved baskets (docs/domain.md#saved-baskets; decision 028): a named copy of a user's common
 * basket, shared by the office (any user may load any saved basket into their own common basket),
 * never edited; a stale one may be deleted.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { savedBasketItems, savedBaskets, users } from "@db/schema";
import { type Ctx } from "@/lib/context";
import { filterCondition, type ListField, type ListInput, type ListResult, pageMeta, sortExpression } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { subquery } from "@/lib/subquery";
import { parseInput } from "@/lib/validation";
import { COMMON_WAREHOUSE_ID } from "../schemas";
import { addLinesToBasket, listBasketItems } from "../service";
import {
  type LoadSavedBasketResult,
  loadSavedBasketInput,
  type SaveBasketResult,
  type SavedBasket,
  saveBasketInput,
  savedBasketIdInput,
} from "./schemas";

function currentUser(ctx: Ctx): number {
  if (ctx.userId === null) throw AppError.error("UNAUTHORIZED");
  return ctx.userId;
}

const commonBasket = { type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID } as const;

/**
 * Copies the caller's common basket (its products and quantities) into a new saved basket named
 * `basketName`; the common basket stays as it is. An empty common basket is refused. With an
 * idempotency key a retried submit answers the first result and saves nothing more.
 */
export async function saveBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SaveBasketResult> {
  const userId = currentUser(ctx);
  const { basketName, idempotencyKey } = parseInput(saveBasketInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: "basket.save" }, async (tx) => {
    const lines = await listBasketItems({ ctx: tx, input: commonBasket });
    if (lines.length === 0) throw AppError.fail(msg("savedBaskets.emptyBasket"));
    const [saved] = await tx.db.insert(savedBaskets).values({ name: basketName, createdBy: userId, updatedBy: userId }).returning({ id: savedBaskets.id });
    const id = saved!.id;
    // One line per product in a basket (its unique key), so the saved basket's key holds too.
    await tx.db.insert(savedBasketItems).values(lines.map((line) => ({ savedBasketId: id, productId: line.shopProduct.id, quantity: line.quantity.toFixed(3) })));
    return { id, basketName, lineCount: lines.length };
  });
}

/**
 * Adds a saved basket's lines to the caller's common basket (addLinesToBasket: a product already
 * there grows, as any add does). The saved basket stays. Unknown id: 404. With an idempotency key
 * a retried load adds once.
 */
export async function loadSavedBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<LoadSavedBasketResult> {
  currentUser(ctx);
  const { id, idempotencyKey } = parseInput(loadSavedBasketInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: "basket.loadSaved" }, async (tx) => {
    // Shared lock: a delete running at the same time waits, so the lines read are the basket's.
    const [saved] = await tx.db.select({ id: savedBaskets.id, name: savedBaskets.name }).from(savedBaskets).where(eq(savedBaskets.id, id)).for("share");
    if (!saved) throw AppError.notFound();
    const lines = await tx.db
      .select({ productId: savedBasketItems.productId, quantity: savedBasketItems.quantity })
      .from(savedBasketItems)
      .where(eq(savedBasketItems.savedBasketId, id))
      .orderBy(asc(savedBasketItems.productId));
    if (lines.length === 0) throw AppError.fail(msg("savedBaskets.nothingToLoad", { name: saved.name }));
    const added = await addLinesToBasket({
      ctx: tx,
      input: { ...commonBasket, lines: lines.map((line) => ({ productId: line.productId, amount: line.quantity })) },
    });
    return { id, basketName: saved.name, basketId: added.basketId, lineCount: lines.length };
  });
}

/** Deletes a saved basket and its lines (no edit: docs/domain.md#saved-baskets); unknown id: 404. */
export async function deleteSavedBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<void> {
  currentUser(ctx);
  const { id } = parseInput(savedBasketIdInput, input);
  const removed = await ctx.db.delete(savedBaskets).where(eq(savedBaskets.id, id)).returning({ id: savedBaskets.id });
  if (removed.length === 0) throw AppError.notFound();
}

/** A saved basket's lines, counted per row of the page (a correlated subquery: src/lib/subquery.ts). */
const counted = alias(savedBasketItems, "counted_line");
const lineCount = sql<number>`${subquery.select({ lines: sql`count(*)::int` }).from(counted).where(eq(counted.savedBasketId, savedBaskets.id))}`;

/** The list's filters and sorts (the shared list's kinds: a number filter on id, a folded text filter on the name). */
const listFields: Record<string, ListField> = {
  id: { column: savedBaskets.id, filter: "number", sortable: true },
  basketName: { column: savedBaskets.name, filter: "text", sortable: true },
  createdAt: { column: savedBaskets.createdAt, sortable: true },
};
/** Newest first: the basket just saved is on top. */
const DEFAULT_SORT = "id,desc";

function orderOf(sort: string | undefined) {
  const [name, dir] = (sort ?? "").split(",");
  const field = name ? listFields[name] : undefined;
  if (!field?.sortable) return { key: DEFAULT_SORT, order: [desc(savedBaskets.id)] };
  const by = sortExpression(field);
  return { key: `${name},${dir}`, order: dir === "desc" ? [desc(by), desc(savedBaskets.id)] : [asc(by), asc(savedBaskets.id)] };
}

/** docs/domain.md#saved-baskets: the saved baskets, a page at a time, with their line counts and authors. */
export async function listSavedBaskets({ ctx, input }: { ctx: Ctx; input: ListInput }): Promise<ListResult<SavedBasket>> {
  const where = and(...Object.entries(input.filters).map(([name, value]) => (listFields[name] ? filterCondition(listFields[name], value) : undefined)));
  const sort = orderOf(input.sort);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({
        id: savedBaskets.id,
        name: savedBaskets.name,
        createdAt: savedBaskets.createdAt,
        lineCount,
        authorId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(savedBaskets)
      .leftJoin(users, eq(users.id, savedBaskets.createdBy))
      .where(where)
      .orderBy(...sort.order)
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    ctx.db.select({ total: count() }).from(savedBaskets).where(where),
  ]);
  return {
    meta: pageMeta(input, totals[0]?.total ?? 0, sort.key),
    rows: rows.map((row) => ({
      id: row.id,
      basketName: row.name,
      lineCount: Number(row.lineCount),
      createdAt: row.createdAt.toISOString(),
      author: row.authorId === null ? null : { id: row.authorId, name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || `#${row.authorId}` },
    })),
  };
}
