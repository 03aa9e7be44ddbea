/**
 * Reads an uploaded .xlsx without exceljs (decision 031): the zip's central directory, then only
 * the parts a first sheet's values need, each inflated with a cap on its output. Synchronous, so
 * there is no stream to race (exceljs's streaming WorkbookReader in Bun failed about once in 300
 * reads of the same workbook), and bounded before anything is held: a 5 MB upload can inflate to
 * gigabytes (one shared string of 200 MB in a 205 KB file) or hold 600,000 cells in 1.5 MB, which
 * exceljs loaded whole takes a gigabyte for. The sheets and the shared strings are read as
 * streams, synchronously too (fflate's Inflate in small steps, a row handed over as soon as it is
 * complete), so a 20,000-row price list is never one string (docs/decisions/075-spreadsheet-import.md, Memory).
 *
 * The values come back the way exceljs gives them (number, string, boolean, Date, `{ formula,
 * result }`, `{ error }`), so a caller's cell reading stays the same.
 */
import { inflateRawSync } from "node:zlib";
import { Inflate } from "fflate";

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

/** An entry's stored (compressed) bytes, after its local header. */
function entryBytes(data: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localOffset;
  if (at + 30 > data.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) throw new XlsxRefusal("notXlsx");
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > data.byteLength) throw new XlsxRefusal("notXlsx");
  return data.subarray(start, start + entry.compressedSize);
}

/** An entry's bytes, never more than `maxPartBytes` of output whatever the directory says (the small parts). */
function inflateEntry(data: Uint8Array, entry: ZipEntry, limits: XlsxReadLimits): Uint8Array {
  if (entry.size > limits.maxPartBytes) throw new XlsxRefusal("tooLarge", limits.maxPartBytes);
  // Bit 0: encrypted. A password-protected workbook is no zip of XML parts.
  if (entry.flags & 1) throw new XlsxRefusal("notXlsx");
  const compressed = entryBytes(data, entry);
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
const PHONETIC = new RegExp(`<${P}rPh[\\s>][\\s\\S]*?</${P}rPh>`, "g");
const TEXT_RUN = new RegExp(`<${P}t(?:\\s[^>]*)?>([\\s\\S]*?)</${P}t>`, "g");

function textOf(xml: string): string {
  const plain = xml.includes("rPh") ? xml.replace(PHONETIC, "") : xml;
  let text = "";
  TEXT_RUN.lastIndex = 0;
  for (let match = TEXT_RUN.exec(plain); match; match = TEXT_RUN.exec(plain)) text += match[1];
  return text.includes("&") || text.includes("_x") ? unescapeXml(text) : text;
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

const ROW_START = new RegExp(`<${P}row(?=[\\s>/])`, "g");
const ROW_END = new RegExp(`</${P}row\\s*>`, "g");
const SI_START = new RegExp(`<${P}si(?=[\\s>/])`, "g");
const SI_END = new RegExp(`</${P}si\\s*>`, "g");
const CELL = new RegExp(`<${P}c(?=[\\s>/])([^>]*?)(?:/>|>([\\s\\S]*?)</${P}c>)`, "g");
const CELL_TAG = new RegExp(`<${P}c(?=[\\s>/])`, "g");
const ATTRIBUTE_STARTS = { r: 'r="', t: 't="', s: 's="' } as const;

/** A one-letter attribute of a cell or row tag, read without a regular expression (a sheet has ~10 per row). */
function attributeOf(tag: string, name: keyof typeof ATTRIBUTE_STARTS): string | undefined {
  const start = ATTRIBUTE_STARTS[name];
  for (let at = tag.indexOf(start); at >= 0; at = tag.indexOf(start, at + 1)) {
    const before = tag.charCodeAt(at - 1);
    // Preceded by whitespace: `r="…"`, not `spans="…"`'s end or `x14ac:r="…"`.
    if (before === 32 || before === 9 || before === 10 || before === 13) {
      const end = tag.indexOf('"', at + 3);
      return end < 0 ? undefined : tag.slice(at + 3, end);
    }
  }
  return undefined;
}

/** Compressed bytes handed to the inflater at a time: deflate unpacks at most ~1,032×, so one step yields ≤ 4 MB. */
const INFLATE_STEP = 4096;
/** Inflated bytes decoded to text at a time. */
const TEXT_STEP = 256 * 1024;

/**
 * A part's inflated bytes in pieces, in order, never more than `maxPartBytes` of them whatever
 * the directory says; `counted` adds each piece to the workbook's running total.
 */
function streamEntry(data: Uint8Array, entry: ZipEntry, limits: XlsxReadLimits, counted: (bytes: number) => void, onBytes: (bytes: Uint8Array) => void): void {
  if (entry.size > limits.maxPartBytes) throw new XlsxRefusal("tooLarge", limits.maxPartBytes);
  if (entry.flags & 1) throw new XlsxRefusal("notXlsx");
  const compressed = entryBytes(data, entry);
  let total = 0;
  const take = (bytes: Uint8Array) => {
    total += bytes.byteLength;
    if (total > limits.maxPartBytes) throw new XlsxRefusal("tooLarge", limits.maxPartBytes);
    counted(bytes.byteLength);
    if (bytes.byteLength) onBytes(bytes);
  };
  if (entry.method === 0) {
    for (let at = 0; at < compressed.byteLength; at += TEXT_STEP) take(compressed.subarray(at, at + TEXT_STEP));
    return;
  }
  if (entry.method !== 8) throw new XlsxRefusal("notXlsx");
  // What the reader of the pieces throws (a bound, a caller's refusal) goes through as it is.
  let thrown: { error: unknown } | null = null;
  const inflater = new Inflate((bytes) => {
    try {
      take(bytes);
    } catch (error) {
      thrown = { error };
      throw error;
    }
  });
  try {
    for (let at = 0; at < compressed.byteLength; at += INFLATE_STEP) inflater.push(compressed.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= compressed.byteLength);
    if (!compressed.byteLength) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (thrown) throw (thrown as { error: unknown }).error;
    throw new XlsxRefusal("notXlsx");
  }
}

/** How far back a closing tag is looked for in what came before a new piece (a tag cut in two). */
const CLOSING_OVERLAP = 1024;

/**
 * Every `<tag …>…</tag>` (or `<tag …/>`) element of a streamed part, as its start tag's attributes
 * and its inner text (null when self-closing): the part is never held as one string, only the
 * element being read (its pieces joined once, when its end comes) and a tag cut at a piece's end.
 * Elements of the tag do not nest (rows, shared strings).
 */
function eachElement(start: RegExp, end: RegExp, onElement: (attributes: string, inner: string | null) => void): (piece: string) => void {
  let pending = "";
  let open: { attributes: string; parts: string[] } | null = null;
  const scan = () => {
    let at = 0;
    for (;;) {
      start.lastIndex = at;
      const opening = start.exec(pending);
      if (!opening) {
        // Keep a tag cut in half at the end of the piece.
        const lastTag = pending.lastIndexOf("<");
        at = lastTag >= at ? lastTag : pending.length;
        break;
      }
      const tagEnd = pending.indexOf(">", opening.index);
      if (tagEnd < 0) {
        at = opening.index;
        break;
      }
      const attributesStart = opening.index + opening[0].length;
      if (pending.charCodeAt(tagEnd - 1) === 47 /* / */) {
        onElement(pending.slice(attributesStart, tagEnd - 1), null);
        at = tagEnd + 1;
        continue;
      }
      end.lastIndex = tagEnd + 1;
      const closing = end.exec(pending);
      if (!closing) {
        open = { attributes: pending.slice(attributesStart, tagEnd), parts: [pending.slice(tagEnd + 1)] };
        at = pending.length;
        break;
      }
      onElement(pending.slice(attributesStart, tagEnd), pending.slice(tagEnd + 1, closing.index));
      at = closing.index + closing[0].length;
    }
    pending = pending.slice(at);
  };
  return (piece) => {
    if (open) {
      // Only the new piece (and the end of what came before it) can hold the end of the element.
      const before = open.parts[open.parts.length - 1]!.slice(-CLOSING_OVERLAP);
      end.lastIndex = 0;
      const closing = end.exec(before + piece);
      if (!closing) {
        open.parts.push(piece);
        return;
      }
      const whole = open.parts.join("") + piece;
      const at = whole.length - before.length - piece.length + closing.index;
      const { attributes } = open;
      open = null;
      pending = whole.slice(at + closing[0].length);
      onElement(attributes, whole.slice(0, at));
    } else pending += piece;
    scan();
  };
}

/** A part streamed as text into an element reader. */
function streamElements(data: Uint8Array, entry: ZipEntry, limits: XlsxReadLimits, counted: (bytes: number) => void, start: RegExp, end: RegExp, onElement: (attributes: string, inner: string | null) => void): void {
  const decoder = new TextDecoder();
  const text = eachElement(start, end, onElement);
  streamEntry(data, entry, limits, counted, (bytes) => text(decoder.decode(bytes, { stream: true })));
  text(decoder.decode());
}

function countMatches(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.test(text)) count++;
  return count;
}

/**
 * The first sheet's values in `columns` (letters, or "all" for every column: the spreadsheet
 * import, docs/decisions/075-spreadsheet-import.md), row by row, bounding the whole workbook as it
 * goes: every entry's uncompressed size, the rows and cells over all its sheets. The sheets are
 * read as streams (a row at a time, never the part as one string); `onRow` gets a row's values
 * with their 1-based column numbers, in arrays reused for the next row. Throws XlsxRefusal, then
 * possibly after some rows were given: a caller keeps nothing of a refused workbook.
 */
export function readFirstSheetRows(
  data: Uint8Array,
  limits: XlsxReadLimits,
  columns: readonly string[] | "all",
  onRow: (row: number, columnNumbers: readonly number[], values: readonly XlsxValue[]) => void,
): { valuedRows: number } {
  const entries = zipEntries(data, limits);
  let inflatedTotal = 0;
  const counted = (bytes: number) => {
    inflatedTotal += bytes;
    if (inflatedTotal > limits.maxTotalBytes) throw new XlsxRefusal("tooLarge", limits.maxTotalBytes);
  };
  const part = (path: string): Uint8Array | null => {
    const entry = entries.get(path);
    if (!entry) return null;
    const bytes = inflateEntry(data, entry, limits);
    counted(bytes.byteLength);
    return bytes;
  };
  const workbookBytes = part("xl/workbook.xml");
  const relsBytes = part("xl/_rels/workbook.xml.rels");
  if (!workbookBytes || !relsBytes) throw new XlsxRefusal("notXlsx");
  const workbookXml = decodeUtf8(workbookBytes);
  const sheets = sheetPaths(workbookXml, decodeUtf8(relsBytes)).map((path) => entries.get(path));
  if (!sheets.length || sheets.some((entry) => !entry)) throw new XlsxRefusal("notXlsx");
  // Declared sizes refuse a too-large sheet before anything is read; the streams check what they unpack.
  for (const entry of sheets) if (entry!.size > limits.maxPartBytes) throw new XlsxRefusal("tooLarge", limits.maxPartBytes);

  let rows = 0;
  let cells = 0;
  const countRow = (inner: string | null, countCells = true) => {
    rows++;
    if (rows > limits.maxRows) throw new XlsxRefusal("tooManyRows", limits.maxRows);
    if (inner && countCells) cells += countMatches(inner, CELL_TAG);
    if (cells > limits.maxCells) throw new XlsxRefusal("tooManyCells", limits.maxCells);
  };
  // The sheets after the first are counted (rows and cells over the workbook), first, as before.
  for (const entry of sheets.slice(1)) streamElements(data, entry!, limits, counted, ROW_START, ROW_END, (_, inner) => countRow(inner));

  const shared: string[] = [];
  const sharedEntry = entries.get("xl/sharedStrings.xml");
  if (sharedEntry) streamElements(data, sharedEntry, limits, counted, SI_START, SI_END, (_, inner) => shared.push(inner ? textOf(inner) : ""));
  const stylesBytes = part("xl/styles.xml");
  const dates = dateStyles(stylesBytes ? decodeUtf8(stylesBytes) : null);
  const date1904 = /date1904="(?:1|true)"/.test(workbookXml);

  const wanted = columns === "all" ? null : new Set(columns.map(columnNumber));
  let valuedRows = 0;
  let lastRow = 0;
  const columnNumbers: number[] = [];
  const values: XlsxValue[] = [];
  streamElements(data, sheets[0]!, limits, counted, ROW_START, ROW_END, (attributes, inner) => {
    // The first sheet's cells are counted as they are read, below.
    countRow(inner, false);
    const number = Number(attributeOf(attributes, "r")) || lastRow + 1;
    lastRow = number;
    if (!inner) return;
    let lastColumn = 0;
    let valued = false;
    columnNumbers.length = 0;
    values.length = 0;
    CELL.lastIndex = 0;
    for (let cellMatch = CELL.exec(inner); cellMatch; cellMatch = CELL.exec(inner)) {
      if (++cells > limits.maxCells) throw new XlsxRefusal("tooManyCells", limits.maxCells);
      const tag = cellMatch[1] ?? "";
      const reference = attributeOf(tag, "r");
      const column = reference ? columnNumberOf(reference, lastColumn) : lastColumn + 1;
      lastColumn = column;
      const value = cellValue(tag, cellMatch[2] ?? "", shared, dates, date1904);
      if (value === undefined) continue;
      valued = true;
      if (wanted && !wanted.has(column)) continue;
      columnNumbers.push(column);
      values.push(value);
    }
    if (valued) valuedRows++;
    if (values.length) onRow(number, columnNumbers, values);
  });
  return { valuedRows };
}

/** A reference's column ("AB12" → 28); a reference without letters keeps the cell after the last. */
function columnNumberOf(reference: string, lastColumn: number): number {
  let number = 0;
  for (let index = 0; index < reference.length; index++) {
    const code = reference.charCodeAt(index);
    if (code < 65 || code > 90) break;
    number = number * 26 + code - 64;
  }
  return number || lastColumn + 1;
}

/** The first sheet's values in `columns` as rows of cells by column letter (readFirstSheetRows, kept whole). */
export function readFirstSheet(data: Uint8Array, limits: XlsxReadLimits, columns: readonly string[] | "all"): XlsxFirstSheet {
  const result: XlsxFirstSheet = { valuedRows: 0, rows: [] };
  result.valuedRows = readFirstSheetRows(data, limits, columns, (row, columnNumbers, values) => {
    const cells: Record<string, XlsxValue> = {};
    for (let index = 0; index < values.length; index++) cells[columnLetters(columnNumbers[index]!)] = values[index]!;
    result.rows.push({ row, cells });
  }).valuedRows;
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

const FORMULA = new RegExp(`<${P}f(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${P}f>)`);
const VALUE = new RegExp(`<${P}v(?:\\s[^>]*)?>([\\s\\S]*?)</${P}v>`);
const INLINE = new RegExp(`<${P}is(?:\\s[^>]*)?>([\\s\\S]*?)</${P}is>`);

/** One cell as exceljs gives it; undefined for a blank one (a style alone). */
function cellValue(tag: string, inner: string, shared: readonly string[], dates: Set<number>, date1904: boolean): XlsxValue | undefined {
  const type = attributeOf(tag, "t") ?? "n";
  // A formula's tag holds an "f", and a plain `<v>` is read without a regular expression: most cells are one.
  const formulaMatch = inner.includes("f") ? FORMULA.exec(inner) : null;
  const plainStart = inner.startsWith("<v>") ? 3 : -1;
  const plainEnd = plainStart < 0 ? -1 : inner.indexOf("</v>", plainStart);
  const raw = plainEnd >= 0 ? inner.slice(plainStart, plainEnd) : VALUE.exec(inner)?.[1];
  let value: XlsxPlainValue | undefined;
  if (type === "inlineStr") {
    const inline = INLINE.exec(inner)?.[1];
    value = inline === undefined ? undefined : textOf(inline);
  } else if (raw !== undefined) {
    const text = raw.includes("&") || raw.includes("_x") ? unescapeXml(raw) : raw;
    if (type === "s") value = shared[Number(text)] ?? "";
    else if (type === "str") value = text;
    else if (type === "b") value = text === "1" || text === "true";
    else if (type === "e") value = { error: text };
    else if (type === "d") value = new Date(text);
    else {
      const number = Number(text);
      if (text.trim() === "" || Number.isNaN(number)) value = text;
      else value = dates.has(Number(attributeOf(tag, "s") ?? -1)) ? serialToDate(number, date1904) : number;
    }
  }
  if (formulaMatch) return { formula: unescapeXml(formulaMatch[1] ?? ""), ...(value === undefined ? {} : { result: value }) };
  return value;
}
