/**
 * One fence item's parts before grouping, the part common to every product type: what an item must
 * have to be cut, the deductions read in integers, and `itemCutOf`, which gives a type's cutter
 * (cut-pieces-fence.ts, cut-pieces-sliding-gate.ts, cut-pieces-one-wing.ts, cut-pieces-two-wing.ts)
 * the lengths it cuts from and `leaf`, the parts of one leaf. The lengths follow
 * docs/fence-geometry.md "Cut list": bars span the leaf, profiles and stiles the filling (or the
 * space between the bars), the stop and posts stand the height.
 */
import { isTwoWing, type ProductType } from "./constants";
import type { CutComponent, CutListProduct, CutProblem } from "./cut-list-types";
import { finiteOrNull, toHundredths } from "./fixed-point";
import type { FenceGeometry } from "./geometry";
import { parameterOrDefault, type FenceParameters } from "./parameters";
import type { Deduction, FenceItemFields } from "./types";

/** A piece in integers: hundredths of a mm, thousandths of a piece. */
export interface RawPiece {
  component: Exclude<CutComponent, "subProduct">;
  length: number;
  count: number;
}

/** The deductions a cut list reads, one of each (a deduction's `size`), in hundredths; a fixed shape, filled in one pass. */
export interface Sizes {
  distanceFromGround: number;
  distanceFromTop: number;
  topBar: number;
  bottomBar: number;
  cProfile: number;
  wheel: number;
  driveMountPosition: number;
  driveMountSize: number;
  uProfile: number;
  fieldDivider: number;
  post: number;
  hingeWidth: number;
  stop: number;
  lock: number;
  halfWingGap: number;
}

export function sizesOf(deductions: readonly Deduction[]): Sizes {
  const sizes: Sizes = {
    distanceFromGround: 0,
    distanceFromTop: 0,
    topBar: 0,
    bottomBar: 0,
    cProfile: 0,
    wheel: 0,
    driveMountPosition: 0,
    driveMountSize: 0,
    uProfile: 0,
    fieldDivider: 0,
    post: 0,
    hingeWidth: 0,
    stop: 0,
    lock: 0,
    halfWingGap: 0,
  };
  for (const deduction of deductions) {
    const size = toHundredths(deduction.size);
    switch (deduction.source) {
      case "wheel60":
      case "wheel80":
      case "wheel100":
        sizes.wheel += size;
        break;
      case "lock":
      case "electricLock":
        sizes.lock += size;
        break;
      case "wingGap/2":
        sizes.halfWingGap += size;
        break;
      case "distanceFromGround":
      case "distanceFromTop":
      case "topBar":
      case "bottomBar":
      case "cProfile":
      case "driveMountPosition":
      case "driveMountSize":
      case "uProfile":
      case "fieldDivider":
      case "post":
      case "hingeWidth":
      case "stop":
        sizes[deduction.source] += size;
        break;
    }
  }
  return sizes;
}

const present = (value: unknown): boolean => value !== null && value !== undefined && !(typeof value === "string" && value.trim() === "");

/** What an item of its type needs for its parts, and which of it is missing. */
export function missingOf(fields: FenceItemFields, parameters: FenceParameters, product: CutListProduct | null): CutProblem[] {
  const type = fields.productType;
  const problems: CutProblem[] = [];
  const need = (field: keyof FenceItemFields, ok: boolean) => {
    if (!ok) problems.push({ field, reason: "missing" });
  };
  need("productType", !!type);
  need("product", product !== null || present(fields.product));
  need("color", present(fields.color));
  need("height", finiteOrNull(fields.height) !== null);
  const amount = finiteOrNull(fields.amount);
  need("amount", amount !== null && amount > 0);
  if (!type) return problems;
  if (isTwoWing(type)) {
    need("wicketPartWidth", finiteOrNull(fields.wicketPartWidth) !== null);
    need("solidPartWidth", finiteOrNull(fields.solidPartWidth) !== null);
  } else {
    need("length", finiteOrNull(fields.length) !== null);
  }
  if (type !== "CUSTOM") {
    need("spacerHeight", finiteOrNull(fields.spacerHeight) !== null);
    if (parameterOrDefault(parameters, "pieceHeight") === null) problems.push({ field: "pieceHeight", reason: "missingParameter" });
  }
  if (type === "GATE") need("totalGateLength", finiteOrNull(fields.totalGateLength) !== null);
  if (type !== "CUSTOM" && fields.gateDropRod === true) need("gateDropRodLength", finiteOrNull(fields.gateDropRodLength) !== null);
  return problems;
}

/** Slats used: the office's chosen count, else the count that fits. */
export const slatsUsed = (chosen: unknown, fits: number | null): number => Math.max(0, Math.floor(finiteOrNull(chosen) ?? fits ?? 0));

/**
 * One item's parts in integers, or the problems that keep it out. `amount` is thousandths.

/** What a product type's cutter cuts from: the item, its lengths in hundredths, and where the pieces go. */
export interface ItemCut {
  fields: FenceItemFields;
  geometry: FenceGeometry;
  type: ProductType;
  /** Adds `count` pieces per item of a part (× the item's amount); none when count is 0. */
  add: (component: RawPiece["component"], length: number, count: number) => void;
  /** The item's height and length. */
  H: number;
  L: number;
  /** The real filling height; a field's filling width, the solid wing's (two-wing types, else 0). */
  F: number;
  field: number;
  fieldAlt: number;
  heights: Sizes;
  widths: Sizes;
  /** The leaf's height: between the ground and top gaps, on its wheels. */
  leafHeight: number;
  /** Between a leaf's bars (past a drive mount): the length of stiles and dividers. */
  between: number;
  /** Slats per field of the (active) filling. */
  slats: number;
  /** A leaf of `width`: its slats in every field, its bars, U profiles and dividers. */
  leaf: (width: number, slatLength: number, slatCount: number, slatComponent: "slat" | "slatAlt") => void;
}

/** The lengths an item is cut from, or the problems of a filling that comes out 0 or below. */
export function itemCutOf(fields: FenceItemFields, geometry: FenceGeometry, type: ProductType, add: ItemCut["add"], H: number, L: number): ItemCut | CutProblem[] {
  const problems: CutProblem[] = [];
  const heights = sizesOf(geometry.deductions.height);
  const widths = sizesOf(geometry.deductions.width);
  const F = geometry.realFillingHeight === null ? 0 : toHundredths(geometry.realFillingHeight);
  const field = geometry.fieldFillingWidth === null ? 0 : toHundredths(geometry.fieldFillingWidth);
  const twoWing = isTwoWing(type);
  const fieldAlt = twoWing && geometry.fieldFillingWidthAlt !== null ? toHundredths(geometry.fieldFillingWidthAlt) : 0;
  if (F <= 0) problems.push({ field: "realFillingHeight", reason: "notPositive" });
  if (field <= 0) problems.push({ field: "fieldFillingWidth", reason: "notPositive" });
  if (twoWing && fieldAlt <= 0) problems.push({ field: "fieldFillingWidthAlt", reason: "notPositive" });
  if (problems.length) return problems;

  const n = geometry.fieldCount;
  const topBar = heights.topBar > 0;
  const bottomBar = heights.bottomBar > 0;
  const uProfile = widths.uProfile > 0;
  const divider = widths.fieldDivider > 0;
  const between = F + heights.driveMountPosition + heights.driveMountSize;
  const leaf = (width: number, slatLength: number, slatCount: number, slatComponent: "slat" | "slatAlt") => {
    add(slatComponent, slatLength, slatCount * n);
    if (topBar) add("topBar", width, 1);
    if (bottomBar) add("bottomBar", width, 1);
    if (uProfile) add("uProfile", F, 2 * n);
    if (divider) add("fieldDivider", between, n - 1);
  };
  return {
    fields,
    geometry,
    type,
    add,
    H,
    L,
    F,
    field,
    fieldAlt,
    heights,
    widths,
    leafHeight: H - heights.distanceFromGround - heights.distanceFromTop - heights.wheel,
    between,
    slats: slatsUsed(fields.actualSlatCount, geometry.slatCount),
    leaf,
  };
}
