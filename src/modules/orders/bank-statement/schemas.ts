/**
 * Pairing a bank statement's payments with invoices (docs/decisions/079-bank-statement-pairing.md):
 * the paths, the outcomes and what the pages are handed. Browser-safe: constants and types only.
 */
import { z } from "zod";
import { optionalText, refId, requiredText } from "@/lib/zod-fields";

export const BANK_STATEMENTS_PATH = "/orders/invoices/bankStatements";
export const bankStatementHref = (id: number) => `${BANK_STATEMENTS_PATH}/${id}`;

/** The upload form's file field (views/components/upload-form.tsx names it so). */
export const BANK_STATEMENT_UPLOAD_FIELD = "files";
export const BANK_STATEMENT_ACCEPT = ".gpc,.abo,.txt,.xml,text/plain,application/xml,text/xml";

/**
 * What a line does, in the preview and once stored: PAID (the exact rest), PARTIAL (less), OVER
 * (more: the rest paid, the difference flagged), UNMATCHED (nothing paid: a reason), KNOWN (an
 * earlier statement brought it: nothing again; preview only), MANUAL (paired by hand),
 * DISMISSED (the office put it aside with a reason).
 */
export const PREVIEW_OUTCOMES = ["PAID", "PARTIAL", "OVER", "UNMATCHED", "KNOWN"] as const;
export type PreviewOutcome = (typeof PREVIEW_OUTCOMES)[number];
export const STORED_OUTCOMES = ["PAID", "PARTIAL", "OVER", "MANUAL", "UNMATCHED", "DISMISSED"] as const;
export type StoredOutcome = (typeof STORED_OUTCOMES)[number];

/** The documents a statement pays: the others take no payments (docs/decisions/053-invoice-lines-and-payments.md). */
export const PAYABLE_KINDS = ["FINAL", "PROFORMA"] as const;

export const pairLineInput = z.object({ invoiceId: refId().optional(), number: optionalText(20) });
export const dismissLineInput = z.object({ reason: requiredText(500) });

/** A document as a line names it. */
export interface PairedDocument {
  id: number;
  number: string;
  kind: string;
}

/** One line of the statement with what it does or did; amounts in Kč (of the line's currency). */
export interface StatementLineView {
  lineNumber: number;
  /** Stored lines only. */
  id: number | null;
  outcome: PreviewOutcome | StoredOutcome;
  direction: "credit" | "debit";
  reversal: boolean;
  amount: number;
  currency: string;
  variableSymbol: string | null;
  valueDate: string;
  counterName: string | null;
  counterAccount: string | null;
  message: string | null;
  document: PairedDocument | null;
  /** What the line pays (or paid) on the document, Kč. */
  paid: number;
  overpayment: number;
  /** What the document still asks after this line, Kč (preview). */
  remainingAfter: number | null;
  /** Why nothing is paid: a message key and its values (translated by the page). */
  reason: { key: string; values?: Record<string, unknown> } | null;
  dismissReason: string | null;
  /** Only UNMATCHED CZK credits can be paired by hand. */
  pairable: boolean;
  suggestions: Suggestion[];
}

/** A document an unmatched line may pay: the same amount remaining, or a customer named like the payer. */
export interface Suggestion {
  id: number;
  number: string;
  kind: string;
  customer: string;
  remaining: number;
  why: "amount" | "name";
}

export interface OutcomeTotal {
  outcome: string;
  count: number;
  /** Kč of the CZK lines; lines in another currency are counted, not summed. */
  amount: number;
}

export interface BankStatementView {
  id: number;
  fileName: string;
  format: string;
  account: string;
  statementNumber: string;
  statementDate: string | null;
  state: "UPLOADED" | "CONFIRMED";
  confirmedAt: string | null;
  lines: StatementLineView[];
  totals: OutcomeTotal[];
}

export interface BankStatementSummary {
  id: number;
  fileName: string;
  statementNumber: string;
  statementDate: string | null;
  state: "UPLOADED" | "CONFIRMED";
  lines: number;
  unmatched: number;
  overpayments: number;
  createdAt: string;
}
