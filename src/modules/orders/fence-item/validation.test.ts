import { describe, expect, test } from "bun:test";
import { computeFenceItem, type FenceItemFieldName, type FenceItemFields, issuesByField, missingRequiredFields, PRODUCT_TYPES, requiredFieldsFor } from "./engine";

const ALWAYS: FenceItemFieldName[] = ["productType", "product", "color", "height", "length", "amount", "m2price"];
const SLATTED: FenceItemFieldName[] = [...ALWAYS, "spacerHeight", "distancingType"];

describe("required fields per product type (docs/domain.md#fence-item-validation)", () => {
  const expected: Record<(typeof PRODUCT_TYPES)[number], FenceItemFieldName[]> = {
    FENCE: SLATTED,
    GATE: [...SLATTED, "lockType", "openingSize", "totalGateLength", "fieldCount", "driveMountSize", "driveMountPosition"],
    RAIL_GATE: [...SLATTED, "wheelsType", "lockType", "openingSize", "fieldCount", "driveMountSize", "driveMountPosition"],
    ONE_WING_GATE: [...SLATTED, "gateOpeningType", "hingeType", "hingeWidth", "lockType", "openingType"],
    TWO_WING_GATE: [...SLATTED, "gateOpeningType", "hingeType", "hingeWidth", "lockType", "wicketPartWidth", "solidPartWidth"],
    WICKET: [...SLATTED, "hingeType", "hingeWidth", "lockType", "openingType"],
    TWO_WING_WICKET: [...SLATTED, "hingeType", "hingeWidth", "lockType", "wicketPartWidth", "solidPartWidth", "openingType", "wingRelation"],
    CUSTOM: ALWAYS,
  };

  for (const productType of PRODUCT_TYPES) {
    test(`${productType}, before any choice`, () => {
      expect(requiredFieldsFor({ productType })).toEqual(expected[productType]);
      // An empty item of the type misses all of them but the type itself, each flagged "required".
      const { validation } = computeFenceItem({ productType }, {});
      expect(validation.missing).toEqual(expected[productType].filter((field) => field !== "productType"));
      expect(validation.errors.every((error) => error.message === "validation.required")).toBe(true);
      expect(validation.valid).toBe(false);
    });
  }

  test("no type: the base list, the type itself missing; nothing computed, nothing thrown", () => {
    expect(missingRequiredFields({})).toEqual(ALWAYS);
    const empty = computeFenceItem({}, {});
    expect([empty.realFillingHeight, empty.realFillingWidth, empty.unitPriceHalere, empty.slatCount]).toEqual([null, null, null, null]);
    expect(empty.validation.missing).toEqual(ALWAYS);
  });

  test("a swing gate by hand with a lock needs the door handles; a driven one does not", () => {
    const byHand = requiredFieldsFor({ productType: "ONE_WING_GATE", gateOpeningType: "HINGES", lockType: "NORMAL" });
    expect(byHand).toContain("doorHandleHeight");
    expect(byHand).toContain("doorHandleInner");
    expect(byHand).toContain("doorHandleOuter");
    expect(requiredFieldsFor({ productType: "ONE_WING_GATE", gateOpeningType: "DRIVE", lockType: "ELECTRIC" })).not.toContain("doorHandleHeight");
    expect(requiredFieldsFor({ productType: "ONE_WING_GATE", gateOpeningType: "HINGES", lockType: "NONE" })).not.toContain("doorHandleHeight");
    expect(requiredFieldsFor({ productType: "WICKET", lockType: "ELECTRIC" })).toContain("doorHandleOuter");
    expect(requiredFieldsFor({ productType: "TWO_WING_WICKET", lockType: "NORMAL" })).toContain("doorHandleInner");
  });

  test("a two-wing gate: drive opening when driven, opening type and wing relation by hand", () => {
    const driven = requiredFieldsFor({ productType: "TWO_WING_GATE", gateOpeningType: "DRIVE" });
    expect(driven).toContain("driveOpening");
    expect(driven).not.toContain("openingType");
    expect(driven).not.toContain("wingRelation");
    const byHand = requiredFieldsFor({ productType: "TWO_WING_GATE", gateOpeningType: "HINGES" });
    expect(byHand).not.toContain("driveOpening");
    expect(byHand).toContain("openingType");
    expect(byHand).toContain("wingRelation");
  });

  test("a ticked drop rod needs its length, a reinforcement post its type, on any type", () => {
    expect(requiredFieldsFor({ productType: "TWO_WING_GATE", gateDropRod: true })).toContain("gateDropRodLength");
    expect(requiredFieldsFor({ productType: "TWO_WING_GATE", gateDropRod: false })).not.toContain("gateDropRodLength");
    expect(requiredFieldsFor({ productType: "FENCE", reinforcementPost: true })).toContain("reinforcementPostType");
  });

  test("blank text and NaN count as empty; 0 and false do not", () => {
    const item: FenceItemFields = { productType: "CUSTOM", product: 1, color: "  ", height: Number.NaN, length: 0, amount: 1, m2price: 0 };
    expect(missingRequiredFields(item)).toEqual(["color", "height"]);
  });
});

describe("minimum 0 (docs/domain.md#fence-item-validation): filling width, filling height, handle height", () => {
  test("a filling below 0 is an error on the computed field", () => {
    const { validation } = computeFenceItem(
      { productType: "FENCE", product: 1, color: "RAL 7016", height: 100, length: 20, amount: 1, m2price: 100, spacerHeight: 20, distancingType: "SCREWS" },
      { topBar: 60, bottomBar: 50, uProfile: 24 },
    );
    expect(validation.errors).toEqual([
      { field: "realFillingHeight", message: "validation.min", params: { min: 0 } },
      { field: "realFillingWidth", message: "validation.min", params: { min: 0 } },
    ]);
    expect(validation.valid).toBe(false);
  });

  test("each wing of a two-wing item on its own field", () => {
    const { validation } = computeFenceItem({ productType: "TWO_WING_WICKET", height: 1000, length: 300, wicketPartWidth: 100, solidPartWidth: 200, hingeWidth: 30 }, { post: 80 });
    const byField = issuesByField(validation.errors);
    expect(byField.realGatePartFillingWidth).toEqual({ field: "realGatePartFillingWidth", message: "validation.min", params: { min: 0 } });
    expect(byField.realSolidPartFillingWidth).toBeUndefined(); // 200 − 80 − 30 − 5 = 85
    expect(byField.realFillingWidth).toBeUndefined(); // −15 + 85 = 70 in all
  });

  test("exactly 0 is fine; a negative handle height is not", () => {
    const { validation } = computeFenceItem({ productType: "CUSTOM", product: 1, color: "x", height: 100, length: 100, amount: 1, m2price: 1, distanceFromGround: 100, doorHandleHeight: -1 }, {});
    expect(validation.errors).toEqual([{ field: "doorHandleHeight", message: "validation.min", params: { min: 0 } }]);
  });
});

describe("amount, length and height above 0", () => {
  const fence = { productType: "FENCE", product: 1, color: "RAL 7016", height: 1800, length: 2500, amount: 1, m2price: 100, spacerHeight: 20, distancingType: "SCREWS" } as const;
  const parameters = { topBar: 60, bottomBar: 50, uProfile: 24 };

  test("0 pieces is refused at the amount", () => {
    expect(computeFenceItem({ ...fence, amount: 0 }, parameters).validation.errors).toEqual([{ field: "amount", message: "fenceItem.positive" }]);
  });

  test("a length or height of 0 is refused at the field typed, not at the filling it leaves below 0", () => {
    expect(computeFenceItem({ ...fence, length: 0 }, parameters).validation.errors).toEqual([{ field: "length", message: "fenceItem.positive" }]);
    expect(computeFenceItem({ ...fence, height: -5 }, parameters).validation.errors).toEqual([{ field: "height", message: "fenceItem.positive" }]);
    const twoWing = computeFenceItem({ productType: "TWO_WING_WICKET", height: 1000, length: 0, wicketPartWidth: 100, solidPartWidth: 200, hingeWidth: 30 }, { post: 80 });
    expect(issuesByField(twoWing.validation.errors).length).toEqual({ field: "length", message: "fenceItem.positive" });
    expect(issuesByField(twoWing.validation.errors).realFillingWidth).toBeUndefined();
  });
});

describe("hints never block", () => {
  const pair: FenceItemFields = {
    productType: "TWO_WING_WICKET",
    product: 1,
    color: "RAL 7016",
    height: 1200,
    length: 2000,
    amount: 1,
    m2price: 3990,
    spacerHeight: 10,
    distancingType: "PRINT_3D",
    hingeType: "BEARING",
    hingeWidth: 25,
    lockType: "NONE",
    wicketPartWidth: 900,
    solidPartWidth: 1000,
    openingType: "RIGHT_TO_STREET",
    wingRelation: "SAME_DIRECTION",
  };

  test("wicket part + solid part must equal the total width: a hint on both", () => {
    const { validation } = computeFenceItem(pair, { pieceHeight: 80 });
    const params = { sum: 1900, length: 2000 };
    expect(validation.hints).toEqual([
      { field: "wicketPartWidth", message: "fenceItem.hint.partsSum", params },
      { field: "solidPartWidth", message: "fenceItem.hint.partsSum", params },
    ]);
    expect(validation.valid).toBe(true);
    expect(computeFenceItem({ ...pair, wicketPartWidth: 1000 }, { pieceHeight: 80 }).validation.hints).toEqual([]);
    expect(computeFenceItem({ ...pair, wicketPartWidth: 999.9, solidPartWidth: 1000.1 }, { pieceHeight: 80 }).validation.hints).toEqual([]);
  });

  test("a chosen slat count that does not fit", () => {
    const { validation } = computeFenceItem({ ...pair, wicketPartWidth: 1000, actualSlatCount: 14 }, { pieceHeight: 80 });
    expect(validation.hints).toEqual([{ field: "actualSlatCount", message: "fenceItem.hint.slatsDoNotFit", params: { shortBy: 1120 + 130 - 1200 } }]);
  });

  test("a cantilever gate shorter than its opening, or with no tail", () => {
    const gate: FenceItemFields = { productType: "GATE", length: 4000, openingSize: 4100, totalGateLength: 4000 };
    expect(computeFenceItem(gate, {}).validation.hints).toEqual([
      { field: "length", message: "fenceItem.hint.openingNotCovered", params: { openingSize: 4100 } },
      { field: "totalGateLength", message: "fenceItem.hint.totalGateLength", params: { length: 4000 } },
    ]);
  });

  test("a rail gate's overhang comes from the product when it has its own", () => {
    const rail: FenceItemFields = { productType: "RAIL_GATE", length: 4150, openingSize: 4000 };
    expect(computeFenceItem(rail, {}).validation.hints).toEqual([]);
    expect(computeFenceItem(rail, { railGateOverhang: 200 }).validation.hints).toEqual([
      { field: "length", message: "fenceItem.hint.railGateOverhang", params: { min: 4200, overhang: 200 } },
    ]);
  });

  test("a product without a slat height is named on the product field", () => {
    const { validation } = computeFenceItem({ productType: "FENCE", product: 7 }, {});
    expect(validation.hints).toEqual([{ field: "product", message: "fenceItem.hint.missingParameter", params: { parameter: "Výška lamely" } }]);
  });
});
