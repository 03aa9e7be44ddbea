import { beforeAll, describe, expect, test } from "bun:test";
import { flattenText } from "../../../tests/helpers/pdf-text";
import { popplerText } from "../../../tests/helpers/fence-offer";
import { barcodePng } from "../barcode";
import { ensurePdfFonts } from "./fonts";
import { pdfFonts } from "./paint";
import { printable, printableWith } from "./printable";
import { ProductLabelDocument } from "./product-label";
import { renderPdf } from "./render";

/** Emoji, their joiners, skin tones and variation selectors, and the replacement character. */
const NOT_PRINTED = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u200d\ufe0f\ufffd]/u;

beforeAll(() => ensurePdfFonts());

describe("what the PDF font lacks", () => {
  test("emoji go, and the spaces around them become one", () => {
    const roboto = pdfFonts().regular;
    expect(printableWith(roboto, "Žluťoučký kůň 🐴 & syn 👍🏽, s.r.o.")).toBe("Žluťoučký kůň & syn, s.r.o.");
    expect(printableWith(roboto, "🙂 Jan Novák")).toBe("Jan Novák");
    expect(printableWith(roboto, "Jan Novák 🙂")).toBe("Jan Novák");
    expect(printableWith(roboto, "Plot🚧brána")).toBe("Plotbrána");
    expect(printableWith(roboto, "rodina 👨‍👩‍👧 Dvořákova")).toBe("rodina Dvořákova");
    expect(printableWith(roboto, "❤️")).toBe("");
    expect(printableWith(roboto, "První řádek 🙂\n🙂 druhý")).toBe("První řádek\ndruhý");
  });

  test("what it has stays, combining accents are composed, a few characters get a look-alike", () => {
    const roboto = pdfFonts().regular;
    for (const text of ["Kč 1\u00a0234,50", "„Šumava“ – 2 500 × 1 530 mm…", "Ωμέγα, Жук, €"]) expect(printableWith(roboto, text)).toBe(text);
    expect(printableWith(roboto, "Kc\u030C, R\u030Ci\u0301pska\u0301")).toBe("Kč, Řípská");
    expect(printableWith(roboto, "1\u202f234\u00a0Kč")).toBe("1\u00a0234\u00a0Kč");
    expect(printableWith(roboto, "Brno → Praha")).toBe("Brno -> Praha");
    expect(printableWith(roboto, "东京 Tokio")).toBe("Tokio");
    // Bold covers the same characters.
    expect(printableWith(pdfFonts().bold, "kůň 🐴 & syn")).toBe("kůň & syn");
    expect(printable("kůň 🐴 & syn")).toBe("kůň & syn");
  });

  test("a document laid out by react-pdf (a product label) prints no box either: its text, title and author", async () => {
    const pdf = await renderPdf(async () => ProductLabelDocument, {
      label: {
        company: "Ohrada 🌲",
        name: "Plotový dílec 🚧 Řetízek ✅",
        invoiceName: null,
        code: "P123",
        barcodePng: await barcodePng("code128", "P123", { includeText: false }),
        prices: [{ label: "Cena bez DPH", amount: "1\u00a0234,50\u00a0Kč" }],
      },
    });
    const text = flattenText(await popplerText(pdf));
    expect(text).toContain("Plotový dílec Řetízek");
    expect(text).toContain("Ohrada");
    expect(text).not.toMatch(NOT_PRINTED);
    // The document's properties as a viewer shows them.
    const info = Bun.spawnSync(["pdfinfo", "-enc", "UTF-8", "-"], { stdin: pdf }).stdout.toString();
    expect(info).toMatch(/^Title: +Plotový dílec Řetízek$/m);
    expect(info).toMatch(/^Author: +Ohrada$/m);
  });
});
