/**
 * The arithmetic of an invoice's lines (docs/decisions/053-invoice-lines-and-payments.md), in
 * integer haléře. Browser-safe and pure: the service and the lines editor share it.
 *
 * - The remaining price of an order line is its price less what final invoices (and the credit
 *   notes cancelling them) have invoiced of it. Proformas do not count: a final invoice deducts them.
 * - A quick share (30 %, 40 %) is that share of the remaining price rounded to 0.1 Kč (10 haléřů),
 *   half away from zero, never beyond the remaining price; 100 % is the remaining price exactly.
 * - An invoiced price lies between 0 and the remaining price (a discount's are negative).
 * - A deposit is shared among the lines in proportion to their remaining prices, to the haléř, the
 *   last line taking what rounding leaves, so the lines add up to the deposit's base exactly.
 */

/** a / b rounded half away from zero; b > 0. */
function divideRounded(numerator: number, denominator: number): number {
  const magnitude = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -magnitude : magnitude;
}

/** A quick button's price: `percent` of the remaining price, rounded to 0.1 Kč and never past it. */
export function quickShareHalere(remainingHalere: number, percent: number): number {
  if (percent >= 100) return remainingHalere;
  const share = divideRounded(remainingHalere * percent, 1000) * 10;
  return Math.abs(share) > Math.abs(remainingHalere) ? remainingHalere : share;
}

/** Whether an invoiced price fits the line's remaining price (same sign, not beyond it). */
export function withinRemaining(invoicedHalere: number, remainingHalere: number): boolean {
  if (invoicedHalere === 0) return true;
  if (remainingHalere >= 0) return invoicedHalere > 0 && invoicedHalere <= remainingHalere;
  return invoicedHalere < 0 && invoicedHalere >= remainingHalere;
}

/** `total` shared in proportion to `weights` (haléře), the last non-zero weight taking the remainder. */
export function shareProportionally(totalHalere: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole <= 0) return weights.map(() => 0);
  const last = weights.findLastIndex((weight) => weight !== 0);
  let shared = 0;
  return weights.map((weight, index) => {
    if (weight === 0) return 0;
    const share = index === last ? totalHalere - shared : divideRounded(totalHalere * weight, whole);
    shared += share;
    return share;
  });
}
