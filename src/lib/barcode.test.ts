import { describe, expect, test } from "bun:test";
import { ean13 } from "./ean13";
import { barcodePng, barcodeSvg, checkBarcodeValue, productBarcode } from "./barcode";
import { AppError } from "./errors";
import { tFor, translateMessage } from "./i18n";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the PNG's IHDR chunk. */
function pngSize(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect(new TextDecoder().decode(png.subarray(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function refusalText(work: () => unknown): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError && error.kind === "fail") return translateMessage(tFor("cs"), error.messages[0]!);
    throw error;
  }
  throw new Error("expected a refusal");
}

const EAN = ean13("859400000012");

describe("barcode PNGs", () => {
  test("EAN-13: a PNG of sane size, wider than tall, growing with the scale", async () => {
    const png = await barcodePng("ean13", EAN);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const size = pngSize(png);
    // 95 modules (+ quiet zones and text) at 3 px each; 15 mm of bars plus the digits.
    expect(size.width).toBeGreaterThanOrEqual(95 * 3);
    expect(size.width).toBeLessThan(600);
    expect(size.height).toBeGreaterThan(100);
    expect(size.height).toBeLessThan(size.width);
    const double = pngSize(await barcodePng("ean13", EAN, { scale: 6 }));
    expect(double.width).toBeGreaterThan(size.width * 1.8);
  });

  test("Code 128 of P<id> and WT<id>; with the text off the image is shorter", async () => {
    const withText = await barcodePng("code128", "P12345");
    expect([...withText.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const bars = await barcodePng("code128", "P12345", { includeText: false });
    expect(pngSize(bars).height).toBeLessThan(pngSize(withText).height);
    expect(pngSize(await barcodePng("code128", "WT7")).width).toBeGreaterThan(50);
  });

  test("QR: square", async () => {
    const size = pngSize(await barcodePng("qrcode", "SPD*1.0*ACC:CZ6508000000192000145399*AM:1234.50*CC:CZK*X-VS:2026000001"));
    expect(size.width).toBe(size.height);
    expect(size.width).toBeGreaterThan(60);
  });

  test("SVG output for inline use", () => {
    const svg = barcodeSvg("code128", "P1");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("viewBox");
  });
});

describe("values are checked before drawing", () => {
  test("an EAN-13 with a wrong check digit is refused with a readable message", async () => {
    const wrong = `${EAN.slice(0, 12)}${(Number(EAN[12]) + 1) % 10}`;
    expect(await refusalText(() => barcodePng("ean13", wrong))).toBe(`„${wrong}“ není platný kód EAN-13 (13 číslic se správnou kontrolní číslicí)`);
    expect(await refusalText(() => barcodePng("ean13", "12345"))).toContain("není platný kód EAN-13");
    expect(await refusalText(() => barcodeSvg("ean13", "abcdefghijklm"))).toContain("není platný kód EAN-13");
  });

  test("Code 128 takes 1 to 80 printable ASCII characters; QR takes up to 1200 bytes", async () => {
    expect(await refusalText(() => barcodePng("code128", ""))).toBe("Kód 128 přijímá 1 až 80 tisknutelných znaků ASCII");
    expect(await refusalText(() => barcodePng("code128", "Řetízek"))).toContain("ASCII");
    expect(await refusalText(() => barcodePng("code128", "x".repeat(81)))).toContain("ASCII");
    expect(checkBarcodeValue("code128", " P1 ")).toBe("P1");
    expect(await refusalText(() => barcodePng("qrcode", "ř".repeat(601)))).toBe("QR kód přijímá 1 až 1200 bajtů textu");
  });
});

describe("productBarcode (docs/domain.md#barcodes)", () => {
  test("EAN-13 when the product has a valid one, otherwise Code 128 P<id>", () => {
    expect(productBarcode({ id: 42, ean13: EAN })).toEqual({ symbology: "ean13", value: EAN });
    expect(productBarcode({ id: 42, ean13: null })).toEqual({ symbology: "code128", value: "P42" });
    expect(productBarcode({ id: 42, ean13: "" })).toEqual({ symbology: "code128", value: "P42" });
    expect(productBarcode({ id: 42, ean13: "1234567890123" })).toEqual({ symbology: "code128", value: "P42" });
  });
});
