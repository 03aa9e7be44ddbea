/**
 * Czech bank account, IBAN and SWIFT/BIC checks. Pure and browser-safe (no imports).
 * Failures are i18n keys (`bank.*`, in src/locales/orders.ts) so every edge can translate them.
 *
 * - Account (ČNB, vyhláška 169/2011 Sb.): optional prefix of up to 6 digits, `-`, a number of
 *   2–10 digits, `/`, a 4-digit bank code. Prefix and number each pass the mod-11 check with the
 *   weights 1, 2, 4, 8, 5, 10, 9, 7, 3, 6 read from the right; the number has at least two
 *   non-zero digits.
 * - IBAN (ISO 13616): `CZ` + 2 check digits + bank code (4) + prefix (6) + number (10); the
 *   check digits make the rearranged number ≡ 1 (mod 97).
 * - SWIFT/BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (location), optionally
 *   3 letters or digits (branch).
 */

export type BankMessageKey =
  | "bank.accountFormat"
  | "bank.prefixChecksum"
  | "bank.numberChecksum"
  | "bank.numberZero"
  | "bank.ibanFormat"
  | "bank.ibanChecksum"
  | "bank.ibanMismatch"
  | "bank.swiftFormat";

export type Checked<T> = { ok: true; value: T } | { ok: false; error: BankMessageKey };

export interface CzechBankAccount {
  /** Digits without leading zeros; "" when there is no prefix. */
  prefix: string;
  /** Digits without leading zeros. */
  number: string;
  /** Four digits. */
  bankCode: string;
}

const WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** The ČNB mod-11 check: the weighted sum of the digits (weights from the right) divides by 11. */
export function passesMod11(digits: string): boolean {
  let sum = 0;
  const reversed = [...digits].reverse();
  for (let index = 0; index < reversed.length; index++) sum += Number(reversed[index]) * WEIGHTS[index]!;
  return sum % 11 === 0;
}

const stripZeros = (digits: string) => digits.replace(/^0+/, "");
const compact = (text: string) => text.replace(/[\s\u00a0]/g, "");

/** Reads `19-2000145399/0800` or `810883001/5500` (spaces ignored) and checks both parts. */
export function checkCzechBankAccount(text: string): Checked<CzechBankAccount> {
  const match = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/.exec(compact(text));
  if (!match) return { ok: false, error: "bank.accountFormat" };
  const [, prefix = "", number = "", bankCode = ""] = match;
  if (!passesMod11(prefix)) return { ok: false, error: "bank.prefixChecksum" };
  if (number.replace(/0/g, "").length < 2) return { ok: false, error: "bank.numberZero" };
  if (!passesMod11(number)) return { ok: false, error: "bank.numberChecksum" };
  return { ok: true, value: { prefix: stripZeros(prefix), number: stripZeros(number), bankCode } };
}

/** The usual spelling: `19-2000145399/0800`, no prefix when it is zero. */
export function formatCzechBankAccount(account: CzechBankAccount): string {
  return `${account.prefix ? `${account.prefix}-` : ""}${account.number}/${account.bankCode}`;
}

/** The remainder of a long digit string (letters already turned into numbers) divided by 97. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let index = 0; index < digits.length; index += 7) remainder = Number(`${remainder}${digits.slice(index, index + 7)}`) % 97;
  return remainder;
}

/** Letters as ISO 13616 numbers: A = 10 … Z = 35. */
const lettersToDigits = (text: string) => text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));

/** Two check digits for a country and its BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(lettersToDigits(`${bban}${country}00`))).padStart(2, "0");
}

/** The account's IBAN: `CZ` + check digits + bank code + prefix (6) + number (10). */
export function czechIbanOf(account: CzechBankAccount): string {
  const bban = `${account.bankCode}${account.prefix.padStart(6, "0")}${account.number.padStart(10, "0")}`;
  return `CZ${ibanCheckDigits("CZ", bban)}${bban}`;
}

/** Upper case without spaces: `cz65 0800 …` → `CZ650800…`. */
export const normalizeIban = (text: string): string => compact(text).toUpperCase();

/** A Czech IBAN: `CZ` and 22 digits (24 characters), mod 97 = 1. Answers the compact form. */
export function checkCzechIban(text: string): Checked<string> {
  const iban = normalizeIban(text);
  if (!/^CZ\d{22}$/.test(iban)) return { ok: false, error: "bank.ibanFormat" };
  if (mod97(lettersToDigits(`${iban.slice(4)}${iban.slice(0, 4)}`)) !== 1) return { ok: false, error: "bank.ibanChecksum" };
  return { ok: true, value: iban };
}

/** The account a Czech IBAN spells (bank code, prefix, number); null when it is no valid Czech IBAN. */
export function czechAccountOfIban(text: string): CzechBankAccount | null {
  const checked = checkCzechIban(text);
  if (!checked.ok) return null;
  const iban = checked.value;
  return { bankCode: iban.slice(4, 8), prefix: stripZeros(iban.slice(8, 14)), number: stripZeros(iban.slice(14)) };
}

/** `CZ65 0800 0000 1920 0014 5399`, for people. */
export const formatIban = (iban: string): string => normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");

/** SWIFT/BIC of 8 or 11 characters; answers it in upper case. */
export function checkSwift(text: string): Checked<string> {
  const swift = compact(text).toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swift) ? { ok: true, value: swift } : { ok: false, error: "bank.swiftFormat" };
}
