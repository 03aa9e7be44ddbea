/**
 * "Is this order's deposit paid" (docs/decisions/053-invoice-lines-and-payments.md): a proforma of
 * the order is CLOSED (paid in full). One rule, written once as SQL, so a read that answers it for
 * many orders (the planning grid) embeds it in its own statement instead of asking again.
 */
import { and, eq, exists, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fenceOrders, invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { subquery } from "@/lib/subquery";

/** The proformas as the subquery names them: never the outer query's `invoices`. */
const proforma = alias(invoices, "deposit_proforma");

/**
 * True where the order whose id is `orderId` (a column or an expression) has a paid proforma.
 * Built with the query builder, so `orderId` stays qualified in any outer query (src/lib/subquery.ts).
 */
export const depositPaidSql = (orderId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`${exists(
    subquery
      .select({ one: sql`1` })
      .from(proforma)
      .where(and(eq(proforma.orderId, orderId), eq(proforma.kind, "PROFORMA"), eq(proforma.status, "CLOSED"))),
  )}`;

export async function isOrderDepositPaid({ ctx, input }: { ctx: Ctx; input: { orderId: number } }): Promise<boolean> {
  const [row] = await ctx.db.select({ paid: depositPaidSql(fenceOrders.id) }).from(fenceOrders).where(eq(fenceOrders.id, input.orderId));
  return Boolean(row?.paid);
}

/** The same for many orders at once: the ids whose deposit is paid. */
export async function ordersWithDepositPaid({ ctx, input }: { ctx: Ctx; input: { orderIds: readonly number[] } }): Promise<Set<number>> {
  if (!input.orderIds.length) return new Set();
  const rows = await ctx.db
    .select({ id: fenceOrders.id })
    .from(fenceOrders)
    .where(and(inArray(fenceOrders.id, [...new Set(input.orderIds)]), depositPaidSql(fenceOrders.id)));
  return new Set(rows.map((row) => row.id));
}
