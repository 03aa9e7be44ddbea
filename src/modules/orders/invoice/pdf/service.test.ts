/**
 * The invoice PDF (docs/decisions/054-invoice-pdf-and-accountant-export.md): what it says read back with poppler (an independent reader), its
 * QR Platba read back with zbarimg, its text unchanged after the company and the order change (it
 * prints the stored snapshot), and the process's held copy.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { documentLogos, invoices } from "@db/schema";
import { systemCtx } from "@/lib/context";
import { formatMoney } from "@/lib/money";
import { createOfferOrder, flat, popplerText, saveOfferCompany } from "../../../../../tests/helpers/fence-offer";
import { createFenceOrderWithItems } from "../../../../../tests/helpers/factories";
import { issueSnapshot, manyLineSnapshot, overlappingWords, qrCodesOf, wordBoxesOf } from "../../../../../tests/helpers/invoice-documents";
import { JPEG, PNG } from "../../../../../tests/helpers/image-fixtures";
import { createInvoiceOrder, setUpInvoicing } from "../../../../../tests/helpers/invoices";
import { failureOf, useTestDatabase } from "../../../../../tests/helpers/service";
import { LOGO_BOX, PAGE } from "@/lib/pdf/layout";
import { imageSize } from "@/lib/pdf/logo";
import { createInvoice, recordInvoicePayment } from "../service";
import { EXAMPLE_CREDIT_NOTE, EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE, EXAMPLE_PROFORMA } from "../formats/examples";
import { hasValidCrc, invoiceSpayd } from "../formats/spayd";
import { invoiceTotals } from "../formats/vat";
import { renderInvoicePdf, invoicePdf } from "./service";

const t = useTestDatabase();
const money = (halere: number) => formatMoney(halere / 100, "cs").replace(/\u00a0/g, " ");

describe("what the invoice PDF says", () => {
  test("a final invoice: number, dates, both parties with IČO and DIČ and diacritics, the bank account, every line, the recap, the deducted advance, the total to pay; its QR decodes to its SPAYD", async () => {
    const issued = await issueSnapshot(t.ctx, EXAMPLE_FINAL_INVOICE);
    const { pdf, fileName, cached } = await invoicePdf({ ctx: t.ctx, input: { invoiceId: issued.id } });
    expect(cached).toBe(false);
    expect(fileName).toBe(`doklad-${issued.number}.pdf`);
    const text = flat(await popplerText(pdf, { layout: true }));
    expect(text).toContain("Faktura – daňový doklad");
    expect(text).toContain(`č. ${issued.number}`);
    expect(text).toContain(`Variabilní symbol ${issued.number}`);
    for (const part of ["Ploty Ohrada s.r.o.", "Průmyslová 1472/8", "664 34 Kuřim", "IČO: 29305713", "DIČ: CZ29305713", "Žluťoučký kůň & syn, s.r.o.", "Řípská 12", "628 00 Brno – Líšeň", "IČO: 25596641", "DIČ: CZ25596641"]) expect(text).toContain(part);
    for (const part of ["Datum vystavení: 20.05.2026", "DUZP: 18.05.2026", "Datum splatnosti: 03.06.2026", "19-2000145399/0800", "CZ65 0800 0000 1920 0014 5399", "GIBACZPX", "Převodem", "Konstantní symbol 0308"]) expect(text).toContain(part);
    for (const line of EXAMPLE_FINAL_INVOICE.lines) expect(text).toContain(line.description);
    const totals = issued.totals;
    const [row] = totals.recap;
    expect(text).toContain(`Plnění 21 % ${money(row!.baseHalere)} ${money(row!.vatHalere)}`);
    expect(text).toContain(`Odpočet zálohy 21 % ${money(-row!.claimedBaseHalere)} ${money(-row!.claimedVatHalere)}`);
    expect(text).toContain(`Rozdíl 21 % ${money(row!.differenceBaseHalere)} ${money(row!.differenceVatHalere)}`);
    expect(text).toContain(`Celkem ${money(totals.totalHalere)}`);
    // The label wraps; the amount stands on its first line.
    expect(text).toContain(`Odpočet zálohy – zálohová faktura ${money(-totals.claimedTotalHalere)} 2026200007, daňový doklad 2026300003`);
    expect(text).toContain(`Celkem k úhradě ${money(totals.payableHalere)}`);
    expect(text).toContain("Strana 1 z 1");
    expect(text).not.toContain("Nejsem plátce DPH");

    const spayd = invoiceSpayd(issued.snapshot, totals, `Doklad ${issued.number}`)!;
    const codes = await qrCodesOf(pdf);
    expect(codes).toEqual([spayd]);
    expect(hasValidCrc(codes[0]!)).toBe(true);
    expect(codes[0]).toContain(`X-VS:${issued.number}`);
  }, 60_000);

  test("a proforma has no DUZP and a QR; a credit note returns money and has none; a non-payer says “Nejsem plátce DPH”, has no recap and no QR (cash)", async () => {
    const proforma = await issueSnapshot(t.ctx, EXAMPLE_PROFORMA);
    const proformaText = flat(await popplerText((await invoicePdf({ ctx: t.ctx, input: { invoiceId: proforma.id } })).pdf, { layout: true }));
    expect(proformaText).toContain("Zálohová faktura");
    expect(proformaText).not.toContain("DUZP");
    expect(proformaText).toContain(`Celkem k úhradě ${money(proforma.totals.payableHalere)}`);
    expect(await qrCodesOf((await invoicePdf({ ctx: t.ctx, input: { invoiceId: proforma.id } })).pdf)).toHaveLength(1);

    const original = await issueSnapshot(t.ctx, EXAMPLE_FINAL_INVOICE);
    const credit = await issueSnapshot(t.ctx, EXAMPLE_CREDIT_NOTE, {}, { originalInvoiceId: original.id });
    const creditPdf = (await invoicePdf({ ctx: t.ctx, input: { invoiceId: credit.id } })).pdf;
    const creditText = flat(await popplerText(creditPdf, { layout: true }));
    expect(creditText).toContain("Opravný daňový doklad");
    expect(creditText).toContain("K dokladu č. 2026100042 ze dne 20.05.2026");
    expect(creditText).toContain(`K vrácení ${money(-credit.totals.payableHalere)}`);
    expect(await qrCodesOf(creditPdf)).toEqual([]);

    const nonPayer = await issueSnapshot(t.ctx, EXAMPLE_NON_PAYER_INVOICE);
    const nonPayerPdf = (await invoicePdf({ ctx: t.ctx, input: { invoiceId: nonPayer.id } })).pdf;
    const nonPayerText = flat(await popplerText(nonPayerPdf, { layout: true }));
    expect(nonPayerText).toContain("Nejsem plátce DPH");
    expect(nonPayerText).toContain("Věra Nováková");
    expect(nonPayerText).not.toContain("Rekapitulace DPH");
    expect(nonPayerText).toContain("Hotově");
    expect(nonPayerText).toContain(`Celkem k úhradě ${money(nonPayer.totals.payableHalere)}`);
    expect(await qrCodesOf(nonPayerPdf)).toEqual([]);
  }, 60_000);

  test("in English", async () => {
    const issued = await issueSnapshot(t.ctx, EXAMPLE_FINAL_INVOICE);
    const text = flat(await popplerText((await invoicePdf({ ctx: systemCtx(t.db, "en"), input: { invoiceId: issued.id } })).pdf, { layout: true }));
    expect(text).toContain("Invoice – tax document");
    expect(text).toContain("Total to pay CZK");
    expect(text).toContain("Žluťoučký kůň & syn, s.r.o.");
  }, 60_000);

  test("a missing document is not found", async () => {
    expect((await failureOf(invoicePdf({ ctx: t.ctx, input: { invoiceId: 987_654 } }))).code).toBe("NOT_FOUND");
  });
});

describe("it prints the snapshot", () => {
  let orderId: number;
  beforeAll(async () => {
    await saveOfferCompany(t.db);
    orderId = (await createOfferOrder(t.ctx)).id;
  }, 120_000);

  test("the text is byte for byte the same after the company's address and the order's items change; regenerate renders the same snapshot", async () => {
    const issued = await issueSnapshot(t.ctx, EXAMPLE_FINAL_INVOICE, { orderId });
    const before = await popplerText((await invoicePdf({ ctx: t.ctx, input: { invoiceId: issued.id, regenerate: true } })).pdf, { layout: true });
    await saveOfferCompany(t.db, { street: "Nová 1", city: "Jihlava", postalCode: "586 01", name: "Jiná firma a.s." });
    await t.db.execute(sql`update fence_order_other_items set unit_price = unit_price + 1000, invoice_name = 'Změněná položka' where order_id = ${orderId}`);
    await t.db.execute(sql`update fence_orders set street = 'Jinde 5', company = 'Někdo jiný' where id = ${orderId}`);
    const after = await popplerText((await invoicePdf({ ctx: t.ctx, input: { invoiceId: issued.id, regenerate: true } })).pdf, { layout: true });
    expect(after).toBe(before);
    expect(before).toContain(String(orderId));
  }, 60_000);

  test("held: the second request renders nothing; regenerate renders again", async () => {
    const issued = await issueSnapshot(t.ctx, EXAMPLE_PROFORMA);
    expect((await invoicePdf({ ctx: t.ctx, input: { invoiceId: issued.id } })).cached).toBe(false);
    expect((await invoicePdf({ ctx: t.ctx, input: { invoiceId: issued.id } })).cached).toBe(true);
    expect((await invoicePdf({ ctx: t.ctx, input: { invoiceId: issued.id, regenerate: true } })).cached).toBe(false);
    expect((await invoicePdf({ ctx: systemCtx(t.db, "en"), input: { invoiceId: issued.id } })).cached).toBe(false);
  }, 60_000);
});

describe("30 lines", () => {
  test("two pages, every line, the recap per rate; render time reported (the bench holds the 150 ms)", async () => {
    const snapshot = manyLineSnapshot(30);
    await renderInvoicePdf(snapshot, "cs");
    const started = performance.now();
    const pdf = await renderInvoicePdf(snapshot, "cs");
    const ms = performance.now() - started;
    console.log(`invoice PDF, 30 lines, uncached: ${ms.toFixed(1)} ms, ${pdf.byteLength} bytes`);
    const text = flat(await popplerText(pdf, { layout: true }));
    for (const line of snapshot.lines) expect(text).toContain(line.description);
    const totals = invoiceTotals(snapshot);
    expect(totals.recap.map((row) => row.vatRate)).toEqual([21, 12]);
    for (const row of totals.recap) expect(text).toContain(`${row.vatRate} % ${money(row.baseHalere)} ${money(row.vatHalere)}`);
    expect(text).toMatch(/Strana 1 z [23]/);
  }, 60_000);
});

describe("the company logo on an issued document", () => {
  /** The images pdfimages lists: width, height and encoding ("image" for a PNG, "jpeg" for a JPEG). */
  async function imagesOf(pdf: Uint8Array): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), "ohrada-logo-"));
    try {
      const file = join(dir, "doc.pdf");
      writeFileSync(file, pdf);
      const listed = Bun.spawnSync(["pdfimages", "-list", file]).stdout.toString().split("\n").slice(2).filter(Boolean);
      return listed.map((line) => line.trim().split(/\s+/)).map((cols) => `${cols[3]}×${cols[4]} ${cols[8]}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test("is the logo of the day it was issued: a later logo change leaves its PDF as it was, a new document takes the new one, each logo stored once", async () => {
    await setUpInvoicing(t.ctx);
    await saveOfferCompany(t.db, { logo: PNG, logoMimeType: "image/png" });
    try {
      const order = await createInvoiceOrder(t.ctx);
      const first = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true } });
      const second = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true } });
      const before = await imagesOf((await invoicePdf({ ctx: t.ctx, input: { invoiceId: first, regenerate: true } })).pdf);
      expect(before).toContain("4×3 image");

      await saveOfferCompany(t.db, { logo: JPEG, logoMimeType: "image/jpeg" });
      const after = await imagesOf((await invoicePdf({ ctx: t.ctx, input: { invoiceId: first, regenerate: true } })).pdf);
      expect(after).toEqual(before);
      const later = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true } });
      expect(await imagesOf((await invoicePdf({ ctx: t.ctx, input: { invoiceId: later } })).pdf)).toContain("4×3 jpeg");

      const logos = await t.db.select({ sha256: documentLogos.sha256 }).from(documentLogos);
      const named = await t.db.select({ id: invoices.id, snapshot: invoices.snapshot }).from(invoices).where(inArray(invoices.id, [first, second, later]));
      const hashOf = new Map(named.map((row) => [row.id, row.snapshot.logo?.sha256]));
      expect(hashOf.get(first)).toBe(hashOf.get(second));
      expect(hashOf.get(later)).not.toBe(hashOf.get(first));
      expect(logos.map((row) => row.sha256).sort()).toEqual([hashOf.get(first), hashOf.get(later)].sort() as string[]);
    } finally {
      await saveOfferCompany(t.db, { logo: null, logoMimeType: null });
    }
  }, 60_000);
});

describe("the final invoice's advance, per VAT rate", () => {
  test("supply 54 726,07 + 11 492,47 (21 %), paid advance 6 621,85 = 5 472,60 + 1 149,25, difference 49 253,47 + 10 343,22, to pay 59 596,69; the deduction names the proforma paid and its tax document", async () => {
    await setUpInvoicing(t.ctx);
    const on = { today: "2026-03-02" };
    const order = await createFenceOrderWithItems(t.ctx, { order: { company: "Zahradnictví Ůlehla" }, items: [], otherItems: [{ amount: 1, unitPrice: 54_726.07 }] });
    // Through the services, as a user does it: the deposit proforma (10 % with VAT), its payment and the tax document for it, the final invoice deducting it.
    const proformaId = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true }, options: on });
    await recordInvoicePayment({ ctx: t.ctx, input: { id: proformaId, values: { payment: { amount: "6 621,85", paidOn: on.today } } }, options: on });
    const finalId = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: false, linkedProformas: [proformaId] }, options: on });
    const documents = await t.db.select({ id: invoices.id, kind: invoices.kind, number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id));
    const proforma = documents.find((document) => document.id === proformaId)!;
    const taxDocument = documents.find((document) => document.kind === "PAYMENT_TAX_DOCUMENT")!;

    const text = flat(await popplerText((await invoicePdf({ ctx: t.ctx, input: { invoiceId: finalId } })).pdf, { layout: true }));
    expect(text).toContain("Rekapitulace DPH");
    expect(text).toContain("Sazba Základ DPH");
    expect(text).toContain("Plnění 21 % 54 726,07 Kč 11 492,47 Kč");
    expect(text).toContain("Odpočet zálohy 21 % -5 472,60 Kč -1 149,25 Kč");
    expect(text).toContain("Rozdíl 21 % 49 253,47 Kč 10 343,22 Kč");
    expect(text).toContain("Celkem bez DPH 54 726,07 Kč");
    expect(text).toContain("Celkem 66 218,54 Kč");
    // The label wraps; the amount stands on its first line.
    expect(text).toContain(`Odpočet zálohy – zálohová faktura -6 621,85 Kč ${proforma.number}, daňový doklad ${taxDocument.number}`);
    expect(text).toContain("Celkem k úhradě 59 596,69 Kč");
  }, 60_000);
});

describe("a supplier that is not a VAT payer", () => {
  test("issues a “Faktura” (never a “daňový doklad”, in the title or the footer), prints “Nejsem plátce DPH” in its DIČ's place and no DUZP", async () => {
    // Even with a DIČ (an identified person has one), a non-payer prints none.
    const supplier = { ...EXAMPLE_NON_PAYER_INVOICE.supplier, dic: "CZ7001011234" };
    const invoice = await issueSnapshot(t.ctx, EXAMPLE_NON_PAYER_INVOICE, { supplier });
    const text = flat(await popplerText((await invoicePdf({ ctx: t.ctx, input: { invoiceId: invoice.id } })).pdf, { layout: true }));
    expect(text).toMatch(/^Jan Plotař .*\bFaktura\b.* č\. 2026/);
    expect(text).toContain(`Jan Plotař · Faktura ${invoice.number}`);
    expect(text).not.toMatch(/daňov/i);
    expect(text).toContain("IČO: 27074358 Nejsem plátce DPH");
    expect(text).not.toContain("DIČ");
    expect(text).not.toContain("CZ7001011234");
    expect(text).not.toContain("DUZP");
    expect(text).toContain("Datum vystavení: 01.04.2026");

    const nonPayerLines = EXAMPLE_CREDIT_NOTE.lines.map((line) => ({ ...line, vatRate: 0 }));
    const credit = await issueSnapshot(t.ctx, EXAMPLE_CREDIT_NOTE, { vatPayer: false, supplier, lines: nonPayerLines, note: null }, { originalInvoiceId: invoice.id });
    const creditText = flat(await popplerText((await invoicePdf({ ctx: t.ctx, input: { invoiceId: credit.id } })).pdf, { layout: true }));
    expect(creditText).toContain(`Jan Plotař · Opravná faktura ${credit.number}`);
    expect(creditText).not.toMatch(/daňov|DUZP|CZ7001011234/i);

    const english = flat(await popplerText((await invoicePdf({ ctx: systemCtx(t.db, "en"), input: { invoiceId: invoice.id } })).pdf, { layout: true }));
    expect(english).toContain(`Jan Plotař · Invoice ${invoice.number}`);
    expect(english).not.toMatch(/tax document|VAT ID|taxable supply/i);
    expect(english).toContain("Not a VAT payer");
  }, 60_000);
});

describe("the header and what the font lacks", () => {
  const LONG_NAME = "Ploty, brány a branky Ohrada – Jihomoravská výroba oplocení s.r.o.";

  test("a company with a logo and a long name: the name stands beside the logo, nothing is printed over the logo or over other text", async () => {
    await setUpInvoicing(t.ctx);
    await saveOfferCompany(t.db, { name: LONG_NAME, logo: PNG, logoMimeType: "image/png" });
    try {
      const order = await createInvoiceOrder(t.ctx);
      const id = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true } });
      const pdf = (await invoicePdf({ ctx: t.ctx, input: { invoiceId: id } })).pdf;
      expect(flat(await popplerText(pdf, { layout: false }))).toContain(LONG_NAME);
      const words = (await wordBoxesOf(pdf)).filter((word) => word.page === 1);
      // The logo (4 × 3 px) is drawn 20 mm high, so 26,67 mm wide, at the page's top left: no word on it.
      expect(imageSize({ data: PNG, format: "png" })).toEqual({ width: 4, height: 3 });
      expect(imageSize({ data: JPEG, format: "jpg" })).toEqual({ width: 4, height: 3 });
      const logo = { xMax: PAGE.side + (LOGO_BOX.height * 4) / 3, yMax: PAGE.top + LOGO_BOX.height };
      expect(words.filter((word) => word.xMin < logo.xMax && word.yMin < logo.yMax).map((word) => word.text)).toEqual([]);
      const name = words.filter((word) => word.yMax < logo.yMax && LONG_NAME.split(" ").includes(word.text));
      expect(name.map((word) => word.text).join(" ")).toBe(LONG_NAME);
      // The name starts 4 mm right of the logo as drawn, not of its 38 mm box.
      expect(Math.min(...name.map((word) => word.xMin))).toBeCloseTo(logo.xMax + 4 * (72 / 25.4), 0);
      expect(overlappingWords(words)).toEqual([]);
    } finally {
      await saveOfferCompany(t.db, { logo: null, logoMimeType: null });
    }
  }, 60_000);

  test("emoji in the customer's name and an item's name print as nothing, never as a box", async () => {
    const customer = { ...EXAMPLE_FINAL_INVOICE.customer, name: "Žluťoučký kůň 🐴 & syn 👍🏽, s.r.o." };
    const lines = EXAMPLE_FINAL_INVOICE.lines.map((line, index) => (index === 1 ? { ...line, description: "Brána 🚧 dvoukřídlá „Šumava“ ✅" } : line));
    const issued = await issueSnapshot(t.ctx, EXAMPLE_FINAL_INVOICE, { customer, lines });
    const pdf = (await invoicePdf({ ctx: t.ctx, input: { invoiceId: issued.id } })).pdf;
    const text = flat(await popplerText(pdf, { layout: true }));
    expect(text).toContain("Žluťoučký kůň & syn, s.r.o.");
    expect(text).toContain("Brána dvoukřídlá „Šumava“");
    expect(text).not.toMatch(/[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u200d\ufe0f\ufffd]/u);
    const info = Bun.spawnSync(["pdfinfo", "-enc", "UTF-8", "-"], { stdin: pdf }).stdout.toString();
    expect(info).toMatch(new RegExp(`^Title: +Faktura – daňový doklad ${issued.number} · Žluťoučký kůň & syn, s.r.o.$`, "m"));
  }, 60_000);
});
