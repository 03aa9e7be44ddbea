/**
 * docs/domain.md#transfer-log: the transfer log, read only (the stock operations append to it). Newest first by
 * (created_at, id), which the (created_at, id) index serves backwards, so a page of a million
 * rows reads 50 index entries; each filter has an index of its own led by its column.
 */
import { and, asc, count, desc, eq, gte, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { products, users, warehouses, warehouseTransferLogs } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { czechOrder, pageMeta, type ListInput, type ListResult } from "@/lib/crud/service";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import type { Message } from "@/lib/errors";
import { subquery } from "@/lib/subquery";
import { issueFields, parseInput } from "@/lib/validation";
import { logGroupColour, TRANSFER_LOG_COUNT_CAP, transferLogFilterInput, type TransferLogRow } from "./schemas";

const log = warehouseTransferLogs;

/**
 * The names are looked up per row of the page (50 index probes) rather than joined: the foreign
 * keys guarantee each id exists, and a five-table join cost more to plan than to run (decision 030).
 * Each is a correlated subquery over an aliased table, so the log's column stays the log's in any
 * shape of the outer select (src/lib/subquery.ts).
 */
const namedWarehouse = alias(warehouses, "named_warehouse");
const namedProduct = alias(products, "named_product");
const namedUser = alias(users, "named_user");
const nameOfWarehouse = (id: AnyColumn): SQL<string | null> => sql`${subquery.select({ name: namedWarehouse.name }).from(namedWarehouse).where(eq(namedWarehouse.id, id))}`;
const nameOfProduct = sql<string>`${subquery.select({ name: namedProduct.name }).from(namedProduct).where(eq(namedProduct.id, log.productId))}`;
const userFirstName = sql<string | null>`${subquery.select({ name: namedUser.firstName }).from(namedUser).where(eq(namedUser.id, log.userId))}`;
const userLastName = sql<string | null>`${subquery.select({ name: namedUser.lastName }).from(namedUser).where(eq(namedUser.id, log.userId))}`;

/** The start of a Prague calendar day as an instant, computed once by the database (the index sees a constant). */
const dayStart = (isoDate: string, plusDays = 0): SQL => sql`((${isoDate}::date + ${plusDays}::int)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

function whereOf(filters: Record<string, string>): SQL | undefined {
  const input = parseInput(transferLogFilterInput, filters);
  const conditions: (SQL | undefined)[] = [
    input.from ? gte(log.createdAt, dayStart(input.from)) : undefined,
    // `to` includes its whole day.
    input.to ? lt(log.createdAt, dayStart(input.to, 1)) : undefined,
    input.warehouse ? or(eq(log.targetWarehouseId, input.warehouse), eq(log.sourceWarehouseId, input.warehouse)) : undefined,
    input.product ? eq(log.productId, input.product) : undefined,
    input.type ? eq(log.transferType, input.type) : undefined,
    input.user ? eq(log.userId, input.user) : undefined,
    input.logGroup ? eq(log.logGroup, input.logGroup) : undefined,
  ];
  return and(...conditions.filter(Boolean));
}

/**
 * The page's filters split into those it can use and the messages of those it cannot (a date
 * that is no date, an id that is no id): the page shows the log without the unreadable ones and
 * says why at each field, rather than leaving the user on an error page. The API refuses them.
 */
export function splitTransferLogFilters(filters: Record<string, string>): { usable: Record<string, string>; errors: Record<string, Message> } {
  const result = transferLogFilterInput.safeParse(filters);
  if (result.success) return { usable: filters, errors: {} };
  const errors = issueFields(result.error.issues);
  return { usable: Object.fromEntries(Object.entries(filters).filter(([key]) => !(key in errors))), errors };
}

/** docs/domain.md#transfer-log: one page, newest first, filtered; the total counts up to TRANSFER_LOG_COUNT_CAP. */
export async function listTransferLogs({ ctx, input }: { ctx: Ctx; input: ListInput }): Promise<ListResult<TransferLogRow>> {
  const where = whereOf(input.filters);
  const limited = ctx.db.select({ one: sql`1` }).from(log).where(where).limit(TRANSFER_LOG_COUNT_CAP + 1).as("limited");
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({
        id: log.id,
        createdAt: log.createdAt,
        transferType: log.transferType,
        quantity: log.quantity,
        logGroup: log.logGroup,
        productId: log.productId,
        productName: nameOfProduct,
        targetId: log.targetWarehouseId,
        targetName: nameOfWarehouse(log.targetWarehouseId),
        sourceId: log.sourceWarehouseId,
        sourceName: nameOfWarehouse(log.sourceWarehouseId),
        userId: log.userId,
        firstName: userFirstName,
        lastName: userLastName,
      })
      .from(log)
      .where(where)
      .orderBy(desc(log.createdAt), desc(log.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    ctx.db.select({ total: count() }).from(limited),
  ]);
  const counted = totals[0]?.total ?? 0;
  const capped = counted > TRANSFER_LOG_COUNT_CAP;
  const seen = (input.page - 1) * input.size + rows.length;
  const meta = pageMeta(input, capped ? Math.max(TRANSFER_LOG_COUNT_CAP, seen) : counted, "createdAt,desc");
  if (capped) Object.assign(meta, { capped: true, pages: Math.max(meta.pages, input.page + (rows.length === input.size ? 1 : 0)) });
  return {
    meta,
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      targetWarehouse: row.targetId === null ? null : { id: row.targetId, name: row.targetName! },
      sourceWarehouse: row.sourceId === null ? null : { id: row.sourceId, name: row.sourceName! },
      product: { id: row.productId, name: row.productName },
      transferType: row.transferType,
      quantity: Number(row.quantity),
      user: row.userId === null ? null : { id: row.userId, firstName: row.firstName!, lastName: row.lastName! },
      logGroup: row.logGroup,
      colour: logGroupColour(row.logGroup),
    })),
  };
}

/** The users of the filter's select, by name. */
export async function transferLogUserChoices({ ctx }: { ctx: Ctx }): Promise<{ id: number; label: string }[]> {
  const rows = await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).orderBy(asc(czechOrder(users.lastName)), asc(users.id));
  return rows.map((row) => ({ id: row.id, label: `${row.firstName} ${row.lastName}`.trim() || `#${row.id}` }));
}
