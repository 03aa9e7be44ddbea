/**
 * Credit notes (dobropis, `POST /api/orders/invoices/:id/creditNote`): the only way to cancel an
 * issued final invoice (docs/decisions/052-invoice-numbering-and-snapshot.md).
 */
import { asc, eq } from "drizzle-orm";
import { invoiceLines, invoiceProformaLinks, invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { addDays, todayInPrague } from "@/lib/dates";
import { AppError, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { toHalere } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { documentT, INVOICE_DUE_DAYS, lockInvoice, setStatus } from "./common";
import type { CreateOptions } from "./create";
import { issueInvoice } from "./issue";
import { creditNoteInput, type InvoiceLineSource } from "./schemas";

/**
 * Cancels an issued final invoice with a credit note (dobropis): its lines and deductions negated,
 * so its recap is exactly the invoice's negated and the lines count as not invoiced again. The
 * invoice is closed, and the proformas it deducted may be linked by the invoice that replaces it.
 */
export async function createCreditNote({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number; values: unknown }; options?: CreateOptions }): Promise<number> {
  const values = parseInput(creditNoteInput, input.values ?? {});
  const today = options.today ?? todayInPrague();
  return withIdempotency({ ctx, key: values.idempotencyKey, operation: `invoices.creditNote.${input.id}` }, async (tx) => {
    const original = await lockInvoice(tx, input.id);
    if (original.kind !== "FINAL") throw AppError.fail(msg("invoices.creditNoteOnlyFinal"));
    const [existing] = await tx.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.originalInvoiceId, original.id)).limit(1);
    if (existing) throw AppError.fail(msg("invoices.alreadyCredited", { number: original.number, creditNote: existing.number }));
    const sources = await tx.db
      .select({ source: invoiceLines.source, sourceId: invoiceLines.sourceId, itemPrice: invoiceLines.itemPrice })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, original.id))
      .orderBy(asc(invoiceLines.position));
    const snapshot = original.snapshot;
    const reason = documentT("invoices.creditNoteNote", { number: original.number }) as string;
    const issued = await issueInvoice({
      ctx: tx,
      input: {
        snapshot: {
          ...snapshot,
          kind: "CREDIT_NOTE",
          issueDate: today,
          taxableSupplyDate: today,
          dueDate: addDays(today, INVOICE_DUE_DAYS),
          payment: { method: snapshot.payment.method, constantSymbol: snapshot.payment.constantSymbol },
          note: [reason, values.note].filter(Boolean).join(" "),
          lines: snapshot.lines.map((line) => ({ ...line, baseHalere: -line.baseHalere })),
          deductions: snapshot.deductions.map((deduction) =>
            deduction.taxed
              ? { ...deduction, parts: deduction.parts.map((part) => ({ ...part, baseHalere: -part.baseHalere, vatHalere: -part.vatHalere })) }
              : { ...deduction, amountHalere: -deduction.amountHalere },
          ),
          originalDocument: { number: original.number, issueDate: original.issueDate, uuid: original.uuid },
        },
        lineSources: sources.map((line) => ({ source: line.source as InvoiceLineSource, sourceId: line.sourceId, itemPriceHalere: line.itemPrice === null ? null : toHalere(line.itemPrice) })),
        originalInvoiceId: original.id,
      },
    });
    await setStatus(tx, issued.id, "CLOSED");
    await setStatus(tx, original.id, "CLOSED");
    await tx.db.delete(invoiceProformaLinks).where(eq(invoiceProformaLinks.invoiceId, original.id));
    return issued.id;
  });
}
