/**
 * QR Platba: the SPAYD string (Short Payment Descriptor, Czech Banking Association, 2012) a
 * banking app reads from the invoice's QR code (docs/decisions/051-invoice-formats.md). Browser-safe.
 *
 * `SPD*1.0*` then `KEY:value*` pairs. We write the keys in alphabetical order and end with
 * `CRC32:` of the canonical form: `SPD*1.0*` and the other pairs sorted by key, no trailing `*`
 * (the form every reader recomputes). Values:
 * - ACC: the IBAN, `+BIC` when there is one;
 * - AM: two decimals with a point, at most 10 characters (≤ 9 999 999,99 Kč);
 * - CC: CZK; X-VS, X-KS, X-SS: digits (≤ 10);
 * - DT: the date the bank is asked to execute the payment — not the invoice's due date, which
 *   would leave the payment waiting in the payer's bank until then; left out unless given;
 * - MSG (≤ 60) and RN (≤ 35): without diacritics and in capitals, so the whole string stays in
 *   the QR code's alphanumeric set (a smaller code) and reads the same in every bank's app;
 *   `*` is written `%2A` (the format's one escape) and `%` as `%25` so it cannot start one; any
 *   other character outside printable ASCII is percent-encoded as UTF-8.
 */
import { checkCzechIban, checkSwift } from "@/lib/bank";
import type { InvoiceSnapshot } from "./snapshot";
import type { InvoiceTotals } from "./vat";

export interface SpaydPayment {
  iban: string;
  bic?: string | null;
  amountHalere?: number | null;
  /** ISO 4217; always CZK on our invoices. */
  currency?: string;
  variableSymbol?: string | null;
  constantSymbol?: string | null;
  specificSymbol?: string | null;
  message?: string | null;
  recipientName?: string | null;
  /** ISO date the payment should be executed on (DT); rarely wanted, see above. */
  executionDate?: string | null;
}

export const SPAYD_MESSAGE_MAX = 60;
export const SPAYD_RECIPIENT_MAX = 35;
/** AM has at most 10 characters: 9999999.99. */
export const SPAYD_AMOUNT_MAX_HALERE = 999_999_999;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index++) {
    let value = index;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    table[index] = value >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, as zlib computes it) of the text's UTF-8 bytes, as 8 upper-case hex digits. */
export function crc32Hex(text: string): string {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return ((crc ^ 0xffffffff) >>> 0).toString(16).toUpperCase().padStart(8, "0");
}

/** `*` → `%2A`, `%` → `%25`, anything outside printable ASCII percent-encoded as UTF-8. */
function escapeValue(value: string): string {
  let escaped = "";
  for (const character of value) {
    if (character === "*") escaped += "%2A";
    else if (character === "%") escaped += "%25";
    else if (/^[\x20-\x7e]$/.test(character)) escaped += character;
    else escaped += [...new TextEncoder().encode(character)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
  return escaped;
}

/** Capitals without diacritics, one space between words, escaped, at most `max` characters without cutting an escape. */
function plainText(text: string, max: number): string {
  const plain = text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toUpperCase();
  let value = "";
  for (const character of plain) {
    const next = value + escapeValue(character);
    if (next.length > max) break;
    value = next;
  }
  return value.trimEnd();
}

const digits = (key: string, value: string, max: number) => {
  if (!new RegExp(`^\\d{1,${max}}$`).test(value)) throw new RangeError(`SPAYD ${key} is 1–${max} digits: ${value}`);
  return value;
};

/** `123456` haléře → `1234.56`. */
function amountText(halere: number): string {
  if (!Number.isSafeInteger(halere) || halere <= 0 || halere > SPAYD_AMOUNT_MAX_HALERE) throw new RangeError(`SPAYD AM is 0.01–9999999.99: ${halere} haléřů`);
  return `${Math.floor(halere / 100)}.${String(halere % 100).padStart(2, "0")}`;
}

/** The pairs of a payment, keyed, before sorting. */
function fieldsOf(payment: SpaydPayment): Map<string, string> {
  const fields = new Map<string, string>();
  const iban = checkCzechIban(payment.iban);
  if (!iban.ok) throw new RangeError(`SPAYD ACC needs a valid IBAN: ${payment.iban}`);
  let account = iban.value;
  if (payment.bic) {
    const bic = checkSwift(payment.bic);
    if (!bic.ok) throw new RangeError(`Not a BIC: ${payment.bic}`);
    account += `+${bic.value}`;
  }
  fields.set("ACC", account);
  if (payment.amountHalere != null) fields.set("AM", amountText(payment.amountHalere));
  const currency = payment.currency ?? "CZK";
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`SPAYD CC is an ISO 4217 code: ${currency}`);
  fields.set("CC", currency);
  if (payment.executionDate) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(payment.executionDate);
    if (!match) throw new RangeError(`SPAYD DT needs an ISO date: ${payment.executionDate}`);
    fields.set("DT", `${match[1]}${match[2]}${match[3]}`);
  }
  if (payment.message) {
    const message = plainText(payment.message, SPAYD_MESSAGE_MAX);
    if (message) fields.set("MSG", message);
  }
  if (payment.recipientName) {
    const name = plainText(payment.recipientName, SPAYD_RECIPIENT_MAX);
    if (name) fields.set("RN", name);
  }
  if (payment.variableSymbol) fields.set("X-VS", digits("X-VS", payment.variableSymbol, 10));
  if (payment.constantSymbol) fields.set("X-KS", digits("X-KS", payment.constantSymbol, 10));
  if (payment.specificSymbol) fields.set("X-SS", digits("X-SS", payment.specificSymbol, 10));
  return fields;
}

const HEADER = "SPD*1.0";

/** The canonical form the CRC32 is computed over: the header and the pairs sorted by key, CRC32 left out. */
function canonical(fields: Map<string, string>): string {
  const pairs = [...fields].filter(([key]) => key !== "CRC32").sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [HEADER, ...pairs.map(([key, value]) => `${key}:${value}`)].join("*");
}

/** The SPAYD string of a payment, with its CRC32 unless `crc` is false. Throws RangeError on a value the format cannot carry. */
export function spaydString(payment: SpaydPayment, { crc = true }: { crc?: boolean } = {}): string {
  const text = canonical(fieldsOf(payment));
  return crc ? `${text}*CRC32:${crc32Hex(text)}` : text;
}

/** The pairs of a SPAYD string (values still escaped); null when it is not `SPD*1.0*…`. */
export function parseSpayd(text: string): Map<string, string> | null {
  const parts = text.replace(/\*$/, "").split("*");
  if (parts[0] !== "SPD" || !/^\d+\.\d+$/.test(parts[1] ?? "")) return null;
  const fields = new Map<string, string>();
  for (const part of parts.slice(2)) {
    const colon = part.indexOf(":");
    if (colon < 1 || !/^[A-Z][A-Z0-9-]*$/.test(part.slice(0, colon))) return null;
    fields.set(part.slice(0, colon), part.slice(colon + 1));
  }
  return fields;
}

/** True when a SPAYD string carries a CRC32 and it matches the string's canonical form. */
export function hasValidCrc(text: string): boolean {
  const fields = parseSpayd(text);
  const crc = fields?.get("CRC32");
  return Boolean(fields && crc && crc.toUpperCase() === crc32Hex(canonical(fields)));
}

/**
 * The QR Platba string of a document, or null when it asks for no transfer: paid by cash or card,
 * no bank account in its snapshot, nothing (or a refund) to pay, or more than AM can carry.
 * `message` is the payer's note, e.g. "Faktura 2026100042" in the document's language.
 */
export function invoiceSpayd(snapshot: Pick<InvoiceSnapshot, "bank" | "payment">, totals: Pick<InvoiceTotals, "payableHalere">, message: string): string | null {
  const { bank, payment } = snapshot;
  if (payment.method !== "TRANSFER" || !bank || totals.payableHalere <= 0 || totals.payableHalere > SPAYD_AMOUNT_MAX_HALERE) return null;
  return spaydString({
    iban: bank.iban,
    bic: bank.swift,
    amountHalere: totals.payableHalere,
    variableSymbol: payment.variableSymbol,
    constantSymbol: payment.constantSymbol,
    message,
  });
}
