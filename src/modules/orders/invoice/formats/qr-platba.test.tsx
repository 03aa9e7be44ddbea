/**
 * The QR Platba picture: its geometry per the graphic manual, and the real thing — rendered into a
 * small PDF, rasterised by poppler (pdftoppm) and read back by zbarimg to the very SPAYD string.
 * Without poppler-utils or zbar-tools the read-back is skipped with a line saying so (CI installs both).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Document, Page, Text, View } from "@react-pdf/renderer";
import { ensurePdfFonts } from "@/lib/pdf/fonts";
import { renderPdf } from "@/lib/pdf/render";
import { pdfFonts, textWidth } from "@/lib/pdf/paint";
import { QR_PLATBA_DEFAULT_SIZE, QR_PLATBA_LABEL, QR_PLATBA_MIN_SIZE, QrPlatba, qrPlatbaLayout } from "./qr-platba";
import { spaydString } from "./spayd";

const MM = 72 / 25.4;
const SPAYD = spaydString({
  iban: "CZ6508000000192000145399",
  bic: "GIBACZPX",
  amountHalere: 108_900_00,
  variableSymbol: "2026100042",
  constantSymbol: "0308",
  message: "Faktura 2026100042 Ploty Ohrada s.r.o.",
});

const tools = ["pdftoppm", "zbarimg", "pdftotext"].filter((tool) => !Bun.which(tool));
if (tools.length) console.warn(`qr-platba.test: ${tools.join(", ")} missing, the read-back tests are skipped (apt-get install -y poppler-utils zbar-tools)`);

async function run(command: string[], stdin?: Uint8Array): Promise<{ code: number; stdout: string; stderr: string }> {
  const process = Bun.spawn(command, { stdin: stdin ?? "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(process.stdout).text(), new Response(process.stderr).text(), process.exited]);
  return { code, stdout, stderr };
}

/** What zbarimg reads on the PDF's pages at `dpi`, one line per code. */
async function decoded(pdf: Uint8Array, dpi: number): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "qr-platba-"));
  try {
    const rendered = await run(["pdftoppm", "-r", String(dpi), "-gray", "-png", "-", join(dir, "page")], pdf);
    if (rendered.code !== 0) throw new Error(`pdftoppm failed: ${rendered.stderr}`);
    const pages = (await readdir(dir)).filter((name) => name.endsWith(".png")).map((name) => join(dir, name));
    // Exit 4: no code found.
    const result = await run(["zbarimg", "-q", "--raw", ...pages]);
    if (result.code !== 0 && result.code !== 4) throw new Error(`zbarimg failed (${result.code}): ${result.stderr}`);
    return result.stdout.split("\n").filter(Boolean);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function TinyInvoice({ spayd, size }: { spayd: string; size?: number }) {
  return (
    <Document title="QR Platba">
      <Page size="A6" style={{ padding: 20, fontFamily: "Roboto" }}>
        <Text style={{ fontSize: 9, marginBottom: 8 }}>Faktura 2026100042 · k úhradě 108 900,00 Kč</Text>
        <View>
          <QrPlatba spayd={spayd} size={size} />
        </View>
      </Page>
    </Document>
  );
}

const pdfOf = (props: { spayd: string; size?: number }) => renderPdf(async () => TinyInvoice, props);

beforeAll(() => ensurePdfFonts());

describe("the QR Platba picture's geometry", () => {
  test("quiet zone 4T, the frame line around it, the label 16T wide at the code's left edge, the bottom line's gap 2T either side", () => {
    const layout = qrPlatbaLayout(SPAYD, QR_PLATBA_DEFAULT_SIZE, pdfFonts());
    const T = layout.module;
    expect(T * (layout.modules + 8)).toBeCloseTo(QR_PLATBA_DEFAULT_SIZE, 6);
    expect(layout.code.side).toBeCloseTo(layout.modules * T, 6);
    // The line's centre is half its width outside the quiet zone: the quiet zone keeps its full 4T.
    expect(layout.code.x - (layout.frame.left + 0.75)).toBeCloseTo(4 * T, 6);
    expect(layout.frame.bottom - 0.75 - (layout.code.y + layout.code.side)).toBeCloseTo(4 * T, 6);
    expect(layout.label.x).toBeCloseTo(layout.code.x, 6);
    expect(textWidth(pdfFonts().bold, layout.label.size, QR_PLATBA_LABEL)).toBeCloseTo(16 * T, 4);
    expect(layout.label.x - layout.gap.from).toBeCloseTo(2 * T, 6);
    expect(layout.gap.to - (layout.label.x + 16 * T)).toBeCloseTo(2 * T, 6);
    expect(layout.height).toBeGreaterThan(layout.frame.bottom);
  });

  test("never under 25 mm", () => {
    expect(() => qrPlatbaLayout(SPAYD, QR_PLATBA_MIN_SIZE - 1, pdfFonts())).toThrow(RangeError);
    expect(qrPlatbaLayout(SPAYD, QR_PLATBA_MIN_SIZE, pdfFonts()).module).toBeGreaterThan(0.4 * MM);
  });
});

describe.skipIf(tools.length > 0)("the QR Platba picture read back", () => {
  test("zbarimg decodes the code in the PDF to the SPAYD string, at the default size and at the smallest, and the label reads as text", async () => {
    const pdf = await pdfOf({ spayd: SPAYD });
    expect(await decoded(pdf, 300)).toEqual([SPAYD]);
    const text = await run(["pdftotext", "-", "-"], pdf);
    expect(text.stdout).toContain(QR_PLATBA_LABEL);
    expect(await decoded(await pdfOf({ spayd: SPAYD, size: QR_PLATBA_MIN_SIZE }), 200)).toEqual([SPAYD]);
  });
});
