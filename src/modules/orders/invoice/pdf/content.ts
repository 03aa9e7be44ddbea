/**
 * What an invoice PDF says, ready to print: made from the document's stored snapshot alone
 * (docs/decisions/052-invoice-numbering-and-snapshot.md) — never the live order or company — with
 * every text translated and every amount formatted in the reader's language, the money from
 * formats/vat.ts (the recap, deductions, rounding and amount to pay the ISDOC and Pohoda files
 * carry too) and the QR Platba string from formats/spayd.ts.
 *
 * A final invoice that deducts taxed advances shows per VAT rate the supply, the advance deducted
 * and the difference, base and VAT: the recap rows' claimed and difference amounts, as the
 * invoice's page, ISDOC's TaxSubTotal and Pohoda's advance lines print them. The deduction names
 * the proforma the customer paid (his payment's variable symbol) and the tax document issued for
 * the payment. A supplier that is not a VAT payer issues a "Faktura" (never a "daňový doklad"),
 * prints "Nejsem plátce DPH" where a DIČ would stand, and no DUZP (docs/domain.md#invoice-pdf,
 * docs/decisions/062-invoice-pdf-paper.md).
 */
import type { Lang } from "@/lib/context";
import { formatCzechDate } from "@/lib/dates";
import { tFor } from "@/lib/i18n";
import { formatDecimal, formatMoney } from "@/lib/money";
import type { LabelledValue, TableRow } from "@/lib/pdf/layout";
import type { InvoiceParty, InvoiceSnapshot } from "../formats/snapshot";
import { invoiceSpayd } from "../formats/spayd";
import { type InvoiceTotals, invoiceTotals } from "../formats/vat";

export const INVOICE_COLUMNS = ["position", "description", "quantity", "unit", "unitPrice", "vatRate", "base", "total"] as const;
export type InvoiceColumn = (typeof INVOICE_COLUMNS)[number];

/** The VAT recap's columns: the row's name (a rate, or the supply, deduction or difference at it), the base and the VAT. */
export type RecapColumn = "rate" | "base" | "vat";

/** One row of the VAT recap; a difference row is bold. */
export interface RecapLine {
  cells: TableRow<RecapColumn>;
  strong: boolean;
}

export interface InvoiceDocumentData {
  lang: Lang;
  meta: { title: string; author: string };
  /** The supplier as the header prints it. */
  company: { name: string; lines: string[] };
  title: string;
  number: string;
  facts: LabelledValue[];
  supplier: { title: string; lines: string[] };
  customer: { title: string; lines: string[] };
  /** How to pay: method, account, IBAN, SWIFT, symbols. */
  payment: LabelledValue[];
  /** The QR Platba string; null when the document asks for no transfer. */
  spayd: string | null;
  vatPayer: boolean;
  labels: { lines: string; recap: string; summary: string; note: string; columns: TableRow<InvoiceColumn>; recapColumns: TableRow<RecapColumn> };
  lines: TableRow<InvoiceColumn>[];
  /**
   * Per rate its base and VAT; with taxed advances deducted, per rate the supply, the advance
   * deducted and the difference. Empty for a supplier that is not a VAT payer.
   */
  recap: RecapLine[];
  /** From the lines to the total: without VAT, VAT, total; then the advances deducted and the rounding. */
  summary: LabelledValue[];
  /** What is left to pay (or to return), the grand total's row. */
  grand: LabelledValue;
  /** "Nejsem plátce DPH" for a supplier that is not a VAT payer. */
  notVatPayer: string | null;
  note: string | null;
  issuedBy: string | null;
  footer: string;
  pageLabel: (page: number, pages: number) => string;
}

const joined = (...parts: (string | null | undefined)[]) => parts.map((part) => part?.trim()).filter(Boolean).join(" ");
const present = (lines: (string | null | undefined | false)[]): string[] => lines.filter((line): line is string => Boolean(line));

/** The PDF's content of a snapshot in `lang`. */
export function invoiceContent(snapshot: InvoiceSnapshot, lang: Lang, totals: InvoiceTotals = invoiceTotals(snapshot)): InvoiceDocumentData {
  const t = tFor(lang);
  const tt = (key: string, values?: Record<string, unknown>) => t(key, values ?? {}) as string;
  const money = (halere: number) => formatMoney(halere / 100, lang);
  const percent = (rate: number) => `${formatDecimal(rate, lang)}\u00a0%`;
  const { supplier, customer, bank, payment } = snapshot;
  const notVatPayer = snapshot.vatPayer ? null : tt("invoicePdf.notVatPayer");
  const rate = (vatRate: number) => formatDecimal(vatRate, lang);

  const partyLines = (party: InvoiceParty, isSupplier: boolean) =>
    present([
      party.name,
      party.street,
      joined(party.postalCode, party.city),
      party.countryCode !== "CZ" ? party.countryCode : null,
      party.ico ? tt("invoicePdf.ico", { value: party.ico }) : null,
      // A supplier that is not a VAT payer says so in its DIČ's place, even with a DIČ (an identified person has one).
      isSupplier && notVatPayer ? notVatPayer : party.dic ? tt("invoicePdf.dic", { value: party.dic }) : null,
    ]);

  const title = tt(snapshot.vatPayer ? `invoicePdf.title.${snapshot.kind}` : `invoicePdf.titleNotVatPayer.${snapshot.kind}`);
  const number = tt("invoicePdf.number", { number: snapshot.number });
  const facts: LabelledValue[] = [
    { label: tt("invoicePdf.issueDate"), value: formatCzechDate(snapshot.issueDate) },
    ...(snapshot.vatPayer && snapshot.taxableSupplyDate ? [{ label: tt("invoicePdf.taxableSupplyDate"), value: formatCzechDate(snapshot.taxableSupplyDate) }] : []),
    { label: tt("invoicePdf.dueDate"), value: formatCzechDate(snapshot.dueDate) },
    ...(snapshot.orderId !== null ? [{ label: tt("invoicePdf.orderNumber"), value: String(snapshot.orderId) }] : []),
  ];

  const paymentRows: LabelledValue[] = [
    { label: tt("invoicePdf.paymentMethod"), value: tt(`invoices.paymentMethod.${payment.method}`) },
    ...(bank
      ? [
          { label: tt("invoicePdf.bankAccount"), value: bank.accountNumber },
          { label: tt("invoicePdf.iban"), value: bank.iban.replace(/(.{4})(?=.)/g, "$1 ") },
          ...(bank.swift ? [{ label: tt("invoicePdf.swift"), value: bank.swift }] : []),
        ]
      : []),
    { label: tt("invoicePdf.variableSymbol"), value: payment.variableSymbol },
    ...(payment.constantSymbol ? [{ label: tt("invoicePdf.constantSymbol"), value: payment.constantSymbol }] : []),
  ];

  const lines = snapshot.lines.map((line, index): TableRow<InvoiceColumn> => {
    const amounts = totals.lines[index]!;
    return {
      position: String(index + 1),
      description: line.description,
      quantity: formatDecimal(line.quantity, lang, 3),
      unit: line.unit,
      unitPrice: line.quantity === 0 ? "–" : money(Math.round(line.baseHalere / line.quantity)),
      vatRate: snapshot.vatPayer ? percent(line.vatRate) : "",
      base: money(amounts.baseHalere),
      total: money(amounts.totalHalere),
    };
  });

  const deductsTaxed = snapshot.deductions.some((deduction) => deduction.taxed);
  const recap: RecapLine[] = totals.recap.flatMap((row): RecapLine[] =>
    deductsTaxed
      ? [
          { cells: { rate: tt("invoicePdf.recapSupply", { rate: rate(row.vatRate) }), base: money(row.baseHalere), vat: money(row.vatHalere) }, strong: false },
          { cells: { rate: tt("invoicePdf.recapDeducted", { rate: rate(row.vatRate) }), base: money(-row.claimedBaseHalere), vat: money(-row.claimedVatHalere) }, strong: false },
          { cells: { rate: tt("invoicePdf.recapDifference", { rate: rate(row.vatRate) }), base: money(row.differenceBaseHalere), vat: money(row.differenceVatHalere) }, strong: true },
        ]
      : [{ cells: { rate: tt("invoicePdf.recapRate", { rate: rate(row.vatRate) }), base: money(row.baseHalere), vat: money(row.vatHalere) }, strong: false }],
  );

  const summary: LabelledValue[] = snapshot.vatPayer
    ? [
        { label: tt("invoicePdf.totalWithoutVat"), value: money(totals.baseHalere) },
        { label: tt("invoicePdf.vat"), value: money(totals.vatHalere) },
        { label: tt("invoicePdf.total"), value: money(totals.totalHalere) },
      ]
    : [{ label: tt("invoicePdf.total"), value: money(totals.totalHalere) }];
  for (const deduction of snapshot.deductions) {
    const amount = deduction.taxed ? deduction.parts.reduce((sum, part) => sum + part.baseHalere + part.vatHalere, 0) : deduction.amountHalere;
    const label = deduction.taxed
      ? tt("invoicePdf.deductedTaxed", { proforma: deduction.variableSymbol, document: deduction.number })
      : tt("invoicePdf.deductedPaid", { number: deduction.number });
    summary.push({ label, value: money(-amount) });
  }
  if (totals.roundingHalere !== 0) summary.push({ label: tt("invoicePdf.rounding"), value: money(totals.roundingHalere) });

  const grand = { label: tt(totals.payableHalere < 0 ? "invoicePdf.toReturn" : "invoicePdf.toPay"), value: money(Math.abs(totals.payableHalere)) };
  const original = snapshot.originalDocument ? tt("invoicePdf.originalDocument", { number: snapshot.originalDocument.number, date: formatCzechDate(snapshot.originalDocument.issueDate) }) : null;

  return {
    lang,
    meta: { title: `${title} ${snapshot.number} · ${customer.name}`, author: supplier.name },
    company: {
      name: supplier.name,
      lines: present([supplier.street, joined(supplier.postalCode, supplier.city), supplier.phone && tt("invoicePdf.phone", { value: supplier.phone }), supplier.email && tt("invoicePdf.email", { value: supplier.email })]),
    },
    title,
    number,
    facts,
    supplier: { title: tt("invoicePdf.supplier"), lines: partyLines(supplier, true) },
    customer: { title: tt("invoicePdf.customer"), lines: partyLines(customer, false) },
    payment: paymentRows,
    spayd: invoiceSpayd(snapshot, totals, tt("invoicePdf.qrMessage", { number: snapshot.number })),
    vatPayer: snapshot.vatPayer,
    labels: {
      lines: tt("invoicePdf.lines"),
      recap: tt("invoicePdf.recap"),
      summary: tt("invoicePdf.summary"),
      note: tt("invoicePdf.note"),
      columns: {
        position: tt("invoicePdf.column.position"),
        description: tt("invoicePdf.column.description"),
        quantity: tt("invoicePdf.column.quantity"),
        unit: tt("invoicePdf.column.unit"),
        unitPrice: tt("invoicePdf.column.unitPrice"),
        vatRate: snapshot.vatPayer ? tt("invoicePdf.column.vatRate") : "",
        base: tt("invoicePdf.column.base"),
        total: tt("invoicePdf.column.total"),
      },
      recapColumns: { rate: tt("invoicePdf.recapColumn.rate"), base: tt("invoicePdf.recapColumn.base"), vat: tt("invoicePdf.recapColumn.vat") },
    },
    lines,
    recap,
    summary,
    grand,
    notVatPayer,
    note: present([original, snapshot.note?.trim()]).join("\n") || null,
    issuedBy: snapshot.issuedBy ? tt("invoicePdf.issuedBy", { name: snapshot.issuedBy }) : null,
    footer: `${supplier.name} · ${title} ${snapshot.number}`,
    pageLabel: (page, pages) => tt("invoicePdf.page", { page, pages }),
  };
}
