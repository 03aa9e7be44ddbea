/**
 * Reads an uploaded .xlsx without exceljs (decision 031): the zip's central directory, then only
 * the parts a first sheet's values need, each inflated with a cap on its output. Synchronous, so
 * there is no stream to race (exceljs's streaming WorkbookReader in Bun failed about once in 300
 * reads of the same workbook), and bounded before anything is held: a 5 MB upload can inflate to
 * gigabytes (one shared string of 200 MB in a 205 KB file) or hold 600,000 cells in 1.5 MB, which
 * exceljs loaded whole takes a gigabyte for.
 *
 * The values come back the way exceljs gives them (number, string, boolean, Date, `{ formula,
 * result }`, `{ error }`), so a caller's cell reading stays the same.
 */
import { inflateRawSync } from "node:zlib";

export interface XlsxReadLimits {
  /** Uncompressed bytes of any one part the reader inflates (a sheet, the shared strings…). */
  maxPartBytes: number;
  /** Uncompressed bytes of every entry of the zip together, as the directory declares them and as inflated. */
  maxTotalBytes: number;
  /** Rows over all the sheets. */
  maxRows: number;
  /** Cells over all the sheets. */
  maxCells: number;
}

export type XlsxRefusalReason = "notXlsx" | "tooLarge" | "tooManyRows" | "tooManyCells";

/** Why a workbook is not read; `limit` is the bound it broke (bytes, rows or cells). */
export class XlsxRefusal extends Error {
  constructor(
    readonly reason: XlsxRefusalReason,
    readonly limit?: number,
  ) {
    super(`xlsx refused: ${reason}${limit === undefined ? "" : ` (${limit})`}`);
  }
}

type XlsxPlainValue = number | string | boolean | Date | { error: string };
export type XlsxValue = XlsxPlainValue | { formula: string; result?: XlsxPlainValue };

export interface XlsxRow {
  /** The sheet's row number, 1-based. */
  row: number;
  /** The asked-for columns' values by column letter; a blank cell is absent. */
  cells: Record<string, XlsxValue>;
}

export interface XlsxFirstSheet {
  /** Rows of the first sheet holding a value in any column (exceljs's actualRowCount). */
  valuedRows: number;
  /** Rows with a value in one of the asked-for columns, in sheet order. */
  rows: XlsxRow[];
}

// ---- zip ----------------------------------------------------------------------------------------

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A workbook has a few dozen parts; thousands of entries are no workbook. */
const MAX_ENTRIES = 10_000;

function zipEntries(data: Uint8Array, limits: XlsxReadLimits): Map<string, ZipEntry> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let end = -1;
  for (let offset = data.byteLength - 22; offset >= Math.max(0, data.byteLength - 22 - 0xffff); offset--) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw new XlsxRefusal("notXlsx");
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // Zip64 (0xFFFF / 0xFFFFFFFF markers) is for archives far beyond any upload limit.
  if (count === 0xffff || directoryOffset === 0xffffffff || count > MAX_ENTRIES) throw new XlsxRefusal("notXlsx");
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  let declaredTotal = 0;
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > data.byteLength || view.getUint32(offset, true) !== DIRECTORY_ENTRY) throw new XlsxRefusal("notXlsx");
    const nameLength = view.getUint16(offset + 28, true);
    const entry: ZipEntry = {
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
      name: decoder.decode(data.subarray(offset + 46, offset + 46 + nameLength)),
    };
    // The declared sizes refuse most bombs at once; the inflating caps catch a directory that lies.
    declaredTotal += entry.size;
    if (declaredTotal > limits.maxTotalBytes) throw new XlsxRefusal("tooLarge", limits.maxTotalBytes);
    entries.set(entry.name.replace(/^\//, ""), entry);
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/** An entry's bytes, never more than `maxPartBytes` of output whatever the directory says. */
function inflateEntry(data: Uint8Array, entry: ZipEntry, limits: XlsxReadLimits): Uint8Array {
  if (entry.size > limits.maxPartBytes) throw new XlsxRefusal("tooLarge", limits.maxPartBytes);
  // Bit 0: encrypted. A password-protected workbook is no zip of XML parts.
  if (entry.flags & 1) throw new XlsxRefusal("notXlsx");
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localOffset;
  if (at + 30 > data.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) throw new XlsxRefusal("notXlsx");
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > data.byteLength) throw new XlsxRefusal("notXlsx");
  const compressed = data.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (compressed.byteLength > limits.maxPartBytes) throw new XlsxRefusal("tooLarge", limits.maxPartBytes);
    return compressed;
  }
  if (entry.method !== 8) throw new XlsxRefusal("notXlsx");
  try {
    return inflateRawSync(compressed, { maxOutputLength: limits.maxPartBytes });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) throw new XlsxRefusal("tooLarge", limits.maxPartBytes);
    throw new XlsxRefusal("notXlsx");
  }
}

// ---- xml ----------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** A character reference beyond Unicode reads as the replacement character, not as an exception. */
const codePoint = (code: number) => (code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD");

function unescapeXml(text: string): string {
  return text
    .replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) =>
      entity.startsWith("#") ? codePoint(entity.startsWith("#x") ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1))) : ENTITIES[entity]!,
    )
    // Excel's escape for control characters in text: _x000D_.
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
}

const attribute = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Tags may carry a namespace prefix (`<x:row>`): every pattern allows one. */
const P = "(?:[\\w.-]+:)?";

/** The text of every `<t>` inside (a rich string's runs joined; phonetic runs left out). */
function textOf(xml: string): string {
  const plain = xml.replace(new RegExp(`<${P}rPh[\\s>][\\s\\S]*?</${P}rPh>`, "g"), "");
  let text = "";
  for (const match of plain.matchAll(new RegExp(`<${P}t(?:\\s[^>]*)?>([\\s\\S]*?)</${P}t>`, "g"))) text += match[1];
  return unescapeXml(text);
}

const decodeUtf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

// ---- workbook -----------------------------------------------------------------------------------

/** Built-in number formats that show a date (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, "").replace(/\[[^\]]*\]/g, "").replace(/\\./g, "");
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Which cell style indexes (`s="…"`) show their number as a date. */
function dateStyles(stylesXml: string | null): Set<number> {
  const styles = new Set<number>();
  if (!stylesXml) return styles;
  const custom = new Map<number, string>();
  for (const match of stylesXml.matchAll(new RegExp(`<${P}numFmt\\s[^>]*>`, "g"))) {
    const id = Number(attribute(match[0], "numFmtId"));
    custom.set(id, unescapeXml(attribute(match[0], "formatCode") ?? ""));
  }
  const cellXfs = new RegExp(`<${P}cellXfs[\\s>][\\s\\S]*?</${P}cellXfs>`).exec(stylesXml)?.[0] ?? "";
  let index = 0;
  for (const match of cellXfs.matchAll(new RegExp(`<${P}xf[\\s>/][^>]*>`, "g"))) {
    const id = Number(attribute(match[0], "numFmtId") ?? 0);
    const code = custom.get(id);
    if (code === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(code)) styles.add(index);
    index++;
  }
  return styles;
}

/** Excel's serial day as the UTC day it shows (the 1900 system counts a 29 Feb 1900 that never was). */
function serialToDate(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  return new Date(Math.round((days - 25569) * 86_400_000));
}

/** The sheet parts in the workbook's order, from workbook.xml and its relationships. */
function sheetPaths(workbookXml: string, relsXml: string): string[] {
  const targets = new Map<string, string>();
  for (const match of relsXml.matchAll(new RegExp(`<${P}Relationship\\s[^>]*>`, "g"))) {
    const id = attribute(match[0], "Id");
    const target = attribute(match[0], "Target");
    if (id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, "/"));
  }
  const paths: string[] = [];
  for (const match of workbookXml.matchAll(new RegExp(`<${P}sheet\\s[^>]*>`, "g"))) {
    const id = /\s(?:[\w]+:)?id="([^"]*)"/.exec(match[0])?.[1];
    const target = id ? targets.get(id) : undefined;
    if (target) paths.push(target);
  }
  return paths;
}

const columnOf = (reference: string) => /^[A-Z]+/.exec(reference)?.[0] ?? "";

const ROW = new RegExp(`<${P}row(?=[\\s>/])`, "g");
const CELL = new RegExp(`<${P}c(?=[\\s>/])`, "g");

function countMatches(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text)) count++;
  return count;
}

/**
 * The first sheet's values in `columns` (letters, or "all" for every column: the spreadsheet
 * import, docs/decisions/075-spreadsheet-import.md), after bounding the whole workbook: every
 * entry's uncompressed size, the rows and cells over all its sheets. Throws XlsxRefusal.
 */
export function readFirstSheet(data: Uint8Array, limits: XlsxReadLimits, columns: readonly string[] | "all"): XlsxFirstSheet {
  const entries = zipEntries(data, limits);
  let inflatedTotal = 0;
  const part = (path: string): Uint8Array | null => {
    const entry = entries.get(path);
    if (!entry) return null;
    const bytes = inflateEntry(data, entry, limits);
    inflatedTotal += bytes.byteLength;
    if (inflatedTotal > limits.maxTotalBytes) throw new XlsxRefusal("tooLarge", limits.maxTotalBytes);
    return bytes;
  };
  const workbookBytes = part("xl/workbook.xml");
  const relsBytes = part("xl/_rels/workbook.xml.rels");
  if (!workbookBytes || !relsBytes) throw new XlsxRefusal("notXlsx");
  const workbookXml = decodeUtf8(workbookBytes);
  const paths = sheetPaths(workbookXml, decodeUtf8(relsBytes));
  if (!paths.length) throw new XlsxRefusal("notXlsx");

  // Every sheet is counted before any is read: rows and cells as tags, in a one-byte-per-character string.
  let rows = 0;
  let cells = 0;
  let first: Uint8Array | null = null;
  for (const path of paths) {
    const bytes = part(path);
    if (!bytes) throw new XlsxRefusal("notXlsx");
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
    rows += countMatches(text, ROW);
    if (rows > limits.maxRows) throw new XlsxRefusal("tooManyRows", limits.maxRows);
    cells += countMatches(text, CELL);
    if (cells > limits.maxCells) throw new XlsxRefusal("tooManyCells", limits.maxCells);
    first ??= bytes;
  }

  const sharedXml = part("xl/sharedStrings.xml");
  const shared: string[] = [];
  if (sharedXml) {
    for (const match of decodeUtf8(sharedXml).matchAll(new RegExp(`<${P}si(?:\\s[^>]*)?>([\\s\\S]*?)</${P}si>|<${P}si\\s*/>`, "g"))) shared.push(textOf(match[1] ?? ""));
  }
  const stylesBytes = part("xl/styles.xml");
  const dates = dateStyles(stylesBytes ? decodeUtf8(stylesBytes) : null);
  const date1904 = /date1904="(?:1|true)"/.test(workbookXml);

  const wanted = columns === "all" ? null : new Set(columns);
  const sheetXml = decodeUtf8(first!);
  const result: XlsxFirstSheet = { valuedRows: 0, rows: [] };
  let lastRow = 0;
  const rowPattern = new RegExp(`<${P}row(?=[\\s>/])([^>]*?)(?:/>|>([\\s\\S]*?)</${P}row>)`, "g");
  const cellPattern = new RegExp(`<${P}c(?=[\\s>/])([^>]*?)(?:/>|>([\\s\\S]*?)</${P}c>)`, "g");
  for (const rowMatch of sheetXml.matchAll(rowPattern)) {
    const number = Number(attribute(rowMatch[1] ?? "", "r")) || lastRow + 1;
    lastRow = number;
    let lastColumn = 0;
    let valued = false;
    const values: Record<string, XlsxValue> = {};
    for (const cellMatch of (rowMatch[2] ?? "").matchAll(cellPattern)) {
      const tag = cellMatch[1] ?? "";
      const reference = attribute(tag, "r");
      const column = reference ? columnOf(reference) : columnLetters(lastColumn + 1);
      lastColumn = columnNumber(column);
      const value = cellValue(tag, cellMatch[2] ?? "", shared, dates, date1904);
      if (value === undefined) continue;
      valued = true;
      if (!wanted || wanted.has(column)) values[column] = value;
    }
    if (valued) result.valuedRows++;
    if (Object.keys(values).length) result.rows.push({ row: number, cells: values });
  }
  return result;
}

export function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters) number = number * 26 + letter.charCodeAt(0) - 64;
  return number;
}

export function columnLetters(number: number): string {
  let letters = "";
  for (let rest = number; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** One cell as exceljs gives it; undefined for a blank one (a style alone). */
function cellValue(tag: string, inner: string, shared: readonly string[], dates: Set<number>, date1904: boolean): XlsxValue | undefined {
  const type = attribute(tag, "t") ?? "n";
  const formulaMatch = new RegExp(`<${P}f(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${P}f>)`).exec(inner);
  const raw = new RegExp(`<${P}v(?:\\s[^>]*)?>([\\s\\S]*?)</${P}v>`).exec(inner)?.[1];
  let value: XlsxPlainValue | undefined;
  if (type === "inlineStr") {
    const inline = new RegExp(`<${P}is(?:\\s[^>]*)?>([\\s\\S]*?)</${P}is>`).exec(inner)?.[1];
    value = inline === undefined ? undefined : textOf(inline);
  } else if (raw !== undefined) {
    const text = unescapeXml(raw);
    if (type === "s") value = shared[Number(text)] ?? "";
    else if (type === "str") value = text;
    else if (type === "b") value = text === "1" || text === "true";
    else if (type === "e") value = { error: text };
    else if (type === "d") value = new Date(text);
    else {
      const number = Number(text);
      if (text.trim() === "" || Number.isNaN(number)) value = text;
      else value = dates.has(Number(attribute(tag, "s") ?? -1)) ? serialToDate(number, date1904) : number;
    }
  }
  if (formulaMatch) return { formula: unescapeXml(formulaMatch[1] ?? ""), ...(value === undefined ? {} : { result: value }) };
  return value;
}
