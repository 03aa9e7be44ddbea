import { describe, expect, test } from "bun:test";
import {
  computeOrderTotals,
  fenceArea,
  fenceItemPrice,
  fenceUnitPriceHalere,
  lineTotalHalere,
  ORDER_VAT_RATES,
  shippingPriceHalere,
  vatHalere,
} from "./engine";

describe("fence unit price = m² price × length (m) × height (m), to the haléř, half up", () => {
  test("a plain case", () => {
    expect(fenceUnitPriceHalere(2450, 2500, 1800)).toBe(1_102_500);
    expect(fenceUnitPriceHalere(1234.56, 2500, 1800)).toBe(555_552); // 1234.56 × 4.5 = 5555.52
  });

  test("exactly .005 rounds up, where a float product rounds down", () => {
    // 10 × 1.0005 × 1 is 10.004999999999999 in floating point.
    expect(Math.round(10 * 1.0005 * 1 * 100) / 100).toBe(10);
    expect(fenceUnitPriceHalere(10, 1000.5, 1000)).toBe(1001);
    expect(fenceUnitPriceHalere(1999.99, 1500, 1000)).toBe(299_999); // 2999.985
    expect(fenceUnitPriceHalere(0.01, 500, 1000)).toBe(1); // 0.005
    expect(fenceUnitPriceHalere(1.01, 500, 1000)).toBe(51); // 0.505
  });

  test("just under .005 rounds down, just over rounds up", () => {
    expect(fenceUnitPriceHalere(10, 1000.4, 1000)).toBe(1000); // 10.004
    expect(fenceUnitPriceHalere(10, 1000.6, 1000)).toBe(1001); // 10.006
    expect(fenceUnitPriceHalere(0.01, 499.9, 1000)).toBe(0); // 0.004999
  });

  test("height and length with a decimal millimetre", () => {
    // 3890.50 × 2.5005 × 1.8005 = 17 515.615547625 Kč
    expect(fenceUnitPriceHalere(3890.5, 2500.5, 1800.5)).toBe(1_751_562);
  });

  test("huge numbers stay exact (BigInt beyond 2^53)", () => {
    // 99,999,999.99 Kč/m² × 100 m × 10 m = 99,999,999,990 Kč: the integers' product (~10^23) is far beyond 2^53.
    expect(fenceUnitPriceHalere(99_999_999.99, 100_000, 10_000)).toBe(9_999_999_999_000);
    // 12,345,678.91 × 99.9999 × 9.9999 = 12,345,543,107.655446… Kč → …107.66.
    expect(fenceUnitPriceHalere(12_345_678.91, 99_999.9, 9_999.9)).toBe(1_234_554_310_766);
  });
});

describe("item price = amount × unit price", () => {
  test("whole and decimal amounts, rounded half up at .005", () => {
    expect(lineTotalHalere(6, 1_102_500)).toBe(6_615_000);
    expect(lineTotalHalere(1.5, 3)).toBe(5); // 0.045 Kč → 0.05
    expect(lineTotalHalere(1.5, 1)).toBe(2); // 0.015 Kč → 0.02
    expect(lineTotalHalere(0.333, 100)).toBe(33);
    expect(lineTotalHalere(0, 99_999)).toBe(0);
  });

  test("fenceItemPrice ties it together and leaves what it cannot compute null", () => {
    expect(fenceItemPrice({ m2price: 2450, length: 2500, height: 1800, amount: 6 })).toEqual({
      area: 4.5,
      totalArea: 27,
      unitPriceHalere: 1_102_500,
      totalPriceHalere: 6_615_000,
    });
    expect(fenceItemPrice({ m2price: null, length: 2500, height: 1800, amount: 2 })).toEqual({ area: 4.5, totalArea: 9, unitPriceHalere: null, totalPriceHalere: null });
    expect(fenceItemPrice({ m2price: 100, length: 2500, height: null, amount: 2 })).toEqual({ area: null, totalArea: null, unitPriceHalere: null, totalPriceHalere: null });
    expect(fenceItemPrice({ m2price: 100, length: 2500, height: 1000, amount: null }).totalPriceHalere).toBeNull();
    expect(fenceItemPrice({ m2price: 100, length: 2500, height: Number.NaN, amount: 1 }).unitPriceHalere).toBeNull();
  });
});

describe("area = height × length / 1,000,000 m²", () => {
  test("exact for whole and tenth millimetres", () => {
    expect(fenceArea(2500, 1800)).toBe(4.5);
    expect(fenceArea(1300, 1200)).toBe(1.56);
    expect(fenceArea(1234.5, 1000.5)).toBe(1.23511725);
  });

  test("total area is area × amount without float dust", () => {
    expect(fenceItemPrice({ length: 1100, height: 1000, amount: 3 }).totalArea).toBe(3.3); // 1.1 × 3 is 3.3000000000000003 in floats
  });
});

describe("shipping price = distance × unit price", () => {
  test("by distance, to the haléř", () => {
    expect(shippingPriceHalere({ distance: 42.5, unitPrice: 18, priceByDistance: true })).toBe(76_500);
    expect(shippingPriceHalere({ distance: 12.35, unitPrice: 14.9 })).toBe(18_402); // 184.015 → 184.02
    expect(shippingPriceHalere({ distance: 0.01, unitPrice: 0.5 })).toBe(1); // 0.005 → 0.01
  });

  test("a type not priced by distance costs its price once", () => {
    expect(shippingPriceHalere({ distance: 42.5, unitPrice: 990, priceByDistance: false })).toBe(99_000);
    expect(shippingPriceHalere({ unitPrice: 990, priceByDistance: false })).toBe(99_000);
  });

  test("an empty distance or price means no shipping (omitted on save)", () => {
    expect(shippingPriceHalere({ distance: null, unitPrice: 18 })).toBeNull();
    expect(shippingPriceHalere({ distance: 10, unitPrice: null })).toBeNull();
    expect(shippingPriceHalere(null)).toBeNull();
    expect(shippingPriceHalere(undefined)).toBeNull();
  });
});

describe("VAT to the haléř, per rate", () => {
  test("the order's rates are 12, 15 and 21 %", () => expect([...ORDER_VAT_RATES]).toEqual([12, 15, 21]));

  test("21 %", () => {
    expect(vatHalere(1_234_567, 21)).toBe(259_259); // 2592.5907
    expect(vatHalere(50, 21)).toBe(11); // 0.105 → 0.11
    expect(vatHalere(10_050, 21)).toBe(2111); // 21.105 → 21.11
    expect(vatHalere(49, 21)).toBe(10); // 0.1029
  });

  test("15 %", () => {
    expect(vatHalere(1_234_567, 15)).toBe(185_185); // 1851.8505
    expect(vatHalere(10, 15)).toBe(2); // 0.015 → 0.02
    expect(vatHalere(10_050, 15)).toBe(1508); // 15.075 → 15.08
  });

  test("12 %", () => {
    expect(vatHalere(1_234_567, 12)).toBe(148_148); // 1481.4804
    expect(vatHalere(10_050, 12)).toBe(1206); // 12.06
    expect(vatHalere(104, 12)).toBe(12); // 0.1248
  });

  test("a decimal rate and a negative base round symmetrically", () => {
    expect(vatHalere(10_000, 12.5)).toBe(1250);
    expect(vatHalere(-50, 21)).toBe(-11);
    expect(vatHalere(0, 21)).toBe(0);
  });
});

describe("order totals", () => {
  test("total = fence items + other + assembly + sub-products; with shipping − discount; summary adds VAT", () => {
    const totals = computeOrderTotals({
      fenceItems: [{ totalPriceHalere: 1_000_000 }, { totalPriceHalere: null }],
      otherItems: [{ amount: 3, unitPrice: 99.99 }],
      assemblyItems: [{ amount: 1, unitPrice: 1500 }],
      subProducts: [{ amount: 2.5, unitPrice: 10.01 }], // 25.025 → 25.03
      shipping: { distance: 10, unitPrice: 20 },
      discountAmount: 500,
      vatRate: 21,
    });
    expect(totals).toEqual({
      fenceItemsHalere: 1_000_000,
      otherItemsHalere: 29_997,
      assemblyItemsHalere: 150_000,
      subProductsHalere: 2503,
      totalHalere: 1_182_500,
      shippingPriceHalere: 20_000,
      discountHalere: 50_000,
      totalWithShippingHalere: 1_152_500,
      summary: { priceWithoutVatHalere: 1_152_500, vatRate: 21, vatHalere: 242_025, totalHalere: 1_394_525 },
    });
  });

  test("no shipping and no discount; lines without an amount or price count nothing", () => {
    const totals = computeOrderTotals({
      fenceItems: [],
      otherItems: [{ amount: 2, unitPrice: null }, { amount: null, unitPrice: 10 }, { amount: 1, unitPrice: 0.1 }],
      shipping: { distance: null, unitPrice: 18 },
      discountAmount: null,
      vatRate: 15,
    });
    expect(totals.totalHalere).toBe(10);
    expect(totals.shippingPriceHalere).toBeNull();
    expect(totals.discountHalere).toBe(0);
    expect(totals.summary).toEqual({ priceWithoutVatHalere: 10, vatRate: 15, vatHalere: 2, totalHalere: 12 });
  });

  test("each line is rounded, then summed (3 × 0.005 Kč lines make 0.03, not 0.02)", () => {
    const line = { amount: 0.5, unitPrice: 0.01 }; // 0.005 → 0.01
    expect(computeOrderTotals({ fenceItems: [], otherItems: [line, line, line], vatRate: 21 }).otherItemsHalere).toBe(3);
  });

  test("no float drift over many lines", () => {
    const lines = Array.from({ length: 1000 }, () => ({ amount: 1, unitPrice: 0.1 }));
    expect(computeOrderTotals({ fenceItems: [], otherItems: lines, vatRate: 21 }).otherItemsHalere).toBe(10_000);
  });
});
