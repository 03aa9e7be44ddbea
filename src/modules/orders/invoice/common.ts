/**
 * What the invoice services share: the default term, the documents' language, and reading and
 * writing one document's row (its paid sum, its status, its lock). See docs/decisions/053-invoice-lines-and-payments.md.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { invoicePayments, invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { fromHalere, toHalere } from "@/lib/money";
import type { InvoiceStatus } from "./schemas";

/** Days from the issue date to the due date and the date of taxable supply, unless given. */
export const INVOICE_DUE_DAYS = 14;

/** What the documents say is always Czech: they are Czech tax documents. */
export const documentT = tFor("cs");

export type InvoiceRow = typeof invoices.$inferSelect;

export const kc = (halere: number) => fromHalere(halere);
export const halereOf = (numeric: string | null) => (numeric === null ? 0 : toHalere(numeric));

/** Money received on a document, haléře, by id. */
export async function paidOf(ctx: Ctx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ invoiceId: invoicePayments.invoiceId, paid: sql<string>`sum(${invoicePayments.amount})` })
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, [...new Set(ids)]))
    .groupBy(invoicePayments.invoiceId);
  return new Map(rows.map((row) => [row.invoiceId, toHalere(Number(row.paid).toFixed(2))]));
}

export const setStatus = (ctx: Ctx, id: number, status: InvoiceStatus) =>
  ctx.db.update(invoices).set({ status, updatedBy: ctx.userId, updatedAt: new Date() }).where(eq(invoices.id, id));

/** The document's row, locked for the rest of the transaction. */
export async function lockInvoice(ctx: Ctx, id: number): Promise<InvoiceRow> {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id)).for("update").limit(1);
  if (!row) throw AppError.notFound();
  return row;
}
