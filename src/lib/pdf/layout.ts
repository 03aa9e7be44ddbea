/**
 * Documents laid out by hand (decision 022; paint.ts says why), in points: blocks of text, tables
 * and pictures, each measured here and painted as one `<Canvas>`, and the blocks put on A4 pages
 * here too, so react-pdf lays out a few dozen nodes and never paginates (each page knows its number
 * and the page count when it is made). A block never splits across pages; a table's title and
 * column head stay with its first line. The offer and the invoice share these pieces
 * (docs/decisions/054-invoice-pdf-and-accountant-export.md): the page, the header with the company
 * and its logo, the parties, the lines table with columns of their own, labelled amounts, the
 * grand total, the pagination and the footer.
 */
import { type MeasuringFont, type PaintOp, type PdfFonts, textWidth as textWidthOf, wrapText } from "./paint";

export const MM = 72 / 25.4;
export const PAGE = { width: 595.28, height: 841.89, top: 14 * MM, bottom: 18 * MM, side: 14 * MM, footer: 8 * MM } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.side;
/** What the blocks of one page may take; a point spare against rounding. */
const CONTENT_HEIGHT = PAGE.height - PAGE.top - PAGE.bottom - 1;
export const ACCENT = "#2f5d50";
export const SHADE = "#f1f3f2";
export const WHITE = "#ffffff";

export const INK = "#1f2427";
export const MUTED = "#5f676b";
export const RULE = "#c9ced1";

export const SIZE = 8.5;
export const SMALL = 7.5;
export const TINY = 7;
const LEADING = 1.3;

export interface Block {
  height: number;
  ops: PaintOp[];
  /** Kept on one page with the block after it (a table's head with its first line). */
  keepWithNext?: boolean;
}

/** A label and its value, both printed as they are. */
export interface LabelledValue {
  label: string;
  value: string;
}

export const lineHeight = (size: number) => size * LEADING;
/** The baseline of a line whose box starts at `top`. */
const baselineOf = (top: number, size: number) => top + size * 1.05;

/** Lines of text from `top`, left-aligned at x (or right-aligned ending at x, or centred on it); answers their height. */
export function place(ops: PaintOp[], lines: string[], at: { x: number; top: number; size: number; colour?: string; bold?: boolean; anchor?: "start" | "middle" | "end" }): number {
  lines.forEach((text, index) => {
    if (text) ops.push({ op: "text", text, x: at.x, baseline: baselineOf(at.top + index * lineHeight(at.size), at.size), size: at.size, bold: at.bold, colour: at.colour ?? INK, anchor: at.anchor });
  });
  return lines.length * lineHeight(at.size);
}

const fontOf = (fonts: PdfFonts, bold: boolean): MeasuringFont => (bold ? fonts.bold : fonts.regular);

// ---- the lines table -----------------------------------------------------------------------------------

/** A column of a lines table. */
export interface TableColumn<Key extends string> {
  key: Key;
  /** Points; "rest" takes what the others leave (one column: the item's name). */
  width: number | "rest";
  /** "end": right-aligned at the column's right edge; "start" (default): from its left edge plus `inset`. */
  align?: "start" | "end";
  inset?: number;
  /** Wrapped within the column (4 pt short of it) to at most this many lines; unset: one line as it is. */
  lines?: number;
  /** Bold on a strong line (a fence item's own line). */
  boldWhenStrong?: boolean;
  /** The line's `detail` goes under this column's text, smaller. */
  detail?: boolean;
}

export interface Table<Key extends string> {
  columns: readonly TableColumn<Key>[];
  /** Each column's left edge and width, and the table's right edge. */
  x: Record<Key, number> & { end: number };
  width: Record<Key, number>;
}

/** The columns' edges across the content width, left to right. */
export function defineTable<Key extends string>(columns: readonly TableColumn<Key>[]): Table<Key> {
  const fixed = columns.reduce((sum, column) => (column.width === "rest" ? sum : sum + column.width), 0);
  const rest = CONTENT_WIDTH - fixed;
  const x: Record<string, number> = {};
  const width: Record<string, number> = {};
  let at = 0;
  for (const column of columns) {
    x[column.key] = at;
    width[column.key] = column.width === "rest" ? rest : column.width;
    at = at + width[column.key]!;
  }
  x.end = at;
  return { columns, x: x as Table<Key>["x"], width: width as Table<Key>["width"] };
}

/** One row of a table: each column's text, and the detail under the detail column. */
export type TableRow<Key extends string> = Record<Key, string> & { detail?: string | null };

/** One row's cells from `top` (bold where the column says so on a `strong` row); answers the cells' height. */
export function tableCells<Key extends string>(ops: PaintOp[], fonts: PdfFonts, table: Table<Key>, row: TableRow<Key>, top: number, options: { strong: boolean; size: number; head?: boolean }): number {
  const { size, strong } = options;
  const colour = options.head ? MUTED : INK;
  let height = lineHeight(size);
  for (const column of table.columns) {
    const x = table.x[column.key];
    const width = table.width[column.key];
    const text = row[column.key];
    const bold = Boolean(column.boldWhenStrong && strong && !options.head);
    const lines = column.lines ? wrapText(fontOf(fonts, bold), size, text, width - 4, column.lines) : [text];
    const at = column.align === "end" ? { x: x + width, anchor: "end" as const } : { x: x + (column.inset ?? 0) };
    let own = place(ops, lines, { ...at, top, size, colour, bold: bold || undefined });
    if (column.detail && row.detail) own += place(ops, wrapText(fonts.regular, SMALL, row.detail, width - 4, 2), { x: at.x, top: top + own, size: SMALL, colour: MUTED });
    if (column.lines || column.detail) height = Math.max(height, own);
  }
  return height;
}

/** A table's title and its column head, kept with the table's first line. */
export function tableHeadBlock<Key extends string>(fonts: PdfFonts, table: Table<Key>, title: string, columns: TableRow<Key>): Block {
  const ops: PaintOp[] = [];
  let y = 5 * MM;
  y += place(ops, [title], { x: 0, top: y, size: 11, bold: true, colour: ACCENT }) + 1.5 * MM;
  y += tableCells(ops, fonts, table, columns, y, { strong: false, size: SMALL, head: true }) + 2;
  ops.push({ op: "rule", x1: 0, x2: CONTENT_WIDTH, y, width: 0.8, colour: INK });
  return { height: y + 1, ops, keepWithNext: true };
}

/** A line of a table, with a rule under it. */
export function tableLineBlock<Key extends string>(fonts: PdfFonts, table: Table<Key>, row: TableRow<Key>): Block {
  const ops: PaintOp[] = [];
  const height = 3 + tableCells(ops, fonts, table, row, 3, { strong: false, size: SIZE }) + 2;
  ops.push({ op: "rule", x1: 0, x2: CONTENT_WIDTH, y: height, width: 0.5, colour: RULE });
  return { height: height + 0.5, ops };
}

// ---- the blocks around the tables -------------------------------------------------------------------

/** The logo's box at the header's left (document.tsx places the image in it, contained and left-aligned). */
export const LOGO_BOX = { width: 38 * MM, height: 20 * MM } as const;

/** What a document's header says: the company, and the document's title, number and facts (dates). */
export interface DocumentHeader {
  company: { name: string; lines: string[] };
  title: string;
  number: string;
  facts: LabelledValue[];
}

/** The longest company name the header prints whole: the lines it wraps to at most (the rest ends in "…"). */
const COMPANY_NAME_LINES = 3;

/**
 * The company beside the logo as it is drawn, `logoWidth` wide (never under it: the image would
 * hide it), on the left; the title, number and facts on the right, as wide as they need up to
 * 45 % of the page (a longer title wraps), and the company takes what they leave; an accent rule
 * under both. document.tsx lays out every document's header with it.
 */
export function headerBlock(fonts: PdfFonts, header: DocumentHeader, logoWidth: number | null): Block {
  const ops: PaintOp[] = [];
  const labelWidth = Math.max(0, ...header.facts.map((fact) => textWidthOf(fonts.regular, SIZE, `${fact.label}:`)));
  const valueWidth = Math.max(0, ...header.facts.map((fact) => textWidthOf(fonts.regular, SIZE, fact.value)));
  const rightWidth = Math.min(CONTENT_WIDTH * 0.45, Math.max(textWidthOf(fonts.bold, 18, header.title), textWidthOf(fonts.bold, 11, header.number), labelWidth + 4 + valueWidth));
  const left = logoWidth === null ? 0 : logoWidth + 4 * MM;
  const leftWidth = CONTENT_WIDTH - rightWidth - 6 * MM - left;

  let leftHeight = header.company.name ? place(ops, wrapText(fonts.bold, 12, header.company.name, leftWidth, COMPANY_NAME_LINES), { x: left, top: 0, size: 12, bold: true }) + 1 : 0;
  for (const line of header.company.lines) leftHeight += place(ops, wrapText(fonts.regular, SMALL, line, leftWidth, 2), { x: left, top: leftHeight, size: SMALL, colour: MUTED });

  let right = place(ops, wrapText(fonts.bold, 18, header.title, rightWidth, 2), { x: CONTENT_WIDTH, top: 0, size: 18, bold: true, colour: ACCENT, anchor: "end" });
  right += 2 + place(ops, [header.number], { x: CONTENT_WIDTH, top: right + 2, size: 11, bold: true, anchor: "end" }) + 2;
  for (const fact of header.facts) {
    place(ops, [`${fact.label}:`], { x: CONTENT_WIDTH - valueWidth - 4, top: right, size: SIZE, colour: MUTED, anchor: "end" });
    right += place(ops, [fact.value], { x: CONTENT_WIDTH - valueWidth, top: right, size: SIZE });
  }
  const y = Math.max(leftHeight, right, logoWidth === null ? 0 : LOGO_BOX.height) + 4 * MM;
  ops.push({ op: "rule", x1: 0, x2: CONTENT_WIDTH, y, width: 1.5, colour: ACCENT });
  return { height: y + 1, ops };
}

/** Parties (the customer's address and the delivery address; the supplier and the customer) side by side on a shade. */
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

/** A notice in a dashed box across the page (an offer without lines says so instead of its tables). */
export function noticeBlock(text: string): Block {
  const ops: PaintOp[] = [];
  const top = 8 * MM;
  const pad = 4 * MM;
  const height = lineHeight(10) + 2 * pad;
  ops.push({ op: "box", x: 0, y: top, width: CONTENT_WIDTH, height, stroke: RULE, dashed: true });
  place(ops, [text], { x: CONTENT_WIDTH / 2, top: top + pad, size: 10, colour: MUTED, anchor: "middle" });
  return { height: top + height, ops };
}

/** A section's title in a column (the summary, the payment terms); answers its height. */
export const sectionTitle = (ops: PaintOp[], text: string, x: number, top: number) => place(ops, [text], { x, top, size: 9.5, bold: true, colour: ACCENT }) + 1.5;

/**
 * Labelled amounts in a column from `top`; answers their height. The amounts take a column of
 * their own, as wide as the widest, right-aligned; every label wraps within what is left, so a
 * long one (a shipping type's name) never runs beside or under an amount.
 */
export function valueRows(ops: PaintOp[], fonts: PdfFonts, rows: LabelledValue[], at: { x: number; width: number; top: number; size: number; gap: number }): number {
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

/** The grand total (the offer's price with VAT, the invoice's total to pay) white on the accent, under `top`; answers its height. */
export function grandTotalRow(ops: PaintOp[], row: LabelledValue, at: { x: number; width: number; top: number }): number {
  const grandHeight = lineHeight(10.5) + 6;
  ops.push({ op: "box", x: at.x, y: at.top + 2, width: at.width, height: grandHeight, fill: ACCENT });
  place(ops, [row.label], { x: at.x + 2 * MM, top: at.top + 5, size: 10.5, bold: true, colour: WHITE });
  place(ops, [row.value], { x: at.x + at.width - 2 * MM, top: at.top + 5, size: 10.5, bold: true, colour: WHITE, anchor: "end" });
  return 2 + grandHeight;
}

/** A paragraph across the page (the offer's closing words, the invoice's note). */
export function paragraphBlock(fonts: PdfFonts, text: string): Block {
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

/** A page's footer: the company and the document's number on the left, "Strana X z Y" on the right. */
export function footerBlock(left: string, right: string): Block {
  const ops: PaintOp[] = [];
  const height = place(ops, [left], { x: 0, top: 0, size: SMALL, colour: MUTED });
  place(ops, [right], { x: CONTENT_WIDTH, top: 0, size: SMALL, colour: MUTED, anchor: "end" });
  return { height, ops };
}
