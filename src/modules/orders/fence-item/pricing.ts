/**
 * Prices of a fence item and of a whole order (docs/domain.md#pricing), in integer haléře. Inputs are Kč with
 * at most two decimals (amounts three); each rounding is half up to the haléř, on integers.
 */
import { finiteOrNull, kcToHalere, multiplyDivideRounded, toHundredths, amountToThousandths } from "./fixed-point";

/** Unit price = m² price × length (m) × height (m), rounded to the haléř (2 decimals of Kč), half up. */
export function fenceUnitPriceHalere(m2price: number, length: number, height: number): number {
  // haléře/m² × (mm × 100) × (mm × 100) / 10^10 = haléře.
  return multiplyDivideRounded(kcToHalere(m2price), toHundredths(length), toHundredths(height), 10_000_000_000);
}

/** amount × unit price, rounded to the haléř (amounts may have three decimals). */
export function lineTotalHalere(amount: number, unitPriceHalere: number): number {
  return multiplyDivideRounded(amountToThousandths(amount), unitPriceHalere, 1, 1000);
}

/** Area = height × length / 1,000,000 m², one piece (mm × mm). */
export function fenceArea(length: number, height: number): number {
  // Both as integer hundredths: one division, so 1800 × 2500 gives 4.5 and not 4.499999….
  return (toHundredths(length) * toHundredths(height)) / 10_000_000_000;
}

export interface FenceItemPrice {
  /** m², one piece. */
  area: number | null;
  /** m², amount pieces. */
  totalArea: number | null;
  unitPriceHalere: number | null;
  totalPriceHalere: number | null;
}

export function fenceItemPrice(item: { m2price?: number | null; length?: number | null; height?: number | null; amount?: number | null }): FenceItemPrice {
  const length = finiteOrNull(item.length);
  const height = finiteOrNull(item.height);
  const m2price = finiteOrNull(item.m2price);
  const amount = finiteOrNull(item.amount);
  if (length === null || height === null) return { area: null, totalArea: null, unitPriceHalere: null, totalPriceHalere: null };
  const area = fenceArea(length, height);
  const areaProduct = toHundredths(length) * toHundredths(height);
  const totalArea =
    amount === null
      ? null
      : Math.abs(areaProduct * amountToThousandths(amount)) <= Number.MAX_SAFE_INTEGER
        ? (areaProduct * amountToThousandths(amount)) / 10_000_000_000_000
        : area * amount;
  const unitPriceHalere = m2price === null ? null : fenceUnitPriceHalere(m2price, length, height);
  const totalPriceHalere = unitPriceHalere === null || amount === null ? null : lineTotalHalere(amount, unitPriceHalere);
  return { area, totalArea, unitPriceHalere, totalPriceHalere };
}

// ---- the order ----------------------------------------------------------------------------------

/** Other items, assembly items and sub-products: amount × unit price (Kč). */
export interface PricedLine {
  amount?: number | null;
  unitPrice?: number | null;
}

export interface ShippingInput {
  /** km (or whatever the shipping type prices by). */
  distance?: number | null;
  /** Kč per unit of distance, or the flat price when the type is not priced by distance. */
  unitPrice?: number | null;
  /** The shipping type's priceByDistance; a type that is not priced by distance costs its unit price once. */
  priceByDistance?: boolean | null;
}

/**
 * Shipping price = distance × unit price, to the haléř. null (no shipping: omitted on save,
 * docs/domain.md#offer-form) when the unit price or, for a price by distance, the distance is empty.
 */
export function shippingPriceHalere(shipping: ShippingInput | null | undefined): number | null {
  if (!shipping) return null;
  const unitPrice = finiteOrNull(shipping.unitPrice);
  if (unitPrice === null) return null;
  if (shipping.priceByDistance === false) return kcToHalere(unitPrice);
  const distance = finiteOrNull(shipping.distance);
  if (distance === null) return null;
  return multiplyDivideRounded(toHundredths(distance), kcToHalere(unitPrice), 1, 100);
}

/** VAT of a base at a percent rate (up to two decimals, e.g. 21 or 12.5), to the haléř, half up. */
export function vatHalere(baseHalere: number, ratePercent: number): number {
  return multiplyDivideRounded(baseHalere, toHundredths(ratePercent), 1, 10_000);
}

export interface OrderPricingInput {
  /** The fence items' totals (computeFenceItem's totalPriceHalere); null counts as 0. */
  fenceItems: ReadonlyArray<{ totalPriceHalere: number | null }>;
  otherItems?: readonly PricedLine[];
  assemblyItems?: readonly PricedLine[];
  /** Every fence item's sub-products, each amount × unit price as entered (not multiplied by the item's amount). */
  subProducts?: readonly PricedLine[];
  shipping?: ShippingInput | null;
  /** Kč; empty means no discount. */
  discountAmount?: number | null;
  /** The order's VAT percent (12, 15 or 21). */
  vatRate: number;
}

export interface OrderSummary {
  priceWithoutVatHalere: number;
  vatRate: number;
  vatHalere: number;
  totalHalere: number;
}

export interface OrderTotals {
  fenceItemsHalere: number;
  otherItemsHalere: number;
  assemblyItemsHalere: number;
  subProductsHalere: number;
  /** Fence items + other and assembly items + sub-products. */
  totalHalere: number;
  /** null: no shipping (omitted on save). */
  shippingPriceHalere: number | null;
  discountHalere: number;
  /** total + shipping − discount. */
  totalWithShippingHalere: number;
  /** The items tab's summary: price without VAT, VAT rate, VAT, total. */
  summary: OrderSummary;
}

function sumLines(lines: readonly PricedLine[] | undefined): number {
  let sum = 0;
  if (!lines) return sum;
  for (const line of lines) {
    const amount = finiteOrNull(line.amount);
    const unitPrice = finiteOrNull(line.unitPrice);
    if (amount !== null && unitPrice !== null) sum += lineTotalHalere(amount, kcToHalere(unitPrice));
  }
  return sum;
}

/** docs/domain.md#pricing: total, total with shipping and the summary; every line rounded to the haléř, then summed. */
export function computeOrderTotals(input: OrderPricingInput): OrderTotals {
  let fenceItemsHalere = 0;
  for (const item of input.fenceItems) fenceItemsHalere += item.totalPriceHalere ?? 0;
  const otherItemsHalere = sumLines(input.otherItems);
  const assemblyItemsHalere = sumLines(input.assemblyItems);
  const subProductsHalere = sumLines(input.subProducts);
  const totalHalere = fenceItemsHalere + otherItemsHalere + assemblyItemsHalere + subProductsHalere;
  const shipping = shippingPriceHalere(input.shipping);
  const discount = finiteOrNull(input.discountAmount);
  const discountHalere = discount === null ? 0 : kcToHalere(discount);
  const totalWithShippingHalere = totalHalere + (shipping ?? 0) - discountHalere;
  const vat = vatHalere(totalWithShippingHalere, input.vatRate);
  return {
    fenceItemsHalere,
    otherItemsHalere,
    assemblyItemsHalere,
    subProductsHalere,
    totalHalere,
    shippingPriceHalere: shipping,
    discountHalere,
    totalWithShippingHalere,
    summary: { priceWithoutVatHalere: totalWithShippingHalere, vatRate: input.vatRate, vatHalere: vat, totalHalere: totalWithShippingHalere + vat },
  };
}
