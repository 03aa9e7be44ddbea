/** The accountant export's CSV summary, read back byte for byte as Czech Excel would get it. */
import { describe, expect, test } from "bun:test";
import { tFor } from "@/lib/i18n";
import { invoiceCsv } from "./csv";
import { EXAMPLE_CREDIT_NOTE, EXAMPLE_FINAL_INVOICE, EXAMPLE_NON_PAYER_INVOICE, EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_PROFORMA } from "./examples";
import { invoiceTotals } from "./vat";

const csvText = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
const czech = (halere: number) => String(halere / 100).replace(".", ",");

describe("the CSV summary", () => {
  test("a row per document: number, type, dates, customer, IČO, DIČ, base and VAT per rate, total, advances, to pay", () => {
    const text = csvText(invoiceCsv([EXAMPLE_PROFORMA, EXAMPLE_PAYMENT_TAX_DOCUMENT, EXAMPLE_FINAL_INVOICE, EXAMPLE_CREDIT_NOTE, EXAMPLE_NON_PAYER_INVOICE], { t: tFor("cs"), lang: "cs" }));
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = text.slice(1).split("\r\n").filter(Boolean);
    expect(header).toBe("Číslo;Typ;Vystaveno;DUZP;Splatnost;Odběratel;IČO;DIČ;Základ 21 %;DPH 21 %;Základ 0 %;DPH 0 %;Celkem;Odpočet záloh;K úhradě;Původní doklad");
    expect(rows.length).toBe(5);
    const final = invoiceTotals(EXAMPLE_FINAL_INVOICE);
    const row = final.recap[0]!;
    expect(rows[2]).toBe(
      [
        '"=""2026100042"""',
        "Faktura",
        "20.05.2026",
        "18.05.2026",
        "03.06.2026",
        "Žluťoučký kůň & syn, s.r.o.",
        '"=""25596641"""',
        "CZ25596641",
        czech(row.baseHalere),
        czech(row.vatHalere),
        "",
        "",
        czech(final.totalHalere),
        czech(row.claimedTotalHalere),
        czech(final.payableHalere),
        "",
      ].join(";"),
    );
    expect(rows[0]!.split(";").slice(1, 5)).toEqual(["Zálohová faktura", "02.03.2026", "", "16.03.2026"]);
    expect(rows[1]!.split(";")[1]).toBe("Daňový doklad k přijaté platbě");
    const credit = rows[3]!.split(";");
    expect(credit[1]).toBe("Dobropis");
    expect(credit[12]).toBe(`-${czech(final.totalHalere)}`);
    expect(credit[15]).toBe('"=""2026100042"""');
    const nonPayer = rows[4]!.split(";");
    expect(nonPayer.slice(6, 12)).toEqual(["", "", "", "", czech(invoiceTotals(EXAMPLE_NON_PAYER_INVOICE).baseHalere), "0"]);
  });

  test("English headers and ISO dates for an English user", () => {
    const text = csvText(invoiceCsv([EXAMPLE_FINAL_INVOICE], { t: tFor("en"), lang: "en" }));
    const [header, row] = text.slice(1).split("\r\n");
    expect(header!.split(";").slice(0, 5)).toEqual(["Number", "Type", "Issued", "Date of taxable supply", "Due"]);
    expect(row!.split(";").slice(1, 3)).toEqual(["Invoice", "2026-05-20"]);
  });
});
