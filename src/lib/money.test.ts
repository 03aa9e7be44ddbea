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

  test("shows money as 1 234,50 Kč in Czech", () => {
    expect(formatMoney(1234.5, "cs")).toBe("1\u00a0234,50\u00a0Kč");
    expect(formatMoney("1490.00", "cs")).toBe("1\u00a0490,00\u00a0Kč");
    expect(formatMoney(0, "cs")).toBe("0,00\u00a0Kč");
    expect(formatMoney(-12.3, "cs")).toBe("-12,30\u00a0Kč");
  });

  test("shows money as CZK 1,234.50 in English", () => {
    expect(formatMoney(1234.5, "en")).toBe("CZK\u00a01,234.50");
    expect(formatMoney("1490.00", "en")).toBe("CZK\u00a01,490.00");
    expect(formatMoney(0, "en")).toBe("CZK\u00a00.00");
    expect(formatMoney(-12.3, "en")).toBe("CZK\u00a0-12.30");
  });

  test("shows decimals in the reader's language", () => {
    expect(formatDecimal(10.5, "cs")).toBe("10,5");
    expect(formatDecimal(21, "cs")).toBe("21");
    expect(formatDecimal(1234.5, "cs")).toBe("1\u00a0234,5");
    expect(formatDecimal(1234.5678, "cs", 3)).toBe("1\u00a0234,568");
    expect(formatDecimal(10.5, "en")).toBe("10.5");
    expect(formatDecimal(1234.5, "en")).toBe("1,234.5");
    expect(formatDecimal(1234.5678, "en", 3)).toBe("1,234.568");
  });

  test("parses either decimal separator", () => {
    expect(parseDecimal("1 234,5")).toBe(1234.5);
    expect(parseDecimal("10.25")).toBe(10.25);
    expect(parseDecimal("1,2,3")).toBeNaN();
    expect(parseDecimal("")).toBeNaN();
  });
});
