/**
 * ISDOC 6.0.2, the Czech e-invoice standard (docs/decisions/051-invoice-formats.md): one XML file
 * per document, made from its snapshot and the totals invoiceTotals computes. Browser-safe.
 *
 * - DocumentType: 1 invoice, 2 credit note, 4 proforma (a non-tax advance invoice), 5 tax
 *   document for a received payment.
 * - CZK only: no *Curr elements, CurrRate = RefCurrRate = 1.
 * - A proforma has no TaxPointDate (it is no tax document).
 * - A supplier that is not a VAT payer: VATApplicable false on the document and every line, one
 *   0 % TaxSubTotal (the schema wants one).
 * - Advances: a taxed one (the tax document of a paid proforma) as TaxedDeposit per rate and in
 *   each rate's AlreadyClaimed amounts; a non-taxed one as NonTaxedDeposit and PaidDepositsAmount.
 *   A payment's tax document deducts the proforma it settles, so it has nothing left to pay.
 * - A credit note (which we store with negative amounts, the sign of its effect) is written with
 *   positive amounts: its DocumentType 2 says it reduces, and it names the invoice it corrects
 *   (OriginalDocumentReference, required for type 2).
 */
import { czechBankAccountParts } from "./bank-account";
import type { InvoiceKind, InvoiceParty, InvoiceSnapshot } from "./snapshot";
import { type InvoiceTotals, invoiceTotals } from "./vat";
import { amount, decimal, element as el, optional, splitStreet, type Xml } from "./xml";

export const ISDOC_NAMESPACE = "http://isdoc.cz/namespace/2013";
export const ISDOC_VERSION = "6.0.2";

export const ISDOC_DOCUMENT_TYPES: Readonly<Record<InvoiceKind, number>> = Object.freeze({
  FINAL: 1,
  CREDIT_NOTE: 2,
  PROFORMA: 4,
  PAYMENT_TAX_DOCUMENT: 5,
});

/** ISDOC's PaymentMeansCode: 42 transfer to an account, 10 cash, 48 card. */
const PAYMENT_MEANS = { TRANSFER: 42, CASH: 10, CARD: 48 } as const;

const COUNTRY_NAMES: Record<string, string> = { CZ: "Česká republika", SK: "Slovensko", DE: "Německo", AT: "Rakousko", PL: "Polsko" };

function party(value: InvoiceParty): Xml {
  const street = splitStreet(value.street);
  return el(
    "Party",
    null,
    el("PartyIdentification", null, el("ID", null, value.ico ?? "")),
    el("PartyName", null, el("Name", null, value.name)),
    el(
      "PostalAddress",
      null,
      el("StreetName", null, street.name),
      el("BuildingNumber", null, street.number),
      el("CityName", null, value.city ?? ""),
      el("PostalZone", null, (value.postalCode ?? "").replace(/\s/g, "")),
      el("Country", null, el("IdentificationCode", null, value.countryCode), el("Name", null, COUNTRY_NAMES[value.countryCode] ?? value.countryCode)),
    ),
    value.dic ? el("PartyTaxScheme", null, el("CompanyID", null, value.dic), el("TaxScheme", null, "VAT")) : null,
    value.email || value.phone ? el("Contact", null, optional("Telephone", value.phone), optional("ElectronicMail", value.email)) : null,
  );
}

const taxCategory = (name: string, vatRate: number, vatApplicable: boolean) =>
  el(name, null, el("Percent", null, decimal(vatRate, 2)), el("VATCalculationMethod", null, 0), vatApplicable ? null : el("VATApplicable", null, "false"));

/** The ISDOC XML of one document (UTF-8, with its declaration). */
export function isdocXml(snapshot: InvoiceSnapshot, totals: InvoiceTotals = invoiceTotals(snapshot)): string {
  // A credit note's amounts are written positive (see the file's comment).
  const sign = snapshot.kind === "CREDIT_NOTE" ? -1 : 1;
  const money = (halere: number) => amount(sign * halere);
  const vatApplicable = totals.vatApplicable;

  const lines = snapshot.lines.map((line, index) => {
    const amounts = totals.lines[index]!;
    const perUnit = (halere: number) => (line.quantity === 0 ? "0" : decimal((sign * halere) / 100 / line.quantity, 4));
    return el(
      "InvoiceLine",
      null,
      el("ID", null, index + 1),
      el("InvoicedQuantity", { unitCode: line.unit }, decimal(line.quantity, 3)),
      el("LineExtensionAmount", null, money(amounts.baseHalere)),
      el("LineExtensionAmountTaxInclusive", null, money(amounts.totalHalere)),
      el("LineExtensionTaxAmount", null, money(amounts.vatHalere)),
      el("UnitPrice", null, perUnit(amounts.baseHalere)),
      el("UnitPriceTaxInclusive", null, perUnit(amounts.totalHalere)),
      taxCategory("ClassifiedTaxCategory", line.vatRate, vatApplicable),
      el("Item", null, el("Description", null, line.description)),
    );
  });

  const nonTaxed = snapshot.deductions.flatMap((deduction) => (deduction.taxed ? [] : [deduction]));
  const taxed = snapshot.deductions.flatMap((deduction) => (deduction.taxed ? deduction.parts.map((part) => ({ deduction, part })) : []));

  const recapRows = vatApplicable
    ? totals.recap
    : [
        {
          vatRate: 0,
          baseHalere: totals.baseHalere,
          vatHalere: 0,
          totalHalere: totals.totalHalere,
          claimedBaseHalere: 0,
          claimedVatHalere: 0,
          claimedTotalHalere: 0,
          differenceBaseHalere: totals.baseHalere,
          differenceVatHalere: 0,
          differenceTotalHalere: totals.totalHalere,
        },
      ];
  const taxTotal = el(
    "TaxTotal",
    null,
    recapRows.map((row) =>
      el(
        "TaxSubTotal",
        null,
        el("TaxableAmount", null, money(row.baseHalere)),
        el("TaxAmount", null, money(row.vatHalere)),
        el("TaxInclusiveAmount", null, money(row.totalHalere)),
        el("AlreadyClaimedTaxableAmount", null, money(row.claimedBaseHalere)),
        el("AlreadyClaimedTaxAmount", null, money(row.claimedVatHalere)),
        el("AlreadyClaimedTaxInclusiveAmount", null, money(row.claimedTotalHalere)),
        el("DifferenceTaxableAmount", null, money(row.differenceBaseHalere)),
        el("DifferenceTaxAmount", null, money(row.differenceVatHalere)),
        el("DifferenceTaxInclusiveAmount", null, money(row.differenceTotalHalere)),
        el("TaxCategory", null, el("Percent", null, decimal(row.vatRate, 2)), vatApplicable ? null : el("VATApplicable", null, "false")),
      ),
    ),
    el("TaxAmount", null, money(totals.vatHalere)),
  );

  const monetary = el(
    "LegalMonetaryTotal",
    null,
    el("TaxExclusiveAmount", null, money(totals.baseHalere)),
    el("TaxInclusiveAmount", null, money(totals.totalHalere)),
    el("AlreadyClaimedTaxExclusiveAmount", null, money(totals.claimedBaseHalere)),
    el("AlreadyClaimedTaxInclusiveAmount", null, money(totals.claimedTotalHalere)),
    el("DifferenceTaxExclusiveAmount", null, money(totals.differenceBaseHalere)),
    el("DifferenceTaxInclusiveAmount", null, money(totals.differenceTotalHalere)),
    totals.roundingHalere ? el("PayableRoundingAmount", null, money(totals.roundingHalere)) : null,
    el("PaidDepositsAmount", null, money(totals.paidDepositsHalere)),
    el("PayableAmount", null, money(totals.payableHalere)),
  );

  const { method, variableSymbol, constantSymbol } = snapshot.payment;
  const bank = snapshot.bank;
  const account = bank ? czechBankAccountParts(bank.accountNumber) : null;
  const paymentMeans =
    totals.payableHalere > 0
      ? el(
          "PaymentMeans",
          null,
          el(
            "Payment",
            null,
            el("PaidAmount", null, money(totals.payableHalere)),
            el("PaymentMeansCode", null, PAYMENT_MEANS[method]),
            method === "TRANSFER" && bank && account
              ? el(
                  "Details",
                  null,
                  el("PaymentDueDate", null, snapshot.dueDate),
                  el("ID", null, account.number),
                  el("BankCode", null, account.bankCode),
                  el("Name", null, ""),
                  el("IBAN", null, bank.iban),
                  el("BIC", null, bank.swift ?? ""),
                  el("VariableSymbol", null, variableSymbol),
                  optional("ConstantSymbol", constantSymbol),
                )
              : null,
          ),
        )
      : null;

  const original = snapshot.originalDocument;
  const document = el(
    "Invoice",
    { xmlns: ISDOC_NAMESPACE, version: ISDOC_VERSION },
    el("DocumentType", null, ISDOC_DOCUMENT_TYPES[snapshot.kind]),
    el("ID", null, snapshot.number),
    el("UUID", null, snapshot.uuid.toUpperCase()),
    el("IssuingSystem", null, "Ohrada"),
    el("IssueDate", null, snapshot.issueDate),
    snapshot.kind === "PROFORMA" ? null : optional("TaxPointDate", snapshot.taxableSupplyDate),
    el("VATApplicable", null, String(vatApplicable)),
    el("ElectronicPossibilityAgreementReference", null),
    optional("Note", snapshot.note),
    el("LocalCurrencyCode", null, "CZK"),
    el("CurrRate", null, 1),
    el("RefCurrRate", null, 1),
    el("AccountingSupplierParty", null, party(snapshot.supplier)),
    el("AccountingCustomerParty", null, party(snapshot.customer)),
    snapshot.kind === "CREDIT_NOTE" && original
      ? el(
          "OriginalDocumentReferences",
          null,
          el("OriginalDocumentReference", null, el("ID", null, original.number), el("IssueDate", null, original.issueDate), optional("UUID", original.uuid?.toUpperCase())),
        )
      : null,
    el("InvoiceLines", null, lines),
    nonTaxed.length
      ? el(
          "NonTaxedDeposits",
          null,
          nonTaxed.map((deposit) => el("NonTaxedDeposit", null, el("ID", null, deposit.number), el("VariableSymbol", null, deposit.variableSymbol), el("DepositAmount", null, money(deposit.amountHalere)))),
        )
      : null,
    taxed.length
      ? el(
          "TaxedDeposits",
          null,
          taxed.map(({ deduction, part }) =>
            el(
              "TaxedDeposit",
              null,
              el("ID", null, deduction.number),
              el("VariableSymbol", null, deduction.variableSymbol),
              el("TaxableDepositAmount", null, money(part.baseHalere)),
              el("TaxInclusiveDepositAmount", null, money(part.baseHalere + part.vatHalere)),
              taxCategory("ClassifiedTaxCategory", part.vatRate, true),
            ),
          ),
        )
      : null,
    taxTotal,
    monetary,
    paymentMeans,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${document.markup}\n`;
}

/** The file name of a document's ISDOC: `2026100042.isdoc`. */
export const isdocFileName = (snapshot: Pick<InvoiceSnapshot, "number">) => `${snapshot.number}.isdoc`;
