import { describe, expect, test } from "bun:test";
import { createProduct } from "../../../../tests/helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { flattenText, pdfFontNames, pdfText } from "../../../../tests/helpers/pdf-text";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { grossHalere, productLabelInfo, productLabelPdf } from "./label.service";

const t = useTestDatabase();

const NAME = "Plotový dílec Řetízek – zelený, ťuk ňuk ůl";

describe("product label PDF", () => {
  test("without EAN-13: Code 128 P<id>, the Czech name, the invoice name, the company and the price", async () => {
    const id = await createProduct(t.db, { name: NAME, invoiceName: "Dílec Řetízek ŘŤŇ", unitPrice: "1234.50" });
    const { fileName, pdf } = await productLabelPdf({ ctx: t.ctx, input: { productId: id } });
    expect(fileName).toBe(`stitek-produktu-${id}.pdf`);
    const text = flattenText(pdfText(pdf));
    expect(text).toContain(NAME);
    expect(text).toContain("Dílec Řetízek ŘŤŇ");
    expect(text).toContain(`P${id}`);
    expect(text).toContain("Ohrada");
    expect(text).toContain("Cena bez DPH 1 234,50 Kč");
    // 21 % VAT of the factory's default rate: 1 234,50 × 1,21 = 1 493,745 → 1 493,75.
    expect(text).toContain("Cena s DPH 21 % 1 493,75 Kč");
    expect(pdfFontNames(pdf).filter((font) => /helvetica/i.test(font))).toEqual([]);
    expect((await productLabelInfo({ ctx: t.ctx, input: { productId: id } })).code).toEqual({ symbology: "code128", value: `P${id}` });
  });

  test("with EAN-13: the EAN digits; no price line without a price; the invoice name only when it differs", async () => {
    const code = ean13("859123400001");
    const id = await createProduct(t.db, { name: "Branka Ťuk", invoiceName: "Branka Ťuk", ean13: code });
    const text = flattenText(pdfText((await productLabelPdf({ ctx: t.ctx, input: { productId: id } })).pdf));
    expect(text).toContain(code);
    expect(text).not.toContain(`P${id}`);
    expect(text).not.toContain("Cena");
    expect(text.split("Branka Ťuk")).toHaveLength(2);
    expect((await productLabelInfo({ ctx: t.ctx, input: { productId: id } })).code).toEqual({ symbology: "ean13", value: code });
  });

  test("English texts for an English user", async () => {
    const id = await createProduct(t.db, { name: NAME, unitPrice: "10" });
    const text = flattenText(pdfText((await productLabelPdf({ ctx: { ...t.ctx, lang: "en" }, input: { productId: id } })).pdf));
    expect(text).toContain("Price excl. VAT CZK 10.00");
    expect(text).toContain("Price incl. VAT 21 % CZK 12.10");
    expect(text).toContain(NAME);
  });

  test("a missing product answers NOT_FOUND", async () => {
    for (const productId of [2_000_000_000, 0, Number.NaN]) {
      expect((await failureOf(productLabelPdf({ ctx: t.ctx, input: { productId } }))).code).toBe("NOT_FOUND");
    }
  });

  test("VAT is added in haléře and rounded half up", () => {
    expect(grossHalere(123_450, "21.00")).toBe(149_375);
    expect(grossHalere(100, "21")).toBe(121);
    expect(grossHalere(50, "15.00")).toBe(58); // 57,5 → 58
    expect(grossHalere(1, "12.00")).toBe(1);
    expect(grossHalere(10_000, "0")).toBe(10_000);
  });
});
