/**
 * Invoices' inputs and answers (docs/decisions/053-invoice-lines-and-payments.md).
 * Browser-safe: the pages' forms and the API validate with the same schemas. Money is sent in Kč
 * with at most two decimals and answered in Kč; the service computes in haléře.
 */
import { z } from "zod";
import { booleanField, boundedArray, dateField, decimalField, idempotencyKeyField, optionalText, refId, refIdList } from "@/lib/zod-fields";
import { INVOICE_LINE_SOURCES, type InvoiceLineSource } from "./line-sources";
import type { InvoiceKind, InvoiceSnapshot } from "./formats/snapshot";

export { INVOICE_LINE_SOURCES, type InvoiceLineSource };

/** OPEN until paid (or cancelled by a credit note), then CLOSED. */
export const INVOICE_STATUSES = ["OPEN", "CLOSED"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The largest amount a line or payment takes, Kč (numeric(14,2) holds far more; no fence costs this). */
export const MAX_INVOICE_AMOUNT = 999_999_999;

/** The quick buttons of the lines editor: a share of the line's remaining price. */
export const QUICK_SHARES = [30, 40, 100] as const;

/** One line of a new invoice: the order line it invoices and what this invoice charges for it. */
export const invoiceLineInput = z.object({
  source: z.enum(INVOICE_LINE_SOURCES.filter((source) => source !== "ADVANCE") as [InvoiceLineSource, ...InvoiceLineSource[]], { error: "validation.invalid" }),
  sourceId: z.preprocess((value) => (value === "" || value === undefined ? null : value), z.union([z.null(), refId()])),
  invoicedPrice: decimalField({ min: -MAX_INVOICE_AMOUNT, max: MAX_INVOICE_AMOUNT }),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInput>;

/**
 * A new proforma or final invoice of an order, under the spec's names (docs/domain.md#invoice).
 * Without `items` the draft's defaults are issued: a proforma the order's confirmation share, a
 * final invoice everything not yet invoiced.
 */
export const invoiceCreateInput = z.object({
  orderId: refId(),
  proforma: booleanField(false),
  dueDate: dateField().optional(),
  dateOfTaxableSupply: dateField().optional(),
  note: optionalText(1000),
  items: boundedArray(invoiceLineInput).optional(),
  linkedProformas: refIdList(),
  idempotencyKey: idempotencyKeyField(),
});
export type InvoiceCreateInput = z.infer<typeof invoiceCreateInput>;

/** A payment received: an amount in Kč (above zero) and the day it came. */
export const invoicePaymentInput = z.object({
  amount: decimalField({ min: 0.01, max: MAX_INVOICE_AMOUNT }),
  paidOn: dateField(),
  note: optionalText(500),
  idempotencyKey: idempotencyKeyField(),
});
export type InvoicePaymentInput = z.infer<typeof invoicePaymentInput>;

/**
 * What may change on an issued document: nothing it prints (docs/decisions/052-invoice-numbering-and-snapshot.md).
 * An update records a payment against it; the answer is the document with its payments.
 */
export const invoiceUpdateInput = z.object({ payment: invoicePaymentInput });

/** The credit note's reason, printed on it. */
export const creditNoteInput = z.object({ note: optionalText(1000), idempotencyKey: idempotencyKeyField() });

/** Reminder levels (docs/decisions/080-overdue-and-reminders.md): 1. upomínka, 2. upomínka, poslední upomínka před vymáháním. */
export const REMINDER_LEVELS = [1, 2, 3] as const;
export type ReminderLevel = (typeof REMINDER_LEVELS)[number];

/** `POST …/reminders`: the level asked for (the next one, in order) and the form's idempotency key. */
export const reminderInput = z.object({
  level: z.coerce.number({ error: "validation.invalid" }).int({ error: "validation.invalid" }).min(1, { error: "validation.invalid" }).max(3, { error: "validation.invalid" }),
  idempotencyKey: idempotencyKeyField(),
});

/** One issued reminder as the invoice page lists it. */
export interface InvoiceReminder {
  id: number;
  invoiceId: number;
  level: ReminderLevel;
  issuedOn: string;
  /** What remained to pay that day, Kč. */
  remaining: number;
  /** Days past the due date that day. */
  daysOverdue: number;
  issuedBy: string | null;
}

/** The lines editor's query: which order, and a proforma or a final invoice. */
export const invoiceDraftQuery = z.object({ orderId: refId(), proforma: booleanField(false) });

/** One line of the draft: an order line with its price, what is invoiced already and what remains. */
export interface DraftLine {
  source: InvoiceLineSource;
  sourceId: number | null;
  description: string;
  quantity: number;
  unit: string;
  /** Kč without VAT: the order line's price, invoiced on earlier final invoices, still to invoice, suggested now. */
  itemPrice: number;
  invoiced: number;
  remaining: number;
  suggested: number;
}

/** A paid proforma a final invoice may link and deduct. */
export interface LinkableProforma {
  id: number;
  invoiceNumber: string;
  total: number;
  paid: number;
}

export interface InvoiceDraft {
  orderId: number;
  proforma: boolean;
  customer: string;
  vatRate: number;
  vatPayer: boolean;
  items: DraftLine[];
  /** The order's total with VAT and the confirmation stage (the deposit) with VAT, Kč. */
  orderTotal: number;
  confirmationPercent: number;
  confirmationAmount: number;
  /** Kč without VAT still to invoice over all lines. */
  remaining: number;
  linkableProformas: LinkableProforma[];
  /** The defaults of the new document's dates (ISO). */
  created: string;
  dueDate: string;
  dateOfTaxableSupply: string | null;
}

export interface InvoicePayment {
  id: number;
  amount: number;
  paidOn: string;
  note: string | null;
  /** The tax document issued for it (a VAT payer's payment on a proforma). */
  taxDocument: InvoiceRef | null;
  /** Where it came from (docs/decisions/079-bank-statement-pairing.md): typed by hand, or a bank statement's line. */
  source: "manual" | "statement";
  statementLine: StatementLineRef | null;
  /** Who recorded it (confirmed the statement, paired the line, or typed it). */
  recordedBy: string | null;
}

/** A bank statement's line as a payment names it: "Výpis 7 ze dne 31.03.2026, řádek 3". */
export interface StatementLineRef {
  statementId: number;
  statementNumber: string;
  statementDate: string | null;
  lineNumber: number;
}

/** A statement line that brought more than the document still asked (Kč), flagged for the office. */
export interface InvoiceOverpayment extends StatementLineRef {
  amount: number;
}

/** Another document as an answer names it. */
export interface InvoiceRef {
  id: number;
  invoiceNumber: string;
}

/**
 * A document as lists and the API answer it, under the spec's names (docs/domain.md#invoice);
 * `kind` stands beside `proforma` since there are four kinds of document. Money in Kč.
 */
export interface InvoiceSummary {
  id: number;
  invoiceNumber: string;
  /** True for a proforma (zálohová faktura); the other three kinds are tax documents. */
  proforma: boolean;
  kind: InvoiceKind;
  status: InvoiceStatus;
  orderId: number | null;
  customer: string;
  /** The issue date. */
  created: string;
  dueDate: string;
  /** DUZP; none on a proforma. */
  dateOfTaxableSupply: string | null;
  total: number;
  /** What the document asks to pay (after deductions). */
  payable: number;
  paid: number;
  /** payable − paid; 0 once closed. */
  remainingToPay: number;
  /** Days past the due date of an overdue document (docs/decisions/080-overdue-and-reminders.md); null otherwise, or where the answer counts no days. */
  daysOverdue: number | null;
  originalInvoiceId: number | null;
  proformaInvoiceId: number | null;
}

export interface InvoiceRecapRow {
  vatRate: number;
  base: number;
  vat: number;
  total: number;
  claimedBase: number;
  claimedVat: number;
  differenceBase: number;
  differenceVat: number;
}

export interface InvoiceLineAnswer {
  position: number;
  source: InvoiceLineSource;
  sourceId: number | null;
  description: string;
  quantity: number;
  unit: string;
  itemPrice: number | null;
  invoicedPrice: number;
  vatRate: number;
  vat: number;
  total: number;
}

/** One document with what it prints (the snapshot), its recap, payments and links. */
export interface InvoiceDetail extends InvoiceSummary {
  snapshot: InvoiceSnapshot;
  items: InvoiceLineAnswer[];
  recap: InvoiceRecapRow[];
  base: number;
  vat: number;
  deducted: number;
  payments: InvoicePayment[];
  overpayments: InvoiceOverpayment[];
  linkedProformas: InvoiceRef[];
  /** The final invoice that deducts this proforma, the credit note that cancels this invoice. */
  linkedTo: InvoiceRef | null;
  creditNote: InvoiceRef | null;
  /** Its reminders, oldest first, and the level a reminder may be issued at today (null: none can). */
  reminders: InvoiceReminder[];
  nextReminderLevel: ReminderLevel | null;
}

/** The order's tab 4: its documents and what remains to invoice. */
export interface OrderInvoices {
  orderId: number;
  invoices: InvoiceSummary[];
  /** Kč without VAT: the order's lines and what of them final invoices have not invoiced. */
  orderBase: number;
  remainingBase: number;
  depositPaid: boolean;
}
