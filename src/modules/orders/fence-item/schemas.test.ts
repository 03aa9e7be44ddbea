import { describe, expect, test } from "bun:test";
import { computeFenceItem } from "./engine";
import {
  DISTANCING_TYPES,
  DOOR_HANDLE_TYPES,
  DRIVE_OPENINGS,
  fenceItemDraftInput,
  fenceItemInput,
  GATE_OPENING_TYPES,
  HINGE_TYPES,
  LOCK_TYPES,
  OPENING_TYPES,
  REINFORCEMENT_POST_TYPES,
  spacerCalculatorInput,
  WHEELS_TYPES,
  WING_RELATIONS,
} from "./schemas";

/** The field → message map of a failed parse (the first message per field). */
function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

/** What a form posts for WICKET-1 of docs/fence-geometry.md: strings, decimal commas, blanks. */
const wicketForm = {
  productType: "WICKET",
  product: "12",
  color: "RAL 7016",
  height: "1200",
  length: "1 300",
  amount: "1",
  m2price: "3990,00",
  spacerHeight: "10",
  distancingType: "PRINT_3D",
  distanceFromGround: "50",
  distanceFromTop: "",
  hingeType: "ARTICULATED",
  hingeWidth: "25",
  openingType: "RIGHT_TO_YARD",
  lockType: "NORMAL",
  doorHandleHeight: "1000",
  doorHandleInner: "HANDLE",
  doorHandleOuter: "HANDLE",
  gateDropRod: "off",
  reinforcementPost: "",
};

describe("the spec's enums", () => {
  test("exactly the values of docs/domain.md#fence-item", () => {
    expect([...LOCK_TYPES]).toEqual(["ELECTRIC", "NORMAL", "NONE"]);
    expect([...WHEELS_TYPES]).toEqual(["WT_60MM", "WT_80MM", "WT_100MM"]);
    expect([...OPENING_TYPES]).toEqual(["RIGHT_TO_YARD", "LEFT_TO_YARD", "RIGHT_TO_STREET", "LEFT_TO_STREET"]);
    expect([...HINGE_TYPES]).toEqual(["BEARING", "ARTICULATED"]);
    expect([...GATE_OPENING_TYPES]).toEqual(["HINGES", "DRIVE"]);
    expect([...DRIVE_OPENINGS]).toEqual(["YARD", "STREET", "R_TO_STREET_L_TO_YARD", "L_TO_STREET_R_TO_YARD"]);
    expect([...WING_RELATIONS]).toEqual(["SAME_DIRECTION", "CROSS"]);
    expect([...DISTANCING_TYPES]).toEqual(["PRINT_3D", "SCREWS"]);
    expect([...REINFORCEMENT_POST_TYPES]).toEqual(["WITH_FOOTING", "WITHOUT_FOOTING"]);
    expect([...DOOR_HANDLE_TYPES]).toEqual(["HANDLE", "KNOB"]);
  });
});

describe("fenceItemInput", () => {
  test("a form's strings become the engine's numbers, and the engine gives WICKET-1's results", () => {
    const parsed = fenceItemInput.safeParse(wicketForm);
    expect(parsed.success).toBe(true);
    const item = parsed.data!;
    expect(item).toMatchObject({ product: 12, height: 1200, length: 1300, m2price: 3990, distanceFromTop: undefined, gateDropRod: false, reinforcementPost: false, subProducts: [] });
    const result = computeFenceItem(item, { topBar: 30, bottomBar: 30, uProfile: 20, post: 60, stop: 15, lock: 35, pieceHeight: 80 });
    expect([result.realFillingHeight, result.realFillingWidth, result.unitPriceHalere]).toEqual([1090, 1085, 622_440]);
  });

  test("each required field of the type is flagged on its own path", () => {
    const { hingeWidth, color, lockType, ...rest } = wicketForm;
    expect(fieldErrors(fenceItemInput.safeParse({ ...rest, color: " " }))).toEqual({ color: "validation.required", hingeWidth: "validation.required", lockType: "validation.required" });
  });

  test("conditional requirements follow the choices", () => {
    const errors = fieldErrors(fenceItemInput.safeParse({ ...wicketForm, gateDropRod: "on", reinforcementPost: "true", lockType: "NONE", doorHandleHeight: "" }));
    expect(errors).toEqual({ gateDropRodLength: "validation.required", reinforcementPostType: "validation.required" });
  });

  test("bad formats: an unknown enum value, a negative measure, too many decimals, no type", () => {
    expect(fieldErrors(fenceItemInput.safeParse({ ...wicketForm, lockType: "MAGNETIC" }))).toEqual({ lockType: "validation.invalid" });
    expect(fieldErrors(fenceItemInput.safeParse({ ...wicketForm, doorHandleHeight: "-5" }))).toEqual({ doorHandleHeight: "validation.min" });
    expect(fieldErrors(fenceItemInput.safeParse({ ...wicketForm, height: "1200,25" }))).toEqual({ height: "validation.decimalPlaces" });
    expect(fieldErrors(fenceItemInput.safeParse({ ...wicketForm, spacerHeight: "12,25" }))).toEqual({});
    expect(fieldErrors(fenceItemInput.safeParse({ ...wicketForm, productType: "" }))).toMatchObject({ productType: "validation.required" });
    expect(fieldErrors(fenceItemInput.safeParse({ ...wicketForm, productType: "SHED" }))).toMatchObject({ productType: "validation.invalid" });
    expect(fieldErrors(fenceItemInput.safeParse({ ...wicketForm, height: "20000" }))).toEqual({ height: "validation.max" });
  });

  test("derived numbers a client sends are dropped: the engine recomputes them", () => {
    const parsed = fenceItemInput.parse({ ...wicketForm, unitPrice: "1", totalPrice: "1", realFillingWidth: "99999", tail: "7" });
    expect("unitPrice" in parsed).toBe(false);
    expect("totalPrice" in parsed).toBe(false);
    expect("realFillingWidth" in parsed).toBe(false);
    expect("tail" in parsed).toBe(false);
  });

  test("sub-products as lines", () => {
    const parsed = fenceItemInput.parse({ ...wicketForm, subProducts: [{ productCategory: { id: 4 }, product: "9", amount: "2", unitPrice: "289,90" }] });
    expect(parsed.subProducts).toEqual([
      { id: undefined, productCategory: 4, productCategoryName: undefined, itemType: undefined, product: 9, amount: 2, unitPrice: 289.9, invoiceName: undefined },
    ] as never);
  });

  test("the draft schema checks formats only", () => {
    expect(fenceItemDraftInput.safeParse({ productType: "GATE" }).success).toBe(true);
    expect(fenceItemDraftInput.safeParse({ productType: "GATE", height: "abc" }).success).toBe(false);
  });
});

describe("spacerCalculatorInput", () => {
  test("numbers with a decimal comma; offsets optional", () => {
    expect(spacerCalculatorInput.parse({ height: "1665", slatHeight: "100", spacer: "20,5", z1: "", z2: "15" })).toEqual({ height: 1665, slatHeight: 100, spacer: 20.5, z1: undefined, z2: 15 });
  });

  test("required fields, a slat of 0, offsets beyond the height", () => {
    expect(fieldErrors(spacerCalculatorInput.safeParse({}))).toEqual({ height: "validation.required", slatHeight: "validation.required", spacer: "validation.required" });
    expect(fieldErrors(spacerCalculatorInput.safeParse({ height: 100, slatHeight: 0, spacer: 10 }))).toEqual({ slatHeight: "validation.min" });
    expect(fieldErrors(spacerCalculatorInput.safeParse({ height: 100, slatHeight: 50, spacer: 10, z1: 60, z2: 50 }))).toEqual({ z2: "fenceItem.spacer.offsetsTooLarge" });
  });
});
