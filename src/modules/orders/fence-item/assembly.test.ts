import { describe, expect, test } from "bun:test";
import { assemblyCounts, creationFieldOf, creationValueOf, valuesOfVariantKey, variantKeyOf, variantNameOf } from "./engine";

describe("assembly offered from the fence items (docs/fence-geometry.md)", () => {
  test("ASSEMBLY-1: fences, gates and wickets each toward their role, amounts summed, one line per price", () => {
    expect(
      assemblyCounts([
        { productType: "FENCE", amount: 6, assemblyPrice: 350 },
        { productType: "FENCE", amount: 2.5, assemblyPrice: 350 },
        { productType: "WICKET", amount: 1, assemblyPrice: 350 },
        { productType: "TWO_WING_WICKET", amount: 2, assemblyPrice: 350 },
        { productType: "RAIL_GATE", amount: 1, assemblyPrice: null },
      ]),
    ).toEqual([
      { role: "ASSEMBLY_FENCE", amount: 8.5, unitPrice: 350 },
      { role: "ASSEMBLY_GATE", amount: 1, unitPrice: null },
      { role: "ASSEMBLY_WICKET", amount: 3, unitPrice: 350 },
    ]);
  });

  test("every gate type counts as a gate; a custom item and an item without an amount count nothing; amounts sum without float drift", () => {
    const gates = (["GATE", "ONE_WING_GATE", "TWO_WING_GATE", "RAIL_GATE"] as const).map((productType) => ({ productType, amount: 0.1, assemblyPrice: 4500 }));
    expect(assemblyCounts([...gates, { productType: "CUSTOM", amount: 5 }, { productType: "FENCE", amount: null }, { productType: "FENCE", amount: 1, assemblyPrice: 290 }, { productType: "FENCE", amount: 2, assemblyPrice: 190 }])).toEqual([
      { role: "ASSEMBLY_FENCE", amount: 2, unitPrice: 190 },
      { role: "ASSEMBLY_FENCE", amount: 1, unitPrice: 290 },
      { role: "ASSEMBLY_GATE", amount: 0.4, unitPrice: 4500 },
    ]);
  });
});

describe("dynamic products: creation values, key and name", () => {
  test("which item field fills a creation parameter, by its name (case and diacritics aside)", () => {
    expect(["Výška", "vyska", "Height (mm)", "Šířka", "Délka", "Barva (RAL)", "barva", "Počet křídel", "Výška sloupku"].map(creationFieldOf)).toEqual([
      "height",
      "height",
      "height",
      "length",
      "length",
      "color",
      "color",
      null,
      null,
    ]);
  });

  test("values in the parameter's unit; a colour as typed, spaces tidied", () => {
    const item = { height: 1800, length: 2500.5, color: "  RAL   7016 " };
    expect([creationValueOf(item, "height", "mm"), creationValueOf(item, "length", "cm"), creationValueOf(item, "height", "m"), creationValueOf(item, "height", "kg"), creationValueOf(item, "color", "")]).toEqual([
      "1800",
      "250.05",
      "1.8",
      null,
      "RAL 7016",
    ]);
    expect(creationValueOf({ height: null }, "height", "mm")).toBeNull();
  });

  test("the key sorts by parameter id and reads back; the name appends the title values", () => {
    const key = variantKeyOf([
      { id: 12, value: "RAL 7016" },
      { id: 3, value: "1800" },
    ]);
    expect(key).toBe('[[3,"1800"],[12,"RAL 7016"]]');
    expect(valuesOfVariantKey(key)).toEqual([
      { id: 3, value: "1800" },
      { id: 12, value: "RAL 7016" },
    ]);
    expect(variantNameOf("Plot Lamela", [{ value: "RAL 7016", unit: "" }, { value: "1800.5", unit: "mm" }])).toBe("Plot Lamela RAL 7016 1800,5 mm");
  });
});
