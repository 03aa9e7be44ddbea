/**
 * Barcode images (docs/architecture.md#documents, docs/domain.md#barcodes): EAN-13 and Code 128 for products, work types (`WT<id>`),
 * orders and cards; QR for payments (SPAYD). PNG bytes for PDFs and <img>, SVG for inline use.
 * Values are checked first: a bad one is a readable `fail`, never a bwip-js stack trace.
 */
import bwipjs from "bwip-js/node";
import { isValidEan13 } from "@/lib/ean13";
import { AppError, msg } from "./errors";

export type Symbology = "ean13" | "code128" | "qrcode";

export const CODE128_MAX = 80;
export const QR_MAX_BYTES = 1200;

export interface BarcodeOptions {
  /** Pixels per module (PNG) or units per module (SVG). Default 3. */
  scale?: number;
  /** Bar height in millimetres for EAN-13 and Code 128. Default 15 (EAN-13's nominal ~23 is too tall for a label). */
  heightMm?: number;
  /** Human-readable text under linear codes. Default true; QR codes never have it. */
  includeText?: boolean;
}

/** The value, trimmed, if the symbology can encode it; otherwise a `fail` with a readable message. */
export function checkBarcodeValue(symbology: Symbology, raw: string): string {
  const value = raw.trim();
  switch (symbology) {
    case "ean13":
      if (!isValidEan13(value)) throw AppError.fail(msg("barcodeValue.ean13", { value }));
      return value;
    case "code128":
      if (value.length === 0 || value.length > CODE128_MAX || !/^[\x20-\x7e]+$/.test(value)) {
        throw AppError.fail(msg("barcodeValue.code128", { max: CODE128_MAX }));
      }
      return value;
    case "qrcode": {
      // A QR payload keeps its own whitespace (SPAYD has none, but text may).
      const bytes = new TextEncoder().encode(raw).byteLength;
      if (bytes === 0 || bytes > QR_MAX_BYTES) throw AppError.fail(msg("barcodeValue.qrcode", { max: QR_MAX_BYTES }));
      return raw;
    }
  }
}

function renderOptions(symbology: Symbology, value: string, options: BarcodeOptions): bwipjs.RenderOptions {
  const scale = options.scale ?? 3;
  if (symbology === "qrcode") {
    // eclevel is a BWIPP option the type definitions do not list.
    return { bcid: "qrcode", text: value, scale, eclevel: "M", paddingwidth: 2, paddingheight: 2 } as bwipjs.RenderOptions;
  }
  return {
    bcid: symbology,
    text: value,
    scale,
    height: options.heightMm ?? 15,
    includetext: options.includeText ?? true,
    textxalign: "center",
    backgroundcolor: "FFFFFF",
    paddingwidth: symbology === "code128" ? 10 : 0,
  };
}

/** The barcode as PNG bytes. */
export async function barcodePng(symbology: Symbology, value: string, options: BarcodeOptions = {}): Promise<Uint8Array> {
  const checked = checkBarcodeValue(symbology, value);
  const png = await bwipjs.toBuffer(renderOptions(symbology, checked, options));
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** The barcode as an SVG document (a string), e.g. to inline in a page. */
export function barcodeSvg(symbology: Symbology, value: string, options: BarcodeOptions = {}): string {
  const checked = checkBarcodeValue(symbology, value);
  return bwipjs.toSVG(renderOptions(symbology, checked, options));
}

/** docs/domain.md#barcodes: a product's code is its EAN-13 when it has a valid one, otherwise Code 128 `P<id>`. */
export function productBarcode(product: { id: number; ean13: string | null }): { symbology: Symbology; value: string } {
  const ean13 = product.ean13?.trim();
  if (ean13 && isValidEan13(ean13)) return { symbology: "ean13", value: ean13 };
  return { symbology: "code128", value: `P${product.id}` };
}
