/**
 * The offer laid out by hand (decision 022; pdf-paint.ts says why), in points: blocks of text,
 * tables and drawings, each measured here and painted as one `<Canvas>`, and the blocks put on A4
 * pages here too, so react-pdf lays out a few dozen nodes and never paginates (each page knows
 * its number and the page count when it is made). A block never splits across pages; a table's
 * title and column head stay with its first line.
 */
import type { LabelledValue, OfferDocumentData, OfferFenceItem, OfferLine } from "./content";
import { type MeasuringFont, type PaintOp, type PdfFonts, textWidth as textWidthOf, wrapText } from "./pdf-paint";

const MM = 72 / 25.4;
export const PAGE = { width: 595.28, height: 841.89, top: 14 * MM, bottom: 18 * MM, side: 14 * MM, footer: 8 * MM } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.side;
/** What the blocks of one page may take; a point spare against rounding. */
const CONTENT_HEIGHT = PAGE.height - PAGE.top - PAGE.bottom - 1;
const ACCENT = "#2f5d50";
const SHADE = "#f1f3f2";
const WHITE = "#ffffff";

const INK = "#1f2427";
const MUTED = "#5f676b";
const RULE = "#c9ced1";
const FILL_COLOUR = "#1c64b4";

const SIZE = 8.5;
const SMALL = 7.5;
const TINY = 7;
const LEADING = 1.3;

/** Table columns, points, left to right; the item's name takes what is left. */
const WIDTHS = { position: 20, colour: 58, dimensions: 86, amount: 44, unit: 26, unitPrice: 62, total: 66 } as const;
const NAME_WIDTH = CONTENT_WIDTH - Object.values(WIDTHS).reduce((sum, width) => sum + width, 0);
const X = (() => {
  const position = 0;
  const name = position + WIDTHS.position;
  const colour = name + NAME_WIDTH;
  const dimensions = colour + WIDTHS.colour;
  const amount = dimensions + WIDTHS.dimensions;
  const unit = amount + WIDTHS.amount;
  const unitPrice = unit + WIDTHS.unit;
  const total = unitPrice + WIDTHS.unitPrice;
  return { position, name, colour, dimensions, amount, unit, unitPrice, total, end: total + WIDTHS.total };
})();

const DRAWING_MAX_WIDTH = 250;
const DRAWING_MAX_HEIGHT = 130;
/** Points per px of the drawing at most (a small wicket is not blown up). */
const DRAWING_MAX_SCALE = 0.75;

export interface Block {
  height: number;
  ops: PaintOp[];
  /** Kept on one page with the block after it (a table's head with its first line). */
  keepWithNext?: boolean;
}

const lineHeight = (size: number) => size * LEADING;
/** The baseline of a line whose box starts at `top`. */
const baselineOf = (top: number, size: number) => top + size * 1.05;

/** Lines of text from `top`, left-aligned at x (or right-aligned ending at x, or centred on it); answers their height. */
function place(ops: PaintOp[], lines: string[], at: { x: number; top: number; size: number; colour?: string; bold?: boolean; anchor?: "start" | "middle" | "end" }): number {
  lines.forEach((text, index) => {
    if (text) ops.push({ op: "text", text, x: at.x, baseline: baselineOf(at.top + index * lineHeight(at.size), at.size), size: at.size, bold: at.bold, colour: at.colour ?? INK, anchor: at.anchor });
  });
  return lines.length * lineHeight(at.size);
}

const fontOf = (fonts: PdfFonts, bold: boolean): MeasuringFont => (bold ? fonts.bold : fonts.regular);

/**
 * One priced line's cells from `top`: the position, the name (bold when `strong`, wrapped) with its
 * detail under it, colour, size, amount, unit, unit price and total. Answers the cells' height.
 */
function lineCells(ops: PaintOp[], fonts: PdfFonts, line: Omit<OfferLine, "detail"> & { detail?: string | null }, top: number, options: { strong: boolean; size: number; head?: boolean }): number {
  const { size, strong } = options;
  const colour = options.head ? MUTED : INK;
  const nameLines = wrapText(fontOf(fonts, strong), size, line.name, NAME_WIDTH - 4, 3);
  place(ops, [line.position], { x: X.position, top, size, colour });
  let nameHeight = place(ops, nameLines, { x: X.name, top, size, colour, bold: strong });
  if (line.detail) nameHeight += place(ops, wrapText(fonts.regular, SMALL, line.detail, NAME_WIDTH - 4, 2), { x: X.name, top: top + nameHeight, size: SMALL, colour: MUTED });
  const colourHeight = place(ops, wrapText(fonts.regular, size, line.colour, WIDTHS.colour - 4, 2), { x: X.colour, top, size, colour });
  const dimensionsHeight = place(ops, wrapText(fonts.regular, size, line.dimensions, WIDTHS.dimensions - 4, 2), { x: X.dimensions, top, size, colour });
  place(ops, [line.amount], { x: X.unit, top, size, colour, anchor: "end" });
  place(ops, [line.unit], { x: X.unit + 4, top, size, colour });
  place(ops, [line.unitPrice], { x: X.total, top, size, colour, anchor: "end" });
  place(ops, [line.total], { x: X.end, top, size, colour, anchor: "end", bold: strong && !options.head });
  return Math.max(nameHeight, colourHeight, dimensionsHeight, lineHeight(size));
}

/** A table's title and its column head, kept with the table's first line. */
export function tableHeadBlock(fonts: PdfFonts, title: string, columns: Omit<OfferLine, "detail">): Block {
  const ops: PaintOp[] = [];
  let y = 5 * MM;
  y += place(ops, [title], { x: 0, top: y, size: 11, bold: true, colour: ACCENT }) + 1.5 * MM;
  y += lineCells(ops, fonts, columns, y, { strong: false, size: SMALL, head: true }) + 2;
  ops.push({ op: "rule", x1: 0, x2: CONTENT_WIDTH, y, width: 0.8, colour: INK });
  return { height: y + 1, ops, keepWithNext: true };
}

/** An other or assembly line, with a rule under it. */
export function lineBlock(fonts: PdfFonts, line: OfferLine): Block {
  const ops: PaintOp[] = [];
  const height = 3 + lineCells(ops, fonts, line, 3, { strong: false, size: SIZE }) + 2;
  ops.push({ op: "rule", x1: 0, x2: CONTENT_WIDTH, y: height, width: 0.5, colour: RULE });
  return { height: height + 0.5, ops };
}

/** A fence item: its line, its accessories, its drawing and the drawing's caption beside it, a rule under it all. */
export function fenceItemBlock(fonts: PdfFonts, item: OfferFenceItem, subProductsTitle: string): Block {
  const ops: PaintOp[] = [];
  let y = 4;
  y += lineCells(ops, fonts, item.line, y, { strong: true, size: SIZE });
  if (item.subProducts.length) {
    y += 1 + place(ops, [subProductsTitle], { x: X.name, top: y + 1, size: TINY, colour: MUTED });
    for (const sub of item.subProducts) {
      const ownOps: PaintOp[] = [];
      const nameLines = wrapText(fonts.regular, SMALL, sub.name, X.amount - X.name - 8, 2);
      let height = place(ownOps, nameLines, { x: X.name, top: y, size: SMALL });
      if (sub.detail) height += place(ownOps, wrapText(fonts.regular, TINY, sub.detail, X.amount - X.name - 8, 1), { x: X.name, top: y + height, size: TINY, colour: MUTED });
      place(ownOps, [sub.amount], { x: X.unit, top: y, size: SMALL, anchor: "end" });
      place(ownOps, [sub.unit], { x: X.unit + 4, top: y, size: SMALL });
      place(ownOps, [sub.unitPrice], { x: X.total, top: y, size: SMALL, anchor: "end" });
      place(ownOps, [sub.total], { x: X.end, top: y, size: SMALL, anchor: "end" });
      ops.push(...ownOps);
      y += height + 1;
    }
  }
  y += 2 * MM;
  const { drawing } = item;
  if (drawing.kind === "drawing") {
    const scale = Math.min(DRAWING_MAX_WIDTH / drawing.width, DRAWING_MAX_HEIGHT / drawing.height, DRAWING_MAX_SCALE);
    const width = drawing.width * scale;
    ops.push({ op: "drawing", scene: drawing, x: X.name, y, scale });
    const captionX = X.name + width + 4 * MM;
    const captionWidth = CONTENT_WIDTH - captionX;
    const { caption } = drawing;
    // The item's type and colour are already in its line; the caption says the rest.
    let captionHeight = 0;
    for (const [text, colour] of [
      [caption.units, MUTED],
      [caption.fillingLine, FILL_COLOUR],
      ...caption.slatLines.map((line) => [line, INK]),
      ...caption.facts.map((line) => [line, INK]),
    ] as [string | null, string][]) {
      if (text) captionHeight += place(ops, wrapText(fonts.regular, SMALL, text, captionWidth, 3), { x: captionX, top: y + captionHeight, size: SMALL, colour });
    }
    y += Math.max(drawing.height * scale, captionHeight);
  } else {
    y += place(ops, wrapText(fonts.regular, SMALL, drawing.text, CONTENT_WIDTH - X.name, 3), { x: X.name, top: y, size: SMALL, colour: MUTED });
  }
  y += 3 * MM;
  ops.push({ op: "rule", x1: 0, x2: CONTENT_WIDTH, y, width: 0.5, colour: RULE });
  return { height: y + 0.5, ops };
}

// ---- the blocks around the tables -------------------------------------------------------------------

/** The logo's box at the header's left (document.tsx places the image in it). */
export const LOGO_BOX = { width: 38 * MM, height: 20 * MM } as const;

/** The company (beside the logo) on the left; the title, number, date and validity on the right; an accent rule under both. */
export function headerBlock(fonts: PdfFonts, offer: OfferDocumentData, withLogo: boolean): Block {
  const ops: PaintOp[] = [];
  const left = withLogo ? LOGO_BOX.width + 4 * MM : 0;
  const leftWidth = CONTENT_WIDTH * 0.6 - left;
  let leftHeight = offer.company.name ? place(ops, wrapText(fonts.bold, 12, offer.company.name, leftWidth, 2), { x: left, top: 0, size: 12, bold: true }) + 1 : 0;
  for (const line of offer.company.lines) leftHeight += place(ops, wrapText(fonts.regular, SMALL, line, leftWidth, 2), { x: left, top: leftHeight, size: SMALL, colour: MUTED });

  let right = place(ops, [offer.title], { x: CONTENT_WIDTH, top: 0, size: 18, bold: true, colour: ACCENT, anchor: "end" });
  right += 2 + place(ops, [offer.number], { x: CONTENT_WIDTH, top: right + 2, size: 11, bold: true, anchor: "end" }) + 2;
  const valueWidth = Math.max(0, ...offer.facts.map((fact) => textWidthOf(fonts.regular, SIZE, fact.value)));
  for (const fact of offer.facts) {
    place(ops, [`${fact.label}:`], { x: CONTENT_WIDTH - valueWidth - 4, top: right, size: SIZE, colour: MUTED, anchor: "end" });
    right += place(ops, [fact.value], { x: CONTENT_WIDTH - valueWidth, top: right, size: SIZE });
  }
  const y = Math.max(leftHeight, right, withLogo ? LOGO_BOX.height : 0) + 4 * MM;
  ops.push({ op: "rule", x1: 0, x2: CONTENT_WIDTH, y, width: 1.5, colour: ACCENT });
  return { height: y + 1, ops };
}

/** The customer's address and the delivery address, side by side on a shade. */
export function partiesBlock(fonts: PdfFonts, parties: { title: string; lines: string[] }[]): Block {
  const ops: PaintOp[] = [];
  const gap = 4 * MM;
  const pad = 3 * MM;
  const width = (CONTENT_WIDTH - gap * (parties.length - 1)) / parties.length;
  const top = 5 * MM;
  const contents = parties.map((party, index) => {
    const own: PaintOp[] = [];
    const x = index * (width + gap) + pad;
    let height = place(own, [party.title.toLocaleUpperCase()], { x, top: top + pad, size: SMALL, colour: MUTED }) + 2;
    party.lines.forEach((line, lineIndex) => {
      height += place(own, wrapText(lineIndex === 0 ? fonts.bold : fonts.regular, SIZE, line, width - 2 * pad, 3), { x, top: top + pad + height, size: SIZE, bold: lineIndex === 0 });
    });
    return { own, height };
  });
  const boxHeight = Math.max(...contents.map((content) => content.height)) + 2 * pad;
  parties.forEach((_, index) => ops.push({ op: "box", x: index * (width + gap), y: top, width, height: boxHeight, fill: SHADE }));
  for (const content of contents) ops.push(...content.own);
  return { height: top + boxHeight + 2 * MM, ops };
}

/** What an offer without lines says instead of its tables. */
export function emptyBlock(text: string): Block {
  const ops: PaintOp[] = [];
  const top = 8 * MM;
  const pad = 4 * MM;
  const height = lineHeight(10) + 2 * pad;
  ops.push({ op: "box", x: 0, y: top, width: CONTENT_WIDTH, height, stroke: RULE, dashed: true });
  place(ops, [text], { x: CONTENT_WIDTH / 2, top: top + pad, size: 10, colour: MUTED, anchor: "middle" });
  return { height: top + height, ops };
}

/**
 * Labelled amounts in a column from `top`; answers their height. The amounts take a column of
 * their own, as wide as the widest, right-aligned; every label wraps within what is left, so a
 * long one (a shipping type's name) never runs beside or under an amount.
 */
function valueRows(ops: PaintOp[], fonts: PdfFonts, rows: LabelledValue[], at: { x: number; width: number; top: number; size: number; gap: number }): number {
  const amountsWidth = Math.max(0, ...rows.map((row) => textWidthOf(fonts.regular, at.size, row.value)));
  const labelWidth = at.width - amountsWidth - 3 * MM;
  let y = at.top;
  for (const row of rows) {
    const labelHeight = place(ops, wrapText(fonts.regular, at.size, row.label, labelWidth, 3), { x: at.x, top: y, size: at.size });
    place(ops, [row.value], { x: at.x + at.width, top: y, size: at.size, anchor: "end" });
    y += labelHeight + at.gap;
  }
  return y - at.top;
}

/** The payment rules, delivery timeframe and note on the left; the summary to the total with VAT on the right. */
export function bottomBlock(fonts: PdfFonts, offer: OfferDocumentData): Block {
  const ops: PaintOp[] = [];
  const top = 5 * MM;
  const totalsWidth = 78 * MM;
  const totalsX = CONTENT_WIDTH - totalsWidth;
  const termsWidth = totalsX - 6 * MM;
  const title = (text: string, x: number, y: number) => place(ops, [text], { x, top: y, size: 9.5, bold: true, colour: ACCENT }) + 1.5;

  // Without rows (the closing text says the schedule in words) the title goes too; the next part starts at the top.
  let left = top - 3 * MM;
  if (offer.payment.length) {
    left = top + title(offer.labels.payment, 0, top);
    left += valueRows(ops, fonts, offer.payment, { x: 0, width: termsWidth, top: left, size: SIZE, gap: 1 });
  }
  for (const [label, text] of [
    [offer.labels.delivery, offer.deliveryText],
    [offer.labels.note, offer.note],
  ] as [string, string | null][]) {
    if (!text) continue;
    left += 3 * MM;
    left += title(label, 0, left);
    left += place(ops, wrapText(fonts.regular, SIZE, text, termsWidth), { x: 0, top: left, size: SIZE });
  }

  let right = top + title(offer.labels.summary, totalsX, top);
  right += valueRows(ops, fonts, offer.adjustments, { x: totalsX, width: totalsWidth, top: right, size: SIZE, gap: 1.5 });
  ops.push({ op: "rule", x1: totalsX, x2: CONTENT_WIDTH, y: right + 0.5, width: 0.5, colour: RULE });
  right += 2;
  const summary = offer.summary.slice(0, -1);
  const grand = offer.summary[offer.summary.length - 1]!;
  right += valueRows(ops, fonts, summary, { x: totalsX, width: totalsWidth, top: right, size: SIZE, gap: 1.5 });
  const grandHeight = lineHeight(10.5) + 6;
  ops.push({ op: "box", x: totalsX, y: right + 2, width: totalsWidth, height: grandHeight, fill: ACCENT });
  place(ops, [grand.label], { x: totalsX + 2 * MM, top: right + 5, size: 10.5, bold: true, colour: WHITE });
  place(ops, [grand.value], { x: CONTENT_WIDTH - 2 * MM, top: right + 5, size: 10.5, bold: true, colour: WHITE, anchor: "end" });
  right += 2 + grandHeight;
  return { height: Math.max(left, right) + 1, ops };
}

/** The company's closing words under the offer. */
export function closingBlock(fonts: PdfFonts, text: string): Block {
  const ops: PaintOp[] = [];
  const top = 6 * MM;
  return { height: top + place(ops, wrapText(fonts.regular, SIZE, text, CONTENT_WIDTH), { x: 0, top, size: SIZE }), ops };
}

// ---- pages ----------------------------------------------------------------------------------------------

/** Blocks onto pages of CONTENT_HEIGHT, in order; a block that fits no page still gets one to itself. */
export function paginate(blocks: readonly Block[]): Block[][] {
  const pages: Block[][] = [[]];
  let used = 0;
  blocks.forEach((block, index) => {
    // A block kept with the next moves on with it when both do not fit here.
    const next = block.keepWithNext ? (blocks[index + 1]?.height ?? 0) : 0;
    const page = pages[pages.length - 1]!;
    if (page.length && used + block.height + next > CONTENT_HEIGHT) {
      pages.push([block]);
      used = block.height;
    } else {
      page.push(block);
      used += block.height;
    }
  });
  return pages;
}

/** A page's footer: the company and the offer's number on the left, "Strana X z Y" on the right. */
export function footerBlock(left: string, right: string): Block {
  const ops: PaintOp[] = [];
  const height = place(ops, [left], { x: 0, top: 0, size: SMALL, colour: MUTED });
  place(ops, [right], { x: CONTENT_WIDTH, top: 0, size: SMALL, colour: MUTED, anchor: "end" });
  return { height, ops };
}
