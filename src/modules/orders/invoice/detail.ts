/**
 * One document as the API and its page answer it (`GET /api/orders/invoices/:id`): its lines,
 * VAT recap, payments and the documents it links.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bankStatementLines, bankStatements, invoiceLines, invoicePayments, invoiceProformaLinks, invoices, users } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { todayInPrague } from "@/lib/dates";
import { toHalere } from "@/lib/money";
import { kc } from "./common";
import { invoiceTotals } from "./formats/vat";
import { summaryOf } from "./list";
import { listInvoiceReminders, nextLevelAfter } from "./reminders";
import type { InvoiceDetail, InvoiceLineSource } from "./schemas";

/** The statements joined a second time, for the overpayments' query. */
const overpaidStatements = alias(bankStatements, "overpaid_statements");

/**
 * One document with its lines, recap, payments, links and reminders; `options.today` (Prague's
 * today unless given) counts its days overdue and the reminder level it may take.
 */
export async function getInvoice({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number }; options?: { today?: string } }): Promise<InvoiceDetail> {
  const today = options.today ?? todayInPrague();
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, input.id)).limit(1);
  if (!row) throw AppError.notFound();
  const [lines, payments, links, linkedTo, creditNote, overpayments, reminders] = await Promise.all([
    ctx.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, row.id)).orderBy(asc(invoiceLines.position)),
    // Where each payment came from (docs/decisions/079-bank-statement-pairing.md): a statement's line, or typed by whom.
    ctx.db
      .select({
        id: invoicePayments.id,
        amount: invoicePayments.amount,
        paidOn: invoicePayments.paidOn,
        note: invoicePayments.note,
        taxDocumentId: invoicePayments.taxDocumentId,
        taxNumber: invoices.number,
        source: invoicePayments.source,
        statementId: bankStatements.id,
        statementNumber: bankStatements.statementNumber,
        statementDate: bankStatements.statementDate,
        lineNumber: bankStatementLines.lineNumber,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(invoicePayments)
      .leftJoin(invoices, eq(invoices.id, invoicePayments.taxDocumentId))
      .leftJoin(bankStatementLines, eq(bankStatementLines.id, invoicePayments.statementLineId))
      .leftJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
      .leftJoin(users, eq(users.id, invoicePayments.createdBy))
      .where(eq(invoicePayments.invoiceId, row.id))
      .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id)),
    ctx.db
      .select({ id: invoices.id, invoiceNumber: invoices.number })
      .from(invoiceProformaLinks)
      .innerJoin(invoices, eq(invoices.id, invoiceProformaLinks.proformaId))
      .where(eq(invoiceProformaLinks.invoiceId, row.id))
      .orderBy(asc(invoices.id)),
    ctx.db
      .select({ id: invoices.id, invoiceNumber: invoices.number })
      .from(invoiceProformaLinks)
      .innerJoin(invoices, eq(invoices.id, invoiceProformaLinks.invoiceId))
      .where(eq(invoiceProformaLinks.proformaId, row.id))
      .limit(1),
    ctx.db.select({ id: invoices.id, invoiceNumber: invoices.number }).from(invoices).where(eq(invoices.originalInvoiceId, row.id)).limit(1),
    // Statement lines that brought more than the document still asked: flagged for the office.
    ctx.db
      .select({ statementId: overpaidStatements.id, statementNumber: overpaidStatements.statementNumber, statementDate: overpaidStatements.statementDate, lineNumber: bankStatementLines.lineNumber, amount: bankStatementLines.overpayment })
      .from(bankStatementLines)
      .innerJoin(overpaidStatements, eq(overpaidStatements.id, bankStatementLines.statementId))
      .where(and(eq(bankStatementLines.invoiceId, row.id), isNotNull(bankStatementLines.overpayment)))
      .orderBy(asc(bankStatementLines.id)),
    listInvoiceReminders(ctx, row),
  ]);
  const paidHalere = payments.reduce((sum, payment) => sum + toHalere(payment.amount), 0);
  const totals = invoiceTotals(row.snapshot);
  const summary = summaryOf(row, paidHalere, today);
  return {
    ...summary,
    snapshot: row.snapshot,
    items: lines.map((line, index) => ({
      position: line.position,
      source: line.source as InvoiceLineSource,
      sourceId: line.sourceId,
      description: line.description,
      quantity: Number(line.quantity),
      unit: line.unit,
      itemPrice: line.itemPrice === null ? null : Number(line.itemPrice),
      invoicedPrice: Number(line.invoicedPrice),
      vatRate: Number(line.vatRate),
      vat: kc(totals.lines[index]?.vatHalere ?? 0),
      total: kc(totals.lines[index]?.totalHalere ?? 0),
    })),
    recap: totals.recap.map((r) => ({
      vatRate: r.vatRate,
      base: kc(r.baseHalere),
      vat: kc(r.vatHalere),
      total: kc(r.totalHalere),
      claimedBase: kc(r.claimedBaseHalere),
      claimedVat: kc(r.claimedVatHalere),
      differenceBase: kc(r.differenceBaseHalere),
      differenceVat: kc(r.differenceVatHalere),
    })),
    base: kc(totals.baseHalere),
    vat: kc(totals.vatHalere),
    deducted: kc(totals.claimedTotalHalere + totals.paidDepositsHalere),
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: Number(payment.amount),
      paidOn: payment.paidOn,
      note: payment.note,
      taxDocument: payment.taxDocumentId === null ? null : { id: payment.taxDocumentId, invoiceNumber: payment.taxNumber ?? "" },
      source: payment.source === "statement" ? "statement" : "manual",
      statementLine:
        payment.statementId === null ? null : { statementId: payment.statementId, statementNumber: payment.statementNumber ?? "", statementDate: payment.statementDate, lineNumber: payment.lineNumber ?? 0 },
      recordedBy: payment.firstName === null ? null : `${payment.firstName} ${payment.lastName ?? ""}`.trim(),
    })),
    overpayments: overpayments.map((line) => ({ statementId: line.statementId, statementNumber: line.statementNumber, statementDate: line.statementDate, lineNumber: line.lineNumber, amount: Number(line.amount) })),
    linkedProformas: links,
    linkedTo: linkedTo[0] ?? null,
    creditNote: creditNote[0] ?? null,
    reminders,
    nextReminderLevel: summary.daysOverdue === null ? null : nextLevelAfter(reminders),
  };
}
