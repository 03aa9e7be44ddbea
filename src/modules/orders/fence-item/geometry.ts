/**
 * Geometry of a fence item (docs/domain.md#fence-geometry): the real filling height and width per product type, the
 * two wings' parts, the slat counts and tails, and the weight. What each type subtracts, and why,
 * is docs/fence-geometry.md; the tests use that document's worked examples.
 *
 * Everything is computed in integer hundredths of a millimetre and handed out in mm.
 */
import { isSliding, isTwoWing, type ProductType } from "./constants";
import { divideFloor, divideRounded, finiteOrNull, fromHundredths, multiplyDivideRounded, scaled, toHundredths, amountToThousandths } from "./fixed-point";
import { componentSize, type FenceParameterKey, type FenceParameters, parameterOrDefault } from "./parameters";
import type { Deduction, FenceItemFields } from "./types";

/** Deductions collected with their sum kept in hundredths, so the sum is exact. */
interface Tally {
  deductions: Deduction[];
  sum: number;
}

const newTally = (): Tally => ({ deductions: [], sum: 0 });

/** Subtracts `count` × `size` (hundredths); a component of size 0 is not there and is not listed. */
function deduct(tally: Tally, source: string, count: number, size: number): void {
  if (size === 0 || count === 0) return;
  tally.deductions.push({ source, count, size: fromHundredths(size), total: fromHundredths(count * size) });
  tally.sum += count * size;
}

const component = (parameters: FenceParameters, key: FenceParameterKey): number => toHundredths(componentSize(parameters, key));

/** The item's own value, else the product's default for it, else 0 (hundredths). */
function itemOrParameter(value: unknown, parameters: FenceParameters, key: FenceParameterKey): number {
  const own = finiteOrNull(value);
  if (own !== null) return toHundredths(own);
  return toHundredths(parameterOrDefault(parameters, key) ?? 0);
}

const WHEEL_PARAMETER = { WT_60MM: "wheel60", WT_80MM: "wheel80", WT_100MM: "wheel100" } as const;

/** The hinge gap: the item's hinge width, or (while it is empty) the product's width for the chosen hinge type. */
export function hingeWidthOf(item: FenceItemFields, parameters: FenceParameters): number | null {
  const own = finiteOrNull(item.hingeWidth);
  if (own !== null) return own;
  if (item.hingeType === "BEARING") return parameterOrDefault(parameters, "hingeBearing");
  if (item.hingeType === "ARTICULATED") return parameterOrDefault(parameters, "hingeArticulated");
  return null;
}

function lockOf(item: FenceItemFields, parameters: FenceParameters): { source: string; size: number } {
  if (item.lockType === "NORMAL") return { source: "lock", size: component(parameters, "lock") };
  if (item.lockType === "ELECTRIC") {
    const electric = parameterOrDefault(parameters, "electricLock");
    return electric === null ? { source: "lock", size: component(parameters, "lock") } : { source: "electricLock", size: toHundredths(electric) };
  }
  return { source: "lock", size: 0 };
}

/** Fields of a leaf: the item's field count on gates and wickets, always 1 on a fence field or a custom item. */
export function fieldCountOf(item: FenceItemFields): number {
  if (item.productType === "FENCE" || item.productType === "CUSTOM") return 1;
  const count = finiteOrNull(item.fieldCount);
  return count !== null && count >= 1 ? Math.floor(count) : 1;
}

// ---- height -------------------------------------------------------------------------------------

function heightTally(type: ProductType | null | undefined, item: FenceItemFields, parameters: FenceParameters): Tally {
  const tally = newTally();
  deduct(tally, "distanceFromGround", 1, toHundredths(finiteOrNull(item.distanceFromGround) ?? 0));
  deduct(tally, "distanceFromTop", 1, toHundredths(finiteOrNull(item.distanceFromTop) ?? 0));
  if (!type || type === "CUSTOM") return tally;
  deduct(tally, "topBar", 1, component(parameters, "topBar"));
  // A cantilever gate's bottom member is its C profile (the carriages run inside it); every other type has a bottom bar.
  if (type === "GATE") deduct(tally, "cProfile", 1, component(parameters, "cProfile"));
  else deduct(tally, "bottomBar", 1, component(parameters, "bottomBar"));
  if (type === "RAIL_GATE" && item.wheelsType) {
    const key = WHEEL_PARAMETER[item.wheelsType];
    deduct(tally, key, 1, component(parameters, key));
  }
  if (isSliding(type)) {
    // The gear rack's mount sits above the bottom member; the slats start above the mount.
    deduct(tally, "driveMountPosition", 1, itemOrParameter(item.driveMountPosition, parameters, "driveMountPosition"));
    deduct(tally, "driveMountSize", 1, itemOrParameter(item.driveMountSize, parameters, "driveMountSize"));
  }
  return tally;
}

// ---- width --------------------------------------------------------------------------------------

/** The fields of one leaf: the uprights between them and each field's own U profiles. */
function deductFields(tally: Tally, fieldCount: number, parameters: FenceParameters): void {
  deduct(tally, "fieldDivider", fieldCount - 1, component(parameters, "fieldDivider"));
  deduct(tally, "uProfile", fieldCount, component(parameters, "uProfile"));
}

/** Part 1: the whole fence field or leaf, or the wicket (active) wing of a two-wing item. */
function widthTally(type: ProductType | null | undefined, item: FenceItemFields, parameters: FenceParameters, fieldCount: number): Tally {
  const tally = newTally();
  if (!type || type === "CUSTOM") return tally;
  if (type === "FENCE") {
    deduct(tally, "uProfile", 1, component(parameters, "uProfile"));
    return tally;
  }
  const lock = lockOf(item, parameters);
  const hinge = toHundredths(hingeWidthOf(item, parameters) ?? 0);
  if (type === "GATE" || type === "RAIL_GATE") {
    deduct(tally, "stop", 1, component(parameters, "stop"));
  } else if (type === "ONE_WING_GATE" || type === "WICKET") {
    deduct(tally, "post", 2, component(parameters, "post"));
    deduct(tally, "hingeWidth", 1, hinge);
    deduct(tally, "stop", 1, component(parameters, "stop"));
  } else {
    deduct(tally, "post", 1, component(parameters, "post"));
    deduct(tally, "hingeWidth", 1, hinge);
    deduct(tally, "wingGap/2", 1, divideRounded(component(parameters, "wingGap"), 2));
  }
  deduct(tally, lock.source, 1, lock.size);
  deductFields(tally, fieldCount, parameters);
  return tally;
}

/** Part 2 of a two-wing item: the solid (passive) wing, held by the drop rod; the lock is on the other wing. */
function solidPartTally(item: FenceItemFields, parameters: FenceParameters, fieldCount: number): Tally {
  const tally = newTally();
  deduct(tally, "post", 1, component(parameters, "post"));
  deduct(tally, "hingeWidth", 1, toHundredths(hingeWidthOf(item, parameters) ?? 0));
  deduct(tally, "wingGap/2", 1, divideRounded(component(parameters, "wingGap"), 2));
  deductFields(tally, fieldCount, parameters);
  return tally;
}

// ---- slats --------------------------------------------------------------------------------------

export interface SlatLayout {
  /** floor((filling + spacer) / (slat + spacer)): the most slats that fit with that spacer. */
  slatCount: number;
  /** What is left of the filling height with the slats used (the chosen count, else slatCount), mm. */
  tail: number;
}

/**
 * Slats in a filling height (all hundredths): n slats with n − 1 spacers between them fit when
 * n × slat + (n − 1) × spacer ≤ filling, i.e. n ≤ (filling + spacer) / (slat + spacer).
 */
export function slatLayout(filling: number, spacer: number, slat: number, chosenCount: number | null): SlatLayout | null {
  if (slat <= 0 || spacer < 0) return null;
  const slatCount = filling <= 0 ? 0 : Math.max(0, divideFloor(filling + spacer, slat + spacer));
  const used = chosenCount ?? slatCount;
  const tail = used <= 0 ? filling : filling - used * slat - (used - 1) * spacer;
  return { slatCount, tail: fromHundredths(tail) };
}

// ---- the whole geometry -------------------------------------------------------------------------

export interface FenceGeometry {
  /** mm; null until the height is known. */
  realFillingHeight: number | null;
  /** mm: the filling's width over all fields (both wings on a two-wing item). */
  realFillingWidth: number | null;
  /** mm: the wicket (active) wing's filling, two-wing items only. */
  realGatePartFillingWidth: number | null;
  /** mm: the solid (passive) wing's filling, two-wing items only. */
  realSolidPartFillingWidth: number | null;
  fieldCount: number;
  /** mm: one field's filling width, the slat length (part 1). */
  fieldFillingWidth: number | null;
  /** mm: one field's filling width in the solid part (two-wing items). */
  fieldFillingWidthAlt: number | null;
  slatCount: number | null;
  slatCountAlt: number | null;
  tail: number | null;
  tailAlt: number | null;
  /** kg, one piece; null without the weight per metre. */
  weight: number | null;
  /** kg, amount pieces. */
  totalWeight: number | null;
  deductions: { height: Deduction[]; width: Deduction[]; widthAlt: Deduction[] };
}

const perField = (filling: number, fieldCount: number) => fromHundredths(divideRounded(filling, fieldCount));

export function computeGeometry(item: FenceItemFields, parameters: FenceParameters): FenceGeometry {
  const type = item.productType;
  const twoWing = isTwoWing(type);
  const fieldCount = fieldCountOf(item);
  const height = finiteOrNull(item.height);
  const length = finiteOrNull(item.length);

  const heights = heightTally(type, item, parameters);
  const widths = widthTally(type, item, parameters, fieldCount);
  const solid = twoWing ? solidPartTally(item, parameters, fieldCount) : newTally();

  const fillingHeight = height === null ? null : toHundredths(height) - heights.sum;

  let fillingWidth: number | null = null;
  let gatePart: number | null = null;
  let solidPart: number | null = null;
  if (twoWing) {
    const wicketWidth = finiteOrNull(item.wicketPartWidth);
    const solidWidth = finiteOrNull(item.solidPartWidth);
    gatePart = wicketWidth === null ? null : toHundredths(wicketWidth) - widths.sum;
    solidPart = solidWidth === null ? null : toHundredths(solidWidth) - solid.sum;
    fillingWidth = gatePart === null || solidPart === null ? null : gatePart + solidPart;
  } else if (length !== null) {
    fillingWidth = toHundredths(length) - widths.sum;
  }

  // Slats: both wings share the filling height; the solid part may have its own spacer (spacerHeightAlt).
  const slat = parameterOrDefault(parameters, "pieceHeight");
  const spacer = finiteOrNull(item.spacerHeight);
  const spacerAlt = finiteOrNull(item.spacerHeightAlt) ?? spacer;
  const canLay = type !== "CUSTOM" && fillingHeight !== null && slat !== null;
  const main = canLay && spacer !== null ? slatLayout(fillingHeight, toHundredths(spacer), toHundredths(slat), finiteOrNull(item.actualSlatCount)) : null;
  const alt =
    canLay && twoWing && spacerAlt !== null ? slatLayout(fillingHeight, toHundredths(spacerAlt), toHundredths(slat), finiteOrNull(item.actualSlatCountAlt)) : null;

  // docs/domain.md#weight: weight = length × weight per metre / 100 kg, which is kg for a length in cm (mm / 10) and kg/m.
  const weightPerMeter = parameterOrDefault(parameters, "weightPerMeter");
  const amount = finiteOrNull(item.amount);
  let weight: number | null = null;
  let totalWeight: number | null = null;
  if (length !== null && weightPerMeter !== null) {
    const length100 = toHundredths(length);
    const grams = scaled(weightPerMeter, 1000);
    weight = multiplyDivideRounded(length100, grams, 1, 1_000_000) / 100;
    if (amount !== null) totalWeight = multiplyDivideRounded(length100, grams, amountToThousandths(amount), 1_000_000_000) / 100;
  }

  const firstPart = twoWing ? gatePart : fillingWidth;
  return {
    realFillingHeight: fillingHeight === null ? null : fromHundredths(fillingHeight),
    realFillingWidth: fillingWidth === null ? null : fromHundredths(fillingWidth),
    realGatePartFillingWidth: gatePart === null ? null : fromHundredths(gatePart),
    realSolidPartFillingWidth: solidPart === null ? null : fromHundredths(solidPart),
    fieldCount,
    fieldFillingWidth: firstPart === null ? null : perField(firstPart, fieldCount),
    fieldFillingWidthAlt: solidPart === null ? null : perField(solidPart, fieldCount),
    slatCount: main?.slatCount ?? null,
    slatCountAlt: alt?.slatCount ?? null,
    tail: main?.tail ?? null,
    tailAlt: alt?.tail ?? null,
    weight,
    totalWeight,
    deductions: { height: heights.deductions, width: widths.deductions, widthAlt: solid.deductions },
  };
}
