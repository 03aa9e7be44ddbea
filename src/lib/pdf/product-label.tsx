/**
 * A product's barcode label (docs/domain.md#product-editor, Tools tab): 100 × 60 mm, one page. Text is real text in
 * Roboto (searchable, Czech diacritics intact); the barcode is a PNG from src/lib/barcode.ts
 * without its own digits, which are printed below it as text instead.
 */
import { Image, Page, StyleSheet, View } from "@react-pdf/renderer";
import { PDF_FONT } from "./fonts";
import { PrintableDocument, PrintableText } from "./printable";

const MM = 72 / 25.4;
export const LABEL_SIZE = { width: 100 * MM, height: 60 * MM };

export interface ProductLabelData {
  company: string;
  name: string;
  invoiceName: string | null;
  /** The encoded value, printed under the bars: EAN-13 digits or `P<id>`. */
  code: string;
  barcodePng: Uint8Array;
  /** Ready-formatted prices (label and amount); none when the product has no price. */
  prices: { label: string; amount: string }[];
}

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 8, padding: 3 * MM, flexDirection: "column" },
  company: { fontSize: 7, color: "#555555" },
  name: { fontSize: 11, fontWeight: 700, marginTop: 1 * MM, maxLines: 3, textOverflow: "ellipsis" },
  invoiceName: { fontSize: 8, marginTop: 0.5 * MM, maxLines: 2, textOverflow: "ellipsis" },
  bottom: { marginTop: "auto", flexDirection: "row", alignItems: "flex-end" },
  barcode: { flexGrow: 1, alignItems: "center" },
  bars: { height: 16 * MM, objectFit: "contain" },
  code: { fontSize: 9, letterSpacing: 1, marginTop: 0.5 * MM, textAlign: "center" },
  prices: { marginLeft: 2 * MM, alignItems: "flex-end", maxWidth: 40 * MM },
  priceLabel: { fontSize: 7, color: "#555555" },
  amount: { fontSize: 9 },
  mainAmount: { fontSize: 11, fontWeight: 700 },
});

export function ProductLabelDocument({ label }: { label: ProductLabelData }) {
  return (
    <PrintableDocument title={label.name} author={label.company} language="cs">
      <Page size={[LABEL_SIZE.width, LABEL_SIZE.height]} style={styles.page}>
        <PrintableText style={styles.company}>{label.company}</PrintableText>
        <PrintableText style={styles.name}>{label.name}</PrintableText>
        {label.invoiceName ? (
          <PrintableText style={styles.invoiceName}>{label.invoiceName}</PrintableText>
        ) : null}
        <View style={styles.bottom}>
          <View style={styles.barcode}>
            <Image style={styles.bars} src={{ data: Buffer.from(label.barcodePng), format: "png" }} />
            <PrintableText style={styles.code}>{label.code}</PrintableText>
          </View>
          {label.prices.length ? (
            <View style={styles.prices}>
              {label.prices.map((price, index) => (
                <View key={price.label} style={{ alignItems: "flex-end" }}>
                  <PrintableText style={styles.priceLabel}>{price.label}</PrintableText>
                  <PrintableText style={index === 0 ? styles.mainAmount : styles.amount}>{price.amount}</PrintableText>
                </View>
              ))}
            </View>
          ) : null}
        </View>
      </Page>
    </PrintableDocument>
  );
}
