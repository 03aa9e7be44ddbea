/**
 * The lines editor's draft of a new proforma or final invoice: each order line's price, what is
 * invoiced and what remains of it, the suggestion (the deposit's share, a quick button's or all
 * that remains) and the default dates.
 */
import type { Ctx } from "@/lib/context";
import { addDays, todayInPrague } from "@/lib/dates";
import { getCompanyIdentity } from "@/modules/settings/company-identity/service";
import { readOrderSnapshot } from "../order-snapshot/service";
import { INVOICE_DUE_DAYS, kc } from "./common";
import { linkableProformas } from "./deductions";
import { quickShareHalere } from "./lines";
import { confirmationStage, type DraftLineHalere, depositShares, remainingLines } from "./order-lines";
import { customerName } from "./parties";
import type { DraftLine, InvoiceDraft } from "./schemas";

const toDraftLine = (line: DraftLineHalere, suggestedHalere: number): DraftLine => ({
  source: line.source,
  sourceId: line.sourceId,
  description: line.description,
  quantity: line.quantity,
  unit: line.unit,
  itemPrice: kc(line.priceHalere),
  invoiced: kc(line.invoicedHalere),
  remaining: kc(line.remainingHalere),
  suggested: kc(suggestedHalere),
});

export interface DraftOptions {
  /** A quick button: every line's suggestion is this share of its remaining price. */
  share?: number | null;
  /** Today, for the default dates (tests pass a fixed day). */
  today?: string;
}

/** The lines editor's draft: each order line's price, invoiced and remaining price, and the suggestion. */
export async function getInvoiceDraft({ ctx, input }: { ctx: Ctx; input: { orderId: number; proforma: boolean } & DraftOptions }): Promise<InvoiceDraft> {
  const [snapshot, identity] = await Promise.all([readOrderSnapshot(ctx, input.orderId), getCompanyIdentity({ ctx })]);
  const lines = await remainingLines(ctx, snapshot);
  const suggested =
    input.share != null
      ? lines.map((line) => quickShareHalere(line.remainingHalere, input.share!))
      : input.proforma
        ? depositShares(lines, snapshot, identity.vatPayer)
        : lines.map((line) => line.remainingHalere);
  const stage = confirmationStage(snapshot);
  const today = input.today ?? todayInPrague();
  const order = snapshot.order;
  return {
    orderId: order.id,
    proforma: input.proforma,
    customer: customerName(order),
    vatRate: identity.vatPayer ? Number(order.vat) : 0,
    vatPayer: identity.vatPayer,
    items: lines.map((line, index) => toDraftLine(line, suggested[index]!)),
    orderTotal: kc(snapshot.totals.summary.totalHalere),
    confirmationPercent: stage.percent,
    confirmationAmount: kc(stage.halere),
    remaining: kc(lines.reduce((sum, line) => sum + line.remainingHalere, 0)),
    linkableProformas: input.proforma
      ? []
      : (await linkableProformas(ctx, order.id)).map((row) => ({ id: row.id, invoiceNumber: row.number, total: Number(row.total), paid: kc(row.paidHalere) })),
    created: today,
    dueDate: addDays(today, INVOICE_DUE_DAYS),
    dateOfTaxableSupply: input.proforma ? null : addDays(today, INVOICE_DUE_DAYS),
  };
}
