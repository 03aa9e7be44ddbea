/**
 * The invoice PDF (docs/decisions/054-invoice-pdf-and-accountant-export.md): the
 * offer's pieces (src/lib/pdf) with the invoice's own blocks — the payment details beside the
 * QR Platba picture (formats/qr-platba.tsx, drawn per the graphic manual), the lines table with
 * the VAT rate, base and total, and the VAT recap (per rate the supply, the advance deducted and
 * the difference, when taxed advances are deducted) beside the summary down to the total to pay.
 * Everything it prints arrives ready in `InvoiceDocumentData` (content.ts). Loaded lazily by renderPdf.
 */
import type { PdfImage } from "@/lib/pdf/logo";
import { fontsNow, PagedDocument } from "@/lib/pdf/document";
import {
  type Block,
  CONTENT_WIDTH,
  defineTable,
  grandTotalRow,
  MM,
  paragraphBlock,
  partiesBlock,
  RULE,
  SIZE,
  sectionTitle,
  SMALL,
  tableCells,
  tableHeadBlock,
  tableLineBlock,
  valueRows,
} from "@/lib/pdf/layout";
import type { Painter, PaintOp, PdfFonts } from "@/lib/pdf/paint";
import { paintQrPlatba, QR_PLATBA_DEFAULT_SIZE, qrPlatbaLayout } from "../formats/qr-platba";
import type { InvoiceColumn, InvoiceDocumentData, RecapColumn } from "./content";

/** A VAT payer's lines: the rate, the base and the total with VAT. */
const PAYER_TABLE = defineTable<InvoiceColumn>([
  { key: "position", width: 20 },
  { key: "description", width: "rest", lines: 3 },
  { key: "quantity", width: 44, align: "end" },
  { key: "unit", width: 26, inset: 4 },
  { key: "unitPrice", width: 62, align: "end" },
  { key: "vatRate", width: 34, align: "end" },
  { key: "base", width: 66, align: "end" },
  { key: "total", width: 66, align: "end" },
]);

/** A supplier that is not a VAT payer: no rate, no VAT; the line's price is its total. */
const NON_PAYER_TABLE = defineTable<Exclude<InvoiceColumn, "vatRate" | "base">>([
  { key: "position", width: 20 },
  { key: "description", width: "rest", lines: 3 },
  { key: "quantity", width: 50, align: "end" },
  { key: "unit", width: 30, inset: 4 },
  { key: "unitPrice", width: 72, align: "end" },
  { key: "total", width: 80, align: "end" },
]);

const TOTALS_WIDTH = 82 * MM;
const TOTALS_GAP = 6 * MM;

/** The VAT recap, left of the summary: the row's name, then the base and the VAT right-aligned. */
const RECAP_TABLE = defineTable<RecapColumn>([
  { key: "rate", width: CONTENT_WIDTH - TOTALS_WIDTH - TOTALS_GAP - 2 * 80, lines: 2, boldWhenStrong: true },
  { key: "base", width: 80, align: "end", boldWhenStrong: true },
  { key: "vat", width: 80, align: "end", boldWhenStrong: true },
]);

/** How to pay on the left; the QR Platba picture on the right, when there is something to pay by transfer. The reminder's PDF draws it too. */
export function paymentBlock(fonts: PdfFonts, invoice: Pick<InvoiceDocumentData, "payment" | "spayd">): Block {
  const ops: PaintOp[] = [];
  const top = 5 * MM;
  let qrHeight = 0;
  let rowsWidth = CONTENT_WIDTH * 0.55;
  if (invoice.spayd) {
    const layout = qrPlatbaLayout(invoice.spayd, QR_PLATBA_DEFAULT_SIZE, fonts);
    const x = CONTENT_WIDTH - layout.width;
    ops.push({ op: "custom", paint: (painter: Painter, own: PdfFonts) => paintQrPlatba(painter, own, layout, x, top) });
    qrHeight = layout.height;
    rowsWidth = Math.min(rowsWidth, x - 8 * MM);
  }
  const rowsHeight = valueRows(ops, fonts, invoice.payment, { x: 0, width: rowsWidth, top, size: SIZE, gap: 1.5 });
  return { height: top + Math.max(rowsHeight, qrHeight) + 2 * MM, ops };
}

/** The VAT recap (or "Nejsem plátce DPH") on the left; the summary and the total to pay on the right. */
function totalsBlock(fonts: PdfFonts, invoice: InvoiceDocumentData): Block {
  const ops: PaintOp[] = [];
  const top = 5 * MM;
  const totalsWidth = TOTALS_WIDTH;
  const totalsX = CONTENT_WIDTH - totalsWidth;

  let left = top;
  if (invoice.recap.length) {
    left += sectionTitle(ops, invoice.labels.recap, 0, left);
    left += tableCells(ops, fonts, RECAP_TABLE, invoice.labels.recapColumns, left, { strong: false, size: SMALL, head: true }) + 1;
    ops.push({ op: "rule", x1: 0, x2: RECAP_TABLE.x.end, y: left, width: 0.5, colour: RULE });
    left += 2;
    for (const line of invoice.recap) left += tableCells(ops, fonts, RECAP_TABLE, line.cells, left, { strong: line.strong, size: SIZE }) + 1;
  }
  if (invoice.notVatPayer) left += sectionTitle(ops, invoice.notVatPayer, 0, left);

  let right = top + sectionTitle(ops, invoice.labels.summary, totalsX, top);
  right += valueRows(ops, fonts, invoice.summary, { x: totalsX, width: totalsWidth, top: right, size: SIZE, gap: 1.5 });
  ops.push({ op: "rule", x1: totalsX, x2: CONTENT_WIDTH, y: right + 0.5, width: 0.5, colour: RULE });
  right += 2 + grandTotalRow(ops, invoice.grand, { x: totalsX, width: totalsWidth, top: right });
  return { height: Math.max(left, right) + 1, ops };
}

/** Every block of the invoice under its header, top to bottom. */
function invoiceBlocks(invoice: InvoiceDocumentData, fonts: PdfFonts): Block[] {
  const blocks: Block[] = [partiesBlock(fonts, [invoice.supplier, invoice.customer]), paymentBlock(fonts, invoice)];
  if (invoice.vatPayer) {
    blocks.push(tableHeadBlock(fonts, PAYER_TABLE, invoice.labels.lines, invoice.labels.columns));
    for (const line of invoice.lines) blocks.push(tableLineBlock(fonts, PAYER_TABLE, line));
  } else {
    blocks.push(tableHeadBlock(fonts, NON_PAYER_TABLE, invoice.labels.lines, invoice.labels.columns));
    for (const line of invoice.lines) blocks.push(tableLineBlock(fonts, NON_PAYER_TABLE, line));
  }
  blocks.push(totalsBlock(fonts, invoice));
  if (invoice.note) blocks.push(paragraphBlock(fonts, invoice.note));
  if (invoice.issuedBy) blocks.push(paragraphBlock(fonts, invoice.issuedBy));
  return blocks;
}

export function InvoiceDocument({ invoice, logo }: { invoice: InvoiceDocumentData; logo: PdfImage | null }) {
  return <PagedDocument header={invoice} blocks={invoiceBlocks(invoice, fontsNow())} lang={invoice.lang} meta={invoice.meta} logo={logo} footer={invoice.footer} pageLabel={invoice.pageLabel} />;
}
