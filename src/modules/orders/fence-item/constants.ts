/**
 * The fence item's vocabulary (spec 02 §3): product types and the enums of its fields.
 * Browser-safe: plain constants, imported by the engine, the schemas and the items island.
 */

/** Spec 02 §3, in the spec's order. What each one is: docs/fence-geometry.md. */
export const PRODUCT_TYPES = ["FENCE", "GATE", "ONE_WING_GATE", "TWO_WING_GATE", "RAIL_GATE", "WICKET", "TWO_WING_WICKET", "CUSTOM"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const LOCK_TYPES = ["ELECTRIC", "NORMAL", "NONE"] as const;
export type LockType = (typeof LOCK_TYPES)[number];

/** The nominal wheel diameters of a rail gate (spec 02 §9: 60, 80, 100 mm). */
export const WHEELS_TYPES = ["WT_60MM", "WT_80MM", "WT_100MM"] as const;
export type WheelsType = (typeof WHEELS_TYPES)[number];

/** Which side the hinges are on (seen from the street) and where the leaf swings. */
export const OPENING_TYPES = ["RIGHT_TO_YARD", "LEFT_TO_YARD", "RIGHT_TO_STREET", "LEFT_TO_STREET"] as const;
export type OpeningType = (typeof OPENING_TYPES)[number];

export const HINGE_TYPES = ["BEARING", "ARTICULATED"] as const;
export type HingeType = (typeof HINGE_TYPES)[number];

/** A swing gate is opened by hand on its hinges, or by a drive (a motor arm). */
export const GATE_OPENING_TYPES = ["HINGES", "DRIVE"] as const;
export type GateOpeningType = (typeof GATE_OPENING_TYPES)[number];

/** Where the wings of a driven two-wing gate swing. */
export const DRIVE_OPENINGS = ["YARD", "STREET", "R_TO_STREET_L_TO_YARD", "L_TO_STREET_R_TO_YARD"] as const;
export type DriveOpening = (typeof DRIVE_OPENINGS)[number];

/** The two wings of a hinged two-wing gate or wicket swing the same way, or one in and one out. */
export const WING_RELATIONS = ["SAME_DIRECTION", "CROSS"] as const;
export type WingRelation = (typeof WING_RELATIONS)[number];

/** How the slats are kept apart: 3D-printed spacers or screws. */
export const DISTANCING_TYPES = ["PRINT_3D", "SCREWS"] as const;
export type DistancingType = (typeof DISTANCING_TYPES)[number];

export const REINFORCEMENT_POST_TYPES = ["WITH_FOOTING", "WITHOUT_FOOTING"] as const;
export type ReinforcementPostType = (typeof REINFORCEMENT_POST_TYPES)[number];

/** The inner and the outer door handle of a wicket or a hinged gate. */
export const DOOR_HANDLE_TYPES = ["HANDLE", "KNOB"] as const;
export type DoorHandleType = (typeof DOOR_HANDLE_TYPES)[number];

/** Spec 02 §9: the VAT rates an order offers (the engine computes any rate; these are what tests and the UI list). */
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
