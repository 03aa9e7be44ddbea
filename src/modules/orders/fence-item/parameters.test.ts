import { describe, expect, test } from "bun:test";
import { componentSize, FENCE_PARAMETER_KEYS, FENCE_PARAMETERS, fenceParametersFrom, parameterOrDefault } from "./engine";

describe("the parameter keys the engine reads", () => {
  test("keys and names are unique, every unit is one the catalogue offers", () => {
    expect(new Set(FENCE_PARAMETER_KEYS).size).toBe(FENCE_PARAMETERS.length);
    expect(new Set(FENCE_PARAMETERS.map((p) => p.name.toLowerCase())).size).toBe(FENCE_PARAMETERS.length);
    for (const parameter of FENCE_PARAMETERS) expect(["mm", "kg", ""]).toContain(parameter.unit);
  });

  test("the spec's figures are defaults, not constants: wing gap 10, overhang 150, wheels 60/80/100", () => {
    expect(parameterOrDefault({}, "wingGap")).toBe(10);
    expect(parameterOrDefault({}, "railGateOverhang")).toBe(150);
    expect([parameterOrDefault({}, "wheel60"), parameterOrDefault({}, "wheel80"), parameterOrDefault({}, "wheel100")]).toEqual([60, 80, 100]);
    expect(parameterOrDefault({ wingGap: 12 }, "wingGap")).toBe(12);
    expect(parameterOrDefault({ wingGap: null }, "wingGap")).toBe(10);
  });

  test("a missing component is 0; a missing slat height is unknown", () => {
    expect(componentSize({}, "topBar")).toBe(0);
    expect(parameterOrDefault({}, "pieceHeight")).toBeNull();
    expect(parameterOrDefault({ pieceHeight: Number.NaN }, "pieceHeight")).toBeNull();
  });
});

describe("reading a product's stored parameter values", () => {
  test("by role (the engine key), whatever the parameter is called; a parameter without a role is not the engine's", () => {
    expect(
      fenceParametersFrom([
        { role: "pieceHeight", value: "100", unit: "mm" },
        { role: "topBar", value: "30", unit: "mm" },
        { role: "bottomBar", value: 25 },
        { role: "uProfile", value: "24" },
        { role: null, value: "40" },
        { role: "notAnEngineKey", value: "40" },
      ]),
    ).toEqual({ pieceHeight: 100, topBar: 30, bottomBar: 25, uProfile: 24 });
  });

  test("decimal commas, and other units converted to mm and kg", () => {
    expect(
      fenceParametersFrom([
        { role: "cProfile", value: "9,5", unit: "cm" },
        { role: "railGateOverhang", value: "0.15", unit: "m" },
        { role: "weightPerMeter", value: "12500", unit: "g" },
        { role: "stop", value: "12,5", unit: "mm" },
      ]),
    ).toEqual({ cProfile: 95, railGateOverhang: 150, weightPerMeter: 12.5, stop: 12.5 });
  });

  test("blanks, non-numbers and impossible units are left out", () => {
    expect(
      fenceParametersFrom([
        { role: "lock", value: "" },
        { role: "stop", value: "abc" },
        { role: "post", value: "80", unit: "kg" },
        { role: "wingGap", value: null },
      ]),
    ).toEqual({});
  });
});
