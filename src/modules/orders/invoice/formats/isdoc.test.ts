/**
 * ISDOC 6.0.2: every example document validates against the standard's XSD (xmllint; skipped
 * with a line when it is missing), and carries the type, dates, parties, recap and deductions
 * the totals say.
 */
import { describe, expect, test } from "bun:test";
import { ISDOC_SCHEMA, schemaErrors, XMLLINT_MISSING } from "../../../../../tests/fixtures/xsd/xmllint";
import { EXAMPLE_CREDIT_NOTE, EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE, EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_PROFORMA, EXAMPLE_SNAPSHOTS } from "./examples";
import { isdocXml } from "./isdoc";
import { invoiceTotals } from "./vat";
import { amount } from "./xml";

/** The text of the first `<name>` (no attributes) inside `within` (default: the whole document). */
const first = (xml: string, name: string) => new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1];
const all = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, "g"))].map((match) => match[1]);
const block = (xml: string, name: string) => new RegExp(`<${name}>[\\s\\S]*?</${name}>`).exec(xml)?.[0] ?? "";

describe("ISDOC 6.0.2", () => {
  test.skipIf(XMLLINT_MISSING)("every kind of document validates against the ISDOC 6.0.2 XSD", async () => {
    for (const snapshot of EXAMPLE_SNAPSHOTS) {
      expect({ number: snapshot.number, errors: await schemaErrors(isdocXml(snapshot), ISDOC_SCHEMA) }).toEqual({ number: snapshot.number, errors: "" });
    }
  });

  test.skipIf(XMLLINT_MISSING)("the check itself refuses a document the schema does not allow", async () => {
    const broken = isdocXml(EXAMPLE_FINAL_INVOICE).replace(/<TaxTotal>[\s\S]*?<\/TaxTotal>/, "");
    expect(await schemaErrors(broken, ISDOC_SCHEMA)).toContain("LegalMonetaryTotal");
  });

  test("the final invoice: type 1, its dates, both parties with IČO and DIČ, the recap with the advance already claimed, the amount to pay", () => {
    const xml = isdocXml(EXAMPLE_FINAL_INVOICE);
    const totals = invoiceTotals(EXAMPLE_FINAL_INVOICE);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="http://isdoc.cz/namespace/2013" version="6.0.2">')).toBe(true);
    expect(first(xml, "DocumentType")).toBe("1");
    expect(first(xml, "ID")).toBe("2026100042");
    expect(first(xml, "IssueDate")).toBe("2026-05-20");
    expect(first(xml, "TaxPointDate")).toBe("2026-05-18");
    expect(first(xml, "VATApplicable")).toBe("true");
    const supplier = block(xml, "AccountingSupplierParty");
    expect(first(supplier, "ID")).toBe("29305713");
    expect(first(supplier, "StreetName")).toBe("Průmyslová");
    expect(first(supplier, "BuildingNumber")).toBe("1472/8");
    expect(first(supplier, "PostalZone")).toBe("66434");
    expect(first(supplier, "CompanyID")).toBe("CZ29305713");
    const customer = block(xml, "AccountingCustomerParty");
    expect(first(customer, "Name")).toBe("Žluťoučký kůň &amp; syn, s.r.o.");
    expect(first(customer, "CityName")).toBe("Brno – Líšeň");
    expect(all(xml, "LineExtensionAmount")).toEqual(totals.lines.map((line) => amount(line.baseHalere)));
    const recap = block(xml, "TaxSubTotal");
    const row = totals.recap[0]!;
    expect(first(recap, "TaxableAmount")).toBe(amount(row.baseHalere));
    expect(first(recap, "TaxAmount")).toBe(amount(row.vatHalere));
    expect(first(recap, "AlreadyClaimedTaxableAmount")).toBe(amount(row.claimedBaseHalere));
    expect(first(recap, "AlreadyClaimedTaxAmount")).toBe(amount(row.claimedVatHalere));
    expect(first(recap, "DifferenceTaxInclusiveAmount")).toBe(amount(row.differenceTotalHalere));
    expect(row.claimedTotalHalere).toBeGreaterThan(0);
    const deposit = block(xml, "TaxedDeposit");
    expect(first(deposit, "ID")).toBe("2026300003");
    expect(first(deposit, "VariableSymbol")).toBe("2026200007");
    expect(first(deposit, "TaxInclusiveDepositAmount")).toBe(amount(row.claimedTotalHalere));
    const monetary = block(xml, "LegalMonetaryTotal");
    expect(first(monetary, "TaxInclusiveAmount")).toBe(amount(totals.totalHalere));
    expect(first(monetary, "PaidDepositsAmount")).toBe("0.00");
    expect(first(monetary, "PayableAmount")).toBe(amount(totals.payableHalere));
    expect(totals.payableHalere).toBe(totals.totalHalere - row.claimedTotalHalere);
    const payment = block(xml, "PaymentMeans");
    expect(first(payment, "PaymentMeansCode")).toBe("42");
    expect(first(payment, "PaymentDueDate")).toBe("2026-06-03");
    expect(first(payment, "ID")).toBe("19-2000145399");
    expect(first(payment, "BankCode")).toBe("0800");
    expect(first(payment, "IBAN")).toBe("CZ6508000000192000145399");
    expect(first(payment, "VariableSymbol")).toBe("2026100042");
    expect(first(payment, "ConstantSymbol")).toBe("0308");
  });

  test("the proforma is type 4 with no taxable supply date; the payment's tax document is type 5, dated by the payment, with nothing left to pay", () => {
    const proforma = isdocXml(EXAMPLE_PROFORMA);
    expect(first(proforma, "DocumentType")).toBe("4");
    expect(proforma).not.toContain("<TaxPointDate>");
    const taxDocument = isdocXml(EXAMPLE_PAYMENT_TAX_DOCUMENT);
    expect(first(taxDocument, "DocumentType")).toBe("5");
    expect(first(taxDocument, "TaxPointDate")).toBe("2026-03-04");
    expect(first(block(taxDocument, "NonTaxedDeposit"), "ID")).toBe("2026200007");
    expect(first(block(taxDocument, "LegalMonetaryTotal"), "PayableAmount")).toBe("0.00");
    expect(taxDocument).not.toContain("<PaymentMeans>");
    // The tax document taxes exactly what was paid on the proforma.
    expect(first(block(taxDocument, "LegalMonetaryTotal"), "TaxInclusiveAmount")).toBe(amount(invoiceTotals(EXAMPLE_PROFORMA).totalHalere));
  });

  test("the credit note is type 2, names the invoice it corrects, and states its amounts positive", () => {
    const xml = isdocXml(EXAMPLE_CREDIT_NOTE);
    expect(first(xml, "DocumentType")).toBe("2");
    const original = block(xml, "OriginalDocumentReference");
    expect(first(original, "ID")).toBe("2026100042");
    expect(first(original, "IssueDate")).toBe("2026-05-20");
    const invoiceTotal = invoiceTotals(EXAMPLE_FINAL_INVOICE).totalHalere;
    expect(first(block(xml, "LegalMonetaryTotal"), "TaxInclusiveAmount")).toBe(amount(invoiceTotal));
    // The invoice's discount line comes back on the credit note against the credit: negative in its positive terms.
    expect(all(xml, "LineExtensionAmount")).toEqual(invoiceTotals(EXAMPLE_FINAL_INVOICE).lines.map((line) => amount(line.baseHalere)));
    expect(xml).not.toContain("<PaymentMeans>");
  });

  test("a supplier that is not a VAT payer: VATApplicable false on the document and every line, one 0 % subtotal, the paid proforma as a non-taxed deposit, cash rounding", () => {
    const xml = isdocXml(EXAMPLE_NON_PAYER_INVOICE);
    const totals = invoiceTotals(EXAMPLE_NON_PAYER_INVOICE);
    expect(first(xml, "VATApplicable")).toBe("false");
    expect(all(xml, "VATApplicable").every((value) => value === "false")).toBe(true);
    expect(xml.match(/<TaxSubTotal>/g)?.length).toBe(1);
    expect(first(block(xml, "TaxSubTotal"), "Percent")).toBe("0");
    expect(first(block(xml, "TaxTotal"), "TaxAmount")).toBe("0.00");
    expect(first(block(xml, "NonTaxedDeposit"), "DepositAmount")).toBe("10000.00");
    expect(first(xml, "PaidDepositsAmount")).toBe("10000.00");
    expect(first(xml, "PayableRoundingAmount")).toBe(amount(totals.roundingHalere));
    expect(first(xml, "PayableAmount")).toBe(amount(totals.payableHalere));
    expect(totals.payableHalere % 100).toBe(0);
    expect(block(xml, "AccountingCustomerParty")).toContain("<PartyIdentification><ID/></PartyIdentification>");
    expect(first(block(xml, "PaymentMeans"), "PaymentMeansCode")).toBe("10");
  });
});
