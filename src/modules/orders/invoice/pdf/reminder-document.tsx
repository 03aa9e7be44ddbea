/**
 * A reminder's PDF (docs/decisions/080-overdue-and-reminders.md), the invoice's sibling: the same
 * header with the logo, the same parties, then the level's words, the document reminded beside
 * what it asked, what was paid and the rest to pay (the invoice's grand-total row), and the
 * invoice's payment details with a QR Platba for that rest. Everything arrives ready in
 * `ReminderDocumentData` (reminder-content.ts). Loaded lazily by renderPdf.
 */
import type { PdfImage } from "@/lib/pdf/logo";
import { fontsNow, PagedDocument } from "@/lib/pdf/document";
import { type Block, CONTENT_WIDTH, grandTotalRow, MM, paragraphBlock, partiesBlock, place, RULE, SIZE, sectionTitle, valueRows } from "@/lib/pdf/layout";
import { type PaintOp, type PdfFonts, wrapText } from "@/lib/pdf/paint";
import { paymentBlock } from "./document";
import type { ReminderDocumentData } from "./reminder-content";

const AMOUNTS_WIDTH = 82 * MM;
const AMOUNTS_GAP = 6 * MM;

/** The document reminded on the left (its name, dates, days overdue); what it asked, what was paid and the rest to pay on the right. */
function documentBlock(fonts: PdfFonts, reminder: ReminderDocumentData): Block {
  const ops: PaintOp[] = [];
  const top = 5 * MM;
  const leftWidth = CONTENT_WIDTH - AMOUNTS_WIDTH - AMOUNTS_GAP;
  let left = top + sectionTitle(ops, reminder.labels.document, 0, top);
  left += place(ops, wrapText(fonts.bold, SIZE, reminder.documentName, leftWidth, 2), { x: 0, top: left, size: SIZE, bold: true }) + 1.5;
  left += valueRows(ops, fonts, reminder.document, { x: 0, width: leftWidth, top: left, size: SIZE, gap: 1.5 });

  const x = CONTENT_WIDTH - AMOUNTS_WIDTH;
  let right = top + sectionTitle(ops, reminder.labels.payment, x, top);
  right += valueRows(ops, fonts, reminder.amounts, { x, width: AMOUNTS_WIDTH, top: right, size: SIZE, gap: 1.5 });
  ops.push({ op: "rule", x1: x, x2: CONTENT_WIDTH, y: right + 0.5, width: 0.5, colour: RULE });
  right += 2 + grandTotalRow(ops, reminder.grand, { x, width: AMOUNTS_WIDTH, top: right });
  return { height: Math.max(left, right) + 1, ops };
}

function reminderBlocks(reminder: ReminderDocumentData, fonts: PdfFonts): Block[] {
  const blocks = [partiesBlock(fonts, [reminder.supplier, reminder.customer]), paragraphBlock(fonts, reminder.text), documentBlock(fonts, reminder), paymentBlock(fonts, reminder)];
  if (reminder.issuedBy) blocks.push(paragraphBlock(fonts, reminder.issuedBy));
  return blocks;
}

export function ReminderDocument({ reminder, logo }: { reminder: ReminderDocumentData; logo: PdfImage | null }) {
  return <PagedDocument header={reminder} blocks={reminderBlocks(reminder, fontsNow())} lang={reminder.lang} meta={reminder.meta} logo={logo} footer={reminder.footer} pageLabel={reminder.pageLabel} />;
}
