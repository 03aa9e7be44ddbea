/**
 * The spreadsheet import's reader (docs/decisions/075-spreadsheet-import.md): an uploaded .xlsx
 * (through src/lib/xlsx/read.ts, bounded before anything is held, decision 031) or a Czech CSV
 * (`;`, decimal comma, UTF-8 with or without BOM, or Windows-1250) as a header row and data rows.
 * Anything it cannot take whole is refused with one translated message: nothing is read further.
 */
import iconv from "iconv-lite";
import { AppError, type Message, msg } from "@/lib/errors";
import { cleanFileName, MB } from "@/lib/uploads";
import { columnLetters, readFirstSheetRows, type XlsxReadLimits, XlsxRefusal, type XlsxValue } from "@/lib/xlsx/read";

/** A cell as the import sees it: text (CSV, xlsx text), a number, a yes/no, or a date cell (refused where a field reads it). */
export type ImportCell = string | number | boolean | Date;

export interface ImportRow {
  /** The line in the file, 1-based (the header is line 1), as the user sees it in Excel. */
  line: number;
  /** By column index (0-based); a blank cell is absent. */
  cells: (ImportCell | undefined)[];
}

export interface ImportTable {
  /** The header row's texts, one per column (blank where a column has no name). */
  headers: string[];
  rows: ImportRow[];
}

/** The upload's size (compressed for a workbook): 20,000 products of a real price list take 2–3 MB. */
export const IMPORT_MAX_BYTES = 10 * MB;
/** Data rows (a header not counted). */
export const IMPORT_MAX_ROWS = 25_000;
/** A price list has a few dozen columns; 100,000 columns are no price list. */
export const IMPORT_MAX_COLUMNS = 200;

/** The workbook's bounds (decision 031): rows and cells over all sheets, the unpacked sizes. */
export const IMPORT_WORKBOOK_LIMITS: XlsxReadLimits = {
  maxRows: IMPORT_MAX_ROWS + 1,
  maxCells: 40 * (IMPORT_MAX_ROWS + 1),
  maxPartBytes: 32 * MB,
  maxTotalBytes: 64 * MB,
};

export const IMPORT_FILE_FIELD = "file";

const refusal = (message: Message) => AppError.fail(message, { [IMPORT_FILE_FIELD]: message });

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Reads an upload as a table; throws AppError (`fail`, field `file`) for anything it refuses. */
export function readImportFile(file: { fileName: string; data: Uint8Array }): ImportTable {
  const name = cleanFileName(file.fileName);
  if (file.data.byteLength === 0) throw refusal(msg("import.empty", { name }));
  if (file.data.byteLength > IMPORT_MAX_BYTES) throw refusal(msg("upload.tooLarge", { name, maxMb: IMPORT_MAX_BYTES / MB }));
  const isZip = ZIP_MAGIC.every((byte, index) => file.data[index] === byte);
  const table = isZip ? readWorkbook(file.data, name) : readCsv(file.data, name);
  return checkTable(table, name);
}

/**
 * Rows read between two requests for an (asynchronous) collection of young garbage: 20,000 rows
 * read in one turn otherwise rose +120–175 MB in a process holding a database, +50 MB with it
 * (docs/decisions/075-spreadsheet-import.md, Memory).
 */
const GC_EVERY_ROWS = 1000;

function readWorkbook(data: Uint8Array, name: string): ImportTable {
  const rows: ImportRow[] = [];
  try {
    // Row by row into compact rows (an array of cells each): the sheet is never held whole.
    readFirstSheetRows(data, IMPORT_WORKBOOK_LIMITS, "all", (row, columnNumbers, values) => {
      const cells: (ImportCell | undefined)[] = [];
      for (let index = 0; index < values.length; index++) {
        const column = columnNumbers[index]!;
        if (column > IMPORT_MAX_COLUMNS) throw refusal(msg("import.tooManyColumns", { max: IMPORT_MAX_COLUMNS }));
        cells[column - 1] = plainCell(values[index]!, column, row);
      }
      rows.push({ line: row, cells });
      // The read is one synchronous turn: a collection of its young garbage is asked for as it goes.
      if (rows.length % GC_EVERY_ROWS === 0) Bun.gc(false);
    });
  } catch (error) {
    if (!(error instanceof XlsxRefusal)) throw error;
    if (error.reason === "tooManyRows") throw refusal(msg("import.tooManyRows", { max: IMPORT_MAX_ROWS }));
    if (error.reason === "tooManyCells") throw refusal(msg("xlsx.tooManyCells", { max: IMPORT_WORKBOOK_LIMITS.maxCells }));
    if (error.reason === "tooLarge") throw refusal(msg("xlsx.tooLarge", { name, maxMb: Math.floor((error.limit ?? 0) / MB) }));
    throw refusal(msg("import.notReadable", { name }));
  }
  if (!rows.length) return { headers: [], rows: [] };
  const header = rows.shift()!;
  return { headers: headerTexts(header, name), rows };
}

/** A formula is refused, with or without its saved result: what it shows may not be what it holds. */
function plainCell(value: XlsxValue, column: number, row: number): ImportCell | undefined {
  if (typeof value === "object" && !(value instanceof Date)) {
    if ("formula" in value) throw refusal(msg("import.formula", { cell: `${columnLetters(column)}${row}` }));
    throw refusal(msg("import.cellError", { cell: `${columnLetters(column)}${row}`, error: value.error }));
  }
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

/** The header row: every named column a text; a row of numbers is data, so the file has no header. */
function headerTexts(header: ImportRow, name: string): string[] {
  if (header.line !== 1) throw refusal(msg("import.noHeader", { name }));
  const texts: string[] = [];
  for (let index = 0; index < header.cells.length; index++) {
    const cell = header.cells[index];
    if (cell === undefined) texts[index] = "";
    else if (typeof cell === "string") texts[index] = cell.trim();
    else throw refusal(msg("import.noHeader", { name }));
  }
  return texts;
}

// ---- CSV ----------------------------------------------------------------------------------------

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** UTF-8 when the bytes are valid UTF-8 (with or without BOM), else Windows-1250: Excel's "CSV" in Czech Windows. */
export function decodeCsv(data: Uint8Array): { text: string; encoding: "utf-8" | "windows-1250" } {
  const bom = UTF8_BOM.every((byte, index) => data[index] === byte);
  const body = bom ? data.subarray(3) : data;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8" };
  } catch {
    return { text: iconv.decode(Buffer.from(body.buffer, body.byteOffset, body.byteLength), "win1250"), encoding: "windows-1250" };
  }
}

/** Text files only: a NUL or other control bytes mean a binary file that is no CSV. */
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

function readCsv(data: Uint8Array, name: string): ImportTable {
  const { text } = decodeCsv(data);
  if (BINARY.test(text.slice(0, 4096))) throw refusal(msg("import.notReadable", { name }));
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = count(firstLine, ";") >= count(firstLine, ",") ? (count(firstLine, "\t") > count(firstLine, ";") ? "\t" : ";") : ",";
  const records = parseCsv(text, delimiter);
  const rows: ImportRow[] = [];
  for (const record of records) {
    if (record.fields.length > IMPORT_MAX_COLUMNS) throw refusal(msg("import.tooManyColumns", { max: IMPORT_MAX_COLUMNS }));
    const cells = record.fields.map((field) => (field.trim() === "" ? undefined : field));
    if (!cells.some((cell) => cell !== undefined)) continue;
    if (rows.length > IMPORT_MAX_ROWS) throw refusal(msg("import.tooManyRows", { max: IMPORT_MAX_ROWS }));
    rows.push({ line: record.line, cells });
  }
  if (!rows.length) return { headers: [], rows: [] };
  const [header, ...body] = rows;
  if (header!.line !== 1 || header!.cells.some((cell) => typeof cell === "string" && /^-?[\d\s\u00a0]+([,.]\d+)?$/.test(cell.trim()))) {
    throw refusal(msg("import.noHeader", { name }));
  }
  return { headers: header!.cells.map((cell) => (cell === undefined ? "" : String(cell).trim())), rows: body };
}

const count = (text: string, character: string) => text.split(character).length - 1;

/** RFC 4180 with any delimiter: quoted fields may hold the delimiter, newlines and doubled quotes. */
export function parseCsv(text: string, delimiter: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else quoted = false;
      } else {
        if (character === "\n") line++;
        field += character;
      }
      continue;
    }
    if (character === '"' && field === "") quoted = true;
    else if (character === delimiter) {
      fields.push(field);
      field = "";
      if (fields.length > IMPORT_MAX_COLUMNS) throw refusal(msg("import.tooManyColumns", { max: IMPORT_MAX_COLUMNS }));
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && text[index + 1] === "\n") index++;
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = "";
      line++;
      recordLine = line;
    } else field += character;
  }
  if (field !== "" || fields.length) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  return records;
}

/** A column's letters for messages ("C"): the same in a workbook and a CSV opened in Excel. */
export const columnName = (index: number): string => columnLetters(index + 1);

/** The table's refusal when it holds no header row at all. */
function checkTable(table: ImportTable, name: string): ImportTable {
  if (!table.headers.some((header) => header !== "")) throw refusal(msg("import.noHeader", { name }));
  return table;
}
