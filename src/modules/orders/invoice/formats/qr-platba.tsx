/**
 * The QR Platba picture for the invoice PDF (docs/decisions/051-invoice-formats.md), drawn as the
 * Czech Banking Association's graphic manual (qr-platba.cz/graficky-manual) sets it, with T the
 * side of one module:
 * - the QR code of the SPAYD string, error correction level M (the format's level for print),
 *   each dark module a vector square (crisp at any printer resolution, one filled path);
 * - a quiet zone of 4T around it;
 * - a black line of 1.5 pt around the quiet zone (outside it, so the quiet zone keeps its 4T);
 * - the label "QR platba" in bold, 16T wide, starting at the code's left edge, its capitals
 *   centred on the bottom line, which stops 2T before and resumes 2T after it.
 * The manual asks for Arial Bold; the PDF's font is Roboto (ours, embedded, with Czech glyphs),
 * whose bold is set to the same 16T width. The label stays "QR platba" in every language: it is
 * the scheme's name, which the payer recognises. The manual gives no minimum size; we never draw
 * the frame under 25 mm (the default is 36 mm), where a phone camera still reads a dense code.
 */
import bwipjs from "bwip-js/node";
import { Canvas } from "@react-pdf/renderer";
import { type Painter, type PdfFonts, paintOps, pdfFonts, textWidth } from "@/lib/pdf/paint";

const MM = 72 / 25.4;
export const QR_PLATBA_LABEL = "QR platba";
export const QR_PLATBA_DEFAULT_SIZE = 36 * MM;
export const QR_PLATBA_MIN_SIZE = 25 * MM;
const LINE_WIDTH = 1.5;
const QUIET_ZONE = 4;
const LABEL_WIDTH = 16;
const LABEL_GAP = 2;

/** The QR code's modules: `dark[row * side + column]`, no quiet zone. */
export function qrModules(text: string): { side: number; dark: boolean[] } {
  // eclevel is a BWIPP option the type definitions do not list.
  const [symbol] = bwipjs.raw({ bcid: "qrcode", text, eclevel: "M" } as bwipjs.RenderOptions) as unknown as [{ pixs: number[]; pixx: number; pixy: number }];
  if (symbol.pixx !== symbol.pixy) throw new Error("a QR code is square");
  return { side: symbol.pixx, dark: symbol.pixs.map((pixel) => pixel === 1) };
}

interface FontMetrics {
  unitsPerEm: number;
  capHeight: number;
  descent: number;
}

/** Where everything goes, in points from the picture's top-left corner. */
export interface QrPlatbaLayout {
  /** The picture's box: the frame with its line, and the label hanging below the bottom line. */
  width: number;
  height: number;
  /** T, one module's side. */
  module: number;
  /** The QR code's top-left corner and side. */
  code: { x: number; y: number; side: number };
  /** The frame line's centre line: a square around the quiet zone. */
  frame: { left: number; top: number; right: number; bottom: number };
  label: { x: number; baseline: number; size: number; width: number };
  /** The bottom line's gap around the label. */
  gap: { from: number; to: number };
}

/** The picture of `spayd` whose frame (the quiet zone's outer edge) is `size` points wide. */
export function qrPlatbaLayout(spayd: string, size: number, fonts: PdfFonts): QrPlatbaLayout & { dark: boolean[]; modules: number } {
  if (size < QR_PLATBA_MIN_SIZE) throw new RangeError(`QR Platba is drawn at least 25 mm wide, not ${(size / MM).toFixed(1)} mm`);
  const { side: modules, dark } = qrModules(spayd);
  const module = size / (modules + 2 * QUIET_ZONE);
  const inset = LINE_WIDTH;
  const code = { x: inset + QUIET_ZONE * module, y: inset + QUIET_ZONE * module, side: modules * module };
  const half = LINE_WIDTH / 2;
  const frame = { left: inset - half, top: inset - half, right: inset + size + half, bottom: inset + size + half };
  const metrics = fonts.bold as unknown as FontMetrics;
  const labelSize = (LABEL_WIDTH * module) / (textWidth(fonts.bold, 1, QR_PLATBA_LABEL) || 1);
  const capHeight = (metrics.capHeight / metrics.unitsPerEm) * labelSize;
  const descent = (Math.abs(metrics.descent) / metrics.unitsPerEm) * labelSize;
  const baseline = frame.bottom + capHeight / 2;
  const label = { x: code.x, baseline, size: labelSize, width: LABEL_WIDTH * module };
  return {
    width: frame.right + half,
    height: Math.max(frame.bottom + half, baseline + descent) + half,
    module,
    code,
    frame,
    label,
    gap: { from: label.x - LABEL_GAP * module, to: label.x + label.width + LABEL_GAP * module },
    dark,
    modules,
  };
}

/** Paints the picture with its top-left corner at (x, y) (a `<Canvas>` painter, as the offer's blocks use). */
export function paintQrPlatba(painter: Painter, fonts: PdfFonts, layout: ReturnType<typeof qrPlatbaLayout>, x = 0, y = 0): void {
  const { code, frame, gap, label, module, modules, dark } = layout;
  painter.save().translate(x, y);
  // Each run of dark modules in a row is one rectangle, slightly overlapping the next row so no hairline shows between them.
  for (let row = 0; row < modules; row++) {
    let column = 0;
    while (column < modules) {
      if (!dark[row * modules + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules && dark[row * modules + column]) column++;
      painter.rect(code.x + start * module, code.y + row * module, (column - start) * module, module * 1.01);
    }
  }
  painter.fill("#000000");
  painter
    .save()
    .lineWidth(LINE_WIDTH)
    .moveTo(gap.to, frame.bottom)
    .lineTo(frame.right, frame.bottom)
    .lineTo(frame.right, frame.top)
    .lineTo(frame.left, frame.top)
    .lineTo(frame.left, frame.bottom)
    .lineTo(gap.from, frame.bottom)
    .stroke("#000000")
    .restore();
  paintOps(painter, fonts, [{ op: "text", text: QR_PLATBA_LABEL, x: label.x, baseline: label.baseline, size: label.size, bold: true, colour: "#000000" }]);
  painter.restore();
}

/**
 * The picture as a react-pdf element, `size` points wide at the frame (default 36 mm). The fonts
 * must be loaded (renderPdf does that before any document renders).
 */
export function QrPlatba({ spayd, size = QR_PLATBA_DEFAULT_SIZE }: { spayd: string; size?: number }) {
  const fonts = pdfFonts();
  const layout = qrPlatbaLayout(spayd, size, fonts);
  return (
    <Canvas
      style={{ width: layout.width, height: layout.height }}
      paint={(painter) => {
        paintQrPlatba(painter as unknown as Painter, fonts, layout);
        return null;
      }}
    />
  );
}
