/**
 * Bank statements paired with invoices (docs/decisions/079-bank-statement-pairing.md): an upload
 * kept in the database, its preview (nothing written), the confirm that writes every line and
 * payment in one transaction through `addPayment` (as a payment typed by hand, so a proforma gets
 * its tax document and the order its deposit mark), and the office's pairing by hand or dismissal
 * of what stayed unmatched.
 */
import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { bankStatementLines, bankStatements, invoicePayments, invoices } from "@db/schema";
import { type BankStatement, readBankStatement } from "@/lib/bank-statement/read";
import { type Ctx, withTransaction } from "@/lib/context";
import { pgErrorCode } from "@/lib/crud/service";
import { todayInPrague } from "@/lib/dates";
import { AppError, msg } from "@/lib/errors";
import { fromHalere, halereToNumeric, toHalere } from "@/lib/money";
import { foldedSql, foldText } from "@/lib/search-text";
import { cleanFileName } from "@/lib/uploads";
import { parseInput } from "@/lib/validation";
import { halereOf, lockInvoice, paidOf } from "../invoice/common";
import { addPayment } from "../invoice/payments";
import { isCustomerPayment, lineKeyOf, numberOfSymbol, planStatement, type PlannedLine } from "./match";
import {
  type BankStatementSummary,
  type BankStatementView,
  dismissLineInput,
  type OutcomeTotal,
  pairLineInput,
  PAYABLE_KINDS,
  PREVIEW_OUTCOMES,
  type StatementLineView,
  STORED_OUTCOMES,
  type StoredOutcome,
  type Suggestion,
} from "./schemas";

/** An upload never confirmed (the user went away) goes at the next upload after this. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** Suggestions per unmatched line, of each kind. */
const SUGGESTIONS = 5;
/** Statements the upload page lists. */
const RECENT = 20;

export interface PairingOptions {
  today?: string;
}

type StatementRow = typeof bankStatements.$inferSelect;
type LineRow = typeof bankStatementLines.$inferSelect;

/** Reads the upload (a bad file is refused here, nothing kept) and keeps it for the preview and the confirm. Answers its id. */
export async function uploadBankStatement({ ctx, input }: { ctx: Ctx; input: { fileName: string; data: Uint8Array } }): Promise<number> {
  const statement = readBankStatement(input);
  return withTransaction(ctx, async (tx) => {
    await tx.db.delete(bankStatements).where(and(eq(bankStatements.state, "UPLOADED"), lt(bankStatements.createdAt, new Date(Date.now() - KEPT_MS))));
    const [row] = await tx.db
      .insert(bankStatements)
      .values({
        fileName: cleanFileName(input.fileName),
        data: input.data,
        format: statement.format,
        account: statement.account,
        statementNumber: statement.statementId,
        statementDate: statement.to ?? statement.lines.reduce<string | null>((last, line) => (last === null || line.valueDate > last ? line.valueDate : last), null),
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning({ id: bankStatements.id });
    return row!.id;
  });
}

async function statementRow(ctx: Ctx, id: number, lock = false): Promise<StatementRow> {
  const query = ctx.db.select().from(bankStatements).where(eq(bankStatements.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw AppError.notFound();
  return row;
}

const readStored = (row: StatementRow): BankStatement => readBankStatement({ fileName: row.fileName, data: row.data });

function totalsOf(lines: StatementLineView[], outcomes: readonly string[]): OutcomeTotal[] {
  return outcomes.map((outcome) => {
    const of = lines.filter((line) => line.outcome === outcome);
    const halere = of.filter((line) => line.currency === "CZK").reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    return { outcome, count: of.length, amount: fromHalere(halere) };
  });
}

type LineFacts = Pick<StatementLineView, "lineNumber" | "reversal" | "currency" | "variableSymbol" | "valueDate" | "counterName" | "counterAccount" | "message">;

/** What the bank says of a line, the same read from the file or from its stored row. */
const factsOf = (line: LineFacts & { direction: string }): LineFacts & Pick<StatementLineView, "direction"> => ({
  lineNumber: line.lineNumber,
  direction: line.direction === "debit" ? "debit" : "credit",
  reversal: line.reversal,
  currency: line.currency,
  variableSymbol: line.variableSymbol,
  valueDate: line.valueDate,
  counterName: line.counterName,
  counterAccount: line.counterAccount,
  message: line.message,
});

function plannedView(plan: PlannedLine): StatementLineView {
  const { line } = plan;
  return {
    ...factsOf(line),
    id: null,
    outcome: plan.outcome,
    amount: fromHalere(line.amountHalere),
    document: plan.document,
    paid: fromHalere(plan.payHalere),
    overpayment: fromHalere(plan.overpaymentHalere),
    remainingAfter: plan.remainingAfterHalere === null ? null : fromHalere(plan.remainingAfterHalere),
    reason: plan.reason,
    dismissReason: null,
    pairable: false,
    suggestions: [],
  };
}

/**
 * One statement for its page: an UPLOADED one as the preview (each line's outcome, computed now,
 * nothing written), a CONFIRMED one as stored, its unmatched lines with suggestions.
 */
export async function getBankStatement({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number }; options?: PairingOptions }): Promise<BankStatementView> {
  const row = await statementRow(ctx, input.id);
  const head = {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    account: row.account,
    statementNumber: row.statementNumber,
    statementDate: row.statementDate,
    state: row.state as "UPLOADED" | "CONFIRMED",
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
  };
  if (row.state === "UPLOADED") {
    const plan = await planStatement(ctx, readStored(row), options.today ?? todayInPrague());
    const lines = plan.lines.map(plannedView);
    return { ...head, lines, totals: totalsOf(lines, PREVIEW_OUTCOMES) };
  }
  const stored = await ctx.db
    .select({ line: bankStatementLines, number: invoices.number, kind: invoices.kind, paid: invoicePayments.amount })
    .from(bankStatementLines)
    .leftJoin(invoices, eq(invoices.id, bankStatementLines.invoiceId))
    .leftJoin(invoicePayments, eq(invoicePayments.statementLineId, bankStatementLines.id))
    .where(eq(bankStatementLines.statementId, row.id))
    .orderBy(bankStatementLines.lineNumber);
  const lines: StatementLineView[] = [];
  for (const { line, number, kind, paid } of stored) {
    const view = storedView(line, number && kind && line.invoiceId ? { id: line.invoiceId, number, kind } : null, paid);
    if (view.pairable) view.suggestions = await suggestionsFor(ctx, line);
    lines.push(view);
  }
  return { ...head, lines, totals: totalsOf(lines, STORED_OUTCOMES) };
}

function storedView(line: LineRow, document: StatementLineView["document"], paid: string | null): StatementLineView {
  const amountHalere = toHalere(line.amount);
  const outcome = line.outcome as StoredOutcome;
  const facts = factsOf(line);
  return {
    ...facts,
    id: line.id,
    outcome,
    amount: fromHalere(amountHalere),
    document,
    paid: paid === null ? 0 : Number(paid),
    overpayment: line.overpayment === null ? 0 : Number(line.overpayment),
    remainingAfter: null,
    reason: line.reason,
    dismissReason: line.dismissReason,
    pairable: outcome === "UNMATCHED" && isCustomerPayment({ ...facts, amountHalere }),
    suggestions: [],
  };
}

/** Open documents an unmatched line may pay: what remains of them equals the line, or their customer is named like the payer. */
async function suggestionsFor(ctx: Ctx, line: LineRow): Promise<Suggestion[]> {
  // Spelled out: inside the subquery drizzle would leave both ids unqualified.
  const paidSql = sql<string>`coalesce((select sum(p.amount) from invoice_payments p where p.invoice_id = "invoices"."id"), 0)`;
  const customer = sql<string>`coalesce(${invoices.snapshot}->'customer'->>'name', '')`;
  const open = and(eq(invoices.status, "OPEN"), inArray(invoices.kind, [...PAYABLE_KINDS]));
  const columns = { id: invoices.id, number: invoices.number, kind: invoices.kind, customer, payable: invoices.payable, paid: paidSql };
  const byAmount = await ctx.db
    .select(columns)
    .from(invoices)
    .where(and(open, sql`${invoices.payable} - ${paidSql} = ${line.amount}::numeric`))
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(SUGGESTIONS);
  const words = nameWords(line.counterName);
  const byName = words.length
    ? await ctx.db
        .select(columns)
        .from(invoices)
        .where(and(open, sql`(${sql.join(
          words.map((word) => sql`${sql.raw(foldedSql(`("invoices"."snapshot"->'customer'->>'name')`))} like ${`%${word}%`}`),
          sql` or `,
        )})`))
        .orderBy(desc(invoices.issueDate), desc(invoices.id))
        .limit(SUGGESTIONS * 4)
    : [];
  const result: Suggestion[] = [];
  const add = (row: (typeof byAmount)[number], why: Suggestion["why"]) => {
    if (result.some((entry) => entry.id === row.id)) return;
    result.push({ id: row.id, number: row.number, kind: row.kind, customer: row.customer, remaining: fromHalere(halereOf(row.payable) - toHalere(Number(row.paid).toFixed(2))), why });
  };
  for (const row of byAmount) add(row, "amount");
  // The name: every word of the payer's that is long enough to mean something found among the customer's words.
  const named = byName.filter((row) => {
    const theirs = new Set(nameWords(row.customer));
    return words.filter((word) => theirs.has(word)).length >= Math.min(2, words.length);
  });
  for (const row of named.slice(0, SUGGESTIONS)) add(row, "name");
  return result;
}

/** Legal forms and words too short to tell a customer by. */
const NAME_NOISE = new Set(["sro", "spol", "and", "syn", "synove", "firma", "ing", "mgr", "bc"]);

/** A name's words, folded (diacritics and case ignored), without legal forms and short words. */
export function nameWords(name: string | null): string[] {
  if (!name) return [];
  const words = foldText(name.replace(/s\.\s*r\.\s*o\.|a\.\s*s\.|v\.\s*o\.\s*s\./gi, " "))
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && !NAME_NOISE.has(word));
  return [...new Set(words)];
}

export interface ConfirmResult {
  /** Lines stored now; 0 when the statement was confirmed already (a retried confirm). */
  stored: number;
  /** Payments recorded now. */
  payments: number;
  alreadyConfirmed: boolean;
}

/**
 * Writes the statement's pairing in one transaction: every line an earlier statement did not bring
 * is stored with its outcome, and each matched line pays its document through `addPayment`, dated
 * its value day. The statement's row is locked first: a second confirm (a double click, another
 * instance) waits, finds it CONFIRMED and writes nothing. A line another statement is storing at
 * that very moment fails the unique key and the whole confirm with it; a retry then sees it known.
 */
export async function confirmBankStatement({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number }; options?: PairingOptions }): Promise<ConfirmResult> {
  const today = options.today ?? todayInPrague();
  try {
    return await withTransaction(ctx, async (tx) => {
      const row = await statementRow(tx, input.id, true);
      if (row.state === "CONFIRMED") return { stored: 0, payments: 0, alreadyConfirmed: true };
      const statement = readStored(row);
      const plan = await planStatement(tx, statement, today, { lock: true });
      let stored = 0;
      let payments = 0;
      for (const planned of plan.lines) {
        if (planned.outcome === "KNOWN") continue;
        const { line } = planned;
        const [inserted] = await tx.db
          .insert(bankStatementLines)
          .values({
            statementId: row.id,
            lineNumber: line.lineNumber,
            lineKey: planned.key,
            bankTransactionId: line.bankTransactionId,
            direction: line.direction,
            reversal: line.reversal,
            amount: halereToNumeric(line.amountHalere),
            currency: line.currency,
            variableSymbol: line.variableSymbol,
            valueDate: line.valueDate,
            counterAccount: line.counterAccount,
            counterName: line.counterName,
            message: line.message,
            outcome: planned.outcome,
            reason: planned.reason,
            invoiceId: planned.payHalere > 0 ? planned.document!.id : null,
            overpayment: planned.overpaymentHalere > 0 ? halereToNumeric(planned.overpaymentHalere) : null,
            createdBy: ctx.userId,
            updatedBy: ctx.userId,
          })
          .returning({ id: bankStatementLines.id });
        stored++;
        if (planned.payHalere > 0) {
          const document = await lockInvoice(tx, planned.document!.id);
          await addPayment(tx, document, { amountHalere: planned.payHalere, paidOn: planned.paidOn!, note: null, statementLineId: inserted!.id }, today);
          payments++;
        }
      }
      await tx.db.update(bankStatements).set({ state: "CONFIRMED", confirmedAt: new Date(), confirmedBy: ctx.userId, updatedAt: new Date(), updatedBy: ctx.userId }).where(eq(bankStatements.id, row.id));
      return { stored, payments, alreadyConfirmed: false };
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw AppError.fail(msg("bankPairing.concurrentStatement"));
    throw error;
  }
}

/** An unmatched line of a confirmed statement, locked; refused when it is not (any more) unmatched. */
async function unmatchedLine(ctx: Ctx, lineId: number, statementId: number): Promise<LineRow> {
  const [line] = await ctx.db
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.id, lineId), eq(bankStatementLines.statementId, statementId)))
    .for("update")
    .limit(1);
  if (!line) throw AppError.notFound();
  if (line.outcome !== "UNMATCHED") throw AppError.fail(msg("bankPairing.notUnmatched", { line: line.lineNumber }));
  return line;
}

/**
 * Pairs an unmatched line by hand with the document the office chose (by id, or by its number):
 * a payment of the line's amount, or of what remains when the line brought more (the overpayment
 * flagged), dated its value day. Only a customer's payment in CZK pays a document.
 */
export async function pairStatementLine({ ctx, input, options = {} }: { ctx: Ctx; input: { statementId: number; lineId: number; values: unknown }; options?: PairingOptions }): Promise<{ id: number; number: string }> {
  const values = parseInput(pairLineInput, input.values);
  const today = options.today ?? todayInPrague();
  return withTransaction(ctx, async (tx) => {
    const line = await unmatchedLine(tx, input.lineId, input.statementId);
    const amountHalere = toHalere(line.amount);
    if (!isCustomerPayment({ ...factsOf(line), amountHalere })) throw AppError.fail(msg("bankPairing.notPayment"));
    let invoiceId = values.invoiceId;
    if (invoiceId === undefined) {
      const number = numberOfSymbol(values.number?.replace(/\s/g, "") ?? null);
      const [found] = number ? await tx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, number)).limit(1) : [];
      if (!found) throw AppError.invalid({ number: msg("bankPairing.noSuchDocument", { number: values.number ?? "" }) });
      invoiceId = found.id;
    }
    const document = await lockInvoice(tx, invoiceId);
    if (!(PAYABLE_KINDS as readonly string[]).includes(document.kind)) throw AppError.fail(msg("invoices.nothingToPay"));
    if (document.status !== "OPEN") throw AppError.fail(msg("invoices.alreadyClosed", { number: document.number }));
    const remaining = halereOf(document.payable) - ((await paidOf(tx, [document.id])).get(document.id) ?? 0);
    const payHalere = Math.min(amountHalere, remaining);
    const paidOn = line.valueDate > today ? today : line.valueDate;
    await addPayment(tx, document, { amountHalere: payHalere, paidOn, note: null, statementLineId: line.id }, today);
    await tx.db
      .update(bankStatementLines)
      .set({ outcome: "MANUAL", invoiceId: document.id, overpayment: amountHalere > payHalere ? halereToNumeric(amountHalere - payHalere) : null, updatedAt: new Date(), updatedBy: ctx.userId })
      .where(eq(bankStatementLines.id, line.id));
    return { id: document.id, number: document.number };
  });
}

/** Puts an unmatched line aside with the office's reason (required): a refund, a fee, someone else's money. */
export async function dismissStatementLine({ ctx, input }: { ctx: Ctx; input: { statementId: number; lineId: number; values: unknown } }): Promise<void> {
  const { reason } = parseInput(dismissLineInput, input.values);
  await withTransaction(ctx, async (tx) => {
    const line = await unmatchedLine(tx, input.lineId, input.statementId);
    await tx.db.update(bankStatementLines).set({ outcome: "DISMISSED", dismissReason: reason, updatedAt: new Date(), updatedBy: ctx.userId }).where(eq(bankStatementLines.id, line.id));
  });
}

/** The newest statements with how many of their lines wait for the office. */
export async function listBankStatements({ ctx }: { ctx: Ctx }): Promise<BankStatementSummary[]> {
  const rows = await ctx.db
    .select({ id: bankStatements.id, fileName: bankStatements.fileName, statementNumber: bankStatements.statementNumber, statementDate: bankStatements.statementDate, state: bankStatements.state, createdAt: bankStatements.createdAt })
    .from(bankStatements)
    .orderBy(desc(bankStatements.createdAt), desc(bankStatements.id))
    .limit(RECENT);
  const ids = rows.map((row) => row.id);
  const counts = ids.length
    ? await ctx.db
        .select({
          statementId: bankStatementLines.statementId,
          lines: count(),
          unmatched: sql<number>`count(*) filter (where ${bankStatementLines.outcome} = 'UNMATCHED')`.mapWith(Number),
          overpayments: sql<number>`count(${bankStatementLines.overpayment})`.mapWith(Number),
        })
        .from(bankStatementLines)
        .where(inArray(bankStatementLines.statementId, ids))
        .groupBy(bankStatementLines.statementId)
    : [];
  const byId = new Map(counts.map((row) => [row.statementId, row]));
  return rows.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    statementNumber: row.statementNumber,
    statementDate: row.statementDate,
    state: row.state as "UPLOADED" | "CONFIRMED",
    lines: byId.get(row.id)?.lines ?? 0,
    unmatched: byId.get(row.id)?.unmatched ?? 0,
    overpayments: byId.get(row.id)?.overpayments ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}
