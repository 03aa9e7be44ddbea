/**
 * The offer PDF (issue 11 §2): A4, Roboto (Czech diacritics), the company header, the customer's
 * addresses, the offer's number, date and validity, the fence items each with its drawing, the
 * other and assembly items, shipping and discount, the summary, the payment rules as amounts, the
 * delivery timeframe and "Strana X z Y" on every page. Everything it prints arrives ready in
 * `OfferDocumentData` (content.ts); layout.ts measures it into blocks and pages, and this file
 * hands them to react-pdf: one canvas per block, the logo as an image. Loaded lazily by renderPdf.
 */
import { Canvas, Document, Image, Page, StyleSheet, View } from "@react-pdf/renderer";
import { PDF_FONT } from "@/lib/pdf/fonts";
import type { OfferDocumentData } from "./content";
import {
  type Block,
  bottomBlock,
  closingBlock,
  emptyBlock,
  fenceItemBlock,
  footerBlock,
  headerBlock,
  lineBlock,
  LOGO_BOX,
  PAGE,
  paginate,
  partiesBlock,
  tableHeadBlock,
} from "./layout";
import { type Painter, paintOps, type PdfFonts, pdfFonts } from "./pdf-paint";

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, paddingTop: PAGE.top, paddingBottom: PAGE.bottom, paddingHorizontal: PAGE.side },
  logo: { position: "absolute", top: 0, left: 0, width: LOGO_BOX.width, height: LOGO_BOX.height, objectFit: "contain", objectPositionX: 0 },
  footer: { position: "absolute", left: PAGE.side, right: PAGE.side, bottom: PAGE.footer },
});

/** The fonts for measuring and painting, once react-pdf loaded them (renderPdf awaits that first). */
const fontsNow = (): PdfFonts => pdfFonts();

function BlockCanvas({ block, style, fixed }: { block: Block; style?: typeof styles.footer; fixed?: boolean }) {
  return (
    <Canvas
      fixed={fixed}
      style={{ ...style, height: block.height }}
      paint={(painter) => {
        paintOps(painter as unknown as Painter, fontsNow(), block.ops);
        return null;
      }}
    />
  );
}

/** Every block of the offer, top to bottom. */
function offerBlocks(offer: OfferDocumentData, measure: PdfFonts): Block[] {
  const { labels } = offer;
  const blocks: Block[] = [headerBlock(measure, offer, offer.company.logo !== null), partiesBlock(measure, [offer.billing, offer.delivery])];
  if (offer.empty) blocks.push(emptyBlock(offer.empty));
  if (offer.fenceItems.length) {
    blocks.push(tableHeadBlock(measure, labels.fenceItems, labels.columns));
    for (const item of offer.fenceItems) blocks.push(fenceItemBlock(measure, item, labels.subProducts));
  }
  for (const [title, lines] of [
    [labels.otherItems, offer.otherItems],
    [labels.assemblyItems, offer.assemblyItems],
  ] as const) {
    if (!lines.length) continue;
    blocks.push(tableHeadBlock(measure, title, labels.columns));
    for (const line of lines) blocks.push(lineBlock(measure, line));
  }
  blocks.push(bottomBlock(measure, offer));
  if (offer.closing) blocks.push(closingBlock(measure, offer.closing));
  return blocks;
}

export function OfferDocument({ offer }: { offer: OfferDocumentData }) {
  const blocks = offerBlocks(offer, fontsNow());
  const pages = paginate(blocks);
  const footer = [offer.company.name, offer.number].filter(Boolean).join(" · ");
  const logo = offer.company.logo;
  return (
    <Document title={offer.meta.title} author={offer.meta.author} creator={offer.meta.author} producer={offer.meta.author} language={offer.lang}>
      {pages.map((page, pageIndex) => (
        // Laid out already (layout.ts): each page's blocks fit it, so react-pdf moves nothing to another page.
        <Page key={pageIndex} size="A4" style={styles.page}>
          {page.map((block, index) =>
            pageIndex === 0 && index === 0 && logo ? (
              <View key={index} style={{ height: block.height }}>
                <BlockCanvas block={block} />
                <Image style={styles.logo} src={{ data: Buffer.from(logo.data), format: logo.format }} />
              </View>
            ) : (
              <BlockCanvas key={index} block={block} />
            ),
          )}
          {/* Fixed: in the page's bottom margin, never taken for content that overflows. */}
          <BlockCanvas block={footerBlock(footer, offer.pageLabel(pageIndex + 1, pages.length))} style={styles.footer} fixed />
        </Page>
      ))}
    </Document>
  );
}
