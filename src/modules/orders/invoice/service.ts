/**
 * Invoices from an order (docs/decisions/053-invoice-lines-and-payments.md): the generic CRUD
 * service, and where each part lives. An issued document is never deleted, renumbered or edited:
 * only its payments, status and proforma links change (docs/decisions/052-invoice-numbering-and-snapshot.md).
 *
 * - order-lines.ts: the order's invoiceable lines and what remains of them; lines.ts their arithmetic
 * - draft.ts: the lines editor's draft of a new proforma or final invoice
 * - create.ts: issuing a proforma or final invoice of an order (parties.ts whom it names,
 *   deductions.ts the proformas it deducts; issue.ts numbers and stores any document)
 * - payments.ts: payments and mark as paid; payment-tax-document.ts a proforma payment's tax document
 * - credit-note.ts: cancelling a final invoice
 * - list.ts: the list, its filters and the order's tab; detail.ts one document
 * - overdue.ts: what is overdue (the list's filter, the baskets column); reminders.ts its reminders
 * - common.ts: what these share (paid sums, status, lock)
 */
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema";
import { type CrudService } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { createInvoice } from "./create";
import { getInvoice } from "./detail";
import { listService } from "./list";
import { recordInvoicePayment } from "./payments";
import { invoiceCreateInput, type InvoiceDetail, type InvoiceSummary } from "./schemas";

export { INVOICE_DUE_DAYS } from "./common";
export { type CreateOptions, createInvoice } from "./create";
export { createCreditNote } from "./credit-note";
export { getInvoice } from "./detail";
export { type DraftOptions, getInvoiceDraft } from "./draft";
export { listOrderInvoices } from "./list";
export { baseForTotal, orderLinesOf } from "./order-lines";
export { overdueInvoicesBasket, overdueSummary } from "./overdue";
export { markInvoiceAsPaid, type PaymentOptions, recordInvoicePayment } from "./payments";
export { issueInvoiceReminder, listInvoiceReminders, type ReminderOptions } from "./reminders";

/** Invoices: the generic list, get, create and update (a payment); never deleted (docs/decisions/053-invoice-lines-and-payments.md). */
export const invoiceService: CrudService<typeof invoiceCreateInput, InvoiceSummary | InvoiceDetail> = {
  input: invoiceCreateInput,
  listFields: listService.listFields,
  list: (args) => listService.list(args),
  get: getInvoice,
  create: ({ ctx, input }) => createInvoice({ ctx, input }),
  update: ({ ctx, input }) => recordInvoicePayment({ ctx, input }),
  remove: async ({ ctx, input }) => {
    const [row] = await ctx.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, input.id)).limit(1);
    if (!row) throw AppError.notFound();
    throw AppError.fail(msg("invoices.neverDeleted", { number: row.number }));
  },
};
