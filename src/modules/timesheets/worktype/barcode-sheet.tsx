/**
 * The printable sheet of work-type barcodes: A4 with a 3 × 8 grid of 70 × 37 mm labels (the
 * common self-adhesive sheet), each with the work type, its workplace and the Code 128 `WT<id>`.
 * Text is real text in Roboto, so Czech diacritics print and stay searchable.
 */
import { Image, Page, StyleSheet, View } from "@react-pdf/renderer";
import { PDF_FONT } from "@/lib/pdf/fonts";
import { PrintableDocument, PrintableText } from "@/lib/pdf/printable";

const MM = 72 / 25.4;

export interface BarcodeLabel {
  name: string;
  workplace: string;
  code: string;
  png: Uint8Array;
}

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 8, flexDirection: "row", flexWrap: "wrap", alignContent: "flex-start" },
  label: { width: 70 * MM, height: 37.125 * MM, padding: 3 * MM, flexDirection: "column" },
  name: { fontSize: 10, fontWeight: 700, maxLines: 2, textOverflow: "ellipsis" },
  workplace: { fontSize: 8, color: "#444444", marginTop: 0.5 * MM, maxLines: 1, textOverflow: "ellipsis" },
  barcode: { marginTop: "auto", alignItems: "center" },
  bars: { height: 14 * MM, objectFit: "contain" },
  code: { fontSize: 9, letterSpacing: 1, marginTop: 0.5 * MM, textAlign: "center" },
  empty: { margin: 20 * MM, fontSize: 12 },
});

export function WorkTypeBarcodeSheet({ title, labels, emptyText }: { title: string; labels: BarcodeLabel[]; emptyText: string }) {
  return (
    <PrintableDocument title={title} language="cs">
      <Page size="A4" style={styles.page}>
        {labels.length === 0 ? <PrintableText style={styles.empty}>{emptyText}</PrintableText> : null}
        {labels.map((label) => (
          <View key={label.code} style={styles.label} wrap={false}>
            <PrintableText style={styles.name}>
              {label.name}
            </PrintableText>
            <PrintableText style={styles.workplace}>
              {label.workplace}
            </PrintableText>
            <View style={styles.barcode}>
              <Image style={styles.bars} src={{ data: Buffer.from(label.png), format: "png" }} />
              <PrintableText style={styles.code}>{label.code}</PrintableText>
            </View>
          </View>
        ))}
      </Page>
    </PrintableDocument>
  );
}
