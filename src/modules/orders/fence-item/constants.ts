/**
 * The fence item's vocabulary (docs/domain.md#fence-item): product types and the enums of its fields.
 * Browser-safe: plain constants, imported by the engine, the schemas and the items island.
 */

/** Every enum of a fence item (docs/domain.md#fence-item), by the name its labels have under `fenceItem.` in the locales. */
export const FENCE_ITEM_ENUMS = {
  /** In the spec's order. What each one is: docs/fence-geometry.md. */
  productType: ["FENCE", "GATE", "ONE_WING_GATE", "TWO_WING_GATE", "RAIL_GATE", "WICKET", "TWO_WING_WICKET", "CUSTOM"],
  lockType: ["ELECTRIC", "NORMAL", "NONE"],
  /** The nominal wheel diameters of a rail gate (docs/domain.md#fence-geometry: 60, 80, 100 mm). */
  wheelsType: ["WT_60MM", "WT_80MM", "WT_100MM"],
  /** Which side the hinges are on (seen from the street) and where the leaf swings. */
  openingType: ["RIGHT_TO_YARD", "LEFT_TO_YARD", "RIGHT_TO_STREET", "LEFT_TO_STREET"],
  hingeType: ["BEARING", "ARTICULATED"],
  /** A swing gate is opened by hand on its hinges, or by a drive (a motor arm). */
  gateOpeningType: ["HINGES", "DRIVE"],
  /** Where the wings of a driven two-wing gate swing. */
  driveOpening: ["YARD", "STREET", "R_TO_STREET_L_TO_YARD", "L_TO_STREET_R_TO_YARD"],
  /** The two wings of a hinged two-wing gate or wicket swing the same way, or one in and one out. */
  wingRelation: ["SAME_DIRECTION", "CROSS"],
  /** How the slats are kept apart: 3D-printed spacers or screws. */
  distancingType: ["PRINT_3D", "SCREWS"],
  reinforcementPostType: ["WITH_FOOTING", "WITHOUT_FOOTING"],
  /** The inner and the outer door handle of a wicket or a hinged gate. */
  doorHandleType: ["HANDLE", "KNOB"],
} as const;

export const {
  productType: PRODUCT_TYPES,
  lockType: LOCK_TYPES,
  wheelsType: WHEELS_TYPES,
  openingType: OPENING_TYPES,
  hingeType: HINGE_TYPES,
  gateOpeningType: GATE_OPENING_TYPES,
  driveOpening: DRIVE_OPENINGS,
  wingRelation: WING_RELATIONS,
  distancingType: DISTANCING_TYPES,
  reinforcementPostType: REINFORCEMENT_POST_TYPES,
  doorHandleType: DOOR_HANDLE_TYPES,
} = FENCE_ITEM_ENUMS;

/** The values of each enum, by its name: `FenceItemEnum["lockType"]` is "ELECTRIC" | "NORMAL" | "NONE". */
export type FenceItemEnum = { [Name in keyof typeof FENCE_ITEM_ENUMS]: (typeof FENCE_ITEM_ENUMS)[Name][number] };
export type ProductType = FenceItemEnum["productType"];
export type LockType = FenceItemEnum["lockType"];
export type WheelsType = FenceItemEnum["wheelsType"];
export type OpeningType = FenceItemEnum["openingType"];
export type HingeType = FenceItemEnum["hingeType"];
export type GateOpeningType = FenceItemEnum["gateOpeningType"];
export type DriveOpening = FenceItemEnum["driveOpening"];
export type WingRelation = FenceItemEnum["wingRelation"];
export type DistancingType = FenceItemEnum["distancingType"];
export type ReinforcementPostType = FenceItemEnum["reinforcementPostType"];
export type DoorHandleType = FenceItemEnum["doorHandleType"];

/** docs/domain.md#vat: the VAT rates an order offers (the engine computes any rate; these are what tests and the UI list). */
export const ORDER_VAT_RATES = [12, 15, 21] as const;

/** Types whose leaf hangs on hinges (hinge type and width, opening type, door handles). */
export const HINGED_TYPES: readonly ProductType[] = ["ONE_WING_GATE", "TWO_WING_GATE", "WICKET", "TWO_WING_WICKET"];
/** Types made of two wings: a wicket (active) part and a solid (passive) part. */
export const TWO_WING_TYPES: readonly ProductType[] = ["TWO_WING_GATE", "TWO_WING_WICKET"];
/** Sliding types: one leaf that runs along the fence, built with a drive mount. */
export const SLIDING_TYPES: readonly ProductType[] = ["GATE", "RAIL_GATE"];
/** Swing gates choose hinges (by hand) or a drive. Wickets are always opened by hand. */
export const SWING_GATE_TYPES: readonly ProductType[] = ["ONE_WING_GATE", "TWO_WING_GATE"];

export const isHinged = (type: ProductType | null | undefined): boolean => !!type && HINGED_TYPES.includes(type);
export const isTwoWing = (type: ProductType | null | undefined): boolean => !!type && TWO_WING_TYPES.includes(type);
export const isSliding = (type: ProductType | null | undefined): boolean => !!type && SLIDING_TYPES.includes(type);
export const isSwingGate = (type: ProductType | null | undefined): boolean => !!type && SWING_GATE_TYPES.includes(type);


// ---- the items tab ------------------------------------------------------------------------------

/** The reference products assembly is sold as (decision 009: found by system_role; the spec's 18, 20 and 19). */
export const ASSEMBLY_ROLES = ["ASSEMBLY_FENCE", "ASSEMBLY_GATE", "ASSEMBLY_WICKET"] as const;
export type AssemblyRole = (typeof ASSEMBLY_ROLES)[number];

/**
 * docs/domain.md#assembly: what each product type is assembled as: fences → fence assembly (18), gates → gate
 * assembly (20), wickets → wicket assembly (19). A custom item has no known construction: none.
 */
export const ASSEMBLY_ROLE_BY_TYPE: Record<ProductType, AssemblyRole | null> = {
  FENCE: "ASSEMBLY_FENCE",
  GATE: "ASSEMBLY_GATE",
  ONE_WING_GATE: "ASSEMBLY_GATE",
  TWO_WING_GATE: "ASSEMBLY_GATE",
  RAIL_GATE: "ASSEMBLY_GATE",
  WICKET: "ASSEMBLY_WICKET",
  TWO_WING_WICKET: "ASSEMBLY_WICKET",
  CUSTOM: null,
};

/** docs/domain.md#sub-products: a sub-product whose product is this value still needs one chosen (refused on save). */
export const SUB_PRODUCT_TO_CHOOSE = -2;

/** Other and assembly items share one table; this tells them apart (docs/domain.md#other-items: itemType). */
export const OTHER_ITEM_TYPES = ["OTHER", "ASSEMBLY"] as const;
export type OtherItemType = (typeof OTHER_ITEM_TYPES)[number];

/** docs/domain.md#offer-form: the discount's description when the office gives an amount without one. */
export const DEFAULT_DISCOUNT_DESCRIPTION = "Sleva";
