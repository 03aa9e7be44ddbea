import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workbookBytes } from "../../../tests/helpers/workbook";
import { repeatedDeflate, sheetXml, workbookParts, zipBytes } from "../../../tests/helpers/zip";
import { readFirstSheet, readFirstSheetRows, XlsxRefusal, type XlsxReadLimits, type XlsxRow } from "./read";

// The manufacture-data upload's limits (src/modules/warehouse/stock/service.ts).
const limits: XlsxReadLimits = { maxRows: 50_000, maxCells: 200_000, maxPartBytes: 8 * 1024 * 1024, maxTotalBytes: 32 * 1024 * 1024 };
const MB = 1024 * 1024;

function refusalOf(data: Uint8Array): XlsxRefusal {
  try {
    readFirstSheet(data, limits, ["A", "B"]);
  } catch (error) {
    if (error instanceof XlsxRefusal) return error;
    throw error;
  }
  throw new Error("the workbook was read");
}

/** The read in a process of its own: how far it raised the peak memory. */
async function peakGrowthOf(data: Uint8Array): Promise<{ outcome: string; peakGrowthBytes: number }> {
  const folder = mkdtempSync(join(tmpdir(), "ohrada-xlsx-"));
  try {
    const file = join(folder, "bomb.xlsx");
    writeFileSync(file, data);
    const probe = Bun.spawn([process.execPath, join(import.meta.dir, "../../../tests/helpers/xlsx-memory-probe.ts"), file, JSON.stringify(limits)], { stdout: "pipe", stderr: "inherit" });
    const output = await new Response(probe.stdout).text();
    expect(await probe.exited).toBe(0);
    return JSON.parse(output);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("reading the first sheet", () => {
  test("1,000 reads of the same one-row workbook give its row every time (exceljs's stream reader lost one in ~300)", async () => {
    const data = await workbookBytes([[42, 2.5]]);
    const expected = { valuedRows: 1, rows: [{ row: 1, cells: { A: 42, B: 2.5 } }] };
    let same = 0;
    for (let read = 0; read < 1000; read++) if (Bun.deepEquals(readFirstSheet(data, limits, ["A", "B"]), expected)) same++;
    expect(same).toBe(1000);
  });

  test("values come back as exceljs loads them: text, numbers, formulas with and without a result, dates, booleans", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const rows = [
      ["Kód", "Množství", "poznámka"],
      ["P12", 3, "x"],
      ["8594000000005", 0.125],
      [7, { formula: "2*3", result: 6 }],
      [{ formula: "C9" }, 2],
      [8, new Date(Date.UTC(2020, 0, 31))],
      [null, null, "jen C"],
      [true, "a & <b> \"c\""],
    ];
    const data = await workbookBytes(rows as never);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ArrayBuffer);
    const expected: { row: number; cells: Record<string, unknown> }[] = [];
    book.worksheets[0]!.eachRow((row, number) => {
      const cells: Record<string, unknown> = {};
      for (const column of ["A", "B"]) {
        const value = row.getCell(column).value;
        if (value !== null && value !== undefined) cells[column] = value;
      }
      if (Object.keys(cells).length) expected.push({ row: number, cells });
    });
    const sheet = readFirstSheet(data, limits, ["A", "B"]);
    expect(sheet.rows).toEqual(expected as never);
    expect(sheet.valuedRows).toBe(book.worksheets[0]!.actualRowCount);
    expect(sheet.rows.find((row) => row.row === 6)!.cells.B).toEqual(new Date(Date.UTC(2020, 0, 31)));
  });

  test("something that is no workbook is refused as such", async () => {
    expect(refusalOf(new TextEncoder().encode("PK\u0003\u0004 not a zip at all")).reason).toBe("notXlsx");
    expect(refusalOf(zipBytes([{ name: "word/document.xml", content: "<w:document/>" }])).reason).toBe("notXlsx");
    // XML escapes, Excel's _x000D_ and a reference beyond Unicode read without an exception.
    const escaped = sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>a&amp;b &#x10FFFF0; _x0041_</t></is></c></row>');
    expect(readFirstSheet(zipBytes(workbookParts(escaped)), limits, ["A"]).rows).toEqual([{ row: 1, cells: { A: "a&b \uFFFD A" } }]);
  });
});

describe("the sheet read as a stream, row by row", () => {
  test("3,000 rows of long Czech texts (rows and shared strings cut across the inflater's pieces) come back as written", async () => {
    const rows: [string, number][] = Array.from({ length: 3000 }, (_, index) => [`Lamela č. ${index + 1} ${"žluťoučký kůň ".repeat(index % 40)}`, index * 1.25]);
    const sheet = readFirstSheet(await workbookBytes(rows), limits, ["A", "B"]);
    expect(sheet.valuedRows).toBe(3000);
    expect(sheet.rows).toEqual(rows.map(([text, number], index) => ({ row: index + 1, cells: { A: text, B: number } })));
  });

  test("a cell of 1 MB (one row longer than many pieces), namespace prefixes, a stored part: read whole", () => {
    const long = "x".repeat(1024 * 1024);
    const xml = `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>${long}</x:t></x:is></x:c><x:c r="C1"><x:v>7</x:v></x:c></x:row><x:row r="3"><x:c r="B3" t="inlineStr"><x:is><x:t>a &amp; b</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    const expected: XlsxRow[] = [
      { row: 1, cells: { A: long, C: 7 } },
      { row: 3, cells: { B: "a & b" } },
    ];
    expect(readFirstSheet(zipBytes(workbookParts(xml)), limits, "all").rows).toEqual(expected);
    // Stored (method 0) instead of deflated: the same rows.
    expect(readFirstSheet(storedSheetZip(xml), limits, "all").rows).toEqual(expected);
  });

  test("each row comes with its column numbers; the arrays are the reader's own, reused for the next row", () => {
    const xml = sheetXml('<row r="2"><c r="B2"><v>1</v></c><c r="AA2"><v>2</v></c></row><row r="5"><c r="C5" t="b"><v>1</v></c></row>');
    const seen: { row: number; columns: number[]; values: unknown[] }[] = [];
    const { valuedRows } = readFirstSheetRows(zipBytes(workbookParts(xml)), limits, "all", (row, columns, values) => seen.push({ row, columns: [...columns], values: [...values] }));
    expect(valuedRows).toBe(2);
    expect(seen).toEqual([
      { row: 2, columns: [2, 27], values: [1, 2] },
      { row: 5, columns: [3], values: [true] },
    ]);
  });
});

/** The zip with its first sheet stored rather than deflated (method 0), the directory rewritten to match. */
function storedSheetZip(xml: string): Uint8Array {
  const raw = new TextEncoder().encode(xml);
  // zipBytes deflates every part; a stored part is the raw bytes with method 0 in both headers.
  const parts = workbookParts(xml).map((part) => (part.name === "xl/worksheets/sheet1.xml" ? { ...part, content: undefined, deflated: { data: raw, size: raw.byteLength } } : part));
  const bytes = zipBytes(parts);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + 4 <= bytes.byteLength; offset++) {
    const signature = view.getUint32(offset, true);
    if (signature !== 0x04034b50 && signature !== 0x02014b50) continue;
    const local = signature === 0x04034b50;
    const nameLength = view.getUint16(offset + (local ? 26 : 28), true);
    const name = new TextDecoder().decode(bytes.subarray(offset + (local ? 30 : 46), offset + (local ? 30 : 46) + nameLength));
    if (name === "xl/worksheets/sheet1.xml") view.setUint16(offset + (local ? 8 : 10), 0, true);
  }
  return bytes;
}

describe("a workbook that would take too much memory is refused before it is loaded", () => {
  test("300 rows × 2,000 cells: refused, the peak memory under +100 MB", async () => {
    const row = (number: number) => `<row r="${number}">${'<c t="n"><v>1</v></c>'.repeat(2000)}</row>`;
    const data = zipBytes(workbookParts(sheetXml(Array.from({ length: 300 }, (_, index) => row(index + 1)).join(""))));
    expect(data.byteLength).toBeLessThan(5 * MB);
    expect(["tooManyCells", "tooLarge"]).toContain(refusalOf(data).reason);
    const probe = await peakGrowthOf(data);
    expect(["tooManyCells", "tooLarge"]).toContain(probe.outcome);
    expect(probe.peakGrowthBytes).toBeLessThan(100 * MB);
  });

  test("cells over the bound in a sheet small enough to unpack: refused by the cells", () => {
    const row = (number: number) => `<row r="${number}">${"<c><v>1</v></c>".repeat(1000)}</row>`;
    const data = zipBytes(workbookParts(sheetXml(Array.from({ length: 201 }, (_, index) => row(index + 1)).join(""))));
    const refusal = refusalOf(data);
    expect(refusal.reason).toBe("tooManyCells");
    expect(refusal.limit).toBe(200_000);
  });

  test("one shared string of 200 MB in a file of a few hundred KB: refused, the peak memory under +100 MB", async () => {
    const strings = repeatedDeflate('<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>', new Uint8Array(MB).fill(97), 200, "</t></si></sst>");
    const data = zipBytes(workbookParts(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), [{ name: "xl/sharedStrings.xml", deflated: strings }]));
    expect(data.byteLength).toBeLessThan(MB);
    const refusal = refusalOf(data);
    expect(refusal.reason).toBe("tooLarge");
    expect(refusal.limit).toBe(32 * MB);
    const probe = await peakGrowthOf(data);
    expect(probe.outcome).toBe("tooLarge");
    expect(probe.peakGrowthBytes).toBeLessThan(100 * MB);
  });

  test("a directory that lies about the size: inflating stops at the part's bound", async () => {
    // Blank text, no rows: only the unpacked size can stop it (the sheet is read as a stream, so rows would be counted first).
    const sheet = repeatedDeflate(sheetXml("").replace("</sheetData></worksheet>", ""), new TextEncoder().encode(" ".repeat(600_000)), 200, "</sheetData></worksheet>");
    const data = zipBytes(workbookParts(undefined, []).map((part) => (part.name === "xl/worksheets/sheet1.xml" ? { name: part.name, deflated: sheet, declaredSize: 1000 } : part)));
    const refusal = refusalOf(data);
    expect(refusal.reason).toBe("tooLarge");
    expect(refusal.limit).toBe(8 * MB);
    const probe = await peakGrowthOf(data);
    expect(probe.outcome).toBe("tooLarge");
    expect(probe.peakGrowthBytes).toBeLessThan(100 * MB);
  });

  test("rows over all the sheets over the bound: refused by the rows", () => {
    const data = zipBytes(workbookParts(sheetXml('<row r="1"/>'.repeat(50_001))));
    expect(refusalOf(data).reason).toBe("tooManyRows");
    expect(readFirstSheet(zipBytes(workbookParts(sheetXml('<row r="1"/>'.repeat(50_000)))), limits, ["A"]).valuedRows).toBe(0);
  });
});
