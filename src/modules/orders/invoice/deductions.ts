/**
 * The paid proformas a final invoice may link, and what it deducts of each: a VAT payer's
 * payment tax documents per rate, else the amount paid (docs/decisions/053-invoice-lines-and-payments.md).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { invoiceProformaLinks, invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { paidOf } from "./common";
import type { InvoiceDeduction } from "./formats/snapshot";
import { invoiceTotals } from "./formats/vat";

/** The order's paid proformas no final invoice deducts yet. */
export async function linkableProformas(ctx: Ctx, orderId: number) {
  const rows = await ctx.db
    .select({ id: invoices.id, number: invoices.number, total: invoices.total, snapshot: invoices.snapshot })
    .from(invoices)
    .leftJoin(invoiceProformaLinks, eq(invoiceProformaLinks.proformaId, invoices.id))
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "PROFORMA"), sql`${invoiceProformaLinks.proformaId} is null`))
    .orderBy(asc(invoices.id));
  const paid = await paidOf(ctx, rows.map((row) => row.id));
  return rows.flatMap((row) => {
    const paidHalere = paid.get(row.id) ?? 0;
    return paidHalere > 0 ? [{ ...row, paidHalere }] : [];
  });
}

/** A linked proforma's deduction: its payments' tax documents per rate, or the amount paid. */
export async function deductionOf(ctx: Ctx, proforma: { id: number; number: string; paidHalere: number }, vatPayer: boolean): Promise<InvoiceDeduction[]> {
  if (vatPayer) {
    const documents = await ctx.db
      .select({ number: invoices.number, snapshot: invoices.snapshot })
      .from(invoices)
      .where(and(eq(invoices.proformaInvoiceId, proforma.id), eq(invoices.kind, "PAYMENT_TAX_DOCUMENT")))
      .orderBy(asc(invoices.id));
    if (documents.length) {
      return documents.map((document) => ({
        taxed: true as const,
        number: document.number,
        variableSymbol: proforma.number,
        parts: invoiceTotals(document.snapshot).recap.map((row) => ({ vatRate: row.vatRate, baseHalere: row.baseHalere, vatHalere: row.vatHalere })),
      }));
    }
  }
  return [{ taxed: false, number: proforma.number, variableSymbol: proforma.number, amountHalere: proforma.paidHalere }];
}
