/**
 * Exact arithmetic for the fence engine. Measures are held as integer hundredths of a millimetre,
 * money as integer haléře, amounts as thousandths: then every sum is exact and the only rounding is
 * the one the spec asks for, done on integers (half up, i.e. half away from zero), never on a float
 * like 10.004999999999999.
 */

/** A finite number, or null for anything else (empty fields, NaN from a half-typed input). */
export const finiteOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** A number with at most `places` decimals as an integer (1234.5 → 123450 at 2 places). */
export const scaled = (value: number, factor: number): number => Math.round(value * factor);

/** mm → hundredths of a mm. Inputs have at most two decimals, so this is exact. */
export const toHundredths = (mm: number): number => Math.round(mm * 100);
export const fromHundredths = (hundredths: number): number => hundredths / 100;

/** Kč → haléře (money inputs have at most two decimals). */
export const kcToHalere = (kc: number): number => Math.round(kc * 100);
export const halereToKc = (halere: number): number => halere / 100;

/** An amount (pieces, numeric(12,3), as a number) → integer thousandths of a piece: 2.5 → 2500. */
export const amountToThousandths = (amount: number): number => Math.round(amount * 1000);

/** numerator / denominator rounded half away from zero; both safe integers, denominator > 0. */
export function divideRounded(numerator: number, denominator: number): number {
  const negative = numerator < 0;
  const magnitude = negative ? -numerator : numerator;
  let quotient = Math.floor(magnitude / denominator);
  let remainder = magnitude - quotient * denominator;
  // The float quotient can land one off next to an integer; the integer remainder puts it right.
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
  // Never -0: it would print as "-0,00 Kč".
  return negative && rounded !== 0 ? -rounded : rounded;
}

/** floor(numerator / denominator) for safe integers, denominator > 0, exact next to integers too. */
export function divideFloor(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (remainder < 0) quotient -= 1;
  else if (remainder >= denominator) quotient += 1;
  return quotient;
}

function bigDivideRounded(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return Number(negative && quotient !== 0n ? -quotient : quotient);
}

/**
 * a × b × c / denominator, rounded half away from zero, for integers. A product beyond 2^53 (a big
 * price times a long, tall gate in tenths) is done in BigInt instead of losing its last digits.
 */
export function multiplyDivideRounded(a: number, b: number, c: number, denominator: number): number {
  const product = a * b * c;
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) return divideRounded(product, denominator);
  return bigDivideRounded(BigInt(a) * BigInt(b) * BigInt(c), BigInt(denominator));
}
