import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { InvoiceSnapshot } from "../../src/modules/orders/browser";
import { auditColumns, bytea, identityId } from "./columns";
import { fenceOrders } from "./orders";

/**
 * docs/domain.md#invoices, docs/decisions/052-invoice-numbering-and-snapshot.md: the last number given in each
 * series (a year and a kind). The insert of an invoice raises its row in the same transaction
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), so a second insert waits for the first to end,
 * and a failed one rolls its number back with it: gapless.
 */
export const invoiceNumberSeries = pgTable(
  "invoice_number_series",
  {
    year: integer("year").notNull(),
    kind: text("kind").notNull(),
    lastCounter: integer("last_counter").notNull(),
  },
  (table) => [primaryKey({ columns: [table.year, table.kind] }), check("invoice_number_series_counter", sql`${table.lastCounter} between 1 and 99999`)],
);

/**
 * An issued document: a final invoice, a proforma, a tax document for a received payment or a
 * credit note. Never deleted or renumbered (a credit note cancels it); what it prints and exports
 * is `snapshot`, copied when it is issued. The other columns are what lists filter and sort by.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: identityId(),
    /** FINAL, PROFORMA, PAYMENT_TAX_DOCUMENT or CREDIT_NOTE (INVOICE_KINDS); fixed once issued. */
    kind: text("kind").notNull(),
    /** Ten digits: year, series digit, counter (formats/numbers.ts); also the variable symbol. */
    number: text("number").notNull(),
    year: integer("year").notNull(),
    counter: integer("counter").notNull(),
    /** ISDOC's document UUID. */
    uuid: uuid("uuid").notNull(),
    orderId: integer("order_id").references(() => fenceOrders.id, { onDelete: "restrict" }),
    /** OPEN until paid (or cancelled), then CLOSED (docs/domain.md#invoice-status). */
    status: text("status").notNull().default("OPEN"),
    /** The spec's `created`: the issue date. */
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date").notNull(),
    /** DUZP; null on a proforma. */
    taxableSupplyDate: date("taxable_supply_date"),
    note: text("note"),
    /** A credit note's cancelled invoice. */
    originalInvoiceId: integer("original_invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    /** A payment tax document's proforma. */
    proformaInvoiceId: integer("proforma_invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    /** The parties, company header, bank details, lines, rates and advances as issued. */
    snapshot: jsonb("snapshot").$type<InvoiceSnapshot>().notNull(),
    /** Totals of the snapshot (formats/vat.ts), kept for lists: with VAT, and what the document asks to pay. */
    total: numeric("total", { precision: 14, scale: 2 }).notNull(),
    payable: numeric("payable", { precision: 14, scale: 2 }).notNull(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex("invoices_number_unique").on(table.number),
    uniqueIndex("invoices_series_counter_unique").on(table.year, table.kind, table.counter),
    index("invoices_order_idx").on(table.orderId),
    index("invoices_status_issue_date_idx").on(table.status, table.issueDate, table.id),
    index("invoices_issue_date_idx").on(table.issueDate, table.id),
    index("invoices_original_idx").on(table.originalInvoiceId),
    index("invoices_proforma_idx").on(table.proformaInvoiceId),
    // The overdue documents (docs/decisions/080-overdue-and-reminders.md): the baskets column asks on every page.
    index("invoices_open_due_idx")
      .on(table.dueDate)
      .where(sql`${table.status} = 'OPEN' and ${table.kind} in ('FINAL', 'PROFORMA')`),
    check("invoices_kind", sql`${table.kind} in ('FINAL', 'PROFORMA', 'PAYMENT_TAX_DOCUMENT', 'CREDIT_NOTE')`),
    check("invoices_status", sql`${table.status} in ('OPEN', 'CLOSED')`),
    check("invoices_number_digits", sql`${table.number} ~ '^[0-9]{10}$'`),
    check("invoices_proforma_no_tax_date", sql`${table.kind} <> 'PROFORMA' or ${table.taxableSupplyDate} is null`),
    check("invoices_credit_note_original", sql`${table.kind} <> 'CREDIT_NOTE' or ${table.originalInvoiceId} is not null`),
  ],
);

/**
 * An invoice's lines as issued (also in the snapshot): what the order's items tab reads to know
 * what earlier invoices already invoiced of each order line (`source` and `sourceId`).
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: identityId(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** ORDER_ITEM, SUB_PRODUCT, OTHER_ITEM, ASSEMBLY_ITEM, SHIPPING, DISCOUNT or ADVANCE (a proforma's or tax document's own line). */
    source: text("source").notNull(),
    /** The order line's id (null for shipping, discount and advances). */
    sourceId: integer("source_id"),
    description: text("description").notNull(),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
    unit: text("unit").notNull(),
    /** The order line's price without VAT when invoiced. */
    itemPrice: numeric("item_price", { precision: 14, scale: 2 }),
    /** What this invoice charges for it, without VAT. */
    invoicedPrice: numeric("invoiced_price", { precision: 14, scale: 2 }).notNull(),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }).notNull(),
    ...auditColumns,
  },
  (table) => [index("invoice_lines_invoice_idx").on(table.invoiceId, table.position), index("invoice_lines_source_idx").on(table.source, table.sourceId)],
);

/** A payment received against an invoice or proforma; partial payments add up (markAsPaid records the rest, docs/domain.md#invoice). */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: identityId(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    paidOn: date("paid_on").notNull(),
    /** The tax document a VAT payer issued for this payment on a proforma. */
    taxDocumentId: integer("tax_document_id").references(() => invoices.id, { onDelete: "restrict" }),
    note: text("note"),
    /** Where it came from: `manual` (typed or mark as paid) or `statement` (a bank statement's line, docs/decisions/079-bank-statement-pairing.md). */
    source: text("source").notNull().default("manual"),
    /** The statement line it was paired from (source `statement`). */
    statementLineId: integer("statement_line_id").references((): AnyPgColumn => bankStatementLines.id, { onDelete: "restrict" }),
    ...auditColumns,
  },
  (table) => [
    index("invoice_payments_invoice_idx").on(table.invoiceId),
    check("invoice_payments_amount", sql`${table.amount} <> 0`),
    check("invoice_payments_source", sql`${table.source} in ('manual', 'statement')`),
    check("invoice_payments_statement_line", sql`(${table.source} = 'statement') = (${table.statementLineId} is not null)`),
    uniqueIndex("invoice_payments_statement_line_unique").on(table.statementLineId),
  ],
);

/**
 * An uploaded bank statement (docs/decisions/079-bank-statement-pairing.md): the file as sent, kept
 * between the preview and the confirm so any instance answers the next step; UPLOADED until
 * confirmed, then CONFIRMED with its lines stored. An unconfirmed upload older than a day goes at
 * the next upload.
 */
export const bankStatements = pgTable(
  "bank_statements",
  {
    id: identityId(),
    fileName: text("file_name").notNull(),
    data: bytea("data").notNull(),
    /** gpc or camt053. */
    format: text("format").notNull(),
    /** Our account as the statement names it. */
    account: text("account").notNull(),
    /** The bank's number or id of the statement ("7", "2026-03-007"). */
    statementNumber: text("statement_number").notNull(),
    /** The statement's last day (its date). */
    statementDate: date("statement_date"),
    state: text("state").notNull().default("UPLOADED"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedBy: integer("confirmed_by"),
    ...auditColumns,
  },
  (table) => [index("bank_statements_created_idx").on(table.createdAt, table.id), check("bank_statements_state", sql`${table.state} in ('UPLOADED', 'CONFIRMED')`)],
);

/**
 * One line of a confirmed statement, stored once per bank transaction: `line_key` is our account
 * with the bank's transaction id, or (lacking one) with the statement, line number, amount and day,
 * and its unique index makes a second upload of the same statement, or of one overlapping it, pair
 * each transaction once. `outcome` says what the pairing did; an UNMATCHED line is later paired by
 * hand (MANUAL) or DISMISSED with a reason.
 */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: identityId(),
    statementId: integer("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "restrict" }),
    lineNumber: integer("line_number").notNull(),
    lineKey: text("line_key").notNull(),
    bankTransactionId: text("bank_transaction_id"),
    /** credit or debit, as the money moved on our account. */
    direction: text("direction").notNull(),
    reversal: boolean("reversal").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    variableSymbol: text("variable_symbol"),
    valueDate: date("value_date").notNull(),
    counterAccount: text("counter_account"),
    counterName: text("counter_name"),
    message: text("message"),
    /** PAID, PARTIAL, OVER, MANUAL, UNMATCHED or DISMISSED. */
    outcome: text("outcome").notNull(),
    /** Why it is unmatched: a message key (bankPairing.reason.*) with its values. */
    reason: jsonb("reason").$type<{ key: string; values?: Record<string, unknown> }>(),
    /** The document it paid. */
    invoiceId: integer("invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    /** What came beyond what the document still asked: flagged for the office. */
    overpayment: numeric("overpayment", { precision: 14, scale: 2 }),
    /** Why the office dismissed it (DISMISSED). */
    dismissReason: text("dismiss_reason"),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex("bank_statement_lines_key_unique").on(table.lineKey),
    index("bank_statement_lines_statement_idx").on(table.statementId, table.lineNumber),
    index("bank_statement_lines_invoice_idx").on(table.invoiceId),
    check("bank_statement_lines_outcome", sql`${table.outcome} in ('PAID', 'PARTIAL', 'OVER', 'MANUAL', 'UNMATCHED', 'DISMISSED')`),
  ],
);

/** A final invoice's linked proformas (`linkedProformas`), deducted on it; a proforma is deducted once. */
export const invoiceProformaLinks = pgTable(
  "invoice_proforma_links",
  {
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    proformaId: integer("proforma_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    ...auditColumns,
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.proformaId] }), uniqueIndex("invoice_proforma_links_proforma_unique").on(table.proformaId)],
);

/**
 * The company logos printed on issued documents, by the SHA-256 of their bytes. A snapshot names
 * its logo by that hash, so a later change of the company's logo leaves issued documents as they
 * were, and a thousand documents with one logo store it once. Rows are never changed or deleted.
 */
export const documentLogos = pgTable("document_logos", {
  sha256: text("sha256").primaryKey(),
  mimeType: text("mime_type").notNull(),
  data: bytea("data").notNull(),
});

/**
 * The reminders (upomínky) sent for an overdue document (docs/decisions/080-overdue-and-reminders.md):
 * level 1, 2, then 3 (the last before collection), each once, in order. What the reminder's PDF
 * prints is kept as it was that day: the date and the amount still to pay; `created_by` is who
 * issued it. Never changed or deleted.
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    id: identityId(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    level: integer("level").notNull(),
    issuedOn: date("issued_on").notNull(),
    /** What remained to pay on `issuedOn`. */
    remaining: numeric("remaining", { precision: 14, scale: 2 }).notNull(),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex("invoice_reminders_level_unique").on(table.invoiceId, table.level),
    check("invoice_reminders_level", sql`${table.level} between 1 and 3`),
    check("invoice_reminders_remaining", sql`${table.remaining} > 0`),
  ],
);
