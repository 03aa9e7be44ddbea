/**
 * Invoices from an order (issue 20 §1; docs/decisions/053-invoice-lines-and-payments.md): the
 * draft of a proforma or final invoice with each order line's price, invoiced and remaining price;
 * issuing it (a snapshot of the company, the customer, the bank and the lines, through
 * `issueInvoice`); payments, mark as paid and the tax document of a proforma's payment; credit
 * notes; the list and the order's tab. An issued document is never deleted, renumbered or edited:
 * only its payments, status and proforma links change (docs/decisions/052-invoice-numbering-and-snapshot.md).
 */
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { fenceOrders, invoiceLines, invoicePayments, invoiceProformaLinks, invoices } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createCrudService, type CrudService, matchesText } from "@/lib/crud/service";
import { addDays, formatCzechDate, isValidIsoDate, todayInPrague } from "@/lib/dates";
import { AppError, type Message, msg } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { withIdempotency } from "@/lib/idempotency";
import { formatMoney, fromHalere, halereToNumeric, toHalere } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { getCompanyIdentity } from "@/modules/settings/company-identity/service";
import { isOrderDepositPaid } from "./deposit";
import { keepDocumentLogo } from "./logo";
import { getInvoiceSettings } from "../service";
import { paymentStages } from "../fence-offer/payment";
import { type OrderSnapshot, readOrderSnapshot } from "../order-snapshot/service";
import type { InvoiceDeduction, InvoiceParty, InvoiceSnapshot } from "./formats/snapshot";
import { invoiceTotals, paymentParts, vatOfBase, splitInclusive } from "./formats/vat";
import { type IssueInvoiceInput, issueInvoice } from "./issue";
import { quickShareHalere, shareProportionally, withinRemaining } from "./lines";
import {
  creditNoteInput,
  type DraftLine,
  type InvoiceCreateInput,
  invoiceCreateInput,
  type InvoiceDetail,
  type InvoiceDraft,
  type InvoiceLineSource,
  type InvoiceStatus,
  type InvoiceSummary,
  invoiceUpdateInput,
  type OrderInvoices,
} from "./schemas";

/** Days from the issue date to the due date and the date of taxable supply, unless given. */
export const INVOICE_DUE_DAYS = 14;

/** What the documents say is always Czech: they are Czech tax documents. */
const documentT = tFor("cs");

type InvoiceRow = typeof invoices.$inferSelect;

const kc = (halere: number) => fromHalere(halere);
const halereOf = (numeric: string | null) => (numeric === null ? 0 : toHalere(numeric));

// ---------------------------------------------------------------------------------------------
// The order's lines and what remains of them

/** One invoiceable line of an order, its price without VAT in haléře. */
interface OrderLine {
  source: InvoiceLineSource;
  sourceId: number | null;
  description: string;
  quantity: number;
  unit: string;
  priceHalere: number;
}

const keyOf = (source: string, sourceId: number | null) => `${source}:${sourceId ?? ""}`;

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
async function invoicedByLine(ctx: Ctx, orderId: number): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ source: invoiceLines.source, sourceId: invoiceLines.sourceId, invoiced: sql<string>`sum(${invoiceLines.invoicedPrice})` })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.kind, ["FINAL", "CREDIT_NOTE"])))
    .groupBy(invoiceLines.source, invoiceLines.sourceId);
  return new Map(rows.map((row) => [keyOf(row.source, row.sourceId), toHalere(Number(row.invoiced).toFixed(2))]));
}

interface DraftLineHalere extends OrderLine {
  invoicedHalere: number;
  remainingHalere: number;
}

async function remainingLines(ctx: Ctx, snapshot: OrderSnapshot): Promise<DraftLineHalere[]> {
  const invoiced = await invoicedByLine(ctx, snapshot.order.id);
  return orderLinesOf(snapshot).map((line) => {
    const invoicedHalere = invoiced.get(keyOf(line.source, line.sourceId)) ?? 0;
    return { ...line, invoicedHalere, remainingHalere: line.priceHalere - invoicedHalere };
  });
}

/** The order's confirmation stage with VAT (the offer's payment rules) and its percent. */
function confirmationStage(snapshot: OrderSnapshot): { percent: number; halere: number } {
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
function depositShares(lines: DraftLineHalere[], snapshot: OrderSnapshot, vatPayer: boolean): number[] {
  const stage = confirmationStage(snapshot);
  const remaining = lines.map((line) => line.remainingHalere);
  const remainingBase = remaining.reduce((sum, value) => sum + value, 0);
  const vatRate = Number(snapshot.order.vat);
  const wanted = vatPayer
    ? baseForTotal(stage.halere, vatRate)
    : paymentStages(remainingBase, { confirmation: stage.percent, delivery: 0, completion: 100 - stage.percent })[0]!.halere;
  return shareProportionally(Math.min(wanted, Math.max(remainingBase, 0)), remaining);
}

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

/** Money received on a document, haléře, by id. */
async function paidOf(ctx: Ctx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ invoiceId: invoicePayments.invoiceId, paid: sql<string>`sum(${invoicePayments.amount})` })
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, [...new Set(ids)]))
    .groupBy(invoicePayments.invoiceId);
  return new Map(rows.map((row) => [row.invoiceId, toHalere(Number(row.paid).toFixed(2))]));
}

/** The order's paid proformas no final invoice deducts yet. */
async function linkableProformas(ctx: Ctx, orderId: number) {
  const rows = await ctx.db
    .select({ id: invoices.id, number: invoices.number, total: invoices.total, snapshot: invoices.snapshot })
    .from(invoices)
    .leftJoin(invoiceProformaLinks, eq(invoiceProformaLinks.proformaId, invoices.id))
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "PROFORMA"), sql`${invoiceProformaLinks.proformaId} is null`))
    .orderBy(asc(invoices.id));
  const paid = await paidOf(ctx, rows.map((row) => row.id));
  return rows.flatMap((row) => {
    const paidHalere = paid.get(row.id) ?? 0;
    return paidHalere > 0 ? [{ ...row, paidHalere }] : [];
  });
}

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
    lines: lines.map((line, index) => toDraftLine(line, suggested[index]!)),
    orderTotal: kc(snapshot.totals.summary.totalHalere),
    confirmationPercent: stage.percent,
    confirmationAmount: kc(stage.halere),
    remaining: kc(lines.reduce((sum, line) => sum + line.remainingHalere, 0)),
    linkableProformas: input.proforma
      ? []
      : (await linkableProformas(ctx, order.id)).map((row) => ({ id: row.id, number: row.number, total: Number(row.total), paid: kc(row.paidHalere) })),
    issueDate: today,
    dueDate: addDays(today, INVOICE_DUE_DAYS),
    taxableSupplyDate: input.proforma ? null : addDays(today, INVOICE_DUE_DAYS),
  };
}

// ---------------------------------------------------------------------------------------------
// Issuing

const customerName = (order: OrderSnapshot["order"]) => order.company?.trim() || `${order.firstName} ${order.lastName}`.trim();

const countryCodeOf = (country: string | null) => (country && /^[A-Za-z]{2}$/.test(country.trim()) ? country.trim().toUpperCase() : "CZ");

/** The parties, bank and payment of a new document, as the company and settings are now. */
async function issuer(ctx: Ctx) {
  const [identity, settings] = await Promise.all([getCompanyIdentity({ ctx }), getInvoiceSettings({ ctx })]);
  const supplier: InvoiceParty = {
    name: identity.name,
    street: identity.street,
    city: identity.city,
    postalCode: identity.postalCode,
    countryCode: countryCodeOf(identity.country),
    ico: identity.ico,
    dic: identity.dic,
    email: identity.email,
    phone: identity.phone,
  };
  const bank =
    settings.bankAccount && settings.iban ? { accountNumber: settings.bankAccount, iban: settings.iban.replace(/\s+/g, "").toUpperCase(), swift: settings.swift || null } : null;
  return {
    vatPayer: identity.vatPayer,
    logo: identity.hasLogo ? await keepDocumentLogo(ctx) : null,
    supplier,
    bank,
    payment: { method: settings.paymentMethod, constantSymbol: settings.constantSymbol },
    issuedBy: settings.issuedBy,
  };
}

function customerOf(order: OrderSnapshot["order"]): InvoiceParty {
  return {
    name: customerName(order),
    street: order.street,
    city: order.city,
    postalCode: order.postalCode,
    countryCode: "CZ",
    ico: order.ico,
    dic: order.dic,
    email: order.email,
    phone: order.phone,
  };
}

const notVatPayerNote = (note: string | null | undefined) => [documentT("invoices.notVatPayer") as string, note].filter(Boolean).join(" ");

/** A linked proforma's deduction: its payments' tax documents per rate, or the amount paid. */
async function deductionOf(ctx: Ctx, proforma: { id: number; number: string; paidHalere: number }, vatPayer: boolean): Promise<InvoiceDeduction[]> {
  if (vatPayer) {
    const documents = await ctx.db
      .select({ number: invoices.number, snapshot: invoices.snapshot })
      .from(invoices)
      .where(and(eq(invoices.proformaInvoiceId, proforma.id), eq(invoices.kind, "PAYMENT_TAX_DOCUMENT")))
      .orderBy(asc(invoices.id));
    if (documents.length) {
      return documents.map((document) => ({
        taxed: true as const,
        number: document.number,
        variableSymbol: proforma.number,
        parts: invoiceTotals(document.snapshot).recap.map((row) => ({ vatRate: row.vatRate, baseHalere: row.baseHalere, vatHalere: row.vatHalere })),
      }));
    }
  }
  return [{ taxed: false, number: proforma.number, variableSymbol: proforma.number, amountHalere: proforma.paidHalere }];
}

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
  if (values.lines) {
    const seen = new Set<string>();
    chosen = values.lines.flatMap((sent, index) => {
      const key = keyOf(sent.source, sent.sourceId);
      const line = byKey.get(key);
      if (!line || seen.has(key)) {
        fields[`lines.${index}.source`] = msg("invoices.lineNotOnOrder");
        return [];
      }
      seen.add(key);
      const invoicedHalere = Math.round(sent.invoicedPrice * 100);
      if (!withinRemaining(invoicedHalere, line.remainingHalere)) {
        fields[`lines.${index}.invoicedPrice`] = msg("invoices.overRemaining", { remaining: formatMoney(kc(line.remainingHalere), ctx.lang) });
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
  if (values.proforma && values.taxableSupplyDate) fields.taxableSupplyDate = msg("invoices.proformaNoTaxDate");
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
      taxableSupplyDate: values.proforma ? null : (values.taxableSupplyDate ?? addDays(today, INVOICE_DUE_DAYS)),
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

const setStatus = (ctx: Ctx, id: number, status: InvoiceStatus) =>
  ctx.db.update(invoices).set({ status, updatedBy: ctx.userId, updatedAt: new Date() }).where(eq(invoices.id, id));

// ---------------------------------------------------------------------------------------------
// Payments

async function lockInvoice(ctx: Ctx, id: number): Promise<InvoiceRow> {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id)).for("update").limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Records a payment against a document: partial payments add up to what it asks to pay, and the
 * last one closes it. A VAT payer's payment on a proforma issues its tax document ("daňový doklad
 * k přijaté platbě"), dated the day the money came.
 */
async function addPayment(ctx: Ctx, row: InvoiceRow, payment: { amountHalere: number; paidOn: string; note: string | null }, today: string): Promise<void> {
  if (row.kind === "PAYMENT_TAX_DOCUMENT" || row.kind === "CREDIT_NOTE") throw AppError.fail(msg("invoices.nothingToPay"));
  if (row.status === "CLOSED") throw AppError.fail(msg("invoices.alreadyClosed", { number: row.number }));
  if (payment.paidOn > today) throw AppError.invalid({ "payment.paidOn": msg("invoices.paidInFuture") });
  // Money for a document comes after it is issued; an earlier day would date its tax document before its proforma.
  if (payment.paidOn < row.issueDate) throw AppError.invalid({ "payment.paidOn": msg("invoices.paidBeforeIssue", { date: formatCzechDate(row.issueDate) }) });
  const paid = (await paidOf(ctx, [row.id])).get(row.id) ?? 0;
  const remaining = halereOf(row.payable) - paid;
  if (payment.amountHalere > remaining) throw AppError.invalid({ "payment.amount": msg("invoices.overpaid", { remaining: formatMoney(kc(remaining), ctx.lang) }) });
  const [inserted] = await ctx.db
    .insert(invoicePayments)
    .values({ invoiceId: row.id, amount: halereToNumeric(payment.amountHalere), paidOn: payment.paidOn, note: payment.note, createdBy: ctx.userId, updatedBy: ctx.userId })
    .returning({ id: invoicePayments.id });
  if (row.kind === "PROFORMA" && row.snapshot.vatPayer) {
    const taxDocument = await issuePaymentTaxDocument(ctx, row, payment.amountHalere, payment.paidOn, today);
    await ctx.db.update(invoicePayments).set({ taxDocumentId: taxDocument }).where(eq(invoicePayments.id, inserted!.id));
  }
  if (payment.amountHalere === remaining) await setStatus(ctx, row.id, "CLOSED");
}

/** The tax document of a payment on a proforma: the payment split per the proforma's rates, nothing left to pay. */
async function issuePaymentTaxDocument(ctx: Ctx, proforma: InvoiceRow, amountHalere: number, paidOn: string, today: string): Promise<number> {
  const source = proforma.snapshot;
  const parts = paymentParts(amountHalere, invoiceTotals(source).recap);
  const description = documentT("invoices.line.receivedAdvance", { number: proforma.number }) as string;
  const company = await issuer(ctx);
  const issued = await issueInvoice({
    ctx,
    input: {
      snapshot: {
        ...source,
        kind: "PAYMENT_TAX_DOCUMENT",
        supplier: company.supplier,
        logo: company.logo,
        bank: company.bank,
        issuedBy: company.issuedBy,
        issueDate: today < paidOn ? paidOn : today,
        taxableSupplyDate: paidOn,
        dueDate: paidOn,
        payment: { ...source.payment, variableSymbol: proforma.number },
        note: documentT("invoices.taxDocumentNote", { number: proforma.number }) as string,
        lines: parts.map((part) => ({ description, quantity: 1, unit: documentT("invoices.unit.piece") as string, baseHalere: part.baseHalere, vatRate: part.vatRate, vatHalere: part.vatHalere })),
        deductions: [{ taxed: false, number: proforma.number, variableSymbol: proforma.number, amountHalere }],
        originalDocument: { number: proforma.number, issueDate: proforma.issueDate, uuid: proforma.uuid },
      },
      lineSources: parts.map(() => ({ source: "ADVANCE" as const, sourceId: null, itemPriceHalere: null })),
      proformaInvoiceId: proforma.id,
    },
  });
  await setStatus(ctx, issued.id, "CLOSED");
  return issued.id;
}

export interface PaymentOptions {
  today?: string;
}

/** `PUT /api/orders/invoices/:id` and the detail page's form: records a payment; answers the document. */
export async function recordInvoicePayment({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number; values: unknown }; options?: PaymentOptions }): Promise<InvoiceDetail> {
  const { payment } = parseInput(invoiceUpdateInput, input.values);
  const today = options.today ?? todayInPrague();
  return withIdempotency({ ctx, key: payment.idempotencyKey, operation: `invoices.payment.${input.id}` }, async (tx) => {
    const row = await lockInvoice(tx, input.id);
    await addPayment(tx, row, { amountHalere: Math.round(payment.amount * 100), paidOn: payment.paidOn, note: payment.note ?? null }, today);
    return getInvoice({ ctx: tx, input: { id: input.id } });
  });
}

/** Mark as paid: the rest of what the document asks to pay is recorded as received today, and it is closed. */
export async function markInvoiceAsPaid({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number }; options?: PaymentOptions }): Promise<InvoiceDetail> {
  const today = options.today ?? todayInPrague();
  return withTransaction(ctx, async (tx) => {
    const row = await lockInvoice(tx, input.id);
    if (row.kind === "PAYMENT_TAX_DOCUMENT" || row.kind === "CREDIT_NOTE") throw AppError.fail(msg("invoices.nothingToPay"));
    // A second click (or a retry) finds it closed: nothing more to record.
    if (row.status === "OPEN") {
      const paid = (await paidOf(tx, [row.id])).get(row.id) ?? 0;
      const remaining = halereOf(row.payable) - paid;
      if (remaining > 0) await addPayment(tx, row, { amountHalere: remaining, paidOn: today, note: null }, today);
      await setStatus(tx, row.id, "CLOSED");
    }
    return getInvoice({ ctx: tx, input: { id: input.id } });
  });
}

// ---------------------------------------------------------------------------------------------
// Credit notes

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

// ---------------------------------------------------------------------------------------------
// Reading

const customerSql = sql`(${invoices.snapshot} -> 'customer' ->> 'name')`;

const dateBound = (compare: typeof gte) => (value: string) => (isValidIsoDate(value) ? compare(invoices.issueDate, value) : sql`false`);

const oneOf = (column: AnyPgColumn, allowed: readonly string[]) => (value: string) => (allowed.includes(value) ? eq(column, value) : sql`false`);

function summaryOf(row: InvoiceRow, paidHalere: number): InvoiceSummary {
  const payable = halereOf(row.payable);
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as InvoiceSummary["kind"],
    status: row.status as InvoiceStatus,
    orderId: row.orderId,
    customer: row.snapshot.customer.name,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    taxableSupplyDate: row.taxableSupplyDate,
    total: Number(row.total),
    payable: kc(payable),
    paid: kc(paidHalere),
    remainingToPay: row.status === "CLOSED" ? 0 : kc(Math.max(payable - paidHalere, 0)),
    originalInvoiceId: row.originalInvoiceId,
    proformaInvoiceId: row.proformaInvoiceId,
  };
}

/** Rows carry their paid sums under this key until `enrich` reads them for the page. */
const ROW = Symbol("row");
type Listed = InvoiceSummary & { [ROW]?: InvoiceRow };

const listService = createCrudService({
  table: invoices,
  input: invoiceCreateInput,
  toEntity: (row): Listed => Object.assign(summaryOf(row, 0), { [ROW]: row }),
  toValues: () => ({}),
  listFields: {
    id: { column: invoices.id, filter: "number", sortable: true },
    number: { column: invoices.number, sortKey: invoices.number, filter: "text", sortable: true },
    kind: { column: invoices.kind, sortKey: invoices.kind, where: oneOf(invoices.kind, ["FINAL", "PROFORMA", "PAYMENT_TAX_DOCUMENT", "CREDIT_NOTE"]), sortable: true },
    status: { column: invoices.status, sortKey: invoices.status, where: oneOf(invoices.status, ["OPEN", "CLOSED"]), sortable: true },
    orderId: { column: invoices.orderId, filter: "number", sortable: true },
    customer: { where: (value) => matchesText(customerSql, value) },
    from: { where: dateBound(gte) },
    to: { where: dateBound(lte) },
    issueDate: { column: invoices.issueDate, sortable: true },
    dueDate: { column: invoices.dueDate, sortable: true },
    total: { column: invoices.total, sortable: true },
    payable: { column: invoices.payable, sortable: true },
  },
  defaultSort: ["issueDate", "desc"],
  // A broad filter counts a page, not a scan: the pager says "1 000+" (as the fence order list does).
  countCap: 1000,
  enrich: async ({ ctx, entities }) => {
    const paid = await paidOf(ctx, entities.map((entity) => entity.id));
    return entities.map((entity) => summaryOf((entity as Listed)[ROW]!, paid.get(entity.id) ?? 0));
  },
});

/** One document with its lines, recap, payments and links. */
export async function getInvoice({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<InvoiceDetail> {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, input.id)).limit(1);
  if (!row) throw AppError.notFound();
  const [lines, payments, links, linkedTo, creditNote] = await Promise.all([
    ctx.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, row.id)).orderBy(asc(invoiceLines.position)),
    ctx.db
      .select({ id: invoicePayments.id, amount: invoicePayments.amount, paidOn: invoicePayments.paidOn, note: invoicePayments.note, taxDocumentId: invoicePayments.taxDocumentId, taxNumber: invoices.number })
      .from(invoicePayments)
      .leftJoin(invoices, eq(invoices.id, invoicePayments.taxDocumentId))
      .where(eq(invoicePayments.invoiceId, row.id))
      .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id)),
    ctx.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoiceProformaLinks)
      .innerJoin(invoices, eq(invoices.id, invoiceProformaLinks.proformaId))
      .where(eq(invoiceProformaLinks.invoiceId, row.id))
      .orderBy(asc(invoices.id)),
    ctx.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoiceProformaLinks)
      .innerJoin(invoices, eq(invoices.id, invoiceProformaLinks.invoiceId))
      .where(eq(invoiceProformaLinks.proformaId, row.id))
      .limit(1),
    ctx.db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.originalInvoiceId, row.id)).limit(1),
  ]);
  const paidHalere = payments.reduce((sum, payment) => sum + toHalere(payment.amount), 0);
  const totals = invoiceTotals(row.snapshot);
  return {
    ...summaryOf(row, paidHalere),
    snapshot: row.snapshot,
    lines: lines.map((line, index) => ({
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
      taxDocument: payment.taxDocumentId === null ? null : { id: payment.taxDocumentId, number: payment.taxNumber ?? "" },
    })),
    linkedProformas: links,
    linkedTo: linkedTo[0] ?? null,
    creditNote: creditNote[0] ?? null,
  };
}

/** The order's documents (its tab 4, `GET /api/orders/invoices?orderId=`), oldest first. */
export async function listOrderInvoices({ ctx, input }: { ctx: Ctx; input: { orderId: number } }): Promise<OrderInvoices> {
  const snapshot = await readOrderSnapshot(ctx, input.orderId);
  const [rows, lines, depositPaid] = await Promise.all([
    ctx.db.select().from(invoices).where(eq(invoices.orderId, input.orderId)).orderBy(asc(invoices.issueDate), asc(invoices.id)),
    remainingLines(ctx, snapshot),
    isOrderDepositPaid({ ctx, input }),
  ]);
  const paid = await paidOf(ctx, rows.map((row) => row.id));
  return {
    orderId: input.orderId,
    invoices: rows.map((row) => summaryOf(row, paid.get(row.id) ?? 0)),
    orderBase: kc(lines.reduce((sum, line) => sum + line.priceHalere, 0)),
    remainingBase: kc(lines.reduce((sum, line) => sum + line.remainingHalere, 0)),
    depositPaid,
  };
}

/** Invoices: the generic list, get, create and update (a payment); never deleted (docs/decisions/053-invoice-lines-and-payments.md). */
export const invoiceService: CrudService<typeof invoiceCreateInput, InvoiceSummary | InvoiceDetail> = {
  input: invoiceCreateInput,
  listFields: listService.listFields,
  list: (args) => listService.list(args),
  get: getInvoice,
  create: ({ ctx, input }) => createInvoice({ ctx, input }),
  update: ({ ctx, input }) => recordInvoicePayment({ ctx, input }),
  remove: async ({ ctx, input }) => {
    const [row] = await ctx.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, input.id)).limit(1);
    if (!row) throw AppError.notFound();
    throw AppError.fail(msg("invoices.neverDeleted", { number: row.number }));
  },
};
