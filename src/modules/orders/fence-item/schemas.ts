/**
 * zod inputs of a fence item and of the spacer calculator (spec 02 §3, §5). Browser-safe: zod,
 * the shared field builders and this folder's constants. The server parses `editItems` with
 * `fenceItemInput`; the island may parse drafts with `fenceItemDraftInput` (no required rules).
 *
 * Derived numbers a client sends (unitPrice, totalPrice, realFilling…, tail…) are not read:
 * unknown keys are stripped and the engine recomputes them, so a client total that lies is lost.
 */
import { z } from "zod";
import { booleanField, decimalField, integerField, optionalRefId, optionalText } from "@/lib/zod-fields";
import {
  DISTANCING_TYPES,
  DOOR_HANDLE_TYPES,
  DRIVE_OPENINGS,
  GATE_OPENING_TYPES,
  HINGE_TYPES,
  LOCK_TYPES,
  OPENING_TYPES,
  PRODUCT_TYPES,
  REINFORCEMENT_POST_TYPES,
  WHEELS_TYPES,
  WING_RELATIONS,
} from "./constants";
import { missingRequiredFields } from "./rules";
import type { FenceItemFields } from "./types";

export * from "./constants";

const blank = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

/** Limits that keep a typo out (a 10 m high fence, a 100 m long gate are not products) and the arithmetic small. */
const MAX_HEIGHT_MM = 10_000;
const MAX_LENGTH_MM = 100_000;

/** A measure in mm: blank is none; at most one decimal (the database keeps numeric(10,1)), never below 0. */
const millimetres = (max = MAX_LENGTH_MM, places = 1) => z.preprocess(blank, decimalField({ min: 0, max, places }).optional());
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values, { error: "validation.invalid" }).optional());

/** A sub-product line of a fence item (spec 02 §3); its -2 rule and "one per category remains" belong to the save. */
export const subProductInput = z.object({
  id: optionalRefId(),
  productCategory: optionalRefId(),
  productCategoryName: optionalText(200),
  itemType: optionalText(40),
  product: optionalRefId(),
  amount: z.preprocess(blank, decimalField({ min: 0, max: 999_999, places: 3 }).optional()),
  unitPrice: z.preprocess(blank, decimalField({ min: 0, max: 99_999_999.99, places: 2 }).optional()),
  invoiceName: optionalText(200),
});
export type SubProductInput = z.output<typeof subProductInput>;

const fenceItemObject = z.object({
  id: optionalRefId(),
  /** A new item's temporary id until it is saved (spec 02 §4). */
  tmpId: optionalText(100),
  productType: z.preprocess(
    blank,
    z.enum(PRODUCT_TYPES, { error: (issue) => (issue.input === undefined ? "validation.required" : "validation.invalid") }),
  ),
  product: optionalRefId(),
  manufacturedProduct: optionalRefId(),
  color: optionalText(100),
  height: millimetres(MAX_HEIGHT_MM),
  length: millimetres(),
  lengthBottom: millimetres(),
  lengthTop: millimetres(),
  amount: z.preprocess(blank, decimalField({ min: 0, max: 999_999, places: 3 }).optional()),
  m2price: z.preprocess(blank, decimalField({ min: 0, max: 99_999_999.99, places: 2 }).optional()),
  invoiceName: optionalText(200),
  finalMeasurement: booleanField(false),
  readNote: booleanField(false),
  spacerHeight: millimetres(1000, 2),
  spacerHeightAlt: millimetres(1000, 2),
  actualSlatCount: z.preprocess(blank, integerField({ min: 0, max: 1000 }).optional()),
  actualSlatCountAlt: z.preprocess(blank, integerField({ min: 0, max: 1000 }).optional()),
  distancingType: optionalEnum(DISTANCING_TYPES),
  distanceFromGround: millimetres(MAX_HEIGHT_MM),
  distanceFromTop: millimetres(MAX_HEIGHT_MM),
  installationPosition: optionalText(200),
  openingSize: millimetres(),
  driveMountSize: millimetres(MAX_HEIGHT_MM),
  driveMountPosition: millimetres(MAX_HEIGHT_MM),
  elevationLeftUpper: millimetres(MAX_HEIGHT_MM),
  elevationLeftLower: millimetres(MAX_HEIGHT_MM),
  elevationRightUpper: millimetres(MAX_HEIGHT_MM),
  elevationRightLower: millimetres(MAX_HEIGHT_MM),
  extensionDH: millimetres(MAX_HEIGHT_MM),
  extensionDS: millimetres(MAX_HEIGHT_MM),
  extensionPH: millimetres(MAX_HEIGHT_MM),
  extensionPS: millimetres(MAX_HEIGHT_MM),
  extensionLeftUpper: millimetres(MAX_HEIGHT_MM),
  extensionLeftLower: millimetres(MAX_HEIGHT_MM),
  extensionRightUpper: millimetres(MAX_HEIGHT_MM),
  extensionRightLower: millimetres(MAX_HEIGHT_MM),
  lockType: optionalEnum(LOCK_TYPES),
  wheelsType: optionalEnum(WHEELS_TYPES),
  hookLock: booleanField(false),
  openingType: optionalEnum(OPENING_TYPES),
  totalGateLength: millimetres(),
  doorHandleInner: optionalEnum(DOOR_HANDLE_TYPES),
  doorHandleOuter: optionalEnum(DOOR_HANDLE_TYPES),
  lockInner: booleanField(false),
  lockOuter: booleanField(false),
  /** Spec 02 §5: at least 0. */
  doorHandleHeight: millimetres(MAX_HEIGHT_MM),
  rectangularShape: booleanField(true),
  hingeType: optionalEnum(HINGE_TYPES),
  hingeWidth: millimetres(1000),
  reinforcementPost: booleanField(false),
  reinforcementPostType: optionalEnum(REINFORCEMENT_POST_TYPES),
  gateOpeningType: optionalEnum(GATE_OPENING_TYPES),
  gateDropRod: booleanField(false),
  gateDropRodLength: millimetres(MAX_HEIGHT_MM),
  wicketPartWidth: millimetres(),
  solidPartWidth: millimetres(),
  driveOpening: optionalEnum(DRIVE_OPENINGS),
  wingRelation: optionalEnum(WING_RELATIONS),
  fieldCount: z.preprocess(blank, integerField({ min: 1, max: 20 }).optional()),
  undividedFilling: booleanField(false),
  subProducts: z.preprocess((value) => (value === undefined || value === null ? [] : value), z.array(subProductInput, { error: "validation.invalid" })),
});

/** A fence item as typed so far: formats and ranges only, no required rules (the island's live parse). */
export const fenceItemDraftInput = fenceItemObject;
export type FenceItemDraft = z.output<typeof fenceItemDraftInput>;

/** A fence item to save: formats, ranges and the required fields of its type (spec 02 §5), each on its own path. */
export const fenceItemInput = fenceItemObject.superRefine((item, context) => {
  for (const field of missingRequiredFields(item)) context.addIssue({ code: "custom", path: [field], message: "validation.required" });
});
export type FenceItemInput = z.output<typeof fenceItemInput>;

// The engine reads what the schema gives: a parsed item is an engine input as it is.
const parsedItemIsEngineInput = (item: FenceItemInput): FenceItemFields => item;
void parsedItemIsEngineInput;

/** The spacer calculator's form (page and dialog); Z1 and Z2 are the spaces kept under and above the slats. */
export const spacerCalculatorInput = z
  .object({
    height: decimalField({ min: 0, max: MAX_HEIGHT_MM, places: 2 }),
    slatHeight: decimalField({ min: 0.01, max: MAX_HEIGHT_MM, places: 2 }),
    spacer: decimalField({ min: 0, max: 1000, places: 2 }),
    z1: z.preprocess(blank, decimalField({ min: 0, max: MAX_HEIGHT_MM, places: 2 }).optional()),
    z2: z.preprocess(blank, decimalField({ min: 0, max: MAX_HEIGHT_MM, places: 2 }).optional()),
  })
  .superRefine((value, context) => {
    if ((value.z1 ?? 0) + (value.z2 ?? 0) > value.height) {
      context.addIssue({ code: "custom", path: ["z2"], message: "fenceItem.spacer.offsetsTooLarge", params: { height: value.height } });
    }
  });
export type SpacerCalculatorFormInput = z.output<typeof spacerCalculatorInput>;
