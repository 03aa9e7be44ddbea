import { describe, expect, test } from "bun:test";
import { isValidDic, isValidIco, normalizeDic, normalizePostalCode } from "./company-ids";

describe("company ids", () => {
  test("IČO mod 11", () => {
    expect(isValidIco("25596641")).toBe(true);
    expect(isValidIco("25596642")).toBe(false);
    expect(isValidIco("27082440")).toBe(true);
    expect(isValidIco("2559664")).toBe(false);
    expect(isValidIco("2559664a")).toBe(false);
  });
  test("IČO whose sum mod 11 is 1 ends in 0", () => {
    // 0000001: sum 2 → (11-2)%10 = 9; 0000006 → 12 % 11 = 1 → 10 % 10 = 0
    expect(isValidIco("00000060")).toBe(true);
    expect(isValidIco("00000019")).toBe(true);
  });
  test("DIČ", () => {
    expect(isValidDic("CZ25596641")).toBe(true);
    expect(isValidDic("cz 25596641")).toBe(true);
    expect(normalizeDic("cz 2559 6641")).toBe("CZ25596641");
    expect(isValidDic("CZ1234567890")).toBe(true);
    expect(isValidDic("CZ1234567")).toBe(false);
    expect(isValidDic("SK25596641")).toBe(false);
  });
  test("PSČ", () => {
    expect(normalizePostalCode("11000")).toBe("110 00");
    expect(normalizePostalCode("110 00")).toBe("110 00");
    expect(normalizePostalCode("1100")).toBeNull();
  });
});
