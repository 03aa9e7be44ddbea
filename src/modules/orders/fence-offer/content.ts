/**
 * What the offer PDF says (docs/domain.md#offer-pdf), ready to print: every text translated and every number
 * formatted, in the order's offer language. The numbers are the items tab's own (`itemsTabOf` over
 * the order's snapshot: the engine's prices and the order's summary); nothing is priced again here.
 * The drawings are the items editor's (drawing-model.ts) from the snapshot's one engine result per
 * item, laid out as scenes for the PDF's SVG.
 */
import type { Lang } from "@/lib/context";
import { addDays, formatCzechDate } from "@/lib/dates";
import { tFor } from "@/lib/i18n";
import { formatDecimal, formatMoney } from "@/lib/money";
import type { CompanyIdentity } from "@/modules/settings/company-identity/schemas";
import { type DrawingPlaceholder, type DrawingScene, drawingScene, type FenceDrawingT } from "../fence-item/drawing-model";
import { kcToHalere } from "../fence-item/engine";
import type { FenceItemAnswer, ItemsTab, OtherItemAnswer, SubProductAnswer } from "../fence-item/schemas";
import type { OrderSnapshot } from "../order-snapshot/service";
import type { PdfImage } from "@/lib/pdf/logo";
import { paymentStages } from "./payment";


/** One priced line of a table: its name (and what it is, smaller), and its columns as printed. */
export interface OfferLine {
  position: string;
  name: string;
  detail: string | null;
  colour: string;
  dimensions: string;
  amount: string;
  unit: string;
  unitPrice: string;
  total: string;
}

export interface OfferFenceItem {
  line: OfferLine;
  subProducts: OfferLine[];
  drawing: DrawingScene | DrawingPlaceholder;
}

export interface LabelledValue {
  label: string;
  value: string;
}

export interface OfferDocumentData {
  lang: Lang;
  /** The PDF's title and author (its document properties). */
  meta: { title: string; author: string };
  company: { name: string; lines: string[]; logo: PdfImage | null };
  title: string;
  number: string;
  facts: LabelledValue[];
  billing: { title: string; lines: string[] };
  delivery: { title: string; lines: string[] };
  labels: {
    supplier: string;
    fenceItems: string;
    otherItems: string;
    assemblyItems: string;
    subProducts: string;
    summary: string;
    payment: string;
    delivery: string;
    note: string;
    columns: Omit<OfferLine, "detail">;
  };
  fenceItems: OfferFenceItem[];
  otherItems: OfferLine[];
  assemblyItems: OfferLine[];
  /** Set when the order has no lines at all: what the offer says instead of its tables. */
  empty: string | null;
  /** Items total, shipping and discount: what leads from the lines to the price without VAT. */
  adjustments: LabelledValue[];
  summary: LabelledValue[];
  payment: LabelledValue[];
  deliveryText: string;
  note: string | null;
  closing: string | null;
  /** "Strana 1 z 3". */
  pageLabel: (page: number, pages: number) => string;
}

export interface OfferSource {
  lang: Lang;
  /** The order as read (its fence items' fields, parameters and engine results draw them). */
  snapshot: OrderSnapshot;
  /** The same as the items tab answers it (itemsTabOf): the numbers printed. */
  tab: ItemsTab;
  identity: CompanyIdentity;
  logo: PdfImage | null;
  /** The date the offer is of when the order has no offer date: today in Prague. */
  today: string;
}

const DASH = "–";

/**
 * Where a company's closing text wants the order's payment schedule in words (docs/decisions/022-offer-pdf.md):
 * `{platba}`, or `{payment}`, any case.
 */
export const PAYMENT_PLACEHOLDER = /\{(platba|payment)\}/i;
const moneyOrDash = (kc: number | null | undefined, lang: Lang) => (kc === null || kc === undefined ? DASH : formatMoney(kc, lang));
const joined = (...parts: (string | null | undefined)[]) => parts.map((part) => part?.trim()).filter(Boolean).join(" ");

/** The width of an item: its length, or a two-wing item's two parts. */
function itemWidth(item: FenceItemAnswer): number | null {
  if (item.length !== null) return item.length;
  return item.wicketPartWidth !== null && item.solidPartWidth !== null ? item.wicketPartWidth + item.solidPartWidth : null;
}

export function offerContent(source: OfferSource): OfferDocumentData {
  const { snapshot, tab, identity, lang } = source;
  const { order } = snapshot;
  const t = tFor(lang);
  const tt = (key: string, values?: Record<string, unknown>) => t(key, values ?? {}) as string;
  const pieces = tt("fenceOffer.pieces");
  const money = (kc: number | null | undefined) => moneyOrDash(kc, lang);

  const companyLines = [
    identity.street,
    joined(identity.postalCode, identity.city),
    identity.country,
    identity.ico ? tt("fenceOffer.ico", { value: identity.ico }) : null,
    identity.dic ? tt("fenceOffer.dic", { value: identity.dic }) : !identity.vatPayer ? tt("fenceOffer.notVatPayer") : null,
    identity.phone ? tt("fenceOffer.phone", { value: identity.phone }) : null,
    identity.email ? tt("fenceOffer.email", { value: identity.email }) : null,
    identity.web ? tt("fenceOffer.web", { value: identity.web }) : null,
  ].filter((line): line is string => Boolean(line));

  const date = order.offerDate ?? source.today;
  const billingLines = [
    order.company,
    joined(order.firstName, order.lastName),
    order.street,
    joined(order.postalCode, order.city),
    order.ico ? tt("fenceOffer.ico", { value: order.ico }) : null,
    order.dic ? tt("fenceOffer.dic", { value: order.dic }) : null,
    tt("fenceOffer.phone", { value: order.phone }),
    tt("fenceOffer.email", { value: order.email }),
  ].filter((line): line is string => Boolean(line));
  const deliveryLines = order.deliveryAddress
    ? [order.deliveryCompany, joined(order.deliveryFirstName, order.deliveryLastName), order.deliveryStreet, joined(order.deliveryPostalCode, order.deliveryCity)].filter(
        (line): line is string => Boolean(line),
      )
    : [];

  const lineOf = (position: string, row: { name: string; detail?: string | null; amount: number | null; unitPrice: number | null; totalPrice: number | null; colour?: string | null; dimensions?: string }): OfferLine => ({
    position,
    name: row.name,
    detail: row.detail ?? null,
    colour: row.colour ?? "",
    dimensions: row.dimensions ?? "",
    amount: row.amount === null ? DASH : formatDecimal(row.amount, lang, 3),
    unit: pieces,
    unitPrice: money(row.unitPrice),
    total: money(row.totalPrice),
  });
  const subLine = (sub: SubProductAnswer): OfferLine =>
    lineOf("", { name: sub.invoiceName || sub.product?.name || sub.productCategoryName || DASH, detail: sub.product && sub.invoiceName ? null : sub.productCategoryName, amount: sub.amount, unitPrice: sub.unitPrice, totalPrice: sub.totalPrice });
  const otherLine = (line: OtherItemAnswer, index: number): OfferLine => lineOf(String(index + 1), { name: line.invoiceName || line.product.name, amount: line.amount, unitPrice: line.unitPrice, totalPrice: line.totalPrice });

  const drawingT: FenceDrawingT = (key, values) => tt(key, values);
  const fenceItems = tab.items.map((item, index): OfferFenceItem => {
    const width = itemWidth(item);
    const typeLabel = item.productType ? tt(`fenceItem.productType.${item.productType}`) : "";
    const drawn = snapshot.items[index]!;
    return {
      line: lineOf(String(index + 1), {
        name: item.invoiceName || item.product?.name || typeLabel,
        detail: typeLabel,
        colour: item.color,
        dimensions: width !== null && item.height !== null ? tt("fenceOffer.dimensions", { length: formatDecimal(width, lang, 1), height: formatDecimal(item.height, lang, 1) }) : "",
        amount: item.amount,
        unitPrice: item.unitPrice,
        totalPrice: item.totalPrice,
      }),
      subProducts: item.subProducts.map(subLine),
      drawing: drawingScene({ item: drawn.fields, computed: drawn.computed, parameters: drawn.engineParameters, t: drawingT }),
    };
  });

  const { totals, summary } = tab;
  const adjustments: LabelledValue[] = [{ label: tt("fenceOffer.itemsTotal"), value: money(totals.total) }];
  if (totals.shipping !== null) {
    const type = tab.shippingType;
    const detail =
      type?.priceByDistance && tab.shippingDistance !== null && tab.shippingUnitPrice !== null
        ? tt("fenceOffer.shippingByDistance", { name: type.name, distance: formatDecimal(tab.shippingDistance, lang), unitPrice: formatMoney(tab.shippingUnitPrice, lang) })
        : type?.name;
    adjustments.push({ label: detail ? `${tt("fenceOffer.shipping")} (${detail})` : tt("fenceOffer.shipping"), value: money(totals.shipping) });
  }
  if (totals.discount !== 0) adjustments.push({ label: tab.discountDescription || tt("fenceOffer.discount"), value: money(-totals.discount) });

  const stages = paymentStages(kcToHalere(summary.total), {
    confirmation: order.paymentRuleConfirmation,
    delivery: order.paymentRuleDelivery,
    completion: order.paymentRuleCompletion,
  }).filter((stage) => stage.percent > 0);
  // One schedule only (docs/domain.md#payment-rules): where the company's closing text asks for it with {platba},
  // it is written there in words and the terms block leaves it out; otherwise the terms block has it.
  const closingText = identity.offerClosingText?.trim() || null;
  const scheduleInText = closingText !== null && PAYMENT_PLACEHOLDER.test(closingText);
  const scheduleInWords = () => {
    const parts = stages.map((stage) => tt("fenceOffer.paymentInWords.stage", { percent: stage.percent, stage: tt(`fenceOffer.paymentInWords.${stage.stage}`), amount: formatMoney(stage.halere / 100, lang) }));
    return parts.length > 1 ? `${parts.slice(0, -1).join(", ")}${tt("fenceOffer.paymentInWords.and")}${parts.at(-1)}` : (parts[0] ?? "");
  };

  const empty = tab.items.length + tab.otherItems.length + tab.assemblyItems.length === 0;
  const title = tt("fenceOffer.title");
  const number = tt("fenceOffer.number", { id: order.id });
  return {
    lang,
    meta: { title: `${number} · ${joined(order.firstName, order.lastName)}`, author: identity.name || (t("appName") as string) },
    company: { name: identity.name, lines: companyLines, logo: source.logo },
    title,
    number,
    facts: [
      { label: tt("fenceOffer.offerDate"), value: formatCzechDate(date) },
      { label: tt("fenceOffer.validUntil"), value: formatCzechDate(addDays(date, identity.offerValidityDays)) },
    ],
    billing: { title: tt("fenceOffer.billingAddress"), lines: billingLines },
    delivery: { title: tt("fenceOffer.deliveryAddress"), lines: deliveryLines.length ? deliveryLines : [tt("fenceOffer.sameAsBilling")] },
    labels: {
      supplier: tt("fenceOffer.supplier"),
      fenceItems: tt("fenceOffer.fenceItems"),
      otherItems: tt("fenceOffer.otherItems"),
      assemblyItems: tt("fenceOffer.assemblyItems"),
      subProducts: tt("fenceOffer.subProducts"),
      summary: tt("fenceOffer.summary"),
      payment: tt("fenceOffer.payment"),
      delivery: tt("fenceOffer.delivery"),
      note: tt("fenceOffer.note"),
      columns: {
        position: tt("fenceOffer.column.position"),
        name: tt("fenceOffer.column.item"),
        colour: tt("fenceOffer.column.colour"),
        dimensions: tt("fenceOffer.column.dimensions"),
        amount: tt("fenceOffer.column.amount"),
        unit: tt("fenceOffer.column.unit"),
        unitPrice: tt("fenceOffer.column.unitPrice"),
        total: tt("fenceOffer.column.total"),
      },
    },
    fenceItems,
    otherItems: tab.otherItems.map(otherLine),
    assemblyItems: tab.assemblyItems.map(otherLine),
    empty: empty ? tt("fenceOffer.noItems") : null,
    adjustments,
    summary: [
      { label: tt("fenceOffer.priceWithoutVat"), value: money(summary.priceWithoutVat) },
      { label: tt("fenceOffer.vatRate"), value: `${formatDecimal(summary.vatRate, lang)}\u00a0%` },
      { label: tt("fenceOffer.vat"), value: money(summary.vat) },
      { label: tt("fenceOffer.total"), value: money(summary.total) },
    ],
    payment: scheduleInText
      ? []
      : stages.map((stage) => ({ label: tt("fenceOffer.paymentStage", { stage: tt(`fenceOffer.stage.${stage.stage}`), percent: stage.percent }), value: formatMoney(stage.halere / 100, lang) })),
    deliveryText: order.delivery,
    note: tab.note?.trim() || null,
    closing: scheduleInText ? closingText!.replace(new RegExp(PAYMENT_PLACEHOLDER.source, "gi"), scheduleInWords) : closingText,
    pageLabel: (page, pages) => tt("fenceOffer.page", { page, pages }),
  };
}
