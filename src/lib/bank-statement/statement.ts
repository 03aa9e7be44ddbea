/**
 * The one shape both bank statement formats are read into (docs/decisions/077-bank-statements.md),
 * the bounds, and the small pieces both readers share: refusals, symbols, dates, accounts.
 * Server-only and pure: no database, no I/O.
 */
import { type CzechBankAccount, czechAccountOfIban, formatCzechBankAccount, normalizeIban } from "@/lib/bank";
import { AppError, msg } from "@/lib/errors";
import { MB } from "@/lib/uploads";

export type BankStatementFormat = "gpc" | "camt053";
export type BankDirection = "credit" | "debit";

export interface BankStatementLine {
  /** 1, 2, 3 … in the order the statement lists its lines. */
  lineNumber: number;
  /** The bank's own reference of the transaction, when it gives one. */
  bankTransactionId: string | null;
  /** Which way the money moved on our account (a reversal of a credit is a debit). */
  direction: BankDirection;
  /** Hundredths of `currency` (haléře for CZK), a positive integer or 0; never a float. */
  amountHalere: number;
  /** ISO 4217 letters: CZK, EUR … */
  currency: string;
  /** Digits without leading zeros; null when the payment has none. */
  variableSymbol: string | null;
  constantSymbol: string | null;
  specificSymbol: string | null;
  /** yyyy-mm-dd */
  valueDate: string;
  /** `19-2000145399/0800` for a Czech account, else the IBAN or the bank's own spelling. */
  counterAccount: string | null;
  counterName: string | null;
  message: string | null;
  /** The bank booked this line as a reversal (GPC accounting codes 4 and 5, CAMT `RvslInd`). */
  reversal: boolean;
}

export interface BankStatement {
  format: BankStatementFormat;
  /** Our account: `19-2000145399/0800` (a GPC carries no bank code: `19-2000145399`), else the IBAN. */
  account: string;
  /** The account's name as the bank writes it (GPC only). */
  accountName?: string;
  /** The statement's number or id; several statements of one account in one file are joined by ", ". */
  statementId: string;
  /** yyyy-mm-dd */
  from?: string;
  to?: string;
  /** Signed hundredths of the account's currency (negative: overdrawn). */
  openingBalance?: number;
  closingBalance?: number;
  lines: BankStatementLine[];
}

export interface BankStatementLimits {
  maxBytes: number;
  maxLines: number;
}

/** A year of a busy account's statements fits well under both. */
export const BANK_STATEMENT_LIMITS: BankStatementLimits = { maxBytes: 10 * MB, maxLines: 100_000 };

export const BANK_STATEMENT_FILE_FIELD = "file";

/** One translated refusal, also attached to the upload's field. */
export function refusal(key: string, values?: Record<string, unknown>): AppError {
  const message = msg(`bankStatement.${key}`, values);
  return AppError.fail(message, { [BANK_STATEMENT_FILE_FIELD]: message });
}

/** A payment symbol as digits without leading zeros; "", "0000000000" and spaces are no symbol. */
export function symbolOf(digits: string): string | null {
  const stripped = digits.trim().replace(/^0+/, "");
  return stripped === "" ? null : stripped;
}

/** yyyy-mm-dd of a real calendar day, or null. */
export function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The day after a yyyy-mm-dd. */
export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A Czech account from its parts (leading zeros dropped); null when the number is all zeros. */
export function accountText(parts: CzechBankAccount): string | null {
  const account = { prefix: parts.prefix.replace(/^0+/, ""), number: parts.number.replace(/^0+/, ""), bankCode: parts.bankCode };
  if (!account.number) return null;
  if (/^0*$/.test(account.bankCode)) return `${account.prefix ? `${account.prefix}-` : ""}${account.number}`;
  return formatCzechBankAccount(account);
}

/** A Czech IBAN as the domestic account both formats share; any other IBAN compact. */
export function ibanAccountText(iban: string): string {
  const czech = czechAccountOfIban(iban);
  return (czech && accountText(czech)) ?? normalizeIban(iban);
}

/**
 * Several statements of one account in one file read as one: the first opening balance, the last
 * closing balance, the ids joined. Statements of different accounts are refused.
 */
export function mergeStatements(parts: Omit<BankStatement, "lines">[], lines: BankStatementLine[]): BankStatement {
  const [first, ...rest] = parts;
  if (!first) throw refusal("notStatement");
  const last = parts[parts.length - 1]!;
  for (const part of rest) if (part.account !== first.account) throw refusal("severalAccounts", { first: first.account, other: part.account });
  const ids = [...new Set(parts.map((part) => part.statementId).filter(Boolean))];
  const statement: BankStatement = { ...first, statementId: ids.join(", "), lines };
  if (last.to === undefined) delete statement.to;
  else statement.to = last.to;
  if (last.closingBalance === undefined) delete statement.closingBalance;
  else statement.closingBalance = last.closingBalance;
  return statement;
}
