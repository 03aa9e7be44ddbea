/**
 * A document laid out in blocks (layout.ts) as react-pdf pages: one canvas per block, the header
 * first (laid out here, so the company's name goes beside the logo whenever there is one: the
 * documents cannot lay it under the image), the logo as an image in the header's logo box on the
 * first page, and a footer in every page's bottom margin
 * (the document's name on the left, "Strana X z Y" on the right). The offer and the invoice both
 * render through it (docs/decisions/054-invoice-pdf-and-accountant-export.md). Loaded lazily with
 * the documents that use it (renderPdf).
 */
import { Canvas, Image, Page, StyleSheet, View } from "@react-pdf/renderer";
import { PDF_FONT } from "./fonts";
import { PrintableDocument } from "./printable";
import { type Block, type DocumentHeader, footerBlock, headerBlock, LOGO_BOX, PAGE, paginate } from "./layout";
import { drawnWidth, type PdfImage } from "./logo";
import { type Painter, paintOps, type PdfFonts, pdfFonts } from "./paint";

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, paddingTop: PAGE.top, paddingBottom: PAGE.bottom, paddingHorizontal: PAGE.side },
  logo: { position: "absolute", top: 0, left: 0, width: LOGO_BOX.width, height: LOGO_BOX.height, objectFit: "contain", objectPositionX: 0 },
  footer: { position: "absolute", left: PAGE.side, right: PAGE.side, bottom: PAGE.footer },
});

/** The fonts for measuring and painting, once react-pdf loaded them (renderPdf awaits that first). */
export const fontsNow = (): PdfFonts => pdfFonts();

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

export interface PagedDocumentProps {
  /** The company, title, number and facts at the top of the first page (the logo, if any, at its left). */
  header: DocumentHeader;
  /** Every block under the header, top to bottom. */
  blocks: Block[];
  lang: string;
  /** The PDF's title and author (its document properties). */
  meta: { title: string; author: string };
  logo: PdfImage | null;
  /** The footer's left text (the company and the document's number). */
  footer: string;
  /** "Strana 1 z 3". */
  pageLabel: (page: number, pages: number) => string;
}

export function PagedDocument({ header, blocks, lang, meta, logo, footer, pageLabel }: PagedDocumentProps) {
  const logoWidth = logo ? drawnWidth(logo, LOGO_BOX) : null;
  const pages = paginate([headerBlock(fontsNow(), header, logoWidth), ...blocks]);
  return (
    <PrintableDocument title={meta.title} author={meta.author} language={lang}>
      {pages.map((page, pageIndex) => (
        // Laid out already (layout.ts): each page's blocks fit it, so react-pdf moves nothing to another page.
        <Page key={pageIndex} size="A4" style={styles.page}>
          {page.map((block, index) =>
            pageIndex === 0 && index === 0 && logo ? (
              <View key={index} style={{ height: block.height }}>
                <BlockCanvas block={block} />
                <Image style={{ ...styles.logo, width: logoWidth! }} src={{ data: Buffer.from(logo.data), format: logo.format }} />
              </View>
            ) : (
              <BlockCanvas key={index} block={block} />
            ),
          )}
          {/* Fixed: in the page's bottom margin, never taken for content that overflows. */}
          <BlockCanvas block={footerBlock(footer, pageLabel(pageIndex + 1, pages.length))} style={styles.footer} fixed />
        </Page>
      ))}
    </PrintableDocument>
  );
}
