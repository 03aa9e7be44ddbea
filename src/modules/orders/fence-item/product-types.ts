/**
 * Which products a fence item of a type may take (docs/decisions/034-items-tab-version.md):
 * the catalogue has no product type, so a product's type is read from the engine parameters it has
 * values for. Each type's construction reads its own set (docs/fence-geometry.md, "Per product
 * type"); a product with a value its item's type does not read is of another type (a gate's lock
 * in a fence), and a product whose values are all a fence's is a fence, not a gate or wicket. A
 * product without any engine value is of no known type and fits every type (the engine then hints
 * at the missing slat height); a custom item takes any product.
 */
import type { ParameterRoles } from "@/modules/catalogue/category-parameter/roles";
import type { ProductParameterValue } from "@/modules/catalogue/product/parameters";
import { type FenceParameterKey, fenceParametersFrom } from "./parameters";
import type { ProductType } from "./constants";

/**
 * The engine parameters each product type's construction reads (docs/fence-geometry.md, "Per
 * product type"): a category of made-to-measure products of that type brings these, no more.
 */
export const FENCE_PARAMETER_KEYS_BY_TYPE: Record<ProductType, readonly FenceParameterKey[]> = {
  FENCE: ["pieceHeight", "topBar", "bottomBar", "uProfile", "weightPerMeter", "assemblyPrice"],
  GATE: ["pieceHeight", "topBar", "cProfile", "uProfile", "stop", "lock", "electricLock", "fieldDivider", "driveMountSize", "driveMountPosition", "weightPerMeter", "assemblyPrice"],
  RAIL_GATE: [
    "pieceHeight",
    "topBar",
    "bottomBar",
    "uProfile",
    "stop",
    "lock",
    "electricLock",
    "fieldDivider",
    "wheel60",
    "wheel80",
    "wheel100",
    "driveMountSize",
    "driveMountPosition",
    "railGateOverhang",
    "weightPerMeter",
    "assemblyPrice",
  ],
  ONE_WING_GATE: ["pieceHeight", "topBar", "bottomBar", "uProfile", "post", "stop", "lock", "electricLock", "fieldDivider", "hingeBearing", "hingeArticulated", "weightPerMeter", "assemblyPrice"],
  TWO_WING_GATE: ["pieceHeight", "topBar", "bottomBar", "uProfile", "post", "lock", "electricLock", "fieldDivider", "hingeBearing", "hingeArticulated", "wingGap", "weightPerMeter", "assemblyPrice"],
  WICKET: ["pieceHeight", "topBar", "bottomBar", "uProfile", "post", "stop", "lock", "electricLock", "fieldDivider", "hingeBearing", "hingeArticulated", "weightPerMeter", "assemblyPrice"],
  TWO_WING_WICKET: ["pieceHeight", "topBar", "bottomBar", "uProfile", "post", "lock", "electricLock", "fieldDivider", "hingeBearing", "hingeArticulated", "wingGap", "weightPerMeter", "assemblyPrice"],
  // A custom item's construction is unknown: only its weight and assembly can be said.
  CUSTOM: ["weightPerMeter", "assemblyPrice"],
};

/** Whether a product with values for `keys` (engine parameter keys) may be the product of an item of `type`. */
export function productFitsType(keys: ReadonlySet<string>, type: ProductType | null | undefined): boolean {
  if (!type || type === "CUSTOM" || keys.size === 0) return true;
  const reads = (of: ProductType) => [...keys].every((key) => (FENCE_PARAMETER_KEYS_BY_TYPE[of] as readonly string[]).includes(key));
  if (!reads(type)) return false;
  return type === "FENCE" || !reads("FENCE");
}

/** The engine parameters a product has a value of its own for (a category default says nothing of the product's type). */
export function valuedEngineKeys(parameters: readonly ProductParameterValue[] | undefined, roles: ParameterRoles): Set<string> {
  const valued = (parameters ?? []).filter((parameter) => parameter.value !== null && parameter.value.trim() !== "");
  return new Set(Object.keys(fenceParametersFrom(valued.map((parameter) => ({ role: roles.get(parameter.id), value: parameter.value, unit: parameter.unit })))));
}
