/**
 * Stormware Pohoda's XML import (docs/decisions/051-invoice-formats.md): one `dat:dataPack` holding
 * an `inv:invoice` per document, encoded Windows-1250 as Pohoda's own examples are. Made from the
 * snapshots and the totals invoiceTotals computes.
 *
 * - invoiceType: a final invoice `issuedInvoice`, a proforma `issuedAdvanceInvoice` (Pohoda's
 *   "zálohová faktura"), a credit note `issuedCreditNotice` with the stored negative amounts.
 *   Pohoda's invoice agenda has no type for our tax document for a received payment: Pohoda makes
 *   its own when the accountant settles the advance, so those documents are left out of the pack
 *   (they are in the ZIP as ISDOC and in the CSV).
 * - Prices exclude VAT (`payVAT` false), the rate named (`high` 21 %, `low` 12 % and the old 15 %,
 *   `none` 0 %) and given as `percentVAT` too, and each line's price, VAT and total sent as our
 *   totals computed them. A line whose unit price is not whole haléře goes as 1 × its price, so
 *   Pohoda's own quantity × unit price cannot drift from ours.
 * - A deducted advance is an `invoiceAdvancePaymentItem` naming the proforma (its number is the
 *   variable symbol the customer paid under), negative, per rate.
 * - A cash document asks Pohoda to round the whole document to crowns, as ours is.
 * - Text longer than a field allows is cut to it (Pohoda refuses the whole pack otherwise); a
 *   character Windows-1250 lacks is written as a character reference, which every XML reader
 *   turns back into it.
 */
import iconv from "iconv-lite";
import { czechBankAccountParts } from "./bank-account";
import type { InvoiceKind, InvoiceSnapshot } from "./snapshot";
import { type InvoiceTotals, invoiceTotals } from "./vat";
import { amount, decimal, element as el, optional, truncate, type Xml } from "./xml";

export const POHODA_NAMESPACES = {
  "xmlns:dat": "http://www.stormware.cz/schema/version_2/data.xsd",
  "xmlns:inv": "http://www.stormware.cz/schema/version_2/invoice.xsd",
  "xmlns:typ": "http://www.stormware.cz/schema/version_2/type.xsd",
} as const;

export const POHODA_INVOICE_TYPES: Readonly<Record<InvoiceKind, string | null>> = Object.freeze({
  FINAL: "issuedInvoice",
  PROFORMA: "issuedAdvanceInvoice",
  CREDIT_NOTE: "issuedCreditNotice",
  PAYMENT_TAX_DOCUMENT: null,
});

const PAYMENT_TYPES = { TRANSFER: "draft", CASH: "cash", CARD: "creditcard" } as const;

/** Pohoda's name of a Czech VAT rate (the rate itself goes as percentVAT as well). */
function rateName(vatRate: number): string {
  if (vatRate === 0) return "none";
  if (vatRate >= 20) return "high";
  if (vatRate >= 11) return "low";
  return "third";
}

const rateElements = (vatRate: number) => [el("inv:payVAT", null, "false"), el("inv:rateVAT", null, rateName(vatRate)), el("inv:percentVAT", null, decimal(vatRate, 2))];

/** Whether `baseHalere / quantity` is whole haléře (quantities have at most three decimals). */
function wholeUnitPrice(baseHalere: number, quantity: number): boolean {
  const thousandths = Math.round(quantity * 1000);
  return thousandths !== 0 && (baseHalere * 1000) % thousandths === 0;
}

function invoiceElement(snapshot: InvoiceSnapshot, totals: InvoiceTotals, invoiceType: string): Xml {
  const customer = snapshot.customer;
  const account = snapshot.bank ? czechBankAccountParts(snapshot.bank.accountNumber) : null;
  const header = el(
    "inv:invoiceHeader",
    null,
    el("inv:invoiceType", null, invoiceType),
    el("inv:number", null, el("typ:numberRequested", null, snapshot.number)),
    el("inv:symVar", null, snapshot.payment.variableSymbol),
    snapshot.kind === "CREDIT_NOTE" && snapshot.originalDocument ? el("inv:originalDocument", null, snapshot.originalDocument.number) : null,
    el("inv:date", null, snapshot.issueDate),
    snapshot.kind === "PROFORMA" ? null : optional("inv:dateTax", snapshot.taxableSupplyDate),
    el("inv:dateDue", null, snapshot.dueDate),
    el("inv:text", null, truncate(snapshot.note ?? snapshot.lines[0]?.description ?? snapshot.number, 240)),
    el(
      "inv:partnerIdentity",
      null,
      el(
        "typ:address",
        null,
        customer.ico ? el("typ:company", null, truncate(customer.name, 255)) : el("typ:name", null, truncate(customer.name, 64)),
        optional("typ:city", customer.city && truncate(customer.city, 45)),
        optional("typ:street", customer.street && truncate(customer.street, 64)),
        optional("typ:zip", customer.postalCode && truncate(customer.postalCode, 15)),
        optional("typ:ico", customer.ico),
        optional("typ:dic", customer.dic),
        optional("typ:email", customer.email && truncate(customer.email, 98)),
      ),
    ),
    el("inv:paymentType", null, el("typ:paymentType", null, PAYMENT_TYPES[snapshot.payment.method])),
    account && snapshot.payment.method === "TRANSFER" ? el("inv:account", null, el("typ:accountNo", null, account.number), el("typ:bankCode", null, account.bankCode)) : null,
    optional("inv:symConst", snapshot.payment.constantSymbol && truncate(snapshot.payment.constantSymbol, 4)),
    optional("inv:note", snapshot.note),
  );

  const items = snapshot.lines.map((line, index) => {
    const amounts = totals.lines[index]!;
    const exact = wholeUnitPrice(line.baseHalere, line.quantity);
    return el(
      "inv:invoiceItem",
      null,
      el("inv:text", null, truncate(line.description, 90)),
      el("inv:quantity", null, exact ? decimal(line.quantity, 3) : 1),
      el("inv:unit", null, truncate(exact ? line.unit : "", 10)),
      rateElements(line.vatRate),
      el(
        "inv:homeCurrency",
        null,
        el("typ:unitPrice", null, exact ? amount(line.baseHalere / line.quantity) : amount(line.baseHalere)),
        el("typ:price", null, amount(amounts.baseHalere)),
        el("typ:priceVAT", null, amount(amounts.vatHalere)),
        el("typ:priceSum", null, amount(amounts.totalHalere)),
      ),
    );
  });

  const advance = (text: string, sourceNumber: string, vatRate: number, baseHalere: number, vatHalere: number) =>
    el(
      "inv:invoiceAdvancePaymentItem",
      null,
      el("inv:sourceDocument", null, el("typ:number", null, sourceNumber)),
      el("inv:quantity", null, 1),
      rateElements(vatRate),
      el("inv:homeCurrency", null, el("typ:unitPrice", null, amount(-baseHalere)), el("typ:price", null, amount(-baseHalere)), el("typ:priceVAT", null, amount(-vatHalere)), el("typ:priceSum", null, amount(-(baseHalere + vatHalere)))),
      el("inv:note", null, truncate(text, 90)),
    );
  const advances = snapshot.deductions.flatMap((deduction) =>
    deduction.taxed
      ? deduction.parts.map((part) => advance(`Odpočet zálohy ${deduction.variableSymbol} (daňový doklad ${deduction.number})`, deduction.variableSymbol, part.vatRate, part.baseHalere, part.vatHalere))
      : [advance(`Odpočet zálohy ${deduction.variableSymbol}`, deduction.variableSymbol, 0, deduction.amountHalere, 0)],
  );

  return el(
    "inv:invoice",
    { version: "2.0" },
    header,
    el("inv:invoiceDetail", null, items, advances),
    el("inv:invoiceSummary", null, el("inv:roundingDocument", null, snapshot.payment.method === "CASH" ? "math2one" : "none"), el("inv:roundingVAT", null, "none")),
  );
}

export interface PohodaPackOptions {
  /** The pack's id (Pohoda checks duplicates by it and the items' ids), e.g. `ohrada-2026-05`. */
  id: string;
  /** The IČO of the company Pohoda imports into: Pohoda refuses a pack for another one. */
  ico: string | null;
  note: string;
}

/** The documents Pohoda's invoice agenda takes, in order; the rest (payment tax documents) are left out. */
export const pohodaDocuments = (snapshots: readonly InvoiceSnapshot[]) => snapshots.filter((snapshot) => POHODA_INVOICE_TYPES[snapshot.kind] !== null);

/** The pack as text (declared Windows-1250; encode it with `encodeWindows1250`). Throws when no document goes into it (the schema wants one). */
export function pohodaXml(snapshots: readonly InvoiceSnapshot[], options: PohodaPackOptions): string {
  const documents = pohodaDocuments(snapshots);
  if (!documents.length) throw new RangeError("A Pohoda dataPack holds at least one invoice");
  const frame = pohodaPackFrame(options);
  return `${frame.open}${documents.map(pohodaItemXml).join("")}${frame.close}`;
}

/**
 * One document's `dataPackItem`, for a pack written piece by piece (the accountant export encodes
 * each as it goes, so a pack of 1,000 documents is never one long step): the pack is
 * `frame.open`, the items, `frame.close`. A document Pohoda does not take throws.
 */
export function pohodaItemXml(snapshot: InvoiceSnapshot): string {
  const type = POHODA_INVOICE_TYPES[snapshot.kind];
  if (type === null) throw new RangeError(`Pohoda's invoice agenda takes no ${snapshot.kind}`);
  return el("dat:dataPackItem", { version: "2.0", id: snapshot.number }, invoiceElement(snapshot, invoiceTotals(snapshot), type)).markup;
}

/** The XML declaration and the pack's element around its items. */
export function pohodaPackFrame(options: PohodaPackOptions): { open: string; close: string } {
  const marker = "@@items@@";
  const pack = el("dat:dataPack", { ...POHODA_NAMESPACES, version: "2.0", id: truncate(options.id, 64), ico: options.ico ?? undefined, application: "Ohrada", note: options.note }, marker).markup;
  const at = pack.indexOf(marker);
  return { open: `<?xml version="1.0" encoding="Windows-1250"?>\n${pack.slice(0, at)}`, close: `${pack.slice(at + marker.length)}\n` };
}

/** Which characters Windows-1250 has, remembered per character. */
const inWindows1250 = new Map<string, boolean>();
function encodable(character: string): boolean {
  let known = inWindows1250.get(character);
  if (known === undefined) {
    known = iconv.decode(iconv.encode(character, "win1250"), "win1250") === character;
    inWindows1250.set(character, known);
  }
  return known;
}

/** The XML text in Windows-1250; a character it lacks becomes `&#x…;` (our markup is ASCII, so only text can hold one). */
export function encodeWindows1250(xml: string): Uint8Array {
  let text = "";
  for (const character of xml) text += character.charCodeAt(0) < 0x80 || encodable(character) ? character : `&#x${character.codePointAt(0)!.toString(16).toUpperCase()};`;
  return new Uint8Array(iconv.encode(text, "win1250"));
}

/** The pack's bytes, ready for the ZIP. */
export const pohodaDataPack = (snapshots: readonly InvoiceSnapshot[], options: PohodaPackOptions): Uint8Array => encodeWindows1250(pohodaXml(snapshots, options));
