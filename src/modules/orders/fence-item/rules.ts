/**
 * Which fields a fence item must have (docs/domain.md#fence-item-validation), per product type and the choices already made.
 * Shared by the engine's validation (red top borders in the island) and the server's schema, so
 * both flag the same fields. Why each type needs what it needs: docs/fence-geometry.md.
 */
import { isHinged, isSliding, isSwingGate, isTwoWing } from "./constants";
import type { FenceItemFields } from "./types";

export type FenceItemFieldName = keyof FenceItemFields;

/** docs/domain.md#fence-item-validation: every fence item. */
const ALWAYS: FenceItemFieldName[] = ["productType", "product", "color", "height", "length", "amount", "m2price"];
/** Every slatted item; a custom item has no known construction, so no slats to space. */
const SLATTED: FenceItemFieldName[] = ["spacerHeight", "distancingType"];

/** The fields `item` must have filled in, in the order the form shows them. */
export function requiredFieldsFor(item: FenceItemFields): FenceItemFieldName[] {
  const type = item.productType;
  const fields = [...ALWAYS];
  if (!type || type === "CUSTOM") return fields;
  fields.push(...SLATTED);

  if (isSliding(type)) {
    // Sliding leaves are long: the office states the opening, the fields the leaf is divided into, and the rack's mount.
    if (type === "RAIL_GATE") fields.push("wheelsType");
    fields.push("lockType", "openingSize");
    if (type === "GATE") fields.push("totalGateLength");
    fields.push("fieldCount", "driveMountSize", "driveMountPosition");
  }

  if (isHinged(type)) {
    if (isSwingGate(type)) fields.push("gateOpeningType");
    fields.push("hingeType", "hingeWidth", "lockType");
    const byHand = !isSwingGate(type) || item.gateOpeningType === "HINGES";
    if (isTwoWing(type)) {
      fields.push("wicketPartWidth", "solidPartWidth");
      // A driven pair swings as the drive says; a pair opened by hand needs the active side and how the wings relate.
      if (type === "TWO_WING_GATE" && item.gateOpeningType === "DRIVE") fields.push("driveOpening");
      if (byHand) fields.push("openingType", "wingRelation");
    } else {
      fields.push("openingType");
    }
    // A lock opened by a person needs its handles; a driven gate is opened by the drive.
    if (byHand && (item.lockType === "NORMAL" || item.lockType === "ELECTRIC")) fields.push("doorHandleHeight", "doorHandleInner", "doorHandleOuter");
  }

  if (item.gateDropRod === true) fields.push("gateDropRodLength");
  if (item.reinforcementPost === true) fields.push("reinforcementPostType");
  return fields;
}

/** Empty as a form sees it: missing, null, blank text or a number that is not one. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof value === "number") return !Number.isFinite(value);
  return false;
}

/** The required fields `item` leaves empty. */
export function missingRequiredFields(item: FenceItemFields): FenceItemFieldName[] {
  return requiredFieldsFor(item).filter((field) => isEmptyValue(item[field]));
}
