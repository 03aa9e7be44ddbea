import { describe, expect, test } from "bun:test";
import iconv from "iconv-lite";
import { AppError } from "@/lib/errors";
import { workbookBytes } from "../../../tests/helpers/workbook";
import { repeatedDeflate, sheetXml, workbookParts, zipBytes } from "../../../tests/helpers/zip";
import { headerKey, proposeMapping } from "./mapping";
import { decodeCsv, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_WORKBOOK_LIMITS, readImportFile } from "./read";

const CSV = 'Název;Cena za m2;Kategorie\r\nLamela "Ocel";1 250,50;Ploty > Lamelové\r\n"Sloupek; 60×60";12,5;"Ploty\r\n> Sloupky"\r\n';
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf-8"));

function refusalKey(file: { fileName: string; data: Uint8Array }): { key: string; values?: Record<string, unknown> } {
  try {
    readImportFile(file);
  } catch (error) {
    if (error instanceof AppError) return { key: error.messages[0]!.key, values: error.messages[0]!.values };
    throw error;
  }
  throw new Error("the file was read");
}

describe("the Czech CSV", () => {
  const expected = {
    headers: ["Název", "Cena za m2", "Kategorie"],
    rows: [
      { line: 2, cells: ['Lamela "Ocel"', "1 250,50", "Ploty > Lamelové"] },
      // A quoted field holds the delimiter and a line break; the next record starts on line 5.
      { line: 3, cells: ["Sloupek; 60×60", "12,5", "Ploty\r\n> Sloupky"] },
    ],
  };

  test("UTF-8 without BOM, with BOM and Windows-1250 read the same", () => {
    // Windows-1250 has no "²": a Czech CSV writes m2.
    const plain = utf8(CSV);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    const cp1250 = new Uint8Array(iconv.encode(CSV, "win1250"));
    expect(decodeCsv(plain).encoding).toBe("utf-8");
    expect(decodeCsv(withBom).encoding).toBe("utf-8");
    expect(decodeCsv(cp1250).encoding).toBe("windows-1250");
    // "Název" is 6 bytes in UTF-8 and 5 in Windows-1250: the bytes differ, the tables do not.
    expect(cp1250.byteLength).toBeLessThan(plain.byteLength);
    for (const data of [plain, withBom, cp1250]) expect(readImportFile({ fileName: "cenik.csv", data })).toEqual(expected);
  });

  test("a comma-separated file and a last line without a line break", () => {
    expect(readImportFile({ fileName: "a.csv", data: utf8("Name,Price\nPost,12.5") })).toEqual({ headers: ["Name", "Price"], rows: [{ line: 2, cells: ["Post", "12.5"] }] });
  });

  test("bad files are refused with a message, whatever they hold", () => {
    expect(refusalKey({ fileName: "a.csv", data: new Uint8Array() }).key).toBe("import.empty");
    expect(refusalKey({ fileName: "a.png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) }).key).toBe("import.notReadable");
    // Data on the first line: no header.
    expect(refusalKey({ fileName: "a.csv", data: utf8("Lamela;1250\nSloupek;300\n") }).key).toBe("import.noHeader");
    expect(refusalKey({ fileName: "a.csv", data: utf8(`${Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(";")}\n`) })).toEqual({
      key: "import.tooManyColumns",
      values: { max: IMPORT_MAX_COLUMNS },
    });
    expect(refusalKey({ fileName: "a.csv", data: new Uint8Array(11 * 1024 * 1024) }).key).toBe("upload.tooLarge");
  });
});

describe("workbooks", () => {
  test("the first sheet's header and rows, numbers as numbers, blank cells absent", async () => {
    const data = await workbookBytes([
      ["Název", "Cena", null, "EAN"],
      ["Lamela", 1250.5, null, "8590000000011"],
      [],
      ["Sloupek", null, null, 8590000000028],
    ]);
    expect(readImportFile({ fileName: "cenik.xlsx", data })).toEqual({
      headers: ["Název", "Cena", "", "EAN"],
      rows: [
        { line: 2, cells: ["Lamela", 1250.5, undefined, "8590000000011"] },
        { line: 4, cells: ["Sloupek", undefined, undefined, 8590000000028] },
      ],
    });
  });

  test("a formula, a sheet without a header, 100,000 columns, a zip that is no workbook: refused", async () => {
    expect(refusalKey({ fileName: "a.xlsx", data: await workbookBytes([["Název", "Cena"], ["Lamela", { formula: "2*600", result: 1200 }]]) })).toEqual({
      key: "import.formula",
      values: { cell: "B2" },
    });
    expect(refusalKey({ fileName: "a.xlsx", data: await workbookBytes([[null], ["Lamela", 1200]]) }).key).toBe("import.noHeader");
    expect(refusalKey({ fileName: "a.xlsx", data: await workbookBytes([[1, 2], ["Lamela", 1200]]) }).key).toBe("import.noHeader");
    const wide = `<row r="1">${Array.from({ length: 100_000 }, () => '<c t="inlineStr"><is><t>x</t></is></c>').join("")}</row>`;
    expect(refusalKey({ fileName: "a.xlsx", data: zipBytes(workbookParts(sheetXml(wide))) }).key).toBe("import.tooManyColumns");
    expect(refusalKey({ fileName: "a.xlsx", data: zipBytes([{ name: "readme.txt", content: "hello" }]) }).key).toBe("import.notReadable");
  });

  test("read as a stream: 25,000 data rows are a table, one more is refused by the rows", () => {
    const sheet = (dataRows: number) =>
      sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>Název</t></is></c></row>${Array.from({ length: dataRows }, (_, index) => `<row r="${index + 2}"><c r="A${index + 2}"><v>${index}</v></c></row>`).join("")}`);
    const table = readImportFile({ fileName: "a.xlsx", data: zipBytes(workbookParts(sheet(IMPORT_MAX_ROWS))) });
    expect(table.headers).toEqual(["Název"]);
    expect(table.rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(table.rows.at(-1)).toEqual({ line: IMPORT_MAX_ROWS + 1, cells: [IMPORT_MAX_ROWS - 1] });
    expect(refusalKey({ fileName: "a.xlsx", data: zipBytes(workbookParts(sheet(IMPORT_MAX_ROWS + 1))) })).toEqual({ key: "import.tooManyRows", values: { max: IMPORT_MAX_ROWS } });
  });

  test("a zip bomb (one 200 MB shared string in under 1 MB) is refused by its unpacked size", () => {
    const MB = 1024 * 1024;
    const strings = repeatedDeflate('<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>', new Uint8Array(MB).fill(97), 200, "</t></si></sst>");
    const data = zipBytes(workbookParts(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), [{ name: "xl/sharedStrings.xml", deflated: strings }]));
    expect(data.byteLength).toBeLessThan(MB);
    expect(refusalKey({ fileName: "bomba.xlsx", data })).toEqual({ key: "xlsx.tooLarge", values: { name: "bomba.xlsx", maxMb: IMPORT_WORKBOOK_LIMITS.maxTotalBytes / MB } });
  });
});

describe("mapping by header", () => {
  const fields = [
    { key: "name", label: "Název", aliases: ["Name", "Product name"] },
    { key: "m2Price", label: "Cena za m²", aliases: ["Price per m2"] },
    { key: "weight", label: "Hmotnost", aliases: ["Weight"] },
    { key: "parameter:vyskalamely", label: "Výška lamely", aliases: [] },
  ];

  test("Czech or English, any case and diacritics, a unit in brackets ignored", () => {
    expect(headerKey("Cena za m² (Kč)")).toBe("cenazam2");
    expect(proposeMapping(["NAZEV", "cena za m2", "Hmotnost (g)", "VÝŠKA LAMELY [mm]", "Poznámka"], fields)).toEqual({ name: 0, m2Price: 1, weight: 2, "parameter:vyskalamely": 3 });
    expect(proposeMapping(["Weight", "Product Name", "price per M2"], fields)).toEqual({ name: 1, m2Price: 2, weight: 0 });
  });

  test("a remembered header wins; a column serves one field", () => {
    expect(proposeMapping(["Název", "Moje cena", "Cena za m²"], fields, { m2Price: "Moje cena" })).toEqual({ name: 0, m2Price: 1 });
    expect(proposeMapping(["Název", "Name"], fields)).toEqual({ name: 0 });
  });
});
