import { describe, expect, test } from "bun:test";
import { isValidEan13 } from "@/lib/ean13";
import { isLongEnoughCode, parseBarcode, scanInput } from "./schemas";

describe("isValidEan13", () => {
  test("accepts codes whose check digit matches", () => {
    for (const code of ["4006381333931", "8594001234561", "5901234123457", "0000000000000", "9780306406157"]) {
      expect(isValidEan13(code)).toBe(true);
    }
  });

  test("refuses a wrong check digit", () => {
    for (const code of ["4006381333932", "4006381333930", "8594001234560", "5901234123458"]) {
      expect(isValidEan13(code)).toBe(false);
    }
  });

  test("refuses anything that is not exactly 13 digits", () => {
    for (const code of ["", "400638133393", "40063813339311", "400638133393a", " 4006381333931", "4006381333931 ", "4006-381333931", "P4006381333931"]) {
      expect(isValidEan13(code)).toBe(false);
    }
  });
});

describe("parseBarcode (docs/domain.md#barcodes)", () => {
  test("a valid EAN-13 is a product by EAN", () => {
    expect(parseBarcode("4006381333931")).toEqual({ kind: "product", by: "ean13", ean13: "4006381333931" });
    expect(parseBarcode("  8594001234561 ")).toEqual({ kind: "product", by: "ean13", ean13: "8594001234561" });
  });

  test("13 digits with a wrong check digit are no code at all", () => {
    expect(parseBarcode("4006381333932")).toEqual({ kind: "unknown" });
  });

  test("P<id>, O<id>, W<id> and WT<id> carry ids, in either letter case", () => {
    expect(parseBarcode("P123")).toEqual({ kind: "product", by: "id", id: 123 });
    expect(parseBarcode("p7")).toEqual({ kind: "product", by: "id", id: 7 });
    expect(parseBarcode("O42")).toEqual({ kind: "order", by: "id", id: 42 });
    expect(parseBarcode("W3")).toEqual({ kind: "warehouse", by: "id", id: 3 });
    expect(parseBarcode("WT5")).toEqual({ kind: "workType", by: "id", id: 5 });
    expect(parseBarcode("wt15")).toEqual({ kind: "workType", by: "id", id: 15 });
    expect(parseBarcode("P000123")).toEqual({ kind: "product", by: "id", id: 123 });
  });

  test("U<card> is an employee card, kept as text", () => {
    expect(parseBarcode("U12345")).toEqual({ kind: "card", card: "12345" });
    expect(parseBarcode("uab-12")).toEqual({ kind: "card", card: "AB-12" });
  });

  test("anything else is unknown", () => {
    for (const code of ["XYZ123", "P", "P12a", "O-1", "W 3", "WT", "P12345678901", "P2147483648", "U", "U!x", "123", "hello", "PO12"]) {
      expect(parseBarcode(code)).toEqual({ kind: "unknown" });
    }
  });
});

describe("scanInput", () => {
  test("needs more than 2 characters after trimming", () => {
    expect(scanInput.safeParse({ code: "ab" }).success).toBe(false);
    expect(scanInput.safeParse({ code: "  ab  " }).success).toBe(false);
    expect(scanInput.safeParse({ code: "abc" }).success).toBe(true);
    expect(scanInput.safeParse({ code: "P5" }).success).toBe(true);
    expect(scanInput.safeParse({}).success).toBe(false);
    expect(scanInput.safeParse({ code: 123 }).success).toBe(false);
  });

  test("caps the length at 64", () => {
    expect(scanInput.safeParse({ code: "x".repeat(64) }).success).toBe(true);
    expect(scanInput.safeParse({ code: "x".repeat(65) }).success).toBe(false);
  });
});

describe("every code the app prints is one the menu box opens", () => {
  test.each([1, 9, 10, 2_147_483_647])("product %d: its label's P<id>, and O<id>, W<id>", async (id) => {
    const { productBarcode } = await import("@/lib/barcode");
    const label = productBarcode({ id, ean13: null }).value;
    expect(label).toBe(`P${id}`);
    for (const [code, kind] of [[label, "product"], [`O${id}`, "order"], [`W${id}`, "warehouse"]] as const) {
      expect(isLongEnoughCode(code)).toBe(true);
      expect(parseBarcode(code)).toEqual({ kind, by: "id", id });
    }
  });

  test("two characters that are no printed code are still too short; an id past int4 is no code", () => {
    for (const code of ["ab", "P0", "X5", " 7 "]) expect(isLongEnoughCode(code)).toBe(false);
    expect(parseBarcode("P2147483648")).toEqual({ kind: "unknown" });
  });
});
