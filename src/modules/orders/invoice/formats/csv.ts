/**
 * The accountant export's CSV summary (docs/decisions/051-invoice-formats.md): one row per
 * document — number, type, dates, customer, IČO, DIČ, base and VAT per rate, total, advances
 * deducted, to pay — as Czech Excel opens it (the baskets' CSV rules, decision 028: BOM, `;`,
 * CRLF, numbers with a decimal comma, codes kept as text). One pair of columns per rate any
 * document uses, the highest first; a supplier that is not a VAT payer puts its base under 0 %.
 * Amounts are in crowns with the stored sign (a credit note negative).
 */
import { type CsvCell, toCsv } from "@/modules/baskets/exports/csv";
import { formatCzechDate } from "@/lib/dates";
import type { Lang } from "@/lib/lang";
import type { InvoiceKind, InvoiceSnapshot } from "./snapshot";
import { invoiceTotals } from "./vat";
import { decimal } from "./xml";

type Translate = (key: string, values?: Record<string, unknown>) => string;

const crowns = (halere: number) => halere / 100;
const KIND_KEYS: Record<InvoiceKind, string> = {
  FINAL: "invoices.kind.FINAL",
  PROFORMA: "invoices.kind.PROFORMA",
  PAYMENT_TAX_DOCUMENT: "invoices.kind.PAYMENT_TAX_DOCUMENT",
  CREDIT_NOTE: "invoices.kind.CREDIT_NOTE",
};

/** The CSV's bytes; `t` translates the headers and types (the `invoices.csv.*` keys), dates are dd.mm.yyyy in Czech, ISO in English. */
export function invoiceCsv(snapshots: readonly InvoiceSnapshot[], { t, lang }: { t: Translate; lang: Lang }): Uint8Array {
  const documents = snapshots.map((snapshot) => ({ snapshot, totals: invoiceTotals(snapshot) }));
  const perRate = ({ totals }: (typeof documents)[number]) =>
    totals.vatApplicable ? totals.recap : [{ vatRate: 0, baseHalere: totals.baseHalere, vatHalere: 0 }];
  const rates = [...new Set(documents.flatMap((document) => perRate(document).map((row) => row.vatRate)))].sort((a, b) => b - a);
  const date = (iso: string | null) => (iso ? (lang === "cs" ? formatCzechDate(iso) : iso) : null);
  const header = [
    t("invoices.csv.number"),
    t("invoices.csv.kind"),
    t("invoices.csv.issueDate"),
    t("invoices.csv.taxableSupplyDate"),
    t("invoices.csv.dueDate"),
    t("invoices.csv.customer"),
    t("invoices.csv.ico"),
    t("invoices.csv.dic"),
    ...rates.flatMap((rate) => [t("invoices.csv.base", { rate: decimal(rate, 2) }), t("invoices.csv.vat", { rate: decimal(rate, 2) })]),
    t("invoices.csv.total"),
    t("invoices.csv.deducted"),
    t("invoices.csv.payable"),
    t("invoices.csv.original"),
  ];
  const rows = documents.map((document): CsvCell[] => {
    const { snapshot, totals } = document;
    const byRate = new Map(perRate(document).map((row) => [row.vatRate, row]));
    return [
      { digits: snapshot.number },
      t(KIND_KEYS[snapshot.kind]),
      date(snapshot.issueDate),
      date(snapshot.taxableSupplyDate),
      date(snapshot.dueDate),
      snapshot.customer.name,
      snapshot.customer.ico ? { digits: snapshot.customer.ico } : null,
      snapshot.customer.dic,
      ...rates.flatMap((rate) => {
        const row = byRate.get(rate);
        return row ? [crowns(row.baseHalere), crowns(row.vatHalere)] : [null, null];
      }),
      crowns(totals.totalHalere),
      crowns(totals.claimedTotalHalere + totals.paidDepositsHalere),
      crowns(totals.payableHalere),
      snapshot.originalDocument ? { digits: snapshot.originalDocument.number } : null,
    ];
  });
  return toCsv(header, rows);
}
