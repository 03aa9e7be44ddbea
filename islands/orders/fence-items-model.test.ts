/** The items editor's form model (fence-items-model.ts): typed text ↔ the engine, the save's body, the checks before sending, the ids after it. */
import { describe, expect, test } from "bun:test";
import { computeFenceItem } from "@/modules/orders/fence-item/engine";
import type { ItemsTab } from "@/modules/orders/fence-item/schemas";
import { formatNumber } from "./fence-item-panel";
import { type Draft, draftOf, emptyItem, engineFields, keepKeys, parseNum, payloadOf, placeOf, problemsOf, schemaProblemsOf, shownFields, withIds } from "./fence-items-model";

const offer = { shippingType: "", shippingDistance: "", shippingUnitPrice: "", discountDescription: "Sleva", discountAmount: "", note: "", measurementDate: "" };

function fence(key: string): Draft["items"][number] {
  const item = emptyItem(key);
  Object.assign(item.v, { productType: "FENCE", color: "RAL 7016", height: "1 800", length: "2500,0", m2price: "2450", amount: "6", spacerHeight: "20", distancingType: "PRINT_3D", distanceFromGround: "50", distanceFromTop: "30" });
  return { ...item, product: { id: 7, name: "Plot" } };
}

describe("the items editor's form model", () => {
  test("typed numbers: blank is none, a decimal comma and spaces are read, anything else is NaN", () => {
    expect([parseNum(""), parseNum(" 1 234,5 "), parseNum("12.25"), parseNum("-3"), parseNum("12a"), parseNum(true)]).toEqual([undefined, 1234.5, 12.25, -3, Number.NaN, undefined]);
    // Whole numbers as the page writes them back, and what only looks like one.
    expect([parseNum("1800"), parseNum("0012"), parseNum("1 800"), parseNum("   "), parseNum("12345678901234567"), parseNum("18-00"), parseNum("1800 mm")]).toEqual([1800, 12, 1800, undefined, 12345678901234567, Number.NaN, Number.NaN]);
  });

  test("numbers are shown to the places asked, not two (1500 × 2550 mm is 3,825 m², not 3,83)", () => {
    expect([formatNumber(3.825, 3), formatNumber(4.781_25, 3), formatNumber(0.5, 3), formatNumber(11.7849), formatNumber(-2.5)]).toEqual(["3,825", "4,781", "0,5", "11,78", "−2,5"]);
  });

  test("the engine reads what was typed: FENCE-1's numbers", () => {
    const result = computeFenceItem(engineFields(fence("a")), { topBar: 30, bottomBar: 25, uProfile: 24, pieceHeight: 100 });
    expect(result).toMatchObject({ realFillingHeight: 1665, realFillingWidth: 2476, slatCount: 14, tail: 5, unitPriceHalere: 1_102_500, totalPriceHalere: 6_615_000 });
    expect(result.validation.valid).toBe(true);
  });

  test("the fields shown follow the type and the choices made", () => {
    const item = emptyItem("b");
    expect(shownFields(engineFields(item)).has("spacerHeight")).toBe(false);
    Object.assign(item.v, { productType: "TWO_WING_GATE", gateOpeningType: "DRIVE" });
    const shown = shownFields(engineFields(item));
    expect(["driveOpening", "wicketPartWidth", "spacerHeightAlt", "doorHandleHeight", "elevationLeftUpper"].every((name) => shown.has(name))).toBe(true);
    expect(shown.has("openingType")).toBe(false);
    expect(shown.has("lengthBottom")).toBe(false);
    item.v.rectangularShape = false;
    expect(shownFields(engineFields(item)).has("lengthBottom")).toBe(true);
  });

  test("the save's body: new rows by tmpId, saved ones by id, a sub-product still to choose as -2, creation values of the product only", async () => {
    const saved = { ...fence("i5"), id: 5, parameters: [{ id: 1, value: "1800" }, { id: 9, value: "2" }, { id: 3, value: " " }] };
    const draft: Draft = {
      items: [saved, { ...fence("new-1"), subs: [{ key: "s-new", id: null, category: 4, product: null, amount: "1", unitPrice: "", invoiceName: "", itemType: null }] }],
      otherItems: [{ key: "l-new", id: null, product: { id: -1, name: "nový vlastní" }, attention: false, amount: "2", unitPrice: "10", invoiceName: "", url: "https://example.cz", storable: true }],
      assemblyItems: [],
      offer: { ...offer, shippingType: "3", measurementDate: "05.03.2026" },
    };
    const body = payloadOf(draft, () => new Set([1, 9]));
    // The item's measures go as the engine read them: numbers of mm, whatever was typed.
    expect(body.items[0]).toMatchObject({ id: 5, product: 7, height: 1800, length: 2500, amount: 6, m2price: 2450, color: "RAL 7016", parameters: [{ id: 1, value: "1800" }, { id: 9, value: "2" }] });
    expect(body.items[1]).toMatchObject({ tmpId: "new-1", subProducts: [{ tmpId: "s-new", productCategory: 4, product: -2 }] });
    expect(body.otherItems[0]).toMatchObject({ tmpId: "l-new", product: -1, url: "https://example.cz", storable: true });
    expect(body).toMatchObject({ shippingType: 3, measurementDate: "05.03.2026" });

    // Before sending: the sub-product to choose and the custom line's name, by the server's paths.
    const problems = problemsOf(draft, await schemaProblemsOf(body), draft.items.map((item) => computeFenceItem(engineFields(item), { pieceHeight: 100 })));
    expect(Object.keys(problems).sort()).toEqual(["items[1].subProducts[0].product", "otherItems[0].invoiceName"]);
    expect(placeOf("items[1].subProducts[0].product")).toEqual({ list: "items", index: 1, sub: 0, field: "product" });

    // A measure that is no number is refused before sending, at its field, as the server would.
    const typo: Draft = { ...draft, items: [{ ...saved, v: { ...saved.v, length: "25OO" } }] };
    const typoBody = payloadOf(typo, () => new Set([1, 9]));
    expect(typoBody.items[0]!.length).toBeNaN();
    expect(problemsOf(typo, await schemaProblemsOf(typoBody), [computeFenceItem(engineFields(typo.items[0]!), { pieceHeight: 100 })])["items[0].length"]?.key).toBe("validation.number");

    // The save's answer gives the new rows their ids in place; a reload keeps the rows' keys.
    const ids = withIds(draft, [{ tmpId: "new-1", id: 6 }, { tmpId: "s-new", id: 60 }, { tmpId: "l-new", id: 70 }]);
    expect([ids.items[1]!.id, ids.items[1]!.subs[0]!.id, ids.otherItems[0]!.id]).toEqual([6, 60, 70]);
    const fresh = draftOf({ items: [{ id: 6, subProducts: [] }], otherItems: [], assemblyItems: [], shippingType: null, summary: {} } as unknown as ItemsTab, "Sleva");
    expect(keepKeys(fresh, ids).items[0]!.key).toBe("new-1");
  });
});
