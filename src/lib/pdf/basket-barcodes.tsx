/**
 * The common basket's barcode labels (docs/domain.md#basket-exports: `GET /pdf/barcodesFromBasket/{userId}`): an A4
 * sheet of 3 × 8 labels (64 × 34.5 mm, the common 24-up label sheet), one per basket line with the
 * product's name, its barcode (EAN-13 or Code 128 `P<id>`, docs/domain.md#barcodes) drawn as vector bars
 * without their own digits, the code printed below as text, and the quantity. Text is Roboto (Czech diacritics
 * intact, searchable). An empty basket prints one page saying so.
 */
import bwipjs from "bwip-js/node";
import { Canvas, Page, StyleSheet, View } from "@react-pdf/renderer";
import { checkBarcodeValue, type Symbology } from "../barcode";
import { PDF_FONT } from "./fonts";
import { PrintableDocument, PrintableText } from "./printable";

const MM = 72 / 25.4;
export const BASKET_LABELS_PER_ROW = 3;
export const BASKET_LABEL_ROWS = 8;
const LABEL = { width: 64 * MM, height: 34.5 * MM };
/** The bars' box: EAN-13's 95 modules at 0.33 mm (its nominal size) fit with their quiet zones; Code 128 takes the same width. */
const BARS = { width: 50 * MM, height: 14 * MM };
const QUIET_ZONE_MODULES = 10;
const PAGE_PADDING = { vertical: (297 - 34.5 * BASKET_LABEL_ROWS) / 2, horizontal: (210 - 64 * BASKET_LABELS_PER_ROW) / 2 };

export interface BasketLabel {
  name: string;
  /** EAN-13 or Code 128 (productBarcode's). */
  symbology: Symbology;
  /** The encoded value, printed under the bars: EAN-13 digits or `P<id>`. */
  code: string;
  /** Ready-formatted ("Množství: 2,5"). */
  quantity: string;
}

export interface BasketBarcodesData {
  title: string;
  author: string;
  labels: BasketLabel[];
  /** Printed instead of the labels when there are none. */
  emptyText: string;
}

const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT,
    fontSize: 8,
    paddingVertical: PAGE_PADDING.vertical * MM,
    paddingHorizontal: PAGE_PADDING.horizontal * MM,
    flexDirection: "row",
    flexWrap: "wrap",
    alignContent: "flex-start",
  },
  label: {
    width: LABEL.width,
    height: LABEL.height,
    padding: 2 * MM,
    borderWidth: 0.5,
    borderColor: "#cccccc",
    borderStyle: "dashed",
    flexDirection: "column",
    alignItems: "center",
  },
  name: { fontSize: 8.5, fontWeight: 700, textAlign: "center", maxLines: 2, textOverflow: "ellipsis", width: "100%" },
  bars: { marginTop: "auto", width: BARS.width, height: BARS.height },
  code: { fontSize: 8, letterSpacing: 1, marginTop: 0.5 * MM },
  quantity: { fontSize: 8, marginTop: 0.3 * MM },
  emptyPage: { fontFamily: PDF_FONT, fontSize: 12, padding: 20 * MM },
  emptyTitle: { fontSize: 16, fontWeight: 700, marginBottom: 6 * MM },
});

/**
 * The bars of a linear code as [x, width] in modules, from BWIPP's encoding (bwip-js `raw`: bar
 * and space widths alternating, a bar first), and the code's width in modules.
 */
export function barsOf(symbology: Symbology, value: string): { bars: [x: number, width: number][]; modules: number } {
  if (symbology === "qrcode") throw new Error("a QR code has no bars");
  const [encoding] = bwipjs.raw({ bcid: symbology, text: checkBarcodeValue(symbology, value) }) as unknown as [{ sbs: number[] }];
  const bars: [number, number][] = [];
  let x = 0;
  encoding.sbs.forEach((width, index) => {
    if (index % 2 === 0) bars.push([x, width]);
    x += width;
  });
  return { bars, modules: x };
}

/**
 * The code as vector bars (one filled path; crisp at any printer resolution, a few hundred bytes),
 * centred in its box with at least a quiet zone of QUIET_ZONE_MODULES on each side.
 */
function Bars({ label }: { label: BasketLabel }) {
  const { bars, modules } = barsOf(label.symbology, label.code);
  const module = Math.min(0.33 * MM, BARS.width / (modules + 2 * QUIET_ZONE_MODULES));
  const left = (BARS.width - modules * module) / 2;
  return (
    <Canvas
      style={styles.bars}
      paint={(painter) => {
        for (const [x, width] of bars) painter.rect(left + x * module, 0, width * module, BARS.height);
        painter.fill("#000000");
        return null;
      }}
    />
  );
}

const LABELS_PER_SHEET = BASKET_LABELS_PER_ROW * BASKET_LABEL_ROWS;
const sheetsOf = (labels: BasketLabel[]): BasketLabel[][] =>
  Array.from({ length: Math.ceil(labels.length / LABELS_PER_SHEET) }, (_, index) => labels.slice(index * LABELS_PER_SHEET, (index + 1) * LABELS_PER_SHEET));

export function BasketBarcodesDocument({ data }: { data: BasketBarcodesData }) {
  return (
    <PrintableDocument title={data.title} author={data.author} language="cs">
      {data.labels.length === 0 ? (
        <Page size="A4" style={styles.emptyPage}>
          <PrintableText style={styles.emptyTitle}>{data.title}</PrintableText>
          <PrintableText>{data.emptyText}</PrintableText>
        </Page>
      ) : (
        // Laid out a sheet at a time: react-pdf's own page breaking lays everything out again after each break.
        sheetsOf(data.labels).map((sheet, sheetIndex) => (
          <Page key={sheetIndex} size="A4" style={styles.page} wrap={false}>
            {sheet.map((label, index) => (
              <View key={index} style={styles.label}>
                <PrintableText style={styles.name}>{label.name}</PrintableText>
                <Bars label={label} />
                <PrintableText style={styles.code}>{label.code}</PrintableText>
                <PrintableText style={styles.quantity}>{label.quantity}</PrintableText>
              </View>
            ))}
          </Page>
        ))
      )}
    </PrintableDocument>
  );
}
