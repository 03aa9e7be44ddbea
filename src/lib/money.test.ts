import { describe, expect, test } from "bun:test";
import { formatDecimal, formatMoney, fromHalere, halereToNumeric, parseDecimal, toHalere } from "./money";

describe("money", () => {
  test("converts to integer haléře without float drift", () => {
    expect(toHalere("1234,50")).toBe(123450);
    expect(toHalere("0.1")).toBe(10);
    expect(toHalere(0.1 + 0.2)).toBe(30);
    expect(toHalere("-5.05")).toBe(-505);
    expect(() => toHalere("1.234")).toThrow();
    expect(() => toHalere("abc")).toThrow();
  });

  test("writes numeric(14,2) text", () => {
    expect(halereToNumeric(123450)).toBe("1234.50");
    expect(halereToNumeric(5)).toBe("0.05");
    expect(halereToNumeric(-505)).toBe("-5.05");
    expect(fromHalere(123450)).toBe(1234.5);
  });

  test("shows money as 1 234,50 Kč", () => {
    expect(formatMoney(1234.5)).toBe("1\u00a0234,50\u00a0Kč");
    expect(formatMoney("1490.00")).toBe("1\u00a0490,00\u00a0Kč");
    expect(formatMoney(0)).toBe("0,00\u00a0Kč");
    expect(formatMoney(-12.3)).toBe("-12,30\u00a0Kč");
  });

  test("shows decimals with a comma and parses either separator", () => {
    expect(formatDecimal(10.5)).toBe("10,5");
    expect(formatDecimal(21)).toBe("21");
    expect(parseDecimal("1 234,5")).toBe(1234.5);
    expect(parseDecimal("10.25")).toBe(10.25);
    expect(parseDecimal("1,2,3")).toBeNaN();
    expect(parseDecimal("")).toBeNaN();
  });
});
