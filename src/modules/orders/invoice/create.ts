/**
 * Issuing a proforma or final invoice of an order (`POST /api/orders/invoices`): the lines given
 * (or the draft's defaults), each within its remaining price; a final invoice deducts the paid
 * proformas it links. The number and the stored snapshot are ./issue.ts's.
 */
import { eq } from "drizzle-orm";
import { fenceOrders, invoiceProformaLinks } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { addDays, todayInPrague } from "@/lib/dates";
import { AppError, type Message, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { formatMoney } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { readOrderSnapshot } from "../order-snapshot/service";
import { INVOICE_DUE_DAYS, kc, setStatus } from "./common";
import { deductionOf, linkableProformas } from "./deductions";
import type { InvoiceDeduction } from "./formats/snapshot";
import { invoiceTotals } from "./formats/vat";
import { type IssueInvoiceInput, issueInvoice } from "./issue";
import { withinRemaining } from "./lines";
import { type DraftLineHalere, depositShares, keyOf, remainingLines } from "./order-lines";
import { customerOf, issuer, notVatPayerNote } from "./parties";
import { type InvoiceCreateInput, invoiceCreateInput } from "./schemas";

export interface CreateOptions {
  today?: string;
}

/**
 * Issues a proforma or final invoice of an order: the lines given (or the draft's defaults), each
 * within its remaining price; a final invoice deducts the paid proformas it links. Answers the id.
 */
export async function createInvoice({ ctx, input, options = {} }: { ctx: Ctx; input: unknown; options?: CreateOptions }): Promise<number> {
  const values = parseInput(invoiceCreateInput, input);
  return withIdempotency({ ctx, key: values.idempotencyKey, operation: "invoices.create" }, (tx) => issueFromOrder(tx, values, options.today ?? todayInPrague()));
}

async function issueFromOrder(ctx: Ctx, values: InvoiceCreateInput, today: string): Promise<number> {
  const [order] = await ctx.db.select({ id: fenceOrders.id }).from(fenceOrders).where(eq(fenceOrders.id, values.orderId)).for("update").limit(1);
  if (!order) throw AppError.invalid({ orderId: msg("invoices.orderNotFound") });
  const snapshot = await readOrderSnapshot(ctx, values.orderId);
  const company = await issuer(ctx);
  const draft = await remainingLines(ctx, snapshot);
  const byKey = new Map(draft.map((line) => [keyOf(line.source, line.sourceId), line]));
  const fields: Record<string, Message> = {};

  // The lines: as sent, or the draft's defaults.
  let chosen: { line: DraftLineHalere; invoicedHalere: number }[];
  if (values.items) {
    const seen = new Set<string>();
    chosen = values.items.flatMap((sent, index) => {
      const key = keyOf(sent.source, sent.sourceId);
      const line = byKey.get(key);
      if (!line || seen.has(key)) {
        fields[`items.${index}.source`] = msg("invoices.lineNotOnOrder");
        return [];
      }
      seen.add(key);
      const invoicedHalere = Math.round(sent.invoicedPrice * 100);
      if (!withinRemaining(invoicedHalere, line.remainingHalere)) {
        fields[`items.${index}.invoicedPrice`] = msg("invoices.overRemaining", { remaining: formatMoney(kc(line.remainingHalere), ctx.lang) });
      }
      return [{ line, invoicedHalere }];
    });
  } else {
    const suggested = values.proforma ? depositShares(draft, snapshot, company.vatPayer) : draft.map((line) => line.remainingHalere);
    chosen = draft.map((line, index) => ({ line, invoicedHalere: suggested[index]! }));
  }
  chosen = chosen.filter((entry) => entry.invoicedHalere !== 0);

  const dueDate = values.dueDate ?? addDays(today, INVOICE_DUE_DAYS);
  if (dueDate < today) fields.dueDate = msg("invoices.dueBeforeIssue");
  if (values.proforma && values.dateOfTaxableSupply) fields.dateOfTaxableSupply = msg("invoices.proformaNoTaxDate");
  if (values.proforma && values.linkedProformas.length) fields.linkedProformas = msg("invoices.proformaLinks");
  if (Object.keys(fields).length) throw AppError.invalid(fields);
  if (!chosen.length) throw AppError.fail(msg("invoices.nothingToInvoice"));

  // The proformas a final invoice deducts: this order's, paid, not deducted yet.
  const linkable = values.linkedProformas.length ? await linkableProformas(ctx, values.orderId) : [];
  const linked = values.linkedProformas.map((id) => linkable.find((row) => row.id === id));
  if (linked.some((row) => !row)) throw AppError.invalid({ linkedProformas: msg("invoices.proformaNotLinkable") });
  const deductions: InvoiceDeduction[] = [];
  for (const proforma of linked) deductions.push(...(await deductionOf(ctx, proforma!, company.vatPayer)));

  const vatRate = company.vatPayer ? Number(snapshot.order.vat) : 0;
  const kind = values.proforma ? "PROFORMA" : "FINAL";
  const issueInput: IssueInvoiceInput = {
    snapshot: {
      kind,
      issueDate: today,
      taxableSupplyDate: values.proforma ? null : (values.dateOfTaxableSupply ?? addDays(today, INVOICE_DUE_DAYS)),
      dueDate,
      vatPayer: company.vatPayer,
      supplier: company.supplier,
      logo: company.logo,
      customer: customerOf(snapshot.order),
      bank: company.bank,
      payment: company.payment,
      issuedBy: company.issuedBy,
      orderId: values.orderId,
      note: company.vatPayer ? (values.note ?? null) : notVatPayerNote(values.note),
      lines: chosen.map(({ line, invoicedHalere }) => ({ description: line.description, quantity: line.quantity, unit: line.unit, baseHalere: invoicedHalere, vatRate })),
      deductions,
      originalDocument: null,
    },
    lineSources: chosen.map(({ line }) => ({ source: line.source, sourceId: line.sourceId, itemPriceHalere: line.priceHalere })),
  };
  const totals = invoiceTotals({ ...issueInput.snapshot });
  if (totals.payableHalere < 0) throw AppError.invalid({ linkedProformas: msg("invoices.deductionTooLarge") });
  if (totals.totalHalere <= 0) throw AppError.fail(msg("invoices.nothingToInvoice"));

  const issued = await issueInvoice({ ctx, input: issueInput });
  for (const proforma of linked) {
    await ctx.db.insert(invoiceProformaLinks).values({ invoiceId: issued.id, proformaId: proforma!.id, createdBy: ctx.userId, updatedBy: ctx.userId });
  }
  if (issued.totals.payableHalere === 0) await setStatus(ctx, issued.id, "CLOSED");
  return issued.id;
}
