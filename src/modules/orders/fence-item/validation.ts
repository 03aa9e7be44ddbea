/**
 * Validation of a fence item (docs/domain.md#fence-item-validation): required fields per type, the minimum-0 rules on the
 * real filling and the handle height, and hints that never block (the wings' widths against the
 * total width, slats that do not fit, a rail gate's overhang). Messages are i18n keys with the
 * field they belong to, so the island can put a red top border on the field.
 */
import type { FenceGeometry } from "./geometry";
import { finiteOrNull, toHundredths } from "./fixed-point";
import { fenceParameterDefinition, parameterOrDefault, type FenceParameters } from "./parameters";
import { type FenceItemFieldName, requiredFieldsFor, isEmptyValue } from "./rules";
import type { FenceItemFields, FieldIssue } from "./types";

/** The i18n keys the engine answers with (the common `validation.*` ones and the fence item's own). */
export const FENCE_ITEM_MESSAGES = {
  required: "validation.required",
  min: "validation.min",
  positive: "fenceItem.positive",
  partsSum: "fenceItem.hint.partsSum",
  slatsDoNotFit: "fenceItem.hint.slatsDoNotFit",
  railGateOverhang: "fenceItem.hint.railGateOverhang",
  openingNotCovered: "fenceItem.hint.openingNotCovered",
  totalGateLength: "fenceItem.hint.totalGateLength",
  missingParameter: "fenceItem.hint.missingParameter",
} as const;

export interface FenceItemValidation {
  /** No errors: the item may be saved. */
  valid: boolean;
  /** Blocking: empty required fields and fillings below 0. */
  errors: FieldIssue[];
  /** Informative only. */
  hints: FieldIssue[];
  /** What the form marks as required for the item as it stands. */
  required: FenceItemFieldName[];
  /** The required fields left empty (each gets a red top border). */
  missing: FenceItemFieldName[];
}

/** The computed fields that may not go below 0 (docs/domain.md#fence-item-validation: filling width and height), each with the typed field it comes from. */
const FILLINGS = [
  ["realFillingHeight", "height"],
  ["realFillingWidth", "length"],
  ["realGatePartFillingWidth", "length"],
  ["realSolidPartFillingWidth", "length"],
] as const;

/** Typed fields that must be above 0 (docs/domain.md#fence-item-validation): no item is made of 0 pieces, nor 0 mm long or high. */
const POSITIVE = ["amount", "length", "height"] as const;

export function validateFenceItem(item: FenceItemFields, geometry: FenceGeometry, parameters: FenceParameters): FenceItemValidation {
  const errors: FieldIssue[] = [];
  const hints: FieldIssue[] = [];
  const required = requiredFieldsFor(item);
  const missing: FenceItemFieldName[] = [];
  for (const field of required) {
    if (isEmptyValue(item[field])) {
      missing.push(field);
      errors.push({ field, message: FENCE_ITEM_MESSAGES.required });
    }
  }

  const notPositive = new Set<string>();
  for (const field of POSITIVE) {
    const value = finiteOrNull(item[field]);
    if (value !== null && value <= 0) {
      notPositive.add(field);
      errors.push({ field, message: FENCE_ITEM_MESSAGES.positive });
    }
  }
  // A filling below 0 because the length or height typed is 0 is said at that field only.
  for (const [field, source] of FILLINGS) {
    const value = geometry[field];
    if (value !== null && value < 0 && !notPositive.has(source)) errors.push({ field, message: FENCE_ITEM_MESSAGES.min, params: { min: 0 } });
  }
  const handleHeight = finiteOrNull(item.doorHandleHeight);
  if (handleHeight !== null && handleHeight < 0) errors.push({ field: "doorHandleHeight", message: FENCE_ITEM_MESSAGES.min, params: { min: 0 } });

  const type = item.productType;
  const length = finiteOrNull(item.length);

  // docs/domain.md#fence-item-validation hint: the wicket part and the solid part make up the total width.
  const wicketPart = finiteOrNull(item.wicketPartWidth);
  const solidPart = finiteOrNull(item.solidPartWidth);
  if ((type === "TWO_WING_GATE" || type === "TWO_WING_WICKET") && wicketPart !== null && solidPart !== null && length !== null) {
    const sum = toHundredths(wicketPart) + toHundredths(solidPart);
    if (sum !== toHundredths(length)) {
      const params = { sum: sum / 100, length };
      hints.push({ field: "wicketPartWidth", message: FENCE_ITEM_MESSAGES.partsSum, params }, { field: "solidPartWidth", message: FENCE_ITEM_MESSAGES.partsSum, params });
    }
  }

  // A chosen slat count that is more than fits leaves a negative tail.
  if (geometry.tail !== null && geometry.tail < 0) {
    hints.push({ field: finiteOrNull(item.actualSlatCount) !== null ? "actualSlatCount" : "spacerHeight", message: FENCE_ITEM_MESSAGES.slatsDoNotFit, params: { shortBy: -geometry.tail } });
  }
  if (geometry.tailAlt !== null && geometry.tailAlt < 0) {
    hints.push({ field: finiteOrNull(item.actualSlatCountAlt) !== null ? "actualSlatCountAlt" : "spacerHeightAlt", message: FENCE_ITEM_MESSAGES.slatsDoNotFit, params: { shortBy: -geometry.tailAlt } });
  }

  // Opening size is informative (docs/domain.md#fence-item-validation): it only feeds these hints.
  const openingSize = finiteOrNull(item.openingSize);
  if (type === "RAIL_GATE" && openingSize !== null && length !== null) {
    const overhang = parameterOrDefault(parameters, "railGateOverhang") ?? 0;
    const needed = (toHundredths(openingSize) + toHundredths(overhang)) / 100;
    if (toHundredths(length) < toHundredths(needed)) hints.push({ field: "length", message: FENCE_ITEM_MESSAGES.railGateOverhang, params: { min: needed, overhang } });
  }
  if (type === "GATE" && length !== null) {
    if (openingSize !== null && toHundredths(length) < toHundredths(openingSize)) {
      hints.push({ field: "length", message: FENCE_ITEM_MESSAGES.openingNotCovered, params: { openingSize } });
    }
    const totalGateLength = finiteOrNull(item.totalGateLength);
    if (totalGateLength !== null && toHundredths(totalGateLength) <= toHundredths(length)) {
      hints.push({ field: "totalGateLength", message: FENCE_ITEM_MESSAGES.totalGateLength, params: { length } });
    }
  }

  // Without the slat height the slats cannot be counted: say so on the product, not silently.
  if (type && type !== "CUSTOM" && !isEmptyValue(item.product) && parameterOrDefault(parameters, "pieceHeight") === null) {
    hints.push({ field: "product", message: FENCE_ITEM_MESSAGES.missingParameter, params: { parameter: fenceParameterDefinition("pieceHeight").name } });
  }

  return { valid: errors.length === 0, errors, hints, required, missing };
}

/** The first error of each field, as `fields: {name: message}` of a `fail` envelope wants it. */
export function issuesByField(issues: readonly FieldIssue[]): Record<string, FieldIssue> {
  const byField: Record<string, FieldIssue> = {};
  for (const issue of issues) byField[issue.field] ??= issue;
  return byField;
}
