/**
 * The invoice snapshot: everything an issued document prints and exports, copied onto the invoice
 * when it is issued (docs/decisions/052-invoice-numbering-and-snapshot.md), so a later change of
 * the company, the order, a product or the bank details never changes it. The PDF, QR Platba,
 * ISDOC, Pohoda XML and the CSV summary are all made from this one plain value. Browser-safe.
 *
 * Money is integer haléře (src/lib/money.ts); VAT rates are percentages (21, 12, and 15 on old
 * documents); dates are ISO `YYYY-MM-DD`.
 */

/** The four document kinds, each with its own number series (numbers.ts). */
export const INVOICE_KINDS = ["FINAL", "PROFORMA", "PAYMENT_TAX_DOCUMENT", "CREDIT_NOTE"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** How the customer pays (invoice settings); TRANSFER prints the bank account and QR Platba. */
export const PAYMENT_METHODS = ["TRANSFER", "CASH", "CARD"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface InvoiceParty {
  /** The company, or the person's first and last name. */
  name: string;
  /** Street and number as one line ("Hlavní 12"); the formats that want them apart split it. */
  street: string | null;
  city: string | null;
  postalCode: string | null;
  /** ISO 3166 alpha-2, "CZ" for Czech parties. */
  countryCode: string;
  ico: string | null;
  dic: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface InvoiceBank {
  /** `19-2000145399/0800`, as invoice settings store it. */
  accountNumber: string;
  /** Compact, `CZ65…`. */
  iban: string;
  swift: string | null;
}

export interface InvoiceSnapshotLine {
  description: string;
  /** Up to three decimals (order amounts are numeric(12,3)). */
  quantity: number;
  /** "ks", "m", "bm"…; at most 10 characters (Pohoda's limit). */
  unit: string;
  /** The line's price without VAT, in haléře: what the invoice charges for it. Negative for a discount or a credit. */
  baseHalere: number;
  /** VAT percent; 0 when the supplier is not a VAT payer. */
  vatRate: number;
  /**
   * The line's VAT when it was split "shora" from an amount received with VAT (a payment tax
   * document's lines): the recap takes it as it is instead of computing it from the base, so the
   * document adds up to the payment to the haléř. Absent on every other line.
   */
  vatHalere?: number;
}

/** A VAT rate's base and VAT, in haléře. */
export interface RateAmount {
  vatRate: number;
  baseHalere: number;
  vatHalere: number;
}

/**
 * An advance deducted on this document.
 * - taxed: a tax document for a received payment (ISDOC TaxedDeposit; a VAT payer's advance,
 *   whose VAT was declared when it was paid): deducted per rate, base and VAT.
 * - not taxed: a paid proforma of a supplier that is not a VAT payer, or the proforma a payment
 *   tax document settles (ISDOC NonTaxedDeposit): deducted as an amount.
 */
export type InvoiceDeduction =
  | { taxed: true; number: string; variableSymbol: string; parts: RateAmount[] }
  | { taxed: false; number: string; variableSymbol: string; amountHalere: number };

export interface InvoiceSnapshot {
  kind: InvoiceKind;
  /** Ten digits (numbers.ts); also the variable symbol. */
  number: string;
  /** ISDOC's document UUID, made once when the document is issued. */
  uuid: string;
  issueDate: string;
  /** DUZP; null on a proforma, which must not show one (czech-invoicing: a proforma is no tax document). */
  taxableSupplyDate: string | null;
  dueDate: string;
  /** The supplier's status on the issue date: false prints "Nejsem plátce DPH" and no VAT recap. */
  vatPayer: boolean;
  supplier: InvoiceParty;
  customer: InvoiceParty;
  /** Null when the company had no invoice settings yet (no account, no QR Platba). */
  bank: InvoiceBank | null;
  payment: {
    method: PaymentMethod;
    variableSymbol: string;
    /** Up to 4 digits (Pohoda's limit); "0308" and the like. */
    constantSymbol: string | null;
  };
  /**
   * The company logo when the document was issued, by the hash of its bytes in document_logos;
   * null without a logo, absent on documents issued before logos were kept.
   */
  logo?: { sha256: string } | null;
  /** Who issued the document (invoice settings' name of the person issuing). */
  issuedBy: string | null;
  orderId: number | null;
  note: string | null;
  lines: InvoiceSnapshotLine[];
  deductions: InvoiceDeduction[];
  /** A credit note's cancelled invoice; a payment tax document's proforma. */
  originalDocument: { number: string; issueDate: string; uuid: string | null } | null;
}
