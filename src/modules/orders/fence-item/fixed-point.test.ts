import { describe, expect, test } from "bun:test";
import { divideFloor, divideRounded, finiteOrNull, kcToHalere, multiplyDivideRounded, toHundredths, amountToThousandths } from "./fixed-point";

describe("exact integer arithmetic", () => {
  test("conversions of decimal inputs are exact", () => {
    expect(kcToHalere(0.29)).toBe(29); // 0.29 × 100 is 28.999999999999996
    expect(kcToHalere(1999.99)).toBe(199_999);
    expect(toHundredths(1000.5)).toBe(100_050);
    expect(toHundredths(20.38)).toBe(2038);
    expect(amountToThousandths(1.005)).toBe(1005);
  });

  test("division rounds half away from zero", () => {
    expect(divideRounded(5, 10)).toBe(1);
    expect(divideRounded(4, 10)).toBe(0);
    expect(divideRounded(15, 10)).toBe(2);
    expect(divideRounded(-5, 10)).toBe(-1);
    expect(Object.is(divideRounded(-4, 10), 0)).toBe(true); // not -0
    expect(divideRounded(0, 7)).toBe(0);
  });

  test("floor division is exact next to an integer and below zero", () => {
    expect(divideFloor(1685, 120)).toBe(14);
    expect(divideFloor(1320, 120)).toBe(11);
    expect(divideFloor(-1, 120)).toBe(-1);
    const big = 2 ** 50;
    expect(divideFloor(big * 3 - 1, 3)).toBe(big - 1);
  });

  test("a product beyond 2^53 is divided in BigInt, keeping its last digits", () => {
    const a = 2 ** 30 + 1;
    const b = 2 ** 30 + 3;
    const exact = (BigInt(a) * BigInt(b)) / 2n + 1n; // odd product: x.5 rounds up
    expect(a * b > Number.MAX_SAFE_INTEGER).toBe(true);
    expect(multiplyDivideRounded(a, b, 1, 2)).toBe(Number(exact));
    expect(multiplyDivideRounded(-a, b, 1, 2)).toBe(-Number(exact));
  });

  test("finiteOrNull keeps numbers and drops everything else", () => {
    expect(finiteOrNull(0)).toBe(0);
    expect(finiteOrNull(-2.5)).toBe(-2.5);
    expect(finiteOrNull(Number.NaN)).toBeNull();
    expect(finiteOrNull(Number.POSITIVE_INFINITY)).toBeNull();
    expect(finiteOrNull("12")).toBeNull();
    expect(finiteOrNull(undefined)).toBeNull();
  });
});
