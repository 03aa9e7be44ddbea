/**
 * Pohoda XML: the pack of the example documents validates against Stormware's XSD (xmllint;
 * skipped with a line when it is missing) in its Windows-1250 bytes, reads back with the Czech
 * diacritics intact, and carries each document's type, numbers, dates, lines and advances.
 */
import { describe, expect, test } from "bun:test";
import iconv from "iconv-lite";
import { POHODA_SCHEMA, schemaErrors, XMLLINT_MISSING } from "../../../../../tests/fixtures/xsd/xmllint";
import { EXAMPLE_CREDIT_NOTE, EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE, EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_PROFORMA, EXAMPLE_SNAPSHOTS } from "./examples";
import { encodeWindows1250, pohodaDataPack, pohodaXml } from "./pohoda";
import { invoiceTotals } from "./vat";
import { amount } from "./xml";

const OPTIONS = { id: "ohrada-2026-05", ico: "29305713", note: "Doklady 1. 5. – 31. 5. 2026" };
const items = (xml: string) => [...xml.matchAll(/<dat:dataPackItem version="2.0" id="(\d+)">([\s\S]*?)<\/dat:dataPackItem>/g)].map((match) => ({ id: match[1], xml: match[2]! }));
const text = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
const texts = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map((match) => match[1]);

describe("the Pohoda dataPack", () => {
  test.skipIf(XMLLINT_MISSING)("validates against Stormware's data.xsd, in Windows-1250", async () => {
    expect(await schemaErrors(pohodaDataPack(EXAMPLE_SNAPSHOTS, OPTIONS), POHODA_SCHEMA)).toBe("");
  });

  test.skipIf(XMLLINT_MISSING)("the check itself refuses what the schema does not allow", async () => {
    const broken = pohodaXml(EXAMPLE_SNAPSHOTS, OPTIONS).replace("<inv:invoiceType>issuedInvoice</inv:invoiceType>", "<inv:invoiceType>invoice</inv:invoiceType>");
    expect(await schemaErrors(encodeWindows1250(broken), POHODA_SCHEMA)).toContain("invoiceType");
  });

  test("is Windows-1250: declared so, and the bytes decode back to the Czech text", () => {
    const bytes = pohodaDataPack(EXAMPLE_SNAPSHOTS, OPTIONS);
    const decoded = iconv.decode(Buffer.from(bytes), "win1250");
    expect(decoded.startsWith('<?xml version="1.0" encoding="Windows-1250"?>\n<dat:dataPack')).toBe(true);
    expect(decoded).toContain("<typ:company>Žluťoučký kůň &amp; syn, s.r.o.</typ:company>");
    expect(decoded).toContain("Brána dvoukřídlá „Šumava“ 3 600 mm");
    // "ř" is 0xF8 in Windows-1250 (one byte, not UTF-8's two).
    expect(bytes.includes(0xf8)).toBe(true);
    expect(decoded).toBe(pohodaXml(EXAMPLE_SNAPSHOTS, OPTIONS));
  });

  test("a character Windows-1250 lacks is written as a character reference", () => {
    const bytes = encodeWindows1250("<a>Ω 🙂 ř</a>");
    expect(iconv.decode(Buffer.from(bytes), "win1250")).toBe("<a>&#x3A9; &#x1F642; ř</a>");
  });

  test("one item per document Pohoda's invoice agenda takes: invoice, advance invoice, credit note; no payment tax document", () => {
    const xml = pohodaXml(EXAMPLE_SNAPSHOTS, OPTIONS);
    expect(items(xml).map((item) => [item.id, text(item.xml, "inv:invoiceType")])).toEqual([
      [EXAMPLE_PROFORMA.number, "issuedAdvanceInvoice"],
      [EXAMPLE_FINAL_INVOICE.number, "issuedInvoice"],
      [EXAMPLE_CREDIT_NOTE.number, "issuedCreditNotice"],
      [EXAMPLE_NON_PAYER_INVOICE.number, "issuedInvoice"],
    ]);
    expect(xml).not.toContain(EXAMPLE_PAYMENT_TAX_DOCUMENT.number + "<");
    expect(() => pohodaXml([EXAMPLE_PAYMENT_TAX_DOCUMENT], OPTIONS)).toThrow(RangeError);
  });

  test("the final invoice: numbers, dates, the lines as our totals computed them, the advance deducted per rate from the proforma", () => {
    const item = items(pohodaXml([EXAMPLE_FINAL_INVOICE], OPTIONS))[0]!.xml;
    const totals = invoiceTotals(EXAMPLE_FINAL_INVOICE);
    expect(text(item, "typ:numberRequested")).toBe("2026100042");
    expect(text(item, "inv:symVar")).toBe("2026100042");
    expect(text(item, "inv:date")).toBe("2026-05-20");
    expect(text(item, "inv:dateTax")).toBe("2026-05-18");
    expect(text(item, "inv:dateDue")).toBe("2026-06-03");
    expect(text(item, "typ:paymentType")).toBe("draft");
    expect(text(item, "typ:accountNo")).toBe("19-2000145399");
    expect(text(item, "typ:bankCode")).toBe("0800");
    expect(text(item, "inv:symConst")).toBe("0308");
    expect(texts(item, "typ:price").slice(0, totals.lines.length)).toEqual(totals.lines.map((line) => amount(line.baseHalere)));
    expect(texts(item, "typ:priceVAT").slice(0, totals.lines.length)).toEqual(totals.lines.map((line) => amount(line.vatHalere)));
    // 24 panels at 1 890 Kč go as 24 × 1 890; 62.5 m of assembly as 62.5 × 210.
    expect(texts(item, "inv:quantity").slice(0, 3)).toEqual(["24", "1", "62.5"]);
    expect(texts(item, "typ:unitPrice")[0]).toBe("1890.00");
    const advance = /<inv:invoiceAdvancePaymentItem>([\s\S]*?)<\/inv:invoiceAdvancePaymentItem>/.exec(item)![1]!;
    const row = totals.recap[0]!;
    expect(text(advance, "typ:number")).toBe("2026200007");
    expect(text(advance, "inv:rateVAT")).toBe("high");
    expect(text(advance, "typ:price")).toBe(amount(-row.claimedBaseHalere));
    expect(text(advance, "typ:priceVAT")).toBe(amount(-row.claimedVatHalere));
  });

  test("a proforma has no taxable supply date; a credit note names the invoice and keeps its negative amounts; cash rounds to crowns", () => {
    const [proforma, credit, cash] = items(pohodaXml([EXAMPLE_PROFORMA, EXAMPLE_CREDIT_NOTE, EXAMPLE_NON_PAYER_INVOICE], OPTIONS)).map((item) => item.xml);
    expect(proforma).not.toContain("<inv:dateTax>");
    expect(text(credit!, "inv:originalDocument")).toBe("2026100042");
    expect(texts(credit!, "typ:price")[0]).toBe(amount(-24 * 1_890_00));
    expect(text(cash!, "inv:roundingDocument")).toBe("math2one");
    expect(text(cash!, "inv:rateVAT")).toBe("none");
    expect(text(cash!, "typ:name")).toBe("Věra Nováková");
    expect(cash).not.toContain("<typ:ico>");
  });
});
