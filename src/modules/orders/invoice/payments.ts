/**
 * Payments received on a document (`PUT /api/orders/invoices/:id`) and mark as paid: partial
 * payments add up to what it asks to pay and the last one closes it
 * (docs/decisions/053-invoice-lines-and-payments.md).
 */
import { eq } from "drizzle-orm";
import { invoicePayments } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { formatCzechDate, todayInPrague } from "@/lib/dates";
import { AppError, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { formatMoney, halereToNumeric } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { halereOf, type InvoiceRow, kc, lockInvoice, paidOf, setStatus } from "./common";
import { getInvoice } from "./detail";
import { issuePaymentTaxDocument } from "./payment-tax-document";
import { type InvoiceDetail, invoiceUpdateInput } from "./schemas";

/** A payment to record: haléře, the day it came, a note, and where it came from (typed by hand unless a statement line says otherwise). */
export interface NewPayment {
  amountHalere: number;
  paidOn: string;
  note: string | null;
  /** The bank statement line it was paired from (docs/decisions/079-bank-statement-pairing.md). */
  statementLineId?: number | null;
}

/**
 * Records a payment against a document: partial payments add up to what it asks to pay, and the
 * last one closes it. A VAT payer's payment on a proforma issues its tax document ("daňový doklad
 * k přijaté platbě"), dated the day the money came. Answers the payment's id.
 */
export async function addPayment(ctx: Ctx, row: InvoiceRow, payment: NewPayment, today: string): Promise<number> {
  if (row.kind === "PAYMENT_TAX_DOCUMENT" || row.kind === "CREDIT_NOTE") throw AppError.fail(msg("invoices.nothingToPay"));
  if (row.status === "CLOSED") throw AppError.fail(msg("invoices.alreadyClosed", { number: row.number }));
  if (payment.paidOn > today) throw AppError.invalid({ "payment.paidOn": msg("invoices.paidInFuture") });
  // Money for a document comes after it is issued; an earlier day would date its tax document before its proforma.
  if (payment.paidOn < row.issueDate) throw AppError.invalid({ "payment.paidOn": msg("invoices.paidBeforeIssue", { date: formatCzechDate(row.issueDate) }) });
  const paid = (await paidOf(ctx, [row.id])).get(row.id) ?? 0;
  const remaining = halereOf(row.payable) - paid;
  if (payment.amountHalere > remaining) throw AppError.invalid({ "payment.amount": msg("invoices.overpaid", { remaining: formatMoney(kc(remaining), ctx.lang) }) });
  const [inserted] = await ctx.db
    .insert(invoicePayments)
    .values({
      invoiceId: row.id,
      amount: halereToNumeric(payment.amountHalere),
      paidOn: payment.paidOn,
      note: payment.note,
      source: payment.statementLineId ? "statement" : "manual",
      statementLineId: payment.statementLineId ?? null,
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    })
    .returning({ id: invoicePayments.id });
  if (row.kind === "PROFORMA" && row.snapshot.vatPayer) {
    const taxDocument = await issuePaymentTaxDocument(ctx, row, payment.amountHalere, payment.paidOn, today);
    await ctx.db.update(invoicePayments).set({ taxDocumentId: taxDocument }).where(eq(invoicePayments.id, inserted!.id));
  }
  if (payment.amountHalere === remaining) await setStatus(ctx, row.id, "CLOSED");
  return inserted!.id;
}

export interface PaymentOptions {
  today?: string;
}

/** `PUT /api/orders/invoices/:id` and the detail page's form: records a payment; answers the document. */
export async function recordInvoicePayment({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number; values: unknown }; options?: PaymentOptions }): Promise<InvoiceDetail> {
  const { payment } = parseInput(invoiceUpdateInput, input.values);
  const today = options.today ?? todayInPrague();
  return withIdempotency({ ctx, key: payment.idempotencyKey, operation: `invoices.payment.${input.id}` }, async (tx) => {
    const row = await lockInvoice(tx, input.id);
    await addPayment(tx, row, { amountHalere: Math.round(payment.amount * 100), paidOn: payment.paidOn, note: payment.note ?? null }, today);
    return getInvoice({ ctx: tx, input: { id: input.id } });
  });
}

/** Mark as paid: the rest of what the document asks to pay is recorded as received today, and it is closed. */
export async function markInvoiceAsPaid({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number }; options?: PaymentOptions }): Promise<InvoiceDetail> {
  const today = options.today ?? todayInPrague();
  return withTransaction(ctx, async (tx) => {
    const row = await lockInvoice(tx, input.id);
    if (row.kind === "PAYMENT_TAX_DOCUMENT" || row.kind === "CREDIT_NOTE") throw AppError.fail(msg("invoices.nothingToPay"));
    // A second click (or a retry) finds it closed: nothing more to record.
    if (row.status === "OPEN") {
      const paid = (await paidOf(tx, [row.id])).get(row.id) ?? 0;
      const remaining = halereOf(row.payable) - paid;
      if (remaining > 0) await addPayment(tx, row, { amountHalere: remaining, paidOn: today, note: null }, today);
      await setStatus(tx, row.id, "CLOSED");
    }
    return getInvoice({ ctx: tx, input: { id: input.id } });
  });
}
