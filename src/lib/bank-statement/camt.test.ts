import { describe, expect, test } from "bun:test";
import { refusalOf, statementBytes, utf8 } from "../../../tests/helpers/bank-statements";
import { readBankStatement } from "./read";

const read = (data: Uint8Array) => readBankStatement({ fileName: "vypis.xml", data });
const v02 = () => new TextDecoder().decode(statementBytes("camt053-v02.xml"));

/** A minimal camt document of any message and version around `body`. */
const camt = (body: string, message = "camt.053.001.02") => `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${message}">${body}</Document>`;
/** One statement of our account holding `entries`. */
const statementWith = (entries: string) => camt(`<BkToCstmrStmt><Stmt><Id>S1</Id><Acct><Id><IBAN>CZ6508000000192000145399</IBAN></Id></Acct>${entries}</Stmt></BkToCstmrStmt>`);
const entry = (amount: string, date = "2026-03-05", indicator = "CRDT") =>
  `<Ntry><Amt Ccy="CZK">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${date}</Dt></BookgDt></Ntry>`;

describe("a camt.053.001.02 statement", () => {
  const statement = read(statementBytes("camt053-v02.xml"));

  test("our IBAN as the domestic account, the id, the period, the OPBD and CLBD balances", () => {
    const { lines, ...header } = statement;
    expect(header).toEqual({
      format: "camt053",
      account: "19-2000145399/0800",
      statementId: "2026-03-007",
      from: "2026-03-01",
      to: "2026-03-31",
      openingBalance: 12_345_600,
      closingBalance: 16_176_335,
    });
    // The pending entry of 500,00 is no statement line; the batch of two is two lines.
    expect(lines.map((line) => line.amountHalere)).toEqual([3_000_000, 662_185, 181_500, 100_000, 250_050]);
  });

  test("30 000,00 CZK with VS 2026200002 and KS 0308 in the end-to-end id, the debtor's IBAN as a Czech account", () => {
    expect(statement.lines[0]).toEqual({
      lineNumber: 1,
      bankTransactionId: "260305-0001",
      direction: "credit",
      amountHalere: 3_000_000,
      currency: "CZK",
      variableSymbol: "2026200002",
      constantSymbol: "308",
      specificSymbol: null,
      valueDate: "2026-03-05",
      counterAccount: "123456789/0100",
      counterName: "Dvořák Jiří",
      message: "Záloha na plot & branku",
      reversal: false,
    });
  });

  test("6 621,85 Kč with /VS/…/SS/… in the unstructured text, a name with diacritics, an account in Othr/Id", () => {
    expect(statement.lines[1]).toMatchObject({ amountHalere: 662_185, variableSymbol: "2026200001", specificSymbol: "123", counterName: "Žluťoučký kůň s.r.o.", counterAccount: "19-235671/0300" });
  });

  test("a debit: the creditor is the counter party, the structured reference is the variable symbol", () => {
    expect(statement.lines[2]).toMatchObject({ direction: "debit", amountHalere: 181_500, variableSymbol: "20260315", counterName: "Hutní materiál a.s.", counterAccount: "2701234567/2010", valueDate: "2026-03-10" });
  });

  test("a batch whose transactions add up to the entry: a line each, with its own reference and symbol", () => {
    expect(statement.lines.slice(3).map(({ lineNumber, bankTransactionId, variableSymbol, counterName }) => ({ lineNumber, bankTransactionId, variableSymbol, counterName }))).toEqual([
      { lineNumber: 4, bankTransactionId: "260320-0004-1", variableSymbol: "2026200006", counterName: "Novák Petr" },
      { lineNumber: 5, bankTransactionId: "260320-0004-2", variableSymbol: "2026200007", counterName: "Svobodová Eva" },
    ]);
  });
});

describe("a camt.053.001.08 statement of a EUR account", () => {
  const statement = read(statementBytes("camt053-v08.xml"));

  test("the header and a EUR credit of 1 250,50 with VS:2026200005 in the structured reference", () => {
    expect(statement).toMatchObject({ format: "camt053", account: "35-4455667788/2010", statementId: "EUR-2026-03", openingBalance: 100_000, closingBalance: 203_850 });
    expect(statement.lines[0]).toEqual({
      lineNumber: 1,
      bankTransactionId: "EU-77",
      direction: "credit",
      amountHalere: 125_050,
      currency: "EUR",
      variableSymbol: "2026200005",
      constantSymbol: null,
      specificSymbol: null,
      valueDate: "2026-03-11",
      counterAccount: "SK3112000000198742637541",
      counterName: "Kováčová Zuzana",
      message: "Plot Bratislava",
      reversal: false,
    });
  });

  test("a fee without details: the entry's reference and text; a reversal of a credit is a debit from the same debtor", () => {
    expect(statement.lines[1]).toMatchObject({ bankTransactionId: "FEE-1", direction: "debit", amountHalere: 1200, valueDate: "2026-03-11", counterName: null, message: "Poplatek za příchozí zahraniční platbu" });
    expect(statement.lines[2]).toMatchObject({ direction: "debit", reversal: true, amountHalere: 20_000, counterName: "Kováčová Zuzana", variableSymbol: "2026200005" });
  });

  test("a booking date-time gives its day as written", () => {
    const text = statementWith(`<Ntry><Amt Ccy="CZK">1.5</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>2026-03-10T23:30:00-05:00</DtTm></BookgDt></Ntry>`);
    expect(read(utf8(text)).lines[0]).toMatchObject({ amountHalere: 150, valueDate: "2026-03-10", bankTransactionId: null });
  });
});

describe("an XML that is no camt.053 it can read whole is refused", () => {
  test("a DOCTYPE, harmless or a billion laughs, before anything expands", () => {
    const laughs = [`<!ENTITY lol "lol">`, ...Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ""};`.repeat(10)}">`)].join("\n");
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE Document [\n${laughs}\n]>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&lol9;</Document>`;
    expect(refusalOf(utf8(bomb))).toEqual({ key: "bankStatement.camt.doctype", values: undefined });
    expect(refusalOf(utf8(v02().replace("<Document", "<!DOCTYPE Document>\n<Document"))).key).toBe("bankStatement.camt.doctype");
    // Without a DTD an entity is unknown: the XML is not well-formed.
    expect(refusalOf(utf8(statementWith("&lol9;"))).key).toBe("bankStatement.camt.notXml");
  });

  test("another message: camt.054, camt.052, pain.001; an XML of no ISO 20022 message", () => {
    expect(refusalOf(utf8(camt("<BkToCstmrDbtCdtNtfctn/>", "camt.054.001.08")))).toEqual({ key: "bankStatement.camt.otherMessage", values: { type: "camt.054" } });
    expect(refusalOf(utf8(camt("<BkToCstmrAcctRpt/>", "camt.052.001.02"))).values).toEqual({ type: "camt.052" });
    expect(refusalOf(utf8(camt("<CstmrCdtTrfInitn/>", "pain.001.001.03"))).values).toEqual({ type: "pain.001" });
    expect(refusalOf(utf8(`<html><body>Výpis</body></html>`)).key).toBe("bankStatement.notStatement");
    expect(refusalOf(utf8(camt("<Stmt/>")))).toEqual({ key: "bankStatement.camt.otherMessage", values: { type: "Stmt" } });
  });

  test("a cut file, bytes that are no UTF-8, nesting a thousand deep, no statement", () => {
    const text = v02();
    expect(refusalOf(utf8(text.slice(0, text.length / 2))).key).toBe("bankStatement.camt.notXml");
    expect(refusalOf(new Uint8Array([...utf8(`<?xml version="1.0"?><Document>`), 0xf8, 0xff]))).toEqual({ key: "bankStatement.camt.notXml", values: undefined });
    expect(refusalOf(utf8(statementWith(`${"<a>".repeat(1000)}${"</a>".repeat(1000)}`))).key).toBe("bankStatement.camt.notXml");
    expect(refusalOf(utf8(camt("<BkToCstmrStmt><GrpHdr/></BkToCstmrStmt>"))).key).toBe("bankStatement.camt.noStatement");
  });

  test("a decimal comma, a third decimal, the 30th of February, no direction, no account, no date, a bad balance, too many entries", () => {
    expect(refusalOf(utf8(statementWith(entry("30000,00"))))).toEqual({ key: "bankStatement.camt.badAmount", values: { entry: 1, value: "30000,00" } });
    expect(refusalOf(utf8(statementWith(entry("1.005")))).key).toBe("bankStatement.camt.badAmount");
    // Trailing zeros beyond the hundredths are the same amount.
    expect(read(utf8(statementWith(entry("1.50000")))).lines[0]!.amountHalere).toBe(150);
    expect(refusalOf(utf8(statementWith(entry("1.00", "2026-02-30"))))).toEqual({ key: "bankStatement.camt.badDate", values: { entry: 1, value: "2026-02-30" } });
    expect(refusalOf(utf8(statementWith(entry("1.00", "2026-03-05", "CREDIT")))).key).toBe("bankStatement.camt.badIndicator");
    expect(refusalOf(utf8(v02().replace(/<Acct>[\s\S]*?<\/Acct>/, ""))).key).toBe("bankStatement.camt.noAccount");
    expect(refusalOf(utf8(statementWith(`<Ntry><Amt Ccy="CZK">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>`)))).toEqual({ key: "bankStatement.camt.noDate", values: { entry: 1 } });
    expect(refusalOf(utf8(v02().replace("<Amt Ccy=\"CZK\">123456.00</Amt>", "<Amt Ccy=\"CZK\">123 456,00</Amt>")))).toEqual({
      key: "bankStatement.camt.badStatement",
      values: { element: "Bal OPBD", value: "123 456,00" },
    });
    expect(refusalOf(statementBytes("camt053-v02.xml"), { maxBytes: 1024 * 1024, maxLines: 4 })).toEqual({ key: "bankStatement.tooManyLines", values: { max: 4 } });
  });
});
