/**
 * The order's invoiceable lines and what remains of them (docs/decisions/053-invoice-lines-and-payments.md):
 * every line the order charges, what final invoices and credit notes have invoiced of each, and
 * the deposit's share of them. The pure arithmetic is in ./lines.ts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { invoiceLines, invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { toHalere } from "@/lib/money";
import { paymentStages } from "../fence-offer/payment";
import type { OrderSnapshot } from "../order-snapshot/service";
import { documentT } from "./common";
import { splitInclusive, vatOfBase } from "./formats/vat";
import { shareProportionally } from "./lines";
import type { InvoiceLineSource } from "./schemas";

/** One invoiceable line of an order, its price without VAT in haléře. */
export interface OrderLine {
  source: InvoiceLineSource;
  sourceId: number | null;
  description: string;
  quantity: number;
  unit: string;
  priceHalere: number;
}

export const keyOf = (source: string, sourceId: number | null) => `${source}:${sourceId ?? ""}`;

/** Every line the order charges: fence items with their sub-products, other and assembly lines, shipping, the discount. */
export function orderLinesOf(snapshot: OrderSnapshot): OrderLine[] {
  const t = documentT;
  const lines: OrderLine[] = [];
  for (const item of snapshot.items) {
    const typeLabel = item.computed.productType ? (t(`fenceItem.productType.${item.computed.productType}`, { defaultValue: item.computed.productType }) as string) : "";
    lines.push({
      source: "ORDER_ITEM",
      sourceId: item.row.id,
      description: item.row.invoiceName || item.manufactured?.name || item.product?.name || typeLabel || (t("invoices.line.fenceItem") as string),
      quantity: Number(item.row.amount),
      unit: t("invoices.unit.piece") as string,
      priceHalere: item.computed.totalPriceHalere ?? 0,
    });
    for (const sub of item.subProducts) {
      lines.push({
        source: "SUB_PRODUCT",
        sourceId: sub.row.id,
        description: sub.row.invoiceName || sub.product?.name || sub.category?.name || (t("invoices.line.subProduct") as string),
        quantity: sub.amount,
        unit: t("invoices.unit.piece") as string,
        priceHalere: sub.totalPriceHalere ?? 0,
      });
    }
  }
  for (const [source, list] of [
    ["OTHER_ITEM", snapshot.otherItems],
    ["ASSEMBLY_ITEM", snapshot.assemblyItems],
  ] as const) {
    for (const line of list) {
      lines.push({
        source,
        sourceId: line.row.id,
        description: line.row.invoiceName || line.product?.name || (t(source === "OTHER_ITEM" ? "invoices.line.otherItem" : "invoices.line.assembly") as string),
        quantity: line.amount,
        unit: t("invoices.unit.piece") as string,
        priceHalere: line.totalPriceHalere,
      });
    }
  }
  const shipping = snapshot.totals.shippingPriceHalere;
  if (shipping) {
    lines.push({
      source: "SHIPPING",
      sourceId: null,
      description: snapshot.shipping.type?.name ? (t("invoices.line.shippingNamed", { name: snapshot.shipping.type.name }) as string) : (t("invoices.line.shipping") as string),
      quantity: 1,
      unit: t("invoices.unit.piece") as string,
      priceHalere: shipping,
    });
  }
  if (snapshot.totals.discountHalere) {
    lines.push({
      source: "DISCOUNT",
      sourceId: null,
      description: snapshot.discount.description || (t("invoices.line.discount") as string),
      quantity: 1,
      unit: t("invoices.unit.piece") as string,
      priceHalere: -snapshot.totals.discountHalere,
    });
  }
  return lines;
}

/** What final invoices and credit notes of the order invoiced of each line (haléře, by source and id). */
export async function invoicedByLine(ctx: Ctx, orderId: number): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ source: invoiceLines.source, sourceId: invoiceLines.sourceId, invoiced: sql<string>`sum(${invoiceLines.invoicedPrice})` })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.kind, ["FINAL", "CREDIT_NOTE"])))
    .groupBy(invoiceLines.source, invoiceLines.sourceId);
  return new Map(rows.map((row) => [keyOf(row.source, row.sourceId), toHalere(Number(row.invoiced).toFixed(2))]));
}

export interface DraftLineHalere extends OrderLine {
  invoicedHalere: number;
  remainingHalere: number;
}

export async function remainingLines(ctx: Ctx, snapshot: OrderSnapshot): Promise<DraftLineHalere[]> {
  const invoiced = await invoicedByLine(ctx, snapshot.order.id);
  return orderLinesOf(snapshot).map((line) => {
    const invoicedHalere = invoiced.get(keyOf(line.source, line.sourceId)) ?? 0;
    return { ...line, invoicedHalere, remainingHalere: line.priceHalere - invoicedHalere };
  });
}

/** The order's confirmation stage with VAT (the offer's payment rules) and its percent. */
export function confirmationStage(snapshot: OrderSnapshot): { percent: number; halere: number } {
  const order = snapshot.order;
  const [stage] = paymentStages(snapshot.totals.summary.totalHalere, {
    confirmation: order.paymentRuleConfirmation,
    delivery: order.paymentRuleDelivery,
    completion: order.paymentRuleCompletion,
  });
  return { percent: order.paymentRuleConfirmation, halere: stage!.halere };
}

/** The base whose total with VAT is `totalHalere` exactly, when one exists (else the nearest split). */
export function baseForTotal(totalHalere: number, vatRate: number): number {
  const split = splitInclusive(totalHalere, vatRate).baseHalere;
  for (const candidate of [split, split - 1, split + 1]) if (candidate + vatOfBase(candidate, vatRate) === totalHalere) return candidate;
  return split;
}

/**
 * The deposit's lines: the confirmation stage (with VAT) as a base, shared among the lines in
 * proportion to what remains of them. A supplier that is not a VAT payer shares the stage of the base.
 */
export function depositShares(lines: DraftLineHalere[], snapshot: OrderSnapshot, vatPayer: boolean): number[] {
  const stage = confirmationStage(snapshot);
  const remaining = lines.map((line) => line.remainingHalere);
  const remainingBase = remaining.reduce((sum, value) => sum + value, 0);
  const vatRate = Number(snapshot.order.vat);
  const wanted = vatPayer
    ? baseForTotal(stage.halere, vatRate)
    : paymentStages(remainingBase, { confirmation: stage.percent, delivery: 0, completion: 100 - stage.percent })[0]!.halere;
  return shareProportionally(Math.min(wanted, Math.max(remainingBase, 0)), remaining);
}
