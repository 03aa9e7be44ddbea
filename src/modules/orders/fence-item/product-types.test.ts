import { describe, expect, test } from "bun:test";
import { productFitsType } from "./product-types";

const keys = (...list: string[]) => new Set(list);

describe("which products an item of a type takes", () => {
  const fence = keys("pieceHeight", "topBar", "bottomBar", "uProfile", "weightPerMeter", "assemblyPrice");
  const wicket = keys("pieceHeight", "topBar", "bottomBar", "uProfile", "post", "stop", "lock", "hingeBearing");
  const railGate = keys("pieceHeight", "topBar", "wheel80", "railGateOverhang");

  test("a fence takes a fence product, not a gate's or a wicket's", () => {
    expect([fence, wicket, railGate].map((product) => productFitsType(product, "FENCE"))).toEqual([true, false, false]);
  });

  test("a gate or wicket takes one with values of its own construction, not a plain fence product", () => {
    expect([fence, wicket, railGate].map((product) => productFitsType(product, "WICKET"))).toEqual([false, true, false]);
    expect([fence, wicket, railGate].map((product) => productFitsType(product, "RAIL_GATE"))).toEqual([false, false, true]);
  });

  test("a custom item, an item without a type, and a product without engine values: no refusal", () => {
    expect(productFitsType(wicket, "CUSTOM")).toBe(true);
    expect(productFitsType(wicket, null)).toBe(true);
    expect(productFitsType(keys(), "FENCE")).toBe(true);
  });
});
