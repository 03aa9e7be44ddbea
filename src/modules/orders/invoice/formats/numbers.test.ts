import { describe, expect, test } from "bun:test";
import { formatInvoiceNumber, MAX_COUNTER, parseInvoiceNumber, SERIES_DIGITS } from "./numbers";
import { INVOICE_KINDS } from "./snapshot";

describe("invoice numbers", () => {
  test("ten digits: year, series digit, five-digit counter", () => {
    expect(formatInvoiceNumber({ year: 2026, kind: "FINAL", counter: 42 })).toBe("2026100042");
    expect(formatInvoiceNumber({ year: 2026, kind: "PROFORMA", counter: 1 })).toBe("2026200001");
    expect(formatInvoiceNumber({ year: 2026, kind: "PAYMENT_TAX_DOCUMENT", counter: 7 })).toBe("2026300007");
    expect(formatInvoiceNumber({ year: 2027, kind: "CREDIT_NOTE", counter: MAX_COUNTER })).toBe("2027499999");
  });

  test("every kind has its own digit, and a number parses back to what made it", () => {
    expect(new Set(Object.values(SERIES_DIGITS)).size).toBe(INVOICE_KINDS.length);
    for (const kind of INVOICE_KINDS) {
      for (const counter of [1, 9, 10, 12_345, MAX_COUNTER]) {
        const number = formatInvoiceNumber({ year: 2031, kind, counter });
        expect(number).toMatch(/^\d{10}$/);
        expect(parseInvoiceNumber(number)).toEqual({ year: 2031, kind, counter });
      }
    }
  });

  test("a counter or year that does not fit is refused, not cut", () => {
    expect(() => formatInvoiceNumber({ year: 2026, kind: "FINAL", counter: 0 })).toThrow(RangeError);
    expect(() => formatInvoiceNumber({ year: 2026, kind: "FINAL", counter: MAX_COUNTER + 1 })).toThrow(RangeError);
    expect(() => formatInvoiceNumber({ year: 999, kind: "FINAL", counter: 1 })).toThrow(RangeError);
    expect(() => formatInvoiceNumber({ year: 2026, kind: "FINAL", counter: 1.5 })).toThrow(RangeError);
  });

  test("anything else is not an invoice number", () => {
    for (const text of ["", "202610004", "20261000421", "2026500001", "2026000001", "2026100000", "2026-100042", "abcdefghij"]) {
      expect(parseInvoiceNumber(text)).toBeNull();
    }
  });
});
