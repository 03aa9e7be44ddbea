/**
 * The spacer calculator's math (docs/domain.md#spacer-calculator; the page and the items editor's dialog use it).
 *
 * The height to fill is `height − z1 − z2`: Z1 is the space kept under the first slat, Z2 the
 * space kept above the last one. n slats with n − 1 spacers between them fit that height A when
 * n × slat + (n − 1) × spacer ≤ A, so with the wanted spacer s the exact count is
 * (A + s) / (slat + s). Its floor and its ceiling are the two ways to fill A exactly:
 * - floor: fewer slats, the spacer stretched to (A − n × slat) / (n − 1);
 * - ceiling: one slat more, the spacer shrunk the same way (offered only while it stays ≥ 0);
 * - fixed: keep the spacer s, take the floor count, and what is left over is the tail.
 * Spacers are rounded down to 2 decimals, so the slats always fit: each option's tail is what
 * remains of A with the rounded spacer (under a tenth of a millimetre, never negative; rounding
 * half up showed −0,06 mm for 15 slats of 100 mm in 1 665 mm), the fixed option's tail is the real
 * leftover.
 */
import type { FenceGeometry } from "./geometry";
import { divideFloor, finiteOrNull, fromHundredths, toHundredths } from "./fixed-point";
import { parameterOrDefault, type FenceParameters } from "./parameters";
import type { FenceItemFields } from "./types";

export interface SpacerCalculatorInput {
  /** mm: the height to fill (an item's real filling height). */
  height: number;
  /** mm: one slat's height. */
  slatHeight: number;
  /** mm: the wanted spacer. */
  spacer: number;
  /** mm kept free under the first slat. */
  z1?: number | null;
  /** mm kept free above the last slat. */
  z2?: number | null;
}

export interface SpacerOption {
  slatCount: number;
  /** mm, 2 decimals; null with fewer than two slats (nothing to space). */
  spacerHeight: number | null;
  /** mm left of the available height: A − n × slat − (n − 1) × spacer. */
  tail: number;
}

export interface SpacerCalculation {
  /** mm: height − z1 − z2. */
  availableHeight: number;
  /** (A + spacer) / (slat + spacer), unrounded: how far between floor and ceiling the wanted spacer is. */
  exactSlatCount: number;
  floor: SpacerOption;
  /** null when one slat more does not fit even with no spacer at all. */
  ceiling: SpacerOption | null;
  /** The floor count at the wanted spacer; `tail` is the leftover. */
  fixed: SpacerOption;
}

function option(available: number, slat: number, count: number, spacer: number | null): SpacerOption {
  const spacing = spacer ?? 0;
  const tail = count <= 0 ? available : available - count * slat - (count - 1) * spacing;
  return { slatCount: count, spacerHeight: spacer === null ? null : fromHundredths(spacer), tail: fromHundredths(tail) };
}

/** The largest spacer (hundredths) with which `count` slats still fit `available`, or null with fewer than two slats. */
function stretchedSpacer(available: number, slat: number, count: number): number | null {
  return count >= 2 ? divideFloor(available - count * slat, count - 1) : null;
}

/** null when nothing can be laid: a slat height of 0 or less, a negative spacer, or Z1 + Z2 beyond the height. */
export function computeSpacers(input: SpacerCalculatorInput): SpacerCalculation | null {
  const slat = toHundredths(input.slatHeight);
  const spacer = toHundredths(input.spacer);
  const available = toHundredths(input.height) - toHundredths(finiteOrNull(input.z1) ?? 0) - toHundredths(finiteOrNull(input.z2) ?? 0);
  if (!(slat > 0) || !(spacer >= 0) || !(available >= 0)) return null;

  const pitch = slat + spacer;
  const floorCount = Math.max(0, divideFloor(available + spacer, pitch));
  const exact = (available + spacer) % pitch === 0;
  const ceilingCount = exact ? floorCount : floorCount + 1;

  const floorSpacer = stretchedSpacer(available, slat, floorCount);
  const ceilingSpacer = stretchedSpacer(available, slat, ceilingCount);
  const ceilingFits = ceilingCount * slat <= available;

  return {
    availableHeight: fromHundredths(available),
    exactSlatCount: (available + spacer) / pitch,
    floor: option(available, slat, floorCount, floorSpacer),
    ceiling: ceilingFits ? option(available, slat, ceilingCount, ceilingSpacer) : null,
    fixed: option(available, slat, floorCount, spacer),
  };
}

/** What the items editor's dialog opens with: the item's real filling height, the product's slat height, the item's spacer. */
export function spacerCalculatorInputFor(
  item: FenceItemFields,
  geometry: Pick<FenceGeometry, "realFillingHeight">,
  parameters: FenceParameters,
  part: "main" | "alt" = "main",
): Partial<SpacerCalculatorInput> {
  const spacer = part === "alt" ? (finiteOrNull(item.spacerHeightAlt) ?? finiteOrNull(item.spacerHeight)) : finiteOrNull(item.spacerHeight);
  const result: Partial<SpacerCalculatorInput> = {};
  if (geometry.realFillingHeight !== null) result.height = geometry.realFillingHeight;
  const slat = parameterOrDefault(parameters, "pieceHeight");
  if (slat !== null) result.slatHeight = slat;
  if (spacer !== null) result.spacer = spacer;
  return result;
}
