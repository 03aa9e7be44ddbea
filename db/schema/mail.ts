import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, identityId } from "./columns";
import { invoices } from "./invoices";
import { fenceOrders } from "./orders";

/** A template's subject and body in one language; `{{placeholder}}` marks what each message fills in. */
export interface StoredMailTemplate {
  subject: string;
  body: string;
}

/** Templates changed from the defaults, by template and language (docs/decisions/081-sending-documents.md). */
export type StoredMailTemplates = Partial<Record<string, Partial<Record<string, StoredMailTemplate>>>>;

/**
 * Settings → E-mail (docs/decisions/081-sending-documents.md): the sender of every document's message and the
 * templates changed from the defaults; one row (id 1), like the company identity.
 */
export const mailSettings = pgTable(
  "mail_settings",
  {
    id: integer("id").primaryKey(),
    senderName: text("sender_name").notNull(),
    senderAddress: text("sender_address").notNull(),
    templates: jsonb("templates").$type<StoredMailTemplates>().notNull().default({}),
    ...auditColumns,
  },
  (table) => [check("mail_settings_single_row", sql`${table.id} = 1`)],
);

/**
 * What was sent by e-mail, or is queued to be (docs/decisions/081-sending-documents.md): one row per message,
 * written when it is queued, its outcome by the sending job. The Message-ID is fixed here at queue
 * time, so every attempt sends the same message.
 */
export const sentEmails = pgTable(
  "sent_emails",
  {
    id: identityId(),
    /** offer, invoice or reminder: which attachments the job renders (src/modules/orders/mail/documents.ts). */
    documentKind: text("document_kind").notNull(),
    /** The template it was pre-filled from (offer, proforma, invoice, creditNote, reminder). */
    template: text("template").notNull(),
    orderId: integer("order_id").references(() => fenceOrders.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "restrict" }),
    documentNumber: text("document_number"),
    /** The attachments' and the message's language (cs, en). */
    language: text("language").notNull(),
    messageId: text("message_id").notNull(),
    /** The sending job (jobs are forgotten after a week; the row stays). */
    jobId: integer("job_id"),
    fromName: text("from_name").notNull(),
    fromAddress: text("from_address").notNull(),
    recipients: jsonb("recipients").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** queued (waiting or between attempts), sent (an SMTP server took it), outbox (kept in DATA_DIR/outbox, not sent), failed. */
    status: text("status").notNull().default("queued"),
    transport: text("transport"),
    attempts: integer("attempts").notNull().default(0),
    /** The SMTP server's answer to the message (`250 OK …`). */
    response: text("response"),
    /** The last failure, as a message key with values (JSON), translated when shown. */
    error: text("error"),
    accepted: jsonb("accepted").$type<string[]>(),
    rejected: jsonb("rejected").$type<string[]>(),
    outboxFile: text("outbox_file"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex("sent_emails_message_id_unique").on(table.messageId),
    index("sent_emails_order_idx").on(table.orderId, table.id),
    index("sent_emails_invoice_idx").on(table.invoiceId, table.id),
    check("sent_emails_status", sql`${table.status} in ('queued', 'sent', 'failed', 'outbox')`),
    check("sent_emails_transport", sql`${table.transport} is null or ${table.transport} in ('smtp', 'outbox')`),
    check("sent_emails_document_kind", sql`${table.documentKind} in ('offer', 'invoice', 'reminder')`),
    check("sent_emails_language", sql`${table.language} in ('cs', 'en')`),
  ],
);

