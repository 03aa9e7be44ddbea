/**
 * "Is this order's deposit paid" (docs/decisions/053-invoice-lines-and-payments.md): a proforma of
 * the order is CLOSED (paid in full). One rule, written once as SQL, so a read that answers it for
 * many orders (the planning grid) embeds it in its own statement instead of asking again.
 */
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { fenceOrders, invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";

/** True where the order whose id is `orderId` (a column or an expression) has a paid proforma. */
export const depositPaidSql = (orderId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${invoices} where ${invoices.orderId} = ${orderId} and ${invoices.kind} = 'PROFORMA' and ${invoices.status} = 'CLOSED')`;

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
