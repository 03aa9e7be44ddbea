/**
 * SPAYD against the reference vectors of czech-invoicing (docs/decisions/051-invoice-formats.md):
 * Komerční banka's example string and the CRC32 vector recomputed from the Rust spayd crate.
 */
import { describe, expect, test } from "bun:test";
import { EXAMPLE_CREDIT_NOTE, EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE, EXAMPLE_PAYMENT_TAX_DOCUMENT } from "./examples";
import { crc32Hex, hasValidCrc, invoiceSpayd, parseSpayd, spaydString } from "./spayd";
import { invoiceTotals } from "./vat";

describe("CRC32", () => {
  test("is zlib's CRC-32 in upper-case hex", () => {
    expect(crc32Hex("")).toBe("00000000");
    expect(crc32Hex("123456789")).toBe("CBF43926"); // the CRC-32 check value
  });

  test("the reference vector: SPD*1.0*ACC:CZ5855000000001265098001*AM:100.00*CC:CZK gives AAD80227", () => {
    expect(crc32Hex("SPD*1.0*ACC:CZ5855000000001265098001*AM:100.00*CC:CZK")).toBe("AAD80227");
    const text = spaydString({ iban: "CZ5855000000001265098001", amountHalere: 100_00 });
    expect(text).toBe("SPD*1.0*ACC:CZ5855000000001265098001*AM:100.00*CC:CZK*CRC32:AAD80227");
    expect(hasValidCrc(text)).toBe(true);
  });
});

describe("the SPAYD string", () => {
  test("equals Komerční banka's example, key for key, and its CRC32 checks", () => {
    const kb = "SPD*1.0*ACC:CZ7801000000000000000123*AM:799.50*CC:CZK*DT:20221001*X-VS:9562231077";
    const payment = { iban: "CZ7801000000000000000123", amountHalere: 799_50, executionDate: "2022-10-01", variableSymbol: "9562231077" };
    expect(spaydString(payment, { crc: false })).toBe(kb);
    const withCrc = spaydString(payment);
    expect(withCrc).toBe(`${kb}*CRC32:${crc32Hex(kb)}`);
    expect(hasValidCrc(withCrc)).toBe(true);
  });

  test("an invoice's payment: IBAN+BIC, two decimals, CZK, the symbols, the message in plain capitals; keys in alphabetical order", () => {
    const text = spaydString({
      iban: "cz65 0800 0000 1920 0014 5399",
      bic: "gibaczpx",
      amountHalere: 108_900_00,
      variableSymbol: "2026100042",
      constantSymbol: "0308",
      message: "Faktura 2026100042 – Ploty Ohrada, s.r.o.",
    });
    expect(text).toMatch(/^SPD\*1\.0\*ACC:CZ6508000000192000145399\+GIBACZPX\*AM:108900\.00\*CC:CZK\*MSG:FAKTURA 2026100042 %E2%80%93 PLOTY OHRADA, S\.R\.O\.\*X-KS:0308\*X-VS:2026100042\*CRC32:[0-9A-F]{8}$/);
    expect(hasValidCrc(text)).toBe(true);
    const keys = [...parseSpayd(text)!.keys()];
    expect(keys.slice(0, -1)).toEqual([...keys.slice(0, -1)].sort());
  });

  test("diacritics are dropped, * is escaped as %2A and % as %25, and MSG keeps to 60 characters without cutting an escape", () => {
    const fields = parseSpayd(spaydString({ iban: "CZ5855000000001265098001", message: "Příliš žluťoučký kůň * 50 % záloha" }))!;
    expect(fields.get("MSG")).toBe("PRILIS ZLUTOUCKY KUN %2A 50 %25 ZALOHA");
    const long = parseSpayd(spaydString({ iban: "CZ5855000000001265098001", message: `${"A".repeat(58)}**` }))!.get("MSG")!;
    expect(long).toBe("A".repeat(58));
    const exact = parseSpayd(spaydString({ iban: "CZ5855000000001265098001", message: `${"B".repeat(57)}*` }))!.get("MSG")!;
    expect(exact).toBe(`${"B".repeat(57)}%2A`);
    expect(exact.length).toBe(60);
  });

  test("a changed character breaks the CRC32", () => {
    const text = spaydString({ iban: "CZ5855000000001265098001", amountHalere: 100_00, variableSymbol: "2026200001" });
    expect(hasValidCrc(text.replace("AM:100.00", "AM:900.00"))).toBe(false);
    expect(hasValidCrc(text.replace(/\*CRC32:.*$/, ""))).toBe(false);
  });

  test("values the format cannot carry are refused, not cut", () => {
    const iban = "CZ5855000000001265098001";
    expect(() => spaydString({ iban: "CZ5855000000001265098002" })).toThrow(RangeError);
    expect(() => spaydString({ iban, amountHalere: 0 })).toThrow(RangeError);
    expect(() => spaydString({ iban, amountHalere: -100 })).toThrow(RangeError);
    expect(() => spaydString({ iban, amountHalere: 1_000_000_000 })).toThrow(RangeError);
    expect(spaydString({ iban, amountHalere: 999_999_999 }, { crc: false })).toContain("AM:9999999.99");
    expect(() => spaydString({ iban, variableSymbol: "12345678901" })).toThrow(RangeError);
    expect(() => spaydString({ iban, variableSymbol: "12A" })).toThrow(RangeError);
    expect(() => spaydString({ iban, executionDate: "1.10.2022" })).toThrow(RangeError);
  });
});

describe("a document's QR Platba", () => {
  test("the final invoice asks for what is left after the advance, under its number and constant symbol", () => {
    const totals = invoiceTotals(EXAMPLE_FINAL_INVOICE);
    const text = invoiceSpayd(EXAMPLE_FINAL_INVOICE, totals, "Faktura 2026100042")!;
    const fields = parseSpayd(text)!;
    expect(fields.get("ACC")).toBe("CZ6508000000192000145399+GIBACZPX");
    expect(fields.get("AM")).toBe(`${Math.floor(totals.payableHalere / 100)}.${String(totals.payableHalere % 100).padStart(2, "0")}`);
    expect(fields.get("X-VS")).toBe("2026100042");
    expect(fields.get("X-KS")).toBe("0308");
    expect(fields.get("MSG")).toBe("FAKTURA 2026100042");
    expect(hasValidCrc(text)).toBe(true);
  });

  test("none for a document with nothing to pay, a refund, or cash", () => {
    for (const snapshot of [EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_CREDIT_NOTE, EXAMPLE_NON_PAYER_INVOICE]) {
      expect(invoiceSpayd(snapshot, invoiceTotals(snapshot), "x")).toBeNull();
    }
    expect(invoiceSpayd({ ...EXAMPLE_FINAL_INVOICE, bank: null }, invoiceTotals(EXAMPLE_FINAL_INVOICE), "x")).toBeNull();
  });
});
