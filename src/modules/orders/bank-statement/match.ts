/**
 * What each line of a bank statement does (docs/decisions/079-bank-statement-pairing.md): the rules
 * of the pairing over the documents its symbols name, without writing anything. The preview shows
 * this plan and the confirm applies it, computed again inside its transaction.
 */
import { inArray } from "drizzle-orm";
import { bankStatementLines, invoices } from "@db/schema";
import type { BankStatement, BankStatementLine } from "@/lib/bank-statement/read";
import type { Ctx } from "@/lib/context";
import { formatCzechDate } from "@/lib/dates";
import { halereOf, paidOf } from "../invoice/common";
import { PAYABLE_KINDS, type PreviewOutcome } from "./schemas";

/** An invoice number is ten digits; a longer symbol names none of ours. */
const NUMBER_DIGITS = 10;
/** Keys asked of the database per statement (parameters stay far below PostgreSQL's 65,535). */
const KEY_CHUNK = 5_000;

export interface PlannedLine {
  line: BankStatementLine;
  key: string;
  outcome: PreviewOutcome;
  document: { id: number; number: string; kind: string } | null;
  /** What it pays on the document, haléře; the overpayment beyond what it still asked. */
  payHalere: number;
  overpaymentHalere: number;
  remainingAfterHalere: number | null;
  /** The payment's day: the value date, never after today. */
  paidOn: string | null;
  reason: { key: string; values?: Record<string, unknown> } | null;
}

/**
 * Our account as a line's key names it: a Czech account without its bank code, since a GPC
 * carries none (docs/decisions/077-bank-statements.md) and the same account must give the same key.
 */
export const ownAccountOf = (account: string): string => account.replace(/\/\d{4}$/, "");

/**
 * How a transaction is known whichever statement brings it: our account and the bank's id, or,
 * lacking one, our account, the statement, the line, its amount and day.
 */
export function lineKeyOf(statement: Pick<BankStatement, "account" | "statementId">, line: BankStatementLine): string {
  const account = ownAccountOf(statement.account);
  if (line.bankTransactionId) return `${account}|id|${line.bankTransactionId}`;
  return `${account}|line|${statement.statementId}|${line.lineNumber}|${line.amountHalere}|${line.valueDate}`;
}

/** The invoice number a variable symbol names (leading zeros never count), or null. */
export const numberOfSymbol = (symbol: string | null): string | null => {
  const digits = symbol?.replace(/^0+/, "") ?? "";
  return digits && digits.length <= NUMBER_DIGITS && /^\d+$/.test(digits) ? digits.padStart(NUMBER_DIGITS, "0") : null;
};

/** A line a document's payment may come from: money in, in CZK, not the bank's reversal. */
export const isCustomerPayment = (line: Pick<BankStatementLine, "direction" | "reversal" | "currency" | "amountHalere">): boolean =>
  line.direction === "credit" && !line.reversal && line.currency === "CZK" && line.amountHalere > 0;

/** Why a line that is no customer payment in CZK pays nothing. */
function notPaymentReason(line: BankStatementLine): PlannedLine["reason"] {
  if (line.direction !== "credit") return { key: line.reversal ? "bankPairing.reason.reversal" : "bankPairing.reason.debit" };
  if (line.reversal) return { key: "bankPairing.reason.reversal" };
  if (line.currency !== "CZK") return { key: "bankPairing.reason.currency", values: { currency: line.currency } };
  return { key: "bankPairing.reason.zero" };
}

export interface StatementPlan {
  lines: PlannedLine[];
}

/**
 * The plan of a statement: each line's outcome, in the statement's order, with what earlier lines
 * of the same statement paid on a document counted (two payments of one proforma: the second sees
 * the first). `today` bounds the payment's day.
 */
export async function planStatement(ctx: Ctx, statement: BankStatement, today: string, options: { lock?: boolean } = {}): Promise<StatementPlan> {
  const keys = statement.lines.map((line) => lineKeyOf(statement, line));
  const known = new Set<string>();
  for (let start = 0; start < keys.length; start += KEY_CHUNK) {
    const chunk = [...new Set(keys.slice(start, start + KEY_CHUNK))];
    const rows = await ctx.db.select({ key: bankStatementLines.lineKey }).from(bankStatementLines).where(inArray(bankStatementLines.lineKey, chunk));
    for (const row of rows) known.add(row.key);
  }

  const numbers = [...new Set(statement.lines.filter(isCustomerPayment).flatMap((line) => numberOfSymbol(line.variableSymbol) ?? []))];
  const documents = new Map<string, { id: number; number: string; kind: string; status: string; issueDate: string; remaining: number }>();
  for (let start = 0; start < numbers.length; start += KEY_CHUNK) {
    const query = ctx.db
      .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, status: invoices.status, issueDate: invoices.issueDate, payable: invoices.payable })
      .from(invoices)
      .where(inArray(invoices.number, numbers.slice(start, start + KEY_CHUNK)))
      .orderBy(invoices.id);
    // The confirm locks the documents it pays, as a payment typed by hand does (lockInvoice), in one order so two confirms cannot deadlock.
    const rows = options.lock ? await query.for("update") : await query;
    const paid = await paidOf(
      ctx,
      rows.map((row) => row.id),
    );
    for (const row of rows) documents.set(row.number, { ...row, remaining: halereOf(row.payable) - (paid.get(row.id) ?? 0) });
  }

  const seen = new Set<string>();
  const lines = statement.lines.map((line, index): PlannedLine => {
    const key = keys[index]!;
    const plan: PlannedLine = { line, key, outcome: "UNMATCHED", document: null, payHalere: 0, overpaymentHalere: 0, remainingAfterHalere: null, paidOn: null, reason: null };
    if (known.has(key) || seen.has(key)) return { ...plan, outcome: "KNOWN" };
    seen.add(key);
    if (!isCustomerPayment(line)) return { ...plan, reason: notPaymentReason(line) };
    const number = numberOfSymbol(line.variableSymbol);
    if (!number) return { ...plan, reason: { key: line.variableSymbol ? "bankPairing.reason.noDocument" : "bankPairing.reason.noSymbol", values: { symbol: line.variableSymbol } } };
    const document = documents.get(number);
    if (!document) return { ...plan, reason: { key: "bankPairing.reason.noDocument", values: { symbol: line.variableSymbol } } };
    const named = { id: document.id, number: document.number, kind: document.kind };
    if (!(PAYABLE_KINDS as readonly string[]).includes(document.kind)) return { ...plan, document: named, reason: { key: "bankPairing.reason.notPayable", values: { number } } };
    if (document.status !== "OPEN" || document.remaining <= 0) return { ...plan, document: named, reason: { key: "bankPairing.reason.closed", values: { number } } };
    const paidOn = line.valueDate > today ? today : line.valueDate;
    if (paidOn < document.issueDate) return { ...plan, document: named, reason: { key: "bankPairing.reason.beforeIssue", values: { number, date: formatCzechDate(document.issueDate) } } };
    const payHalere = Math.min(line.amountHalere, document.remaining);
    const outcome: PreviewOutcome = line.amountHalere === document.remaining ? "PAID" : line.amountHalere < document.remaining ? "PARTIAL" : "OVER";
    document.remaining -= payHalere;
    return { ...plan, outcome, document: named, payHalere, overpaymentHalere: line.amountHalere - payHalere, remainingAfterHalere: document.remaining, paidOn };
  });
  return { lines };
}
