/**
 * The offer PDF (docs/domain.md#offer-pdf): A4, Roboto (Czech diacritics), the company header, the customer's
 * addresses, the offer's number, date and validity, the fence items each with its drawing, the
 * other and assembly items, shipping and discount, the summary, the payment rules as amounts, the
 * delivery timeframe and "Strana X z Y" on every page. Everything it prints arrives ready in
 * `OfferDocumentData` (content.ts); the shared layout (src/lib/pdf/layout.ts) and layout.ts here
 * measure it into blocks, and src/lib/pdf/document.tsx puts them on pages. Loaded lazily by renderPdf.
 */
import { type Block, noticeBlock, paragraphBlock, partiesBlock, tableHeadBlock, tableLineBlock } from "@/lib/pdf/layout";
import { fontsNow, PagedDocument } from "@/lib/pdf/document";
import type { PdfFonts } from "@/lib/pdf/paint";
import type { OfferDocumentData } from "./content";
import { bottomBlock, fenceItemBlock, OFFER_TABLE } from "./layout";

/** Every block of the offer under its header, top to bottom. */
function offerBlocks(offer: OfferDocumentData, measure: PdfFonts): Block[] {
  const { labels } = offer;
  const blocks: Block[] = [partiesBlock(measure, [offer.billing, offer.delivery])];
  if (offer.empty) blocks.push(noticeBlock(offer.empty));
  if (offer.fenceItems.length) {
    blocks.push(tableHeadBlock(measure, OFFER_TABLE, labels.fenceItems, labels.columns));
    for (const item of offer.fenceItems) blocks.push(fenceItemBlock(measure, item, labels.subProducts));
  }
  for (const [title, lines] of [
    [labels.otherItems, offer.otherItems],
    [labels.assemblyItems, offer.assemblyItems],
  ] as const) {
    if (!lines.length) continue;
    blocks.push(tableHeadBlock(measure, OFFER_TABLE, title, labels.columns));
    for (const line of lines) blocks.push(tableLineBlock(measure, OFFER_TABLE, line));
  }
  blocks.push(bottomBlock(measure, offer));
  if (offer.closing) blocks.push(paragraphBlock(measure, offer.closing));
  return blocks;
}

export function OfferDocument({ offer }: { offer: OfferDocumentData }) {
  const footer = [offer.company.name, offer.number].filter(Boolean).join(" · ");
  return <PagedDocument header={offer} blocks={offerBlocks(offer, fontsNow())} lang={offer.lang} meta={offer.meta} logo={offer.company.logo} footer={footer} pageLabel={offer.pageLabel} />;
}
