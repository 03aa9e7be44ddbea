import { describe, expect, test } from "bun:test";
import type { InvoiceDeduction, InvoiceSnapshotLine, PaymentMethod } from "./snapshot";
import { invoiceTotals, paymentParts, splitInclusive, vatOfBase } from "./vat";

const line = (baseHalere: number, vatRate = 21, description = "Plotový dílec"): InvoiceSnapshotLine => ({ description, quantity: 1, unit: "ks", baseHalere, vatRate });
const totals = (lines: InvoiceSnapshotLine[], options: { vatPayer?: boolean; deductions?: InvoiceDeduction[]; method?: PaymentMethod } = {}) =>
  invoiceTotals({ vatPayer: options.vatPayer ?? true, lines, deductions: options.deductions ?? [], payment: { method: options.method ?? "TRANSFER" } });

describe("VAT of a base and of a price with VAT", () => {
  test("zdola: base × rate, half away from zero, to the haléř", () => {
    expect(vatOfBase(100_000, 21)).toBe(21_000);
    expect(vatOfBase(1_050, 21)).toBe(221); // 220,5 haléře
    expect(vatOfBase(1_049, 21)).toBe(220); // 220,29
    expect(vatOfBase(-1_050, 21)).toBe(-221); // a credit is the exact negative
    expect(vatOfBase(333_333, 12)).toBe(40_000); // 39 999,96
    expect(vatOfBase(100_000, 0)).toBe(0);
  });

  test("shora: 1 000 Kč with 21 % is 826,45 + 173,55; with 12 % 892,86 + 107,14", () => {
    expect(splitInclusive(100_000, 21)).toEqual({ vatRate: 21, baseHalere: 82_645, vatHalere: 17_355 });
    expect(splitInclusive(100_000, 12)).toEqual({ vatRate: 12, baseHalere: 89_286, vatHalere: 10_714 });
    expect(splitInclusive(1_210_000, 21)).toEqual({ vatRate: 21, baseHalere: 1_000_000, vatHalere: 210_000 });
  });
});

describe("the VAT recap", () => {
  test("a rate's VAT is its lines' base times the rate, rounded once; the lines' VAT adds up to it to the haléř", () => {
    // Each line alone: 10,50 Kč × 21 % = 2,205 → 2,21 Kč; the rate: 21,00 Kč × 21 % = 4,41 Kč, not 4,42.
    const result = totals([line(1_050), line(1_050, 21, "Sloupek")]);
    expect(result.recap).toEqual([
      {
        vatRate: 21,
        baseHalere: 2_100,
        vatHalere: 441,
        totalHalere: 2_541,
        claimedBaseHalere: 0,
        claimedVatHalere: 0,
        claimedTotalHalere: 0,
        differenceBaseHalere: 2_100,
        differenceVatHalere: 441,
        differenceTotalHalere: 2_541,
      },
    ]);
    expect(result.lines.map((amounts) => amounts.vatHalere)).toEqual([220, 221]);
    expect(result.lines.reduce((sum, amounts) => sum + amounts.vatHalere, 0)).toBe(441);
    expect(result.lines.reduce((sum, amounts) => sum + amounts.totalHalere, 0)).toBe(result.totalHalere);
    expect(result.payableHalere).toBe(2_541);
  });

  test("two rates, the highest first, each equal to its own lines; a discount line lowers its rate's base", () => {
    const result = totals([line(12_345_67, 12, "Montáž"), line(80_041_50), line(-1_000_00, 21, "Sleva"), line(333_33, 12)]);
    expect(result.recap.map((row) => [row.vatRate, row.baseHalere, row.vatHalere, row.totalHalere])).toEqual([
      [21, 79_041_50, 16_598_72, 95_640_22], // 16 598,715 → 16 598,72
      [12, 12_679_00, 1_521_48, 14_200_48],
    ]);
    expect(result.baseHalere).toBe(91_720_50);
    expect(result.vatHalere).toBe(18_120_20);
    expect(result.totalHalere).toBe(109_840_70);
    for (const row of result.recap) {
      const rateLines = result.lines.filter((_, index) => [12, 21, 21, 12][index] === row.vatRate);
      expect(rateLines.reduce((sum, amounts) => sum + amounts.vatHalere, 0)).toBe(row.vatHalere);
    }
  });

  test("a credit note of the same lines, negated, is the exact negative", () => {
    const lines = [line(1_050), line(1_050), line(333_33, 12)];
    const invoice = totals(lines);
    const credit = totals(lines.map((item) => ({ ...item, baseHalere: -item.baseHalere })));
    expect(credit.totalHalere).toBe(-invoice.totalHalere);
    expect(credit.recap.map((row) => row.vatHalere)).toEqual(invoice.recap.map((row) => -row.vatHalere));
    expect(credit.payableHalere).toBe(-invoice.payableHalere);
  });

  test("a supplier that is not a VAT payer: no VAT, no recap; a paid proforma is deducted as an amount", () => {
    const result = totals([line(100_000_00, 0), line(2_500_50, 0)], {
      vatPayer: false,
      deductions: [{ taxed: false, number: "2026200001", variableSymbol: "2026200001", amountHalere: 10_000_00 }],
    });
    expect(result.vatApplicable).toBe(false);
    expect(result.recap).toEqual([]);
    expect(result.vatHalere).toBe(0);
    expect(result.totalHalere).toBe(102_500_50);
    expect(result.paidDepositsHalere).toBe(10_000_00);
    expect(result.payableHalere).toBe(92_500_50);
    expect(() => totals([line(100, 21)], { vatPayer: false })).toThrow(RangeError);
  });
});

describe("advances deducted on the final invoice", () => {
  test("a paid proforma's tax document is deducted per rate, base and VAT, as ISDOC's already-claimed amounts", () => {
    // The order: 100 000 Kč + 21 %; the deposit proforma asked 10 % of 121 000 Kč and was paid.
    const paid = paymentParts(12_100_00, [{ vatRate: 21, totalHalere: 12_100_00 }]);
    expect(paid).toEqual([{ vatRate: 21, baseHalere: 10_000_00, vatHalere: 2_100_00 }]);
    const result = totals([line(100_000_00)], { deductions: [{ taxed: true, number: "2026300001", variableSymbol: "2026200001", parts: paid }] });
    expect(result.recap).toEqual([
      {
        vatRate: 21,
        baseHalere: 100_000_00,
        vatHalere: 21_000_00,
        totalHalere: 121_000_00,
        claimedBaseHalere: 10_000_00,
        claimedVatHalere: 2_100_00,
        claimedTotalHalere: 12_100_00,
        differenceBaseHalere: 90_000_00,
        differenceVatHalere: 18_900_00,
        differenceTotalHalere: 108_900_00,
      },
    ]);
    expect(result.claimedTotalHalere).toBe(12_100_00);
    expect(result.paidDepositsHalere).toBe(0);
    expect(result.payableHalere).toBe(108_900_00);
  });

  test("a payment tax document adds up to the payment: its VAT split shora is kept, not recomputed from the base", () => {
    // 100,00 Kč at 21 %: shora 82,64 + 17,36; zdola 82,64 × 21 % would be 17,35 and the document 99,99 Kč.
    for (const [amount, base, vat] of [
      [100_00, 82_64, 17_36],
      [123_45, 102_02, 21_43],
      [859_67, 710_47, 149_20],
    ] as const) {
      const parts = paymentParts(amount, [{ vatRate: 21, totalHalere: 1_000_00 }]);
      expect(parts).toEqual([{ vatRate: 21, baseHalere: base, vatHalere: vat }]);
      const document = totals(
        parts.map((part) => ({ ...line(0, part.vatRate), baseHalere: part.baseHalere, vatHalere: part.vatHalere })),
        { deductions: [{ taxed: false, number: "2026200001", variableSymbol: "2026200001", amountHalere: amount }] },
      );
      expect([document.baseHalere, document.vatHalere, document.totalHalere, document.payableHalere]).toEqual([base, vat, amount, 0]);
      expect(document.lines[0]!.vatHalere).toBe(vat);
    }
    // Two rates, a payment shared between them: still the payment to the haléř.
    const shared = paymentParts(1_000_00, [{ vatRate: 21, totalHalere: 1_210_00 }, { vatRate: 12, totalHalere: 560_00 }]);
    const twoRates = totals(shared.map((part) => ({ ...line(0, part.vatRate), baseHalere: part.baseHalere, vatHalere: part.vatHalere })));
    expect(twoRates.totalHalere).toBe(1_000_00);
    expect(() => totals([{ ...line(100, 21), vatHalere: 21_00 }, line(100, 21)])).toThrow(RangeError);
  });

  test("an uneven payment: the tax documents' bases and VAT are what is deducted, to the haléř", () => {
    const first = paymentParts(1_000_00, [{ vatRate: 21, totalHalere: 8_004_15 }]);
    const second = paymentParts(7_004_15, [{ vatRate: 21, totalHalere: 8_004_15 }]);
    expect(first).toEqual([{ vatRate: 21, baseHalere: 826_45, vatHalere: 173_55 }]);
    const result = totals([line(66_150_00)], {
      deductions: [
        { taxed: true, number: "2026300001", variableSymbol: "2026200001", parts: first },
        { taxed: true, number: "2026300002", variableSymbol: "2026200001", parts: second },
      ],
    });
    const row = result.recap[0]!;
    expect(row.claimedBaseHalere).toBe(first[0]!.baseHalere + second[0]!.baseHalere);
    expect(row.claimedVatHalere).toBe(first[0]!.vatHalere + second[0]!.vatHalere);
    expect(row.claimedTotalHalere).toBe(8_004_15);
    expect(result.payableHalere).toBe(80_041_50 - 8_004_15);
  });

  test("a payment on a proforma of two rates is shared in proportion to their totals and adds up exactly", () => {
    const parts = paymentParts(10_000_00, [
      { vatRate: 12, totalHalere: 33_333_33 },
      { vatRate: 21, totalHalere: 66_666_67 },
    ]);
    expect(parts.map((part) => part.vatRate)).toEqual([21, 12]);
    expect(parts.reduce((sum, part) => sum + part.baseHalere + part.vatHalere, 0)).toBe(10_000_00);
    expect(parts[0]!.baseHalere + parts[0]!.vatHalere).toBe(6_666_67);
    expect(parts[1]).toEqual(splitInclusive(3_333_33, 12));
  });
});

describe("the amount to pay", () => {
  test("a cash payment is rounded to whole crowns outside the base and the VAT; a transfer is not", () => {
    const cash = totals([line(1_020_25)], { method: "CASH" }); // 1 020,25 + 214,25 = 1 234,50
    expect(cash.totalHalere).toBe(1_234_50);
    expect(cash.roundingHalere).toBe(50);
    expect(cash.payableHalere).toBe(1_235_00);
    expect(cash.vatHalere).toBe(214_25);
    const down = totals([line(1_020_24)], { method: "CASH" }); // 1 234,49
    expect(down.roundingHalere).toBe(-49);
    expect(down.payableHalere).toBe(1_234_00);
    const transfer = totals([line(1_020_25)]);
    expect(transfer.roundingHalere).toBe(0);
    expect(transfer.payableHalere).toBe(1_234_50);
  });
});
