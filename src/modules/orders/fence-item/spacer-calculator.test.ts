import { describe, expect, test } from "bun:test";
import { computeFenceItem, computeSpacers, spacerCalculatorInputFor } from "./engine";

describe("the spacer calculator", () => {
  test("an exact fit: floor and ceiling are the same, the spacer unchanged, no tail", () => {
    expect(computeSpacers({ height: 1280, slatHeight: 100, spacer: 18 })).toEqual({
      availableHeight: 1280,
      exactSlatCount: 11,
      floor: { slatCount: 11, spacerHeight: 18, tail: 0 },
      ceiling: { slatCount: 11, spacerHeight: 18, tail: 0 },
      fixed: { slatCount: 11, spacerHeight: 18, tail: 0 },
    });
  });

  test("the stretched and shrunk spacers with concrete numbers", () => {
    // A = 1090, slat 80, wanted 12: (1102) / 92 = 11.98 → 11 at (1090 − 880) / 10 = 21.00, 12 at (1090 − 960) / 11 = 11.818 → 11.81 (down, so they fit)
    const result = computeSpacers({ height: 1090, slatHeight: 80, spacer: 12 })!;
    expect(result.floor).toEqual({ slatCount: 11, spacerHeight: 21, tail: 0 });
    expect(result.ceiling).toEqual({ slatCount: 12, spacerHeight: 11.81, tail: 0.09 });
    expect(result.fixed).toEqual({ slatCount: 11, spacerHeight: 12, tail: 90 });
  });

  test("spacers round down to the hundredth, so the tail is never negative", () => {
    // 3 slats of 100 in 340.01: (340.01 − 300) / 2 = 20.005 → 20.00, tail 0.01
    expect(computeSpacers({ height: 340.01, slatHeight: 100, spacer: 20 })!.floor).toEqual({ slatCount: 3, spacerHeight: 20, tail: 0.01 });
    // 4 slats of 50 in 260.01: (260.01 − 200) / 3 = 20.0033 → 20.00
    expect(computeSpacers({ height: 260.01, slatHeight: 50, spacer: 20 })!.floor).toEqual({ slatCount: 4, spacerHeight: 20, tail: 0.01 });
  });

  test("Z1 and Z2 come off the height", () => {
    const result = computeSpacers({ height: 1000, slatHeight: 100, spacer: 20, z1: 30, z2: 30.5 })!;
    expect(result.availableHeight).toBe(939.5);
    expect(result.fixed).toEqual({ slatCount: 7, spacerHeight: 20, tail: 939.5 - 700 - 120 });
  });

  test("one slat: nothing to space; none: all tail", () => {
    expect(computeSpacers({ height: 150, slatHeight: 100, spacer: 20 })!.floor).toEqual({ slatCount: 1, spacerHeight: null, tail: 50 });
    const none = computeSpacers({ height: 80, slatHeight: 100, spacer: 20 })!;
    expect(none.floor).toEqual({ slatCount: 0, spacerHeight: null, tail: 80 });
    expect(none.ceiling).toBeNull();
    expect(none.fixed).toEqual({ slatCount: 0, spacerHeight: 20, tail: 80 });
  });

  test("the ceiling is offered only while the slats alone fit", () => {
    // (199.99 + 50) / 150 = 1.67: 2 slats would need 200 mm.
    expect(computeSpacers({ height: 199.99, slatHeight: 100, spacer: 50 })!.ceiling).toBeNull();
    expect(computeSpacers({ height: 200, slatHeight: 100, spacer: 50 })!.ceiling).toEqual({ slatCount: 2, spacerHeight: 0, tail: 0 });
  });

  test("nothing to compute: slat height 0, a negative spacer, offsets beyond the height", () => {
    expect(computeSpacers({ height: 1000, slatHeight: 0, spacer: 20 })).toBeNull();
    expect(computeSpacers({ height: 1000, slatHeight: 100, spacer: -1 })).toBeNull();
    expect(computeSpacers({ height: 100, slatHeight: 50, spacer: 10, z1: 60, z2: 50 })).toBeNull();
  });

  test("the dialog opens with the item's filling height, the product's slat height and the item's spacers", () => {
    const item = { productType: "TWO_WING_WICKET", height: 1200, distanceFromGround: 50, spacerHeight: 10, spacerHeightAlt: 9 } as const;
    const parameters = { topBar: 30, bottomBar: 30, pieceHeight: 80 };
    const computed = computeFenceItem(item, parameters);
    expect(spacerCalculatorInputFor(item, computed, parameters)).toEqual({ height: 1090, slatHeight: 80, spacer: 10 });
    expect(spacerCalculatorInputFor(item, computed, parameters, "alt")).toEqual({ height: 1090, slatHeight: 80, spacer: 9 });
    expect(spacerCalculatorInputFor({ productType: "FENCE" }, { realFillingHeight: null }, {})).toEqual({});
  });
});
