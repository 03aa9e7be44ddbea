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
  test("by catalogue name, English name or key; case, diacritics and spaces do not matter", () => {
    expect(
      fenceParametersFrom([
        { name: "Výška lamely", value: "100", unit: "mm" },
        { name: "horni  lista", value: "30", unit: "mm" },
        { name: "Bottom bar", value: 25 },
        { name: "uProfile", value: "24" },
      ]),
    ).toEqual({ pieceHeight: 100, topBar: 30, bottomBar: 25, uProfile: 24 });
  });

  test("decimal commas, and other units converted to mm and kg", () => {
    expect(
      fenceParametersFrom([
        { name: "C profil", value: "9,5", unit: "cm" },
        { name: "Přesah přes pohon", value: "0.15", unit: "m" },
        { name: "Hmotnost na metr", value: "12500", unit: "g" },
        { name: "Doraz", value: "12,5", unit: "mm" },
      ]),
    ).toEqual({ cProfile: 95, railGateOverhang: 150, weightPerMeter: 12.5, stop: 12.5 });
  });

  test("unknown parameters, blanks, non-numbers and impossible units are left out", () => {
    expect(
      fenceParametersFrom([
        { name: "Barva (RAL)", value: "RAL 7016" },
        { name: "Zámek", value: "" },
        { name: "Doraz", value: "abc" },
        { name: "Šířka sloupku", value: "80", unit: "kg" },
        { name: "Mezera mezi křídly", value: null },
      ]),
    ).toEqual({});
  });
});
