/**
 * The company logo as react-pdf's Image takes it (PNG or JPEG). A PNG or JPEG is passed as it is;
 * an SVG is rasterised with resvg (@resvg/resvg-wasm: WebAssembly from npm, no native binary),
 * Roboto standing in for any font the SVG names. The WebAssembly module (2.4 MB, ~90 ms to
 * compile) loads on the first SVG logo only, and the last conversion is kept: regenerating offers
 * with the same logo converts it once per process (decision 022).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

export interface PdfImage {
  data: Uint8Array;
  format: "png" | "jpg";
}

/** Wide enough for a sharp logo at its printed size (about 45 mm) on paper. */
const LOGO_WIDTH_PX = 600;

const require = createRequire(import.meta.url);
let resvg: Promise<typeof import("@resvg/resvg-wasm")> | null = null;
let fonts: Promise<Uint8Array[]> | null = null;
let last: { key: string; png: Uint8Array } | null = null;

function loadResvg() {
  if (!resvg) {
    resvg = (async () => {
      const module = await import("@resvg/resvg-wasm");
      await module.initWasm(await readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
      return module;
    })();
    // A failed start is not remembered: the next logo tries again.
    resvg.catch(() => {
      resvg = null;
    });
  }
  return resvg;
}

function loadFonts() {
  fonts ??= Promise.all(
    ["400Regular", "700Bold"].map(async (style) => new Uint8Array(await readFile(require.resolve(`@expo-google-fonts/roboto/${style}/Roboto_${style}.ttf`)))),
  );
  return fonts;
}

/** An SVG drawn to a PNG `LOGO_WIDTH_PX` wide (its proportions kept); throws on an SVG resvg cannot read. */
export async function svgToPng(svg: Uint8Array): Promise<Uint8Array> {
  const key = createHash("sha256").update(svg).digest("hex");
  if (last?.key === key) return last.png;
  const [{ Resvg }, fontBuffers] = await Promise.all([loadResvg(), loadFonts()]);
  const renderer = new Resvg(svg, { fitTo: { mode: "width", value: LOGO_WIDTH_PX }, font: { fontBuffers, defaultFontFamily: "Roboto", sansSerifFamily: "Roboto" } });
  try {
    const image = renderer.render();
    const png = image.asPng();
    image.free();
    last = { key, png };
    return png;
  } finally {
    renderer.free();
  }
}

/** The logo for the PDF, or null when there is none or it cannot be drawn (the offer is still made, without it). */
export async function pdfLogo(logo: { bytes: Uint8Array; mimeType: string } | null, onError: (error: unknown) => void): Promise<PdfImage | null> {
  if (!logo) return null;
  try {
    if (logo.mimeType === "image/png") return { data: logo.bytes, format: "png" };
    if (logo.mimeType === "image/jpeg") return { data: logo.bytes, format: "jpg" };
    if (logo.mimeType === "image/svg+xml") return { data: await svgToPng(logo.bytes), format: "png" };
  } catch (error) {
    onError(error);
  }
  return null;
}

/** Width and height in pixels of a PNG (its IHDR) or a JPEG (its frame header); null when they cannot be read. */
export function imageSize(image: PdfImage): { width: number; height: number } | null {
  const bytes = image.data;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (image.format === "png") return bytes.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  for (let at = 2; at + 9 < bytes.length && bytes[at] === 0xff; ) {
    const marker = bytes[at + 1]!;
    // An Exif block may turn the picture a quarter: its size is then not the frame's.
    if (marker === 0xe1) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

/** How wide the logo is drawn in a box (contained, left-aligned): the box's width when its size cannot be read. */
export function drawnWidth(image: PdfImage, box: { width: number; height: number }): number {
  const size = imageSize(image);
  if (!size || !size.width || !size.height) return box.width;
  return Math.min(box.width, (box.height * size.width) / size.height);
}
