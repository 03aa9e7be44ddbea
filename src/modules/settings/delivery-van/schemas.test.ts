import { describe, expect, test } from "bun:test";
import { deliveryVanInput, formatSpz, normaliseSpz, spzProblem } from "./schemas";

describe("normaliseSpz", () => {
  test("upper case, without spaces, hyphens and dashes", () => {
    expect(normaliseSpz("1ab 2345")).toBe("1AB2345");
    expect(normaliseSpz(" bva 12-34 ")).toBe("BVA1234");
    expect(normaliseSpz("5T2\u00a01234")).toBe("5T21234");
    expect(normaliseSpz("3U4 – 56 78")).toBe("3U45678");
  });
});

describe("spzProblem: the plate rule", () => {
  test.each(["1AB2345", "8T30412", "2S01234", "9Z99999", "1A12345", "BVA1234", "KVB3456"])("%s is a plate", (spz) => {
    expect(spzProblem(spz)).toBeNull();
  });

  test.each([
    ["1AB234!", "deliveryVan.spzCharacters"],
    ["1ŘB2345", "deliveryVan.spzCharacters"],
    ["1AB.2345", "deliveryVan.spzCharacters"],
    ["1AB2", "deliveryVan.spzLength"],
    ["ABCD", "deliveryVan.spzLength"],
    ["1AB234567", "deliveryVan.spzLength"],
    ["1AG2345", "deliveryVan.spzLetters"],
    ["1AO2345", "deliveryVan.spzLetters"],
    ["1QB2345", "deliveryVan.spzLetters"],
    ["WAB1234", "deliveryVan.spzLetters"],
    // Right characters and length, but neither series.
    ["0AB2345", "deliveryVan.spzFormat"],
    ["1DB2345", "deliveryVan.spzFormat"],
    ["1AB234", "deliveryVan.spzFormat"],
    ["1AB23456", "deliveryVan.spzFormat"],
    ["12345", "deliveryVan.spzFormat"],
    ["AB12345", "deliveryVan.spzFormat"],
    ["ABCDEFH", "deliveryVan.spzFormat"],
  ])("%s is refused with %s", (spz, key) => {
    expect(spzProblem(spz)).toBe(key);
  });
});

describe("formatSpz", () => {
  test("the current series reads 1AB 2345, the older one BVA 12-34", () => {
    expect(formatSpz("1AB2345")).toBe("1AB 2345");
    expect(formatSpz("BVA1234")).toBe("BVA 12-34");
    expect(formatSpz("XYZ")).toBe("XYZ");
  });
});

describe("deliveryVanInput", () => {
  test("stores the normalised plate", () => {
    expect(deliveryVanInput.parse({ name: " Dodávka ", spz: "1ab 23-45" })).toEqual({ name: "Dodávka", spz: "1AB2345", active: true });
  });

  test("blank, null or missing spz is required; a number is invalid", () => {
    for (const spz of ["", "  ", " - ", null, undefined]) {
      const result = deliveryVanInput.safeParse({ name: "Dodávka", spz });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe("validation.required");
    }
    expect(deliveryVanInput.safeParse({ name: "Dodávka", spz: 1234567 }).error!.issues[0]!.message).toBe("validation.invalid");
  });
});
