/**
 * The offer's own blocks (decision 022): its lines table's columns, a fence item with its
 * accessories and drawing, and the terms beside the summary. The page, header, parties, table
 * rows, pagination and footer are the shared ones (src/lib/pdf/layout.ts).
 */
import { ACCENT, type Block, CONTENT_WIDTH, defineTable, grandTotalRow, INK, MM, MUTED, place, RULE, sectionTitle, SIZE, SMALL, TINY, tableCells, valueRows } from "@/lib/pdf/layout";
import { type PaintOp, type PdfFonts, wrapText } from "@/lib/pdf/paint";
import type { OfferDocumentData, OfferFenceItem } from "./content";
import { drawingOp } from "./drawing-paint";

const FILL_COLOUR = "#1c64b4";

/** The lines table: position, the item's name (what is left; its detail under it), colour, size, amount, unit, unit price, total. */
export const OFFER_TABLE = defineTable([
  { key: "position", width: 20 },
  { key: "name", width: "rest", lines: 3, boldWhenStrong: true, detail: true },
  { key: "colour", width: 58, lines: 2 },
  { key: "dimensions", width: 86, lines: 2 },
  { key: "amount", width: 44, align: "end" },
  { key: "unit", width: 26, inset: 4 },
  { key: "unitPrice", width: 62, align: "end" },
  { key: "total", width: 66, align: "end", boldWhenStrong: true },
] as const);
const X = OFFER_TABLE.x;

const DRAWING_MAX_WIDTH = 250;
const DRAWING_MAX_HEIGHT = 130;
/** Points per px of the drawing at most (a small wicket is not blown up). */
const DRAWING_MAX_SCALE = 0.75;

/** A fence item: its line, its accessories, its drawing and the drawing's caption beside it, a rule under it all. */
export function fenceItemBlock(fonts: PdfFonts, item: OfferFenceItem, subProductsTitle: string): Block {
  const ops: PaintOp[] = [];
  let y = 4;
  y += tableCells(ops, fonts, OFFER_TABLE, item.line, y, { strong: true, size: SIZE });
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
    ops.push(drawingOp(drawing, X.name, y, scale));
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

/** The payment rules, delivery timeframe and note on the left; the summary to the total with VAT on the right. */
export function bottomBlock(fonts: PdfFonts, offer: OfferDocumentData): Block {
  const ops: PaintOp[] = [];
  const top = 5 * MM;
  const totalsWidth = 78 * MM;
  const totalsX = CONTENT_WIDTH - totalsWidth;
  const termsWidth = totalsX - 6 * MM;
  const title = (text: string, x: number, y: number) => sectionTitle(ops, text, x, y);

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
  right += grandTotalRow(ops, grand, { x: totalsX, width: totalsWidth, top: right });
  return { height: Math.max(left, right) + 1, ops };
}
