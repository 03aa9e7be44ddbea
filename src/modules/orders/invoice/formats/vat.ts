/**
 * The money of an invoice (docs/decisions/051-invoice-formats.md): the VAT recap per rate, the
 * advances deducted, the rounding of a cash payment and the amount to pay, all in integer haléře.
 * Browser-safe; the PDF, ISDOC, Pohoda and the CSV all print these numbers, never their own.
 *
 * Rounding (zákon o DPH §37: VAT "zdola", the base times the rate):
 * - a rate's VAT is its base (the sum of its lines, each already whole haléře) times the rate,
 *   rounded once to the haléř, half away from zero — so a rate's VAT equals the lines to the haléř
 *   and a credit note is exactly the negative of the invoice it cancels;
 * - a line's own VAT (ISDOC prints one per line) is its base times the rate, rounded the same way;
 *   what those differ from the rate's VAT by (a haléř or two) is put on the rate's largest line,
 *   so the lines' VAT adds up to the recap;
 * - a received payment (it includes VAT) is split "shora": VAT = amount × rate / (100 + rate),
 *   rounded the same way, the base the rest (computed exactly, without the old coefficient); its
 *   tax document's lines carry that VAT, and the recap keeps it (VAT "zdola" from the base could
 *   differ by a haléř: a payment of 100,00 Kč at 21 % is 82,64 + 17,36, where 82,64 × 21 % = 17,35);
 * - VAT is never rounded to whole crowns; only a cash payment's amount to pay is, to 1 Kč (the
 *   smallest coin), and that rounding stays outside both the base and the VAT.
 */
import type { InvoiceDeduction, InvoiceSnapshot, InvoiceSnapshotLine, RateAmount } from "./snapshot";

/** A rate in hundredths of a percent, so 21 % and 12.5 % are both integers. */
const basisPoints = (rate: number) => Math.round(rate * 100);

/** numerator / denominator, rounded half away from zero; both integers, denominator > 0. */
function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator)) throw new RangeError(`Amount too large to compute exactly: ${numerator}`);
  const magnitude = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -magnitude : magnitude;
}

/** VAT of a base ("zdola"), in haléře. */
export const vatOfBase = (baseHalere: number, vatRate: number): number => divideRounded(baseHalere * basisPoints(vatRate), 10_000);

/** A price with VAT split into base and VAT ("shora"): what a received payment is made of. */
export function splitInclusive(totalHalere: number, vatRate: number): RateAmount {
  const points = basisPoints(vatRate);
  const vatHalere = divideRounded(totalHalere * points, 10_000 + points);
  return { vatRate, baseHalere: totalHalere - vatHalere, vatHalere };
}

export interface LineAmounts {
  baseHalere: number;
  vatHalere: number;
  totalHalere: number;
}

/** One row of the VAT recap (ISDOC TaxSubTotal): the supply, the advances already taxed, and the difference. */
export interface RecapRow {
  vatRate: number;
  baseHalere: number;
  vatHalere: number;
  totalHalere: number;
  claimedBaseHalere: number;
  claimedVatHalere: number;
  claimedTotalHalere: number;
  differenceBaseHalere: number;
  differenceVatHalere: number;
  differenceTotalHalere: number;
}

export interface InvoiceTotals {
  /** False for a supplier that is not a VAT payer: no VAT anywhere and no recap. */
  vatApplicable: boolean;
  /** Each line's base, VAT and total, in the snapshot's order. */
  lines: LineAmounts[];
  /** One row per rate, the highest rate first; empty when VAT does not apply. */
  recap: RecapRow[];
  baseHalere: number;
  vatHalere: number;
  totalHalere: number;
  /** Taxed advances (tax documents for received payments), base and with VAT. */
  claimedBaseHalere: number;
  claimedTotalHalere: number;
  differenceBaseHalere: number;
  differenceTotalHalere: number;
  /** Advances paid on proformas that were no tax documents (ISDOC PaidDepositsAmount). */
  paidDepositsHalere: number;
  /** A cash payment's rounding to whole crowns; 0 otherwise. */
  roundingHalere: number;
  /** What the customer still pays on this document (negative: what a credit note returns). */
  payableHalere: number;
}

type TotalsInput = Pick<InvoiceSnapshot, "vatPayer" | "lines" | "deductions"> & { payment: Pick<InvoiceSnapshot["payment"], "method"> };

/** The highest rate first, as Czech invoices list them. */
const byRateDescending = (a: { vatRate: number }, b: { vatRate: number }) => b.vatRate - a.vatRate;

/** Each line's VAT, with the rate's rounding difference on its largest line. */
function lineAmounts(lines: InvoiceSnapshotLine[], vatApplicable: boolean, rateVat: Map<number, number>): LineAmounts[] {
  const amounts = lines.map((line) => {
    const vatHalere = vatApplicable ? (line.vatHalere ?? vatOfBase(line.baseHalere, line.vatRate)) : 0;
    return { baseHalere: line.baseHalere, vatHalere, totalHalere: line.baseHalere + vatHalere };
  });
  if (!vatApplicable) return amounts;
  for (const [points, vat] of rateVat) {
    const indexes = lines.flatMap((line, index) => (basisPoints(line.vatRate) === points ? [index] : []));
    const difference = vat - indexes.reduce((sum, index) => sum + amounts[index]!.vatHalere, 0);
    if (difference === 0) continue;
    const largest = indexes.reduce((best, index) => (Math.abs(lines[index]!.baseHalere) > Math.abs(lines[best]!.baseHalere) ? index : best));
    const line = amounts[largest]!;
    line.vatHalere += difference;
    line.totalHalere += difference;
  }
  return amounts;
}

const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);

/** The recap, deductions, rounding and amount to pay of a document. */
export function invoiceTotals(invoice: TotalsInput): InvoiceTotals {
  const vatApplicable = invoice.vatPayer;
  const taxed = invoice.deductions.filter((deduction): deduction is Extract<InvoiceDeduction, { taxed: true }> => deduction.taxed);
  if (!vatApplicable && taxed.length) throw new RangeError("A supplier that is not a VAT payer has no taxed advances to deduct");
  if (!vatApplicable && invoice.lines.some((line) => line.vatRate !== 0)) throw new RangeError("A supplier that is not a VAT payer charges no VAT: every line's rate is 0");

  const rates = new Map<number, { vatRate: number; base: number; claimedBase: number; claimedVat: number; splitVat: number | null }>();
  const rateOf = (vatRate: number) => {
    const points = basisPoints(vatRate);
    let row = rates.get(points);
    if (!row) rates.set(points, (row = { vatRate, base: 0, claimedBase: 0, claimedVat: 0, splitVat: null }));
    return row;
  };
  for (const line of invoice.lines) {
    const row = rateOf(line.vatRate);
    row.base += line.baseHalere;
    if (line.vatHalere !== undefined) row.splitVat = (row.splitVat ?? 0) + line.vatHalere;
  }
  if (invoice.lines.some((line) => line.vatHalere !== undefined) && invoice.lines.some((line) => line.vatHalere === undefined)) {
    throw new RangeError("Either every line carries its VAT split from a received amount, or none does");
  }
  for (const part of taxed.flatMap((deduction) => deduction.parts)) {
    const row = rateOf(part.vatRate);
    row.claimedBase += part.baseHalere;
    row.claimedVat += part.vatHalere;
  }

  const recap: RecapRow[] = vatApplicable
    ? [...rates.values()].sort(byRateDescending).map((row) => {
        const vatHalere = row.splitVat ?? vatOfBase(row.base, row.vatRate);
        const claimedTotalHalere = row.claimedBase + row.claimedVat;
        return {
          vatRate: row.vatRate,
          baseHalere: row.base,
          vatHalere,
          totalHalere: row.base + vatHalere,
          claimedBaseHalere: row.claimedBase,
          claimedVatHalere: row.claimedVat,
          claimedTotalHalere,
          differenceBaseHalere: row.base - row.claimedBase,
          differenceVatHalere: vatHalere - row.claimedVat,
          differenceTotalHalere: row.base + vatHalere - claimedTotalHalere,
        };
      })
    : [];

  const lines = lineAmounts(invoice.lines, vatApplicable, new Map(recap.map((row) => [basisPoints(row.vatRate), row.vatHalere])));
  const baseHalere = sum(invoice.lines, (line) => line.baseHalere);
  const vatHalere = sum(recap, (row) => row.vatHalere);
  const claimedBaseHalere = sum(recap, (row) => row.claimedBaseHalere);
  const claimedTotalHalere = sum(recap, (row) => row.claimedTotalHalere);
  const paidDepositsHalere = sum(invoice.deductions, (deduction) => (deduction.taxed ? 0 : deduction.amountHalere));
  const differenceTotalHalere = baseHalere + vatHalere - claimedTotalHalere;
  const unrounded = differenceTotalHalere - paidDepositsHalere;
  const roundingHalere = invoice.payment.method === "CASH" ? divideRounded(unrounded, 100) * 100 - unrounded : 0;
  return {
    vatApplicable,
    lines,
    recap,
    baseHalere,
    vatHalere,
    totalHalere: baseHalere + vatHalere,
    claimedBaseHalere,
    claimedTotalHalere,
    differenceBaseHalere: baseHalere - claimedBaseHalere,
    differenceTotalHalere,
    paidDepositsHalere,
    roundingHalere,
    payableHalere: unrounded + roundingHalere,
  };
}

/**
 * A payment received on a proforma, split per rate for its tax document ("daňový doklad k přijaté
 * platbě"): shared among the proforma's rates in proportion to their totals with VAT (the last
 * rate takes the remainder, so the parts add up to the payment), each part split "shora".
 */
export function paymentParts(amountHalere: number, proformaRecap: readonly Pick<RecapRow, "vatRate" | "totalHalere">[]): RateAmount[] {
  const rows = [...proformaRecap].sort(byRateDescending).filter((row) => row.totalHalere !== 0);
  if (!rows.length) throw new RangeError("A payment's tax document needs the proforma's VAT recap");
  const whole = sum(rows, (row) => row.totalHalere);
  if (whole <= 0) throw new RangeError("A payment's tax document needs a proforma with something to pay");
  let shared = 0;
  return rows.map((row, index) => {
    const share = index === rows.length - 1 ? amountHalere - shared : divideRounded(amountHalere * row.totalHalere, whole);
    shared += share;
    return splitInclusive(share, row.vatRate);
  });
}
