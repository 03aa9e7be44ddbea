import { describe, expect, test } from "bun:test";
import { computeGeometry, type FenceItemFields, type FenceParameters, slatLayout } from "./engine";

const fence = (overrides: FenceItemFields = {}): FenceItemFields => ({ productType: "FENCE", height: 1800, length: 2500, spacerHeight: 20, ...overrides });
const sources = (deductions: { source: string; count: number; total: number }[]) => deductions.map((d) => `${d.source}×${d.count}=${d.total}`);

describe("slat count = floor((height + spacer) / (piece height + spacer))", () => {
  test("counts and tails with concrete numbers (hundredths of a mm)", () => {
    expect(slatLayout(166_500, 2000, 10_000, null)).toEqual({ slatCount: 14, tail: 5 });
    expect(slatLayout(128_000, 1800, 10_000, null)).toEqual({ slatCount: 11, tail: 0 }); // exactly 11
    expect(slatLayout(127_999, 1800, 10_000, null)).toEqual({ slatCount: 10, tail: 117.99 }); // 0.01 short of 11
    expect(slatLayout(5000, 2000, 10_000, null)).toEqual({ slatCount: 0, tail: 50 }); // not even one slat
    expect(slatLayout(10_000, 2000, 10_000, null)).toEqual({ slatCount: 1, tail: 0 }); // one slat, no spacer
    expect(slatLayout(100_000, 0, 10_000, null)).toEqual({ slatCount: 10, tail: 0 }); // slats touching
  });

  test("a chosen count sets the tail; more than fits leaves it negative", () => {
    expect(slatLayout(166_500, 2000, 10_000, 13)).toEqual({ slatCount: 14, tail: 125 });
    expect(slatLayout(166_500, 2000, 10_000, 15)).toEqual({ slatCount: 14, tail: -115 });
  });

  test("no slat height or a negative spacer lays nothing; a negative filling has no slats", () => {
    expect(slatLayout(166_500, 2000, 0, null)).toBeNull();
    expect(slatLayout(166_500, -1, 10_000, null)).toBeNull();
    expect(slatLayout(-500, 2000, 10_000, null)).toEqual({ slatCount: 0, tail: -5 });
  });

  test("spacers with two decimals", () => {
    // (1090 + 12.35) / (80 + 12.35) = 11.94 → 11; tail 1090 − 880 − 10 × 12.35 = 86.5
    const geometry = computeGeometry(fence({ height: 1090, spacerHeight: 12.35 }), { pieceHeight: 80 });
    expect(geometry.slatCount).toBe(11);
    expect(geometry.tail).toBe(86.5);
  });
});

describe("real filling height per type", () => {
  const parameters: FenceParameters = { topBar: 40, bottomBar: 30, cProfile: 90, wheel60: 65, driveMountSize: 45, driveMountPosition: 15, pieceHeight: 100 };
  const item = { height: 2000, length: 3000, distanceFromGround: 50, distanceFromTop: 10 };

  test("fence, swing gates and wickets: distances, top and bottom bar", () => {
    for (const productType of ["FENCE", "ONE_WING_GATE", "TWO_WING_GATE", "WICKET", "TWO_WING_WICKET"] as const) {
      expect({ productType, h: computeGeometry({ ...item, productType }, parameters).realFillingHeight }).toEqual({ productType, h: 2000 - 50 - 10 - 40 - 30 });
    }
  });

  test("cantilever gate: the C profile instead of the bottom bar, and the drive mount (item's, else the product's)", () => {
    const geometry = computeGeometry({ ...item, productType: "GATE" }, parameters);
    expect(geometry.realFillingHeight).toBe(2000 - 50 - 10 - 40 - 90 - 15 - 45);
    expect(sources(geometry.deductions.height)).toEqual([
      "distanceFromGround×1=50",
      "distanceFromTop×1=10",
      "topBar×1=40",
      "cProfile×1=90",
      "driveMountPosition×1=15",
      "driveMountSize×1=45",
    ]);
    const own = computeGeometry({ ...item, productType: "GATE", driveMountSize: 60, driveMountPosition: 0 }, parameters);
    expect(own.realFillingHeight).toBe(2000 - 50 - 10 - 40 - 90 - 0 - 60);
  });

  test("rail gate: the wheels by wheels type, the product overriding the nominal size", () => {
    const at = (wheelsType: "WT_60MM" | "WT_80MM" | "WT_100MM") =>
      computeGeometry({ ...item, productType: "RAIL_GATE", wheelsType, driveMountSize: 0, driveMountPosition: 0 }, parameters).realFillingHeight;
    expect(at("WT_60MM")).toBe(2000 - 50 - 10 - 40 - 30 - 65); // the product's 65
    expect(at("WT_80MM")).toBe(2000 - 50 - 10 - 40 - 30 - 80); // spec default
    expect(at("WT_100MM")).toBe(2000 - 50 - 10 - 40 - 30 - 100);
    expect(computeGeometry({ ...item, productType: "RAIL_GATE", driveMountSize: 0, driveMountPosition: 0 }, parameters).realFillingHeight).toBe(2000 - 50 - 10 - 40 - 30);
  });

  test("custom: the distances only", () => {
    expect(computeGeometry({ ...item, productType: "CUSTOM" }, parameters).realFillingHeight).toBe(1940);
  });

  test("no height, no filling height; empty distances count 0", () => {
    expect(computeGeometry({ productType: "FENCE", length: 2000 }, parameters).realFillingHeight).toBeNull();
    expect(computeGeometry({ productType: "FENCE", height: 1000 }, {}).realFillingHeight).toBe(1000);
  });

  test("decimal millimetres stay exact", () => {
    // 1800.5 − 50.3 − 0 − 30.1 − 25.1 = 1695.0 exactly (a float sum gives 1695.0000000000002)
    expect(computeGeometry(fence({ height: 1800.5, distanceFromGround: 50.3 }), { topBar: 30.1, bottomBar: 25.1 }).realFillingHeight).toBe(1695);
  });
});

describe("real filling width per type", () => {
  const parameters: FenceParameters = { uProfile: 24, post: 80, stop: 20, lock: 40, electricLock: 55, fieldDivider: 30, hingeBearing: 28, hingeArticulated: 22 };

  test("fence: length − U profile; its field count is ignored", () => {
    const geometry = computeGeometry(fence({ fieldCount: 3 }), parameters);
    expect(geometry.realFillingWidth).toBe(2476);
    expect(geometry.fieldCount).toBe(1);
  });

  test("sliding gates: stop, lock, dividers between fields and U profiles per field", () => {
    const geometry = computeGeometry({ productType: "RAIL_GATE", length: 5000, lockType: "NORMAL", fieldCount: 3 }, parameters);
    expect(geometry.realFillingWidth).toBe(5000 - 20 - 40 - 2 * 30 - 3 * 24);
    expect(geometry.fieldFillingWidth).toBe(1602.67); // 4808 / 3, half up to 0.01 mm
    expect(sources(geometry.deductions.width)).toEqual(["stop×1=20", "lock×1=40", "fieldDivider×2=60", "uProfile×3=72"]);
  });

  test("the lock: NORMAL, ELECTRIC (its own size, else the lock's), NONE", () => {
    const width = (lockType: "NORMAL" | "ELECTRIC" | "NONE", params = parameters) => computeGeometry({ productType: "GATE", length: 4000, lockType }, params).realFillingWidth;
    expect(width("NORMAL")).toBe(4000 - 20 - 40 - 24);
    expect(width("ELECTRIC")).toBe(4000 - 20 - 55 - 24);
    expect(width("ELECTRIC", { ...parameters, electricLock: null })).toBe(4000 - 20 - 40 - 24);
    expect(width("NONE")).toBe(4000 - 20 - 24);
  });

  test("one leaf on hinges: two posts, hinge, stop, lock; the hinge width falls back to the product's while empty", () => {
    const item: FenceItemFields = { productType: "WICKET", length: 1300, lockType: "NONE", hingeType: "BEARING", hingeWidth: 30 };
    expect(computeGeometry(item, parameters).realFillingWidth).toBe(1300 - 160 - 30 - 20 - 24);
    expect(computeGeometry({ ...item, hingeWidth: null }, parameters).realFillingWidth).toBe(1300 - 160 - 28 - 20 - 24);
    expect(computeGeometry({ ...item, hingeWidth: null, hingeType: "ARTICULATED" }, parameters).realFillingWidth).toBe(1300 - 160 - 22 - 20 - 24);
    expect(computeGeometry({ ...item, hingeWidth: null, hingeType: null }, parameters).realFillingWidth).toBe(1300 - 160 - 20 - 24);
  });

  test("a one-wing gate divided into two fields", () => {
    const geometry = computeGeometry({ productType: "ONE_WING_GATE", length: 3600, lockType: "NORMAL", hingeWidth: 30, fieldCount: 2 }, parameters);
    expect(geometry.realFillingWidth).toBe(3600 - 160 - 30 - 20 - 40 - 30 - 48);
    expect(geometry.fieldFillingWidth).toBe(1636);
  });

  test("two wings: each gives up its post, hinge and half the gap; the lock is on the wicket part", () => {
    const geometry = computeGeometry({ productType: "TWO_WING_GATE", length: 4000, wicketPartWidth: 1800, solidPartWidth: 2200, hingeWidth: 30, lockType: "NORMAL" }, parameters);
    expect(geometry.realGatePartFillingWidth).toBe(1800 - 80 - 30 - 5 - 40 - 24);
    expect(geometry.realSolidPartFillingWidth).toBe(2200 - 80 - 30 - 5 - 24);
    expect(geometry.realFillingWidth).toBe(1621 + 2061);
    expect(sources(geometry.deductions.widthAlt)).toEqual(["post×1=80", "hingeWidth×1=30", "wingGap/2×1=5", "uProfile×1=24"]);
  });

  test("an odd wing gap halves to 0.01 mm, rounded half up", () => {
    const geometry = computeGeometry({ productType: "TWO_WING_WICKET", wicketPartWidth: 1000, solidPartWidth: 1000, hingeWidth: 0 }, { wingGap: 10.01 });
    expect(geometry.realGatePartFillingWidth).toBe(1000 - 5.01);
  });

  test("a part without its width has no filling, nor does the sum", () => {
    const geometry = computeGeometry({ productType: "TWO_WING_WICKET", length: 2000, wicketPartWidth: 900, hingeWidth: 20 }, parameters);
    expect(geometry.realGatePartFillingWidth).toBe(900 - 80 - 20 - 5 - 24);
    expect(geometry.realSolidPartFillingWidth).toBeNull();
    expect(geometry.realFillingWidth).toBeNull();
  });

  test("custom: nothing subtracted; no length, no width", () => {
    expect(computeGeometry({ productType: "CUSTOM", length: 1234.5 }, parameters).realFillingWidth).toBe(1234.5);
    expect(computeGeometry({ productType: "FENCE", height: 1000 }, parameters).realFillingWidth).toBeNull();
  });

  test("components the product does not have are 0 and not listed", () => {
    const geometry = computeGeometry({ productType: "GATE", length: 4000, lockType: "NORMAL" }, {});
    expect(geometry.realFillingWidth).toBe(4000);
    expect(geometry.deductions.width).toEqual([]);
  });

  test("too many components make the filling negative (validation flags it)", () => {
    expect(computeGeometry({ productType: "WICKET", length: 200, hingeWidth: 30 }, parameters).realFillingWidth).toBe(200 - 160 - 30 - 20 - 24);
  });
});

describe("the Alt slats are the solid part's", () => {
  const parameters: FenceParameters = { pieceHeight: 100 };
  const pair: FenceItemFields = { productType: "TWO_WING_GATE", height: 1490, wicketPartWidth: 1000, solidPartWidth: 1000, spacerHeight: 20 };

  test("the same spacer when spacerHeightAlt is empty", () => {
    const geometry = computeGeometry(pair, parameters);
    expect([geometry.slatCount, geometry.tail, geometry.slatCountAlt, geometry.tailAlt]).toEqual([12, 70, 12, 70]); // floor(1510 / 120) = 12; 1490 − 1200 − 220
  });

  test("its own spacer and chosen count", () => {
    const geometry = computeGeometry({ ...pair, spacerHeightAlt: 25, actualSlatCountAlt: 11 }, parameters);
    expect(geometry.slatCountAlt).toBe(12); // floor(1515 / 125) = 12.12 → 12
    expect(geometry.tailAlt).toBe(1490 - 1100 - 250);
  });

  test("one-part types have no Alt", () => {
    const geometry = computeGeometry({ ...pair, productType: "WICKET", length: 1000, spacerHeightAlt: 25 }, parameters);
    expect([geometry.slatCountAlt, geometry.tailAlt, geometry.fieldFillingWidthAlt]).toEqual([null, null, null]);
  });

  test("no slats without the slat height, the spacer, or on a custom item", () => {
    expect(computeGeometry(pair, {}).slatCount).toBeNull();
    expect(computeGeometry({ ...pair, spacerHeight: null }, parameters).slatCount).toBeNull();
    expect(computeGeometry({ ...pair, productType: "CUSTOM", length: 2000 }, parameters).slatCount).toBeNull();
  });
});

describe("weight = length × weight per metre / 100 kg (length in cm)", () => {
  test("concrete numbers", () => {
    expect(computeGeometry(fence({ length: 2500, amount: 6 }), { weightPerMeter: 12.5 })).toMatchObject({ weight: 31.25, totalWeight: 187.5 });
    expect(computeGeometry(fence({ length: 1333, amount: 3 }), { weightPerMeter: 7.777 })).toMatchObject({ weight: 10.37, totalWeight: 31.1 }); // 10.366741 kg; × 3 = 31.100223
    expect(computeGeometry(fence({ length: 1000 }), { weightPerMeter: 0.005 }).weight).toBe(0.01); // 0.005 kg → 0.01
  });

  test("no weight per metre or no length: no weight; no amount: no total", () => {
    expect(computeGeometry(fence(), {}).weight).toBeNull();
    expect(computeGeometry(fence({ length: null }), { weightPerMeter: 10 }).weight).toBeNull();
    expect(computeGeometry(fence({ amount: null }), { weightPerMeter: 10 })).toMatchObject({ weight: 25, totalWeight: null });
  });
});
