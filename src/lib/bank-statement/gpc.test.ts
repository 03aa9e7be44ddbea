import { describe, expect, test } from "bun:test";
import { gpcBytes, gpcRecords, patch, refusalOf, statementBytes, utf8 } from "../../../tests/helpers/bank-statements";
import { readBankStatement } from "./read";

const read = (data: Uint8Array) => readBankStatement({ fileName: "vypis.gpc", data });
/** Positions 46–105 of a 074 with every balance and turnover zero: an export without balances. */
const NO_BALANCES = "00000000000000+00000000000000+00000000000000000000000000000000";

describe("a GPC statement", () => {
  const bytes = statementBytes("vypis-2026-03.gpc");

  test("the sample is real Windows-1250: ř is one byte 0xF8, and the bytes are no UTF-8", () => {
    expect(bytes.includes(0xf8)).toBe(true);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    // Eight records of 128 characters, each ended by CRLF.
    expect(bytes.byteLength).toBe(8 * 130);
  });

  test("the header: our account, its name, the period, both balances in haléře", () => {
    const { lines, ...header } = read(bytes);
    expect(header).toEqual({
      format: "gpc",
      account: "19-2000145399",
      accountName: "Ohrada s.r.o.",
      statementId: "7",
      // The old balance is of 28 February: the statement runs from 1 March to its date.
      from: "2026-03-01",
      to: "2026-03-31",
      openingBalance: 12_345_600,
      closingBalance: 14_026_285,
    });
    // 123 456,00 + 6 621,85 + 12 100,00 − 1 815,00 − 100,00 = 140 262,85 Kč
    expect(lines.map((line) => (line.direction === "credit" ? 1 : -1) * line.amountHalere).reduce((a, b) => a + b, 12_345_600)).toBe(14_026_285);
  });

  test("a credit of VS 2026200001 with 6 621,85 Kč, its 078/079 message, the value date taken from the due date", () => {
    expect(read(bytes).lines[0]).toEqual({
      lineNumber: 1,
      bankTransactionId: "0000000001001",
      direction: "credit",
      amountHalere: 662_185,
      currency: "CZK",
      variableSymbol: "2026200001",
      constantSymbol: null,
      specificSymbol: null,
      // 92–97 is 000000 in this record: the due date (123–128) stands in.
      valueDate: "2026-03-02",
      counterAccount: "123456789/0100",
      counterName: "Dvořák Jiří",
      message: "Faktura 2026200001 plot Brno Dvořák Jiří, Lelekovice",
      reversal: false,
    });
  });

  test("a name of 20 characters with diacritics, the constant symbol after the bank code, the specific symbol; 076 changes nothing", () => {
    const line = read(bytes).lines[1]!;
    expect(line).toMatchObject({
      amountHalere: 1_210_000,
      variableSymbol: "2026200003",
      constantSymbol: "308",
      specificSymbol: "42",
      counterAccount: "19-235671/0300",
      counterName: "Žluťoučký kůň s.r.o.",
      valueDate: "2026-03-05",
      message: null,
    });
  });

  test("a debit (code 1) and a reversed credit (code 5) are debits; the reversal is marked", () => {
    const [, , debit, storno] = read(bytes).lines;
    expect(debit).toMatchObject({ direction: "debit", amountHalere: 181_500, variableSymbol: "20260315", counterAccount: "2701234567/2010", counterName: "Hutní materiál a.s.", reversal: false });
    expect(storno).toMatchObject({ direction: "debit", amountHalere: 10_000, variableSymbol: "2026200001", reversal: true });
  });

  test("the same records in UTF-8 with LF read the same; a header without its filler too", () => {
    const records = gpcRecords();
    expect(read(utf8(records.join("\n")))).toEqual(read(bytes));
    expect(read(gpcBytes([records[0]!.trimEnd(), ...records.slice(1)]))).toEqual(read(bytes));
  });

  test("a reversed debit (code 4) brings money in; currency 0978 is EUR; symbols padded with spaces", () => {
    const records = gpcRecords();
    // Line 7 (the supplier's debit) reversed: the closing balance grows by twice 1 815,00.
    const header = patch(records[0]!, 61, "00000014389285");
    const statement = read(gpcBytes([header, ...records.slice(1, 6), patch(records[6]!, 61, "4"), records[7]!]));
    expect(statement.lines[2]).toMatchObject({ direction: "credit", reversal: true, amountHalere: 181_500 });
    const euro = read(gpcBytes([patch(records[0]!, 46, NO_BALANCES), patch(records[1]!, 119, "0978")]));
    expect(euro.lines[0]).toMatchObject({ currency: "EUR", amountHalere: 662_185 });
    // A variable symbol padded with spaces, a specific symbol of spaces only.
    const spaced = read(gpcBytes([patch(records[0]!, 46, NO_BALANCES), patch(patch(records[1]!, 62, "  12345   "), 82, " ".repeat(10))]));
    expect(spaced.lines[0]).toMatchObject({ variableSymbol: "12345", specificSymbol: null });
    expect(refusalOf(gpcBytes([records[0]!, patch(records[1]!, 62, "20262O0001")]))).toEqual({ key: "bankStatement.gpc.badSymbol", values: { line: 2, value: "20262O0001" } });
  });

  test("two statements of one account read as one: the first opening, the last closing, both numbers", () => {
    const records = gpcRecords();
    const second = patch(patch(patch(records[0]!, 46, "00000014026285+00000014026285+"), 106, "008"), 109, "300426");
    const statement = read(gpcBytes([...records, patch(second, 40, "310326")]));
    expect(statement).toMatchObject({ statementId: "7, 8", from: "2026-03-01", to: "2026-04-30", openingBalance: 12_345_600, closingBalance: 14_026_285 });
    expect(statement.lines).toHaveLength(4);
  });
});

describe("a GPC that cannot be read whole is refused", () => {
  const records = gpcRecords();

  test("a cut record (a short last line)", () => {
    const data = gpcBytes(records);
    expect(refusalOf(data.subarray(0, 130 * 7 + 60))).toEqual({ key: "bankStatement.gpc.lineLength", values: { line: 8, length: 60, expected: 128 } });
  });

  test("a record type the format has not", () => {
    expect(refusalOf(gpcBytes([...records.slice(0, 2), patch(records[2]!, 1, "077")]))).toEqual({ key: "bankStatement.gpc.recordType", values: { line: 3, type: "077" } });
  });

  test("an amount with letters, a 32nd of March, an accounting code 3, an unknown currency", () => {
    expect(refusalOf(gpcBytes([records[0]!, patch(records[1]!, 49, "0000006621,8")]))).toEqual({ key: "bankStatement.gpc.badAmount", values: { line: 2, value: "0000006621,8" } });
    expect(refusalOf(gpcBytes([records[0]!, patch(records[1]!, 123, "320326")]))).toEqual({ key: "bankStatement.gpc.badDate", values: { line: 2, value: "320326" } });
    expect(refusalOf(gpcBytes([records[0]!, patch(records[1]!, 61, "3")])).key).toBe("bankStatement.gpc.badCode");
    expect(refusalOf(gpcBytes([records[0]!, patch(records[1]!, 119, "0999")])).key).toBe("bankStatement.gpc.badCurrency");
    expect(refusalOf(gpcBytes([patch(records[0]!, 60, "*"), records[1]!])).key).toBe("bankStatement.gpc.badAmount");
  });

  test("a missing transaction: the lines no longer give the closing balance", () => {
    expect(refusalOf(gpcBytes(records.slice(0, 7)))).toEqual({ key: "bankStatement.gpc.balanceMismatch", values: { line: 1, statement: "7" } });
  });

  test("control characters, more lines than the bound, statements of two accounts", () => {
    expect(refusalOf(gpcBytes([records[0]!, patch(records[1]!, 100, "\u0001")]))).toEqual({ key: "bankStatement.gpc.badCharacters", values: { line: 2 } });
    expect(refusalOf(gpcBytes(records), { maxBytes: 1024 * 1024, maxLines: 3 })).toEqual({ key: "bankStatement.tooManyLines", values: { max: 3 } });
    const other = patch(patch(records[0]!, 4, "0000000123456789"), 46, NO_BALANCES);
    expect(refusalOf(gpcBytes([...records, other]))).toEqual({ key: "bankStatement.severalAccounts", values: { first: "19-2000145399", other: "123456789" } });
  });
});
