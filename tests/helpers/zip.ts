/**
 * A minimal zip writer for tests that need workbooks exceljs would take long to write or cannot
 * write at all: zip bombs (src/lib/xlsx/read.ts). A part is text, bytes, or deflate blocks made
 * by `repeatedDeflate`, which unpack to hundreds of MB without ever being built in memory.
 */
import { constants, deflateRawSync } from "node:zlib";

export interface ZipPart {
  name: string;
  /** Text or bytes, deflated here. */
  content?: string | Uint8Array;
  /** Already deflated (a raw deflate stream) with the size it unpacks to. */
  deflated?: { data: Uint8Array; size: number };
  /** The uncompressed size the directory declares, when a test wants it to lie. */
  declaredSize?: number;
}

/** Raw deflate blocks, byte-aligned and not final, that may be concatenated (each starts afresh). */
const syncBlocks = (bytes: Uint8Array) => deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });

/** A deflate stream of `prefix`, `chunk` × `times` and `suffix`, costing one chunk of memory. */
export function repeatedDeflate(prefix: string, chunk: Uint8Array, times: number, suffix: string): { data: Uint8Array; size: number } {
  const head = syncBlocks(new TextEncoder().encode(prefix));
  const body = syncBlocks(chunk);
  const tail = deflateRawSync(new TextEncoder().encode(suffix));
  const data = new Uint8Array(head.byteLength + body.byteLength * times + tail.byteLength);
  data.set(head, 0);
  for (let index = 0; index < times; index++) data.set(body, head.byteLength + index * body.byteLength);
  data.set(tail, head.byteLength + body.byteLength * times);
  return { data, size: Buffer.byteLength(prefix) + chunk.byteLength * times + Buffer.byteLength(suffix) };
}

export function zipBytes(parts: ZipPart[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = new TextEncoder().encode(part.name);
    const raw = typeof part.content === "string" ? new TextEncoder().encode(part.content) : part.content;
    const data = part.deflated?.data ?? deflateRawSync(raw ?? new Uint8Array());
    const size = part.declaredSize ?? part.deflated?.size ?? raw?.byteLength ?? 0;
    const crc = raw ? Bun.hash.crc32(raw) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.byteLength, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.byteLength, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(entry, name);
    offset += local.byteLength + name.byteLength + data.byteLength;
  }
  const directorySize = directory.reduce((sum, bytes) => sum + bytes.byteLength, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...directory, end]));
}

const SHEET_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

type SheetContent = ZipPart["content"] | ZipPart["deflated"];

/** The parts around one sheet or several (in order): a workbook naming them, and their relationships. */
export function workbookParts(sheet: SheetContent | SheetContent[], extra: ZipPart[] = []): ZipPart[] {
  const sheets = Array.isArray(sheet) ? sheet : [sheet];
  const sheetParts: ZipPart[] = sheets.map((content, index) => {
    const name = `xl/worksheets/sheet${index + 1}.xml`;
    return content instanceof Uint8Array || typeof content === "string" ? { name, content } : { name, deflated: content };
  });
  const relationships = sheets
    .map((_, index) => `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`)
    .join("");
  return [
    { name: "[Content_Types].xml", content: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: "xl/workbook.xml", content: `<?xml version="1.0"?><workbook ${SHEET_NS}><sheets>${sheets.map((_, index) => `<sheet name="List${index + 1}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join("")}</sheets></workbook>` },
    { name: "xl/_rels/workbook.xml.rels", content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>` },
    ...sheetParts,
    ...extra,
  ];
}

export const sheetXml = (rows: string) => `<?xml version="1.0"?><worksheet ${SHEET_NS}><sheetData>${rows}</sheetData></worksheet>`;
