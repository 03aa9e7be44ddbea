/**
 * Invoice numbers (docs/decisions/052-invoice-numbering-and-snapshot.md): exactly ten digits,
 * the year (4), the series digit (1) and the counter (5), `2026100042`. Digits only and ten at
 * most, so the number is also the variable symbol a bank transfer carries. Browser-safe.
 */
import type { InvoiceKind } from "./snapshot";

/** One series per kind: the digit after the year. */
export const SERIES_DIGITS: Readonly<Record<InvoiceKind, number>> = Object.freeze({
  FINAL: 1,
  PROFORMA: 2,
  PAYMENT_TAX_DOCUMENT: 3,
  CREDIT_NOTE: 4,
});

/** A series holds at most this many numbers a year (five counter digits). */
export const MAX_COUNTER = 99_999;

export interface InvoiceNumberParts {
  year: number;
  kind: InvoiceKind;
  counter: number;
}

const KIND_BY_DIGIT = new Map(Object.entries(SERIES_DIGITS).map(([kind, digit]) => [digit, kind as InvoiceKind]));

/** `{2026, FINAL, 42}` → `2026100042`. Throws on a year or counter that does not fit. */
export function formatInvoiceNumber({ year, kind, counter }: InvoiceNumberParts): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`An invoice year has four digits: ${year}`);
  if (!Number.isInteger(counter) || counter < 1 || counter > MAX_COUNTER) throw new RangeError(`An invoice counter is 1–${MAX_COUNTER}: ${counter}`);
  return `${year}${SERIES_DIGITS[kind]}${String(counter).padStart(5, "0")}`;
}

/** `2026100042` → `{2026, FINAL, 42}`; null for anything that is not one of our numbers. */
export function parseInvoiceNumber(text: string): InvoiceNumberParts | null {
  const match = /^(\d{4})(\d)(\d{5})$/.exec(text.trim());
  if (!match) return null;
  const [, year = "", digit = "", counter = ""] = match;
  const kind = KIND_BY_DIGIT.get(Number(digit));
  if (!kind || Number(year) < 1000 || Number(counter) < 1) return null;
  return { year: Number(year), kind, counter: Number(counter) };
}
