/**
 * Painting on a react-pdf `<Canvas>` (decision 022): a document's blocks (layout.ts) are display
 * lists painted with the canvas's pdfkit painter, one canvas per block, instead of a react-pdf
 * node per cell, text and shape. react-pdf spends about half a millisecond of layout on every
 * node and re-lays out what follows at each page break; an offer of 30 drawn fence items has
 * thousands of shapes and hundreds of texts, which put it at seconds, not the 150 ms asked for.
 * Text is still real text in Roboto (the fonts react-pdf registered, with their code-point fix),
 * so it reads back, copies and searches like the rest; drawings stay vector graphics. Shared by
 * the offer and the invoice (docs/decisions/054-invoice-pdf-and-accountant-export.md); what only
 * one document draws (the offer's fence drawings, the invoice's QR Platba) is a `custom` op.
 */
import { Font } from "@react-pdf/renderer";
import { PDF_FONT } from "./fonts";
import { type GlyphCoverage, printableWith } from "./printable";

/** What of a fontkit font the layout reads. */
export interface MeasuringFont extends GlyphCoverage {
  unitsPerEm: number;
  ascent: number;
  layout(text: string): { advanceWidth: number };
}

export interface PdfFonts {
  regular: MeasuringFont;
  bold: MeasuringFont;
}

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

/**
 * The font as the painter's pdfkit gets it: the same fontkit font, whose shaping of a word is
 * remembered across documents. pdfkit shapes every word of every text again in each new PDF (its
 * cache lives in the document) and scales the positions it gets in place, so each answer is the
 * remembered run with positions of its own. The first document's words cost as before, the
 * next ones' a lookup.
 */
function withRememberedShaping(font: MeasuringFont): MeasuringFont {
  const runs = new Map<string, { positions: Position[] }>();
  const layout = font.layout.bind(font) as unknown as (text: string, ...options: unknown[]) => { positions: Position[] };
  return Object.create(font, {
    layout: {
      value: (text: string, ...options: unknown[]) => {
        if (options.some((option) => option !== undefined)) return layout(text, ...options);
        let run = runs.get(text);
        if (!run) {
          if (runs.size >= ADVANCES_KEPT) runs.clear();
          run = layout(text);
          runs.set(text, run);
        }
        return Object.create(run, { positions: { value: run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset })) } });
      },
    },
  }) as MeasuringFont;
}

let loaded: PdfFonts | null = null;

/** Roboto regular and bold as react-pdf loaded them (renderPdf awaits `ensurePdfFonts` before any layout), shaping remembered. */
export function pdfFonts(): PdfFonts {
  const font = (fontWeight: number) => withRememberedShaping(Font.getFont({ fontFamily: PDF_FONT, fontWeight }).data as unknown as MeasuringFont);
  loaded ??= { regular: font(400), bold: font(700) };
  return loaded;
}

/** Each font's advance of the texts measured so far, in font units (shaping a text costs far more than a lookup). */
const advances = new WeakMap<MeasuringFont, Map<string, number>>();
const ADVANCES_KEPT = 20_000;

function advanceOf(font: MeasuringFont, text: string): number {
  let known = advances.get(font);
  if (!known) advances.set(font, (known = new Map()));
  let advance = known.get(text);
  if (advance === undefined) {
    if (known.size >= ADVANCES_KEPT) known.clear();
    advance = font.layout(text).advanceWidth;
    known.set(text, advance);
  }
  return advance;
}

/** The width of `text` in points at `size` as it is painted (printable.ts): its words' shaped widths and the spaces between them. */
export function textWidth(font: MeasuringFont, size: number, text: string): number {
  let advance = 0;
  const words = printableWith(font, text).split(" ");
  for (const word of words) if (word) advance += advanceOf(font, word);
  if (words.length > 1) advance += (words.length - 1) * advanceOf(font, " ");
  return (advance * size) / font.unitsPerEm;
}

/**
 * `text` broken between words into lines at most `width` wide (a word longer than the width
 * stands alone); at most `maxLines`, the last one ending in "…" when text is left over.
 */
export function wrapText(font: MeasuringFont, size: number, text: string, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    // A no-break space holds its words together: "18,00 Kč" or "1 290,00 Kč" never breaks across lines.
    const words = paragraph.split(/[^\S\u00a0\u202f]+/).filter(Boolean);
    const space = textWidth(font, size, " ");
    let line = "";
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = textWidth(font, size, word);
      if (!line || lineWidth + space + wordWidth <= width) {
        lineWidth = line ? lineWidth + space + wordWidth : wordWidth;
        line = line ? `${line} ${word}` : word;
      } else {
        lines.push(line);
        line = word;
        lineWidth = wordWidth;
      }
    }
    lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]}…`;
  while (last.length > 1 && textWidth(font, size, last) > width) last = `${last.slice(0, -2).trimEnd()}…`;
  kept[maxLines - 1] = last;
  return kept;
}

// ---- a display list ---------------------------------------------------------------------------------

export type PaintOp =
  | { op: "text"; text: string; x: number; baseline: number; size: number; bold?: boolean; colour: string; anchor?: "start" | "middle" | "end" }
  | { op: "rule"; x1: number; x2: number; y: number; width: number; colour: string }
  | { op: "box"; x: number; y: number; width: number; height: number; fill?: string; stroke?: string; dashed?: boolean }
  /** Painted by the document's own code (its fonts and size set inside its save/restore). */
  | { op: "custom"; paint: (painter: Painter, fonts: PdfFonts) => void };

/** The names the painter's fonts are kept under in a document. */
const FONT_KEYS = { regular: "ohrada-offer-400", bold: "ohrada-offer-700" } as const;

/** The canvas painter: pdfkit's drawing methods, each answering the painter (react-pdf's `Canvas` `paint`). */
export interface Painter {
  save(): Painter;
  restore(): Painter;
  translate(x: number, y: number): Painter;
  scale(factor: number): Painter;
  rect(x: number, y: number, width: number, height: number): Painter;
  circle(x: number, y: number, radius: number): Painter;
  path(d: string): Painter;
  moveTo(x: number, y: number): Painter;
  lineTo(x: number, y: number): Painter;
  fill(colour?: string): Painter;
  stroke(colour?: string): Painter;
  fillColor(colour: string): Painter;
  strokeColor(colour: string): Painter;
  lineWidth(width: number): Painter;
  lineCap(cap: "butt" | "round" | "square"): Painter;
  dash(length: number, options?: { space?: number }): Painter;
  strokeOpacity(opacity: number): Painter;
  font(font: unknown, family?: string, size?: number): Painter;
  fontSize(size: number): Painter;
  text(text: string, x: number, y: number, options?: Record<string, unknown>): Painter;
}

/** The font and size a painter has set, so a run of texts sets them only when they change. */
export interface TextState {
  font: MeasuringFont | null;
  size: number;
}

export const newTextState = (): TextState => ({ font: null, size: 0 });

/** The painter's text: real text at its baseline, never wrapped (the layout wrapped it); what the font lacks is left out (printable.ts). */
export function paintText(painter: Painter, fonts: PdfFonts, op: Extract<PaintOp, { op: "text" }>, current: TextState) {
  const font = op.bold ? fonts.bold : fonts.regular;
  const text = printableWith(font, op.text);
  if (!text) return;
  if (current.font !== font) {
    // Named, so pdfkit finds the font it embedded already (the one react-pdf's own text uses) without comparing fonts again.
    painter.font(font, op.bold ? FONT_KEYS.bold : FONT_KEYS.regular, op.size);
    current.font = font;
    current.size = op.size;
  } else if (current.size !== op.size) {
    painter.fontSize(op.size);
    current.size = op.size;
  }
  let x = op.x;
  if (op.anchor === "middle" || op.anchor === "end") {
    const width = textWidth(font, op.size, text);
    x -= op.anchor === "middle" ? width / 2 : width;
  }
  painter.fillColor(op.colour).text(text, x, op.baseline, { lineBreak: false, baseline: "alphabetic" });
}

/** Paints a display list (the `paint` of a `<Canvas>`). */
export function paintOps(painter: Painter, fonts: PdfFonts, ops: readonly PaintOp[]): void {
  const current = newTextState();
  for (const op of ops) {
    if (op.op === "text") paintText(painter, fonts, op, current);
    else if (op.op === "rule") painter.save().lineWidth(op.width).moveTo(op.x1, op.y).lineTo(op.x2, op.y).stroke(op.colour).restore();
    else if (op.op === "box") {
      if (op.fill) painter.rect(op.x, op.y, op.width, op.height).fill(op.fill);
      if (op.stroke) {
        painter.save().lineWidth(0.8);
        if (op.dashed) painter.dash(3, { space: 2 });
        painter.rect(op.x, op.y, op.width, op.height).stroke(op.stroke).restore();
      }
    }
    else {
      op.paint(painter, fonts);
      // The custom paint may have chosen its own font and size.
      current.font = null;
    }
  }
}
