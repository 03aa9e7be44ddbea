/**
 * The fence engine (docs/domain.md#fence-item): one pure, browser-safe module the server and the items
 * editor island share. An item and its product's category parameters in, every derived number
 * and the validation out. Imports nothing but its own folder (no zod here: the hot path is plain
 * arithmetic, 50,000+ items a second).
 *
 * Lengths are mm, money leaves as integer haléře (…Halere), weights are kg, areas m².
 */
import type { ProductType } from "./constants";
import { computeGeometry, type FenceGeometry } from "./geometry";
import type { FenceParameters } from "./parameters";
import { type FenceItemPrice, fenceItemPrice } from "./pricing";
import type { FenceItemFields } from "./types";
import { type FenceItemValidation, validateFenceItem } from "./validation";

export interface FenceItemComputation extends FenceGeometry, FenceItemPrice {
  productType: ProductType | null;
  validation: FenceItemValidation;
}

/** Every derived number of one fence item, and whether it may be saved. */
export function computeFenceItem(item: FenceItemFields, parameters: FenceParameters): FenceItemComputation {
  const geometry = computeGeometry(item, parameters);
  const price = fenceItemPrice(item);
  return {
    productType: item.productType ?? null,
    ...price,
    ...geometry,
    validation: validateFenceItem(item, geometry, parameters),
  };
}

export * from "./assembly";
export * from "./constants";
export * from "./creation";
export { halereToKc, kcToHalere } from "./fixed-point";
export { computeGeometry, fieldCountOf, hingeWidthOf, slatLayout, type FenceGeometry, type SlatLayout } from "./geometry";
export * from "./parameters";
export * from "./pricing";
export { isEmptyValue, missingRequiredFields, requiredFieldsFor, type FenceItemFieldName } from "./rules";
export * from "./spacer-calculator";
export type { Deduction, FenceItemFields, FieldIssue } from "./types";
export { FENCE_ITEM_MESSAGES, issuesByField, validateFenceItem, type FenceItemValidation } from "./validation";
