/**
 * The offer's payment rules as amounts (docs/domain.md#payment-rules; 10 / 55 / 35 % by default, docs/domain.md#order-defaults): each
 * stage's share of the total with VAT, in haléře. Shares are cut at the running sum, so every
 * stage is rounded to the haléř (half up), a 0 % stage is exactly 0, and the stages add up to the
 * total exactly; the last stage takes the remainder.
 */
export const PAYMENT_STAGES = ["confirmation", "delivery", "completion"] as const;
export type PaymentStageName = (typeof PAYMENT_STAGES)[number];

export interface PaymentStage {
  stage: PaymentStageName;
  percent: number;
  halere: number;
}

/** `a × b / 100` rounded half up (away from zero for a negative total), in integers. */
const percentOf = (halere: number, percent: number) => {
  const hundredths = halere * percent;
  const sign = hundredths < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(hundredths) + 50) / 100);
};

export function paymentStages(totalHalere: number, percents: Record<PaymentStageName, number>): PaymentStage[] {
  let cumulative = 0;
  let paid = 0;
  return PAYMENT_STAGES.map((stage, index) => {
    cumulative += percents[stage];
    const upTo = index === PAYMENT_STAGES.length - 1 ? totalHalere : percentOf(totalHalere, cumulative);
    const halere = upTo - paid;
    paid = upTo;
    return { stage, percent: percents[stage], halere };
  });
}
