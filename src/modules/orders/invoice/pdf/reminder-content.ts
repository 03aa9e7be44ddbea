/**
 * What a reminder's PDF says (docs/decisions/080-overdue-and-reminders.md), ready to print: the
 * invoice's own header, parties and payment details (content.ts, from the document's stored
 * snapshot), with the reminder's title, date and text, the document reminded with what it asked,
 * what was paid and what remained on the reminder's day, and a QR Platba for exactly that rest with
 * the document's variable symbol.
 */
import type { Lang } from "@/lib/context";
import { formatCzechDate } from "@/lib/dates";
import { tFor } from "@/lib/i18n";
import { formatMoney } from "@/lib/money";
import type { LabelledValue } from "@/lib/pdf/layout";
import type { InvoiceSnapshot } from "../formats/snapshot";
import { invoiceSpayd } from "../formats/spayd";
import { invoiceTotals } from "../formats/vat";
import { daysBetween } from "../overdue";
import type { ReminderLevel } from "../schemas";
import { type InvoiceDocumentData, invoiceContent } from "./content";

/** What the reminder itself records: its level, its day and what was left to pay that day. */
export interface ReminderFacts {
  level: ReminderLevel;
  issuedOn: string;
  remainingHalere: number;
  issuedBy?: string | null;
}

export interface ReminderDocumentData extends Pick<InvoiceDocumentData, "lang" | "meta" | "company" | "title" | "number" | "facts" | "supplier" | "customer" | "payment" | "spayd" | "footer" | "pageLabel"> {
  /** The level's words to the customer. */
  text: string;
  labels: { document: string; payment: string };
  /** The document reminded: its name, then its dates and days overdue. */
  documentName: string;
  document: LabelledValue[];
  /** What it asked and what was paid. */
  amounts: LabelledValue[];
  /** What remains to pay: the grand total's row. */
  grand: LabelledValue;
  issuedBy: string | null;
}

/** The reminder's PDF content in `lang`. */
export function reminderContent(snapshot: InvoiceSnapshot, reminder: ReminderFacts, lang: Lang): ReminderDocumentData {
  const t = tFor(lang);
  const tt = (key: string, values?: Record<string, unknown>) => t(key, values ?? {}) as string;
  const money = (halere: number) => formatMoney(halere / 100, lang);
  const invoice = invoiceContent(snapshot, lang);
  const payableHalere = invoiceTotals(snapshot).payableHalere;
  const days = daysBetween(snapshot.dueDate, reminder.issuedOn);
  const dueDate = formatCzechDate(snapshot.dueDate);
  const title = tt(`reminders.level.${reminder.level}`);
  const documentName = tt("reminderPdf.documentName", { title: invoice.title, number: snapshot.number });
  return {
    lang,
    meta: { title: `${title} · ${documentName} · ${snapshot.customer.name}`, author: snapshot.supplier.name },
    company: invoice.company,
    title,
    number: tt("reminderPdf.number", { number: snapshot.number }),
    facts: [
      { label: tt("reminderPdf.reminderDate"), value: formatCzechDate(reminder.issuedOn) },
      { label: tt("reminderPdf.documentIssueDate"), value: formatCzechDate(snapshot.issueDate) },
      { label: tt("reminderPdf.dueDate"), value: dueDate },
      { label: tt("reminderPdf.daysOverdue"), value: String(days) },
    ],
    supplier: invoice.supplier,
    customer: invoice.customer,
    text: tt(`reminderPdf.text.${reminder.level}`, { number: snapshot.number, dueDate, days, amount: money(reminder.remainingHalere) }),
    labels: { document: tt("reminderPdf.document"), payment: tt("reminderPdf.payment") },
    documentName,
    document: [
      { label: tt("reminderPdf.documentIssueDate"), value: formatCzechDate(snapshot.issueDate) },
      { label: tt("reminderPdf.dueDate"), value: dueDate },
      { label: tt("reminderPdf.daysOverdue"), value: String(days) },
    ],
    amounts: [
      { label: tt("reminderPdf.payable"), value: money(payableHalere) },
      { label: tt("reminderPdf.paid"), value: money(payableHalere - reminder.remainingHalere) },
    ],
    grand: { label: tt("reminderPdf.remaining"), value: money(reminder.remainingHalere) },
    payment: invoice.payment,
    spayd: invoiceSpayd(snapshot, { payableHalere: reminder.remainingHalere }, tt("reminderPdf.qrMessage", { number: snapshot.number })),
    issuedBy: reminder.issuedBy ? tt("invoicePdf.issuedBy", { name: reminder.issuedBy }) : null,
    footer: `${snapshot.supplier.name} · ${title} · ${documentName}`,
    pageLabel: invoice.pageLabel,
  };
}
