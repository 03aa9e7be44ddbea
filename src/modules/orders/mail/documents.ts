/**
 * What can be sent by e-mail (docs/decisions/081-sending-documents.md): a registry "document kind →
 * what its message is made of". Each kind says which template it uses, who it goes to, in which
 * language, what its placeholders are, and renders its attachments when the job sends (never when
 * the message is queued): the offer from the order, an invoice from its stored snapshot (its PDF
 * and ISDOC), a payment reminder (the document's newest reminder's PDF, asking what remained then).
 */
import { desc, eq } from "drizzle-orm";
import { customers, fenceOrders, invoiceReminders, invoices } from "@db/schema";
import type { Ctx, Lang } from "@/lib/context";
import { addDays, formatCzechDate, todayInPrague } from "@/lib/dates";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import type { MailAttachment } from "@/lib/mail/message";
import { formatMoney } from "@/lib/money";
import { getCompanyIdentity } from "@/modules/settings/company-identity/service";
import type { MailPlaceholderValues, MailTemplateKey } from "@/modules/settings/email/schemas";
import { fenceOfferPdf } from "../fence-offer/service";
import { isdocFileName, isdocXml } from "../invoice/formats/isdoc";
import type { InvoiceKind } from "../invoice/formats/snapshot";
import { logoOfSnapshot } from "../invoice/logo";
import { reminderPdf, reminderPdfFileName } from "../invoice/pdf/reminder";
import { invoicePdfFileName, renderInvoicePdf } from "../invoice/pdf/service";
import type { ReminderLevel } from "../invoice/schemas";
import { readOrderSnapshot } from "../order-snapshot/service";

export const MAIL_DOCUMENT_KINDS = ["offer", "invoice", "reminder"] as const;
export type MailDocumentKind = (typeof MAIL_DOCUMENT_KINDS)[number];

/** Which document a message carries: the order (an offer) and/or an invoice (its document, or its reminder). */
export interface MailDocumentRef {
  kind: MailDocumentKind;
  orderId: number | null;
  invoiceId: number | null;
}

/** What the send form is pre-filled from and the log shows. */
export interface MailDocumentFacts {
  template: MailTemplateKey;
  orderId: number | null;
  invoiceId: number | null;
  /** The offer's number (the order's id) or the invoice's. */
  documentNumber: string;
  /** The customer's e-mail addresses on the document. */
  recipients: string[];
  /** The customer directory's language of documents (cs when the order has no contact). */
  language: Lang;
  /** The placeholders' values, formatted for a message in `lang`. */
  values(lang: Lang): Promise<MailPlaceholderValues>;
  /** The attachments' file names in `lang` (the form lists them). */
  attachmentNames(lang: Lang): string[];
}

export interface MailDocumentDefinition {
  /** 404 (AppError.notFound) when the document does not exist. */
  facts(ctx: Ctx, ref: MailDocumentRef): Promise<MailDocumentFacts>;
  /** Rendered at send time, in the message's language. */
  attachments(ctx: Ctx, ref: MailDocumentRef, lang: Lang): Promise<MailAttachment[]>;
}

const registry = new Map<MailDocumentKind, MailDocumentDefinition>();

export function registerMailDocument(kind: MailDocumentKind, definition: MailDocumentDefinition): void {
  registry.set(kind, definition);
}

/** The kind's definition; 404 for a kind nothing registered (a reminder before its PDF exists). */
export function mailDocument(kind: MailDocumentKind): MailDocumentDefinition {
  const definition = registry.get(kind);
  if (!definition) throw AppError.notFound();
  return definition;
}

const PDF = "application/pdf";
/** ISDOC is XML (docs/decisions/054-invoice-pdf-and-accountant-export.md); mail programs open it as such. */
const ISDOC = "application/xml";

/** The order's contact's language of documents; cs without a contact. */
async function languageOfOrder(ctx: Ctx, orderId: number | null): Promise<Lang> {
  if (orderId === null) return "cs";
  const [row] = await ctx.db
    .select({ language: customers.language })
    .from(fenceOrders)
    .innerJoin(customers, eq(customers.id, fenceOrders.customerId))
    .where(eq(fenceOrders.id, orderId))
    .limit(1);
  return row?.language === "en" ? "en" : "cs";
}

const joinedName = (...parts: (string | null | undefined)[]) => parts.filter((part) => part && part.trim()).join(" ");

registerMailDocument("offer", {
  async facts(ctx, ref) {
    const orderId = ref.orderId ?? 0;
    const [order] = await ctx.db
      .select({ id: fenceOrders.id, email: fenceOrders.email, firstName: fenceOrders.firstName, lastName: fenceOrders.lastName, company: fenceOrders.company, offerDate: fenceOrders.offerDate })
      .from(fenceOrders)
      .where(eq(fenceOrders.id, orderId))
      .limit(1);
    if (!order) throw AppError.notFound();
    return {
      template: "offer",
      orderId: order.id,
      invoiceId: null,
      documentNumber: String(order.id),
      recipients: order.email ? [order.email] : [],
      language: await languageOfOrder(ctx, order.id),
      async values(lang) {
        const [snapshot, identity] = await Promise.all([readOrderSnapshot(ctx, order.id), getCompanyIdentity({ ctx })]);
        return {
          orderNumber: String(order.id),
          documentNumber: String(order.id),
          amount: formatMoney(snapshot.totals.summary.totalHalere / 100, lang),
          // The offer's "valid until", as the PDF prints it.
          dueDate: formatCzechDate(addDays(order.offerDate ?? todayInPrague(), identity.offerValidityDays)),
          variableSymbol: "",
          companyName: identity.name,
          customerName: order.company?.trim() || joinedName(order.firstName, order.lastName),
        };
      },
      attachmentNames: (lang) => [tFor(lang)("fenceOffer.fileName", { id: order.id }) as string],
    };
  },
  async attachments(ctx, ref, lang) {
    const offer = await fenceOfferPdf({ ctx: { ...ctx, lang }, input: { orderId: ref.orderId ?? 0 } });
    return [{ fileName: offer.fileName, contentType: PDF, content: offer.pdf }];
  },
});

/** The template of an invoice's kind: a payment tax document goes as an invoice (a tax document). */
export const TEMPLATE_OF_INVOICE_KIND: Readonly<Record<InvoiceKind, MailTemplateKey>> = {
  FINAL: "invoice",
  PROFORMA: "proforma",
  PAYMENT_TAX_DOCUMENT: "invoice",
  CREDIT_NOTE: "creditNote",
};

async function readInvoice(ctx: Ctx, invoiceId: number | null) {
  const [row] = await ctx.db
    .select({ id: invoices.id, kind: invoices.kind, number: invoices.number, orderId: invoices.orderId, snapshot: invoices.snapshot, payable: invoices.payable, orderEmail: fenceOrders.email })
    .from(invoices)
    .leftJoin(fenceOrders, eq(fenceOrders.id, invoices.orderId))
    .where(eq(invoices.id, invoiceId ?? 0))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

/** An invoice's facts; `template` differs for its reminder. */
async function invoiceFacts(ctx: Ctx, ref: MailDocumentRef, template: (kind: InvoiceKind) => MailTemplateKey, names: (lang: Lang, number: string) => string[]): Promise<MailDocumentFacts> {
  const row = await readInvoice(ctx, ref.invoiceId);
  const { snapshot } = row;
  const recipients = [...new Set([snapshot.customer.email, row.orderEmail].filter((address): address is string => Boolean(address?.trim())).map((address) => address.trim()))];
  return {
    template: template(row.kind as InvoiceKind),
    orderId: row.orderId,
    invoiceId: row.id,
    documentNumber: row.number,
    recipients: recipients.slice(0, 1),
    language: await languageOfOrder(ctx, row.orderId),
    async values(lang) {
      return {
        orderNumber: row.orderId === null ? "" : String(row.orderId),
        documentNumber: row.number,
        amount: formatMoney(row.payable, lang),
        dueDate: formatCzechDate(snapshot.dueDate),
        variableSymbol: snapshot.payment.variableSymbol,
        companyName: snapshot.supplier.name,
        customerName: snapshot.customer.name,
      };
    },
    attachmentNames: (lang) => names(lang, row.number),
  };
}

registerMailDocument("invoice", {
  facts: (ctx, ref) => invoiceFacts(ctx, ref, (kind) => TEMPLATE_OF_INVOICE_KIND[kind], (lang, number) => [invoicePdfFileName({ number }, lang), isdocFileName({ number })]),
  async attachments(ctx, ref, lang) {
    // From the stored snapshot, as the document's own PDF route renders it: what was issued, not today's data.
    const { snapshot } = await readInvoice(ctx, ref.invoiceId);
    const pdf = await renderInvoicePdf(snapshot, lang, await logoOfSnapshot(ctx, snapshot));
    return [
      { fileName: invoicePdfFileName(snapshot, lang), contentType: PDF, content: pdf },
      { fileName: isdocFileName(snapshot), contentType: ISDOC, content: new TextEncoder().encode(isdocXml(snapshot)) },
    ];
  },
});

/**
 * For the reminder's registration: an invoice's facts under the `reminder` template, with the
 * reminder's own attachment names.
 */
export const reminderFacts = (ctx: Ctx, ref: MailDocumentRef, names: (lang: Lang, number: string) => string[]) => invoiceFacts(ctx, ref, () => "reminder", names);

/** The document's newest reminder: what "send the reminder" sends; 404 before the first. */
async function newestReminder(ctx: Ctx, invoiceId: number | null) {
  const [row] = await ctx.db
    .select({ id: invoiceReminders.id, level: invoiceReminders.level, remaining: invoiceReminders.remaining })
    .from(invoiceReminders)
    .where(eq(invoiceReminders.invoiceId, invoiceId ?? 0))
    .orderBy(desc(invoiceReminders.level))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

registerMailDocument("reminder", {
  async facts(ctx, ref) {
    const reminder = await newestReminder(ctx, ref.invoiceId);
    const facts = await reminderFacts(ctx, ref, (lang, number) => [reminderPdfFileName(number, reminder.level as ReminderLevel, lang)]);
    // The message asks what the reminder asks: the rest still to pay, not the document's whole amount.
    return { ...facts, values: async (lang) => ({ ...(await facts.values(lang)), amount: formatMoney(reminder.remaining, lang) }) };
  },
  async attachments(ctx, ref, lang) {
    const reminder = await newestReminder(ctx, ref.invoiceId);
    const pdf = await reminderPdf({ ctx: { ...ctx, lang }, input: { invoiceId: ref.invoiceId ?? 0, reminderId: reminder.id } });
    return [{ fileName: pdf.fileName, contentType: PDF, content: pdf.pdf }];
  },
});
