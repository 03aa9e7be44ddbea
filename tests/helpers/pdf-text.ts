/**
 * Reads the text of a PDF the way a viewer's "copy text" does, without poppler: enough of PDF
 * for what @react-pdf/renderer (pdfkit) writes.
 * - Objects and their streams; FlateDecode streams are inflated with zlib.
 * - Fonts are subset Type0/Identity-H with a ToUnicode CMap (bfchar and bfrange, both forms,
 *   ligatures as several characters);
 *   a font without one (the standard 14, e.g. Helvetica) reads as Latin-1.
 * - Per page: the content streams' text operators (Tf, Tj, TJ, ', ") in the page's fonts, placed
 *   with the graphics state (q, Q, cm) and text matrices (Tm, Td, TD, T*) and the fonts' widths,
 *   so runs on one baseline join into one line and a new baseline starts a new line.
 * If text comes back garbled, the PDF's ToUnicode map is wrong: exactly what a user would see.
 */
import { inflateSync } from "node:zlib";

interface PdfObject {
  dict: string;
  stream?: Uint8Array;
}

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

/** The `<< … >>` starting at `start` (nested dictionaries included). */
function dictAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text.startsWith("<<", i)) {
      depth++;
      i++;
    } else if (text.startsWith(">>", i)) {
      depth--;
      i++;
      if (depth === 0) return text.slice(start, i + 1);
    } else if (text[i] === "(") {
      // Skip a literal string (it may hold brackets).
      let nesting = 0;
      for (; i < text.length; i++) {
        if (text[i] === "\\") i++;
        else if (text[i] === "(") nesting++;
        else if (text[i] === ")" && --nesting === 0) break;
      }
    }
  }
  throw new Error(`unterminated dictionary at ${start}`);
}

function readObjects(bytes: Uint8Array): Map<number, PdfObject> {
  const text = latin1(bytes);
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) \d+ obj\s*/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    if (!text.startsWith("<<", start)) {
      objects.set(Number(match[1]), { dict: text.slice(start, text.indexOf("endobj", start)).trim() });
      continue;
    }
    const dict = dictAt(text, start);
    const after = /^\s*stream\r?\n/.exec(text.slice(start + dict.length, start + dict.length + 20));
    if (!after) {
      objects.set(Number(match[1]), { dict });
      continue;
    }
    const dataStart = start + dict.length + after[0].length;
    const length = /\/Length (\d+)(?! \d+ R)/.exec(dict);
    const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf("endstream", dataStart);
    let stream = bytes.subarray(dataStart, dataEnd);
    if (/\/Filter\s*\/FlateDecode/.test(dict)) stream = new Uint8Array(inflateSync(stream));
    objects.set(Number(match[1]), { dict, stream });
    header.lastIndex = dataEnd;
  }
  return objects;
}

const hexBytes = (hex: string) => {
  const clean = hex.replace(/\s/g, "");
  const padded = clean.length % 2 ? `${clean}0` : clean;
  return Uint8Array.from(padded.match(/../g) ?? [], (pair) => parseInt(pair, 16));
};

const utf16 = (hex: string) => {
  const bytes = hexBytes(hex);
  let out = "";
  for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  return out;
};

/** code → text from a ToUnicode CMap. */
function parseCMap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(parseInt(pair[1]!, 16), utf16(pair[2]!));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]*>)/g)) {
      const low = parseInt(range[1]!, 16);
      const high = parseInt(range[2]!, 16);
      const target = range[3]!;
      if (target.startsWith("[")) {
        // An empty <> is a glyph that stands for no text (it still takes its place in the list);
        // a ligature stands for several characters, written with spaces: <0066 0069> is "fi".
        [...target.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((item, index) => map.set(low + index, utf16(item[1]!)));
      } else {
        const first = utf16(target.slice(1, -1));
        const last = first.charCodeAt(first.length - 1);
        for (let code = low; code <= high; code++) map.set(code, first && first.slice(0, -1) + String.fromCharCode(last + code - low));
      }
    }
  }
  return map;
}

type Token = { kind: "string"; bytes: Uint8Array } | { kind: "number"; value: number } | { kind: "name" | "op"; value: string } | { kind: "[" | "]" };

function tokenize(content: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < content.length) {
    const char = content[i]!;
    if (/\s/.test(char)) i++;
    else if (char === "%") i = content.indexOf("\n", i) < 0 ? content.length : content.indexOf("\n", i);
    else if (content.startsWith("<<", i) || content.startsWith(">>", i)) i += 2;
    else if (char === "<") {
      const end = content.indexOf(">", i);
      tokens.push({ kind: "string", bytes: hexBytes(content.slice(i + 1, end)) });
      i = end + 1;
    } else if (char === "(") {
      const out: number[] = [];
      let nesting = 1;
      i++;
      while (i < content.length && nesting > 0) {
        const c = content[i]!;
        if (c === "\\") {
          const next = content[i + 1]!;
          const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
          if (/[0-7]/.test(next)) {
            const octal = /^[0-7]{1,3}/.exec(content.slice(i + 1))![0];
            out.push(parseInt(octal, 8));
            i += 1 + octal.length;
            continue;
          }
          if (next !== "\n") out.push(escapes[next] ?? next.charCodeAt(0));
          i += 2;
          continue;
        }
        if (c === "(") nesting++;
        if (c === ")" && --nesting === 0) break;
        out.push(c.charCodeAt(0));
        i++;
      }
      tokens.push({ kind: "string", bytes: Uint8Array.from(out) });
      i++;
    } else if (char === "[" || char === "]") {
      tokens.push({ kind: char });
      i++;
    } else if (char === "/") {
      const match = /^\/[^\s/<>[\]()]*/.exec(content.slice(i))![0];
      tokens.push({ kind: "name", value: match.slice(1) });
      i += match.length;
    } else {
      const match = /^[^\s/<>[\]()%]+/.exec(content.slice(i))![0];
      const value = Number(match);
      tokens.push(Number.isNaN(value) ? { kind: "op", value: match } : { kind: "number", value });
      i += match.length;
    }
  }
  return tokens;
}

const refs = (text: string) => [...text.matchAll(/(\d+) 0 R/g)].map((match) => Number(match[1]));

/** `/Key` of a dictionary, inline (`<< … >>`) or behind a reference. */
function entry(objects: Map<number, PdfObject>, dict: string, key: string): string | undefined {
  const at = dict.search(new RegExp(`/${key}[\\s<\\[]`));
  if (at < 0) return undefined;
  const rest = dict.slice(at + key.length + 1).trimStart();
  if (rest.startsWith("<<")) return dictAt(rest, 0);
  if (rest.startsWith("[")) return rest.slice(0, rest.indexOf("]") + 1);
  const ref = /^(\d+) 0 R/.exec(rest);
  if (ref) return objects.get(Number(ref[1]))?.dict;
  return /^\S+/.exec(rest)?.[0];
}

interface FontInfo {
  /** code → text; empty for a simple font (read as Latin-1). */
  cmap: Map<number, string>;
  /** code → advance in 1/1000 em. */
  widths: Map<number, number>;
  defaultWidth: number;
}

/** A CIDFont's /W array: `c [w1 w2 …]` and `cFirst cLast w` entries. */
function parseWidths(text: string): Map<number, number> {
  const widths = new Map<number, number>();
  const tokens = tokenize(text.slice(1, -1));
  for (let i = 0; i < tokens.length; ) {
    const first = tokens[i]!;
    if (first.kind !== "number") break;
    const next = tokens[i + 1];
    if (next?.kind === "[") {
      let code = first.value;
      i += 2;
      for (; i < tokens.length && tokens[i]!.kind !== "]"; i++) {
        const width = tokens[i]!;
        if (width.kind === "number") widths.set(code++, width.value);
      }
      i++;
    } else {
      const last = next?.kind === "number" ? next.value : first.value;
      const width = tokens[i + 2];
      for (let code = first.value; code <= last; code++) widths.set(code, width?.kind === "number" ? width.value : 0);
      i += 3;
    }
  }
  return widths;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const numbers = (operands: Token[]) => operands.flatMap((operand) => (operand.kind === "number" ? [operand.value] : []));

/**
 * The text of every page, pages separated by a form feed. Text on one baseline reads as one
 * line (a space where there is a visible gap), a new baseline starts a new line, the way
 * pdftotext reads simple layouts.
 */
export function pdfText(pdf: Uint8Array): string {
  const objects = readObjects(pdf);
  const fontInfos = new Map<number, FontInfo>();
  const fontInfo = (fontId: number): FontInfo => {
    let info = fontInfos.get(fontId);
    if (!info) {
      const font = objects.get(fontId)?.dict ?? "";
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font);
      const stream = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : undefined;
      const descendant = /\/DescendantFonts\s*\[\s*(\d+) 0 R/.exec(font);
      const cid = descendant ? (objects.get(Number(descendant[1]))?.dict ?? "") : "";
      const widthArray = entry(objects, cid, "W");
      info = {
        cmap: stream ? parseCMap(latin1(stream)) : new Map(),
        widths: widthArray ? parseWidths(widthArray) : new Map(),
        defaultWidth: Number(/\/DW (\d+(\.\d+)?)/.exec(cid)?.[1] ?? (descendant ? 1000 : 500)),
      };
      fontInfos.set(fontId, info);
    }
    return info;
  };
  const pages: string[] = [];
  for (const object of objects.values()) {
    if (!/\/Type\s*\/Page(?!s)/.test(object.dict)) continue;
    const resources = entry(objects, object.dict, "Resources") ?? "";
    const fontDict = entry(objects, resources, "Font") ?? "";
    const fonts = new Map([...fontDict.matchAll(/\/([^\s/<>]+)\s+(\d+) 0 R/g)].map((match) => [match[1]!, Number(match[2])]));
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(object.dict)?.[1] ?? "";
    let text = "";
    let font: FontInfo = { cmap: new Map(), widths: new Map(), defaultWidth: 500 };
    let fontSize = 12;
    let ctm: Matrix = IDENTITY;
    const stack: Matrix[] = [];
    let textMatrix: Matrix = IDENTITY;
    let lineMatrix: Matrix = IDENTITY;
    /** Where the last shown text ended, in device space. */
    let end: { x: number; y: number } | null = null;
    const show = (bytes: Uint8Array) => {
      const device = multiply(textMatrix, ctm);
      const x = device[4];
      const y = device[5];
      const scale = Math.hypot(device[0], device[1]) || 1;
      if (end && Math.abs(y - end.y) > fontSize * scale * 0.3) {
        if (!text.endsWith("\n")) text += "\n";
      } else if (end && x - end.x > fontSize * scale * 0.2 && !/\s$/.test(text)) {
        text += " ";
      }
      const simple = font.cmap.size === 0;
      const codes = simple ? [...bytes] : Array.from({ length: bytes.length >> 1 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
      let advance = 0;
      for (const code of codes) {
        text += simple ? String.fromCharCode(code) : (font.cmap.get(code) ?? "\ufffd");
        advance += ((font.widths.get(code) ?? font.defaultWidth) / 1000) * fontSize;
      }
      move(advance);
    };
    const move = (tx: number) => {
      textMatrix = multiply([1, 0, 0, 1, tx, 0], textMatrix);
      const device = multiply(textMatrix, ctm);
      end = { x: device[4], y: device[5] };
    };
    for (const contentId of refs(contents)) {
      const stream = objects.get(contentId)?.stream;
      if (!stream) continue;
      const operands: Token[] = [];
      for (const token of tokenize(latin1(stream))) {
        if (token.kind !== "op") {
          operands.push(token);
          continue;
        }
        const values = numbers(operands);
        switch (token.value) {
          case "q":
            stack.push(ctm);
            break;
          case "Q":
            ctm = stack.pop() ?? IDENTITY;
            break;
          case "cm":
            if (values.length === 6) ctm = multiply(values as Matrix, ctm);
            break;
          case "BT":
            textMatrix = lineMatrix = IDENTITY;
            break;
          case "Tm":
            if (values.length === 6) textMatrix = lineMatrix = values as Matrix;
            break;
          case "Td":
          case "TD":
            textMatrix = lineMatrix = multiply([1, 0, 0, 1, values[0] ?? 0, values[1] ?? 0], lineMatrix);
            break;
          case "T*":
            textMatrix = lineMatrix = multiply([1, 0, 0, 1, 0, -fontSize * 1.2], lineMatrix);
            break;
          case "Tf": {
            const name = operands.find((operand) => operand.kind === "name");
            const fontId = name && name.kind === "name" ? fonts.get(name.value) : undefined;
            font = fontId === undefined ? { cmap: new Map(), widths: new Map(), defaultWidth: 500 } : fontInfo(fontId);
            fontSize = values[0] ?? fontSize;
            break;
          }
          case "'":
          case '"':
            textMatrix = lineMatrix = multiply([1, 0, 0, 1, 0, -fontSize * 1.2], lineMatrix);
            for (const operand of operands) if (operand.kind === "string") show(operand.bytes);
            break;
          case "Tj":
            for (const operand of operands) if (operand.kind === "string") show(operand.bytes);
            break;
          case "TJ":
            for (const operand of operands) {
              if (operand.kind === "string") show(operand.bytes);
              else if (operand.kind === "number") move((-operand.value / 1000) * fontSize);
            }
            break;
        }
        operands.length = 0;
      }
    }
    pages.push(text.trim());
  }
  return pages.join("\f");
}

/** The BaseFont names the PDF uses (subset prefixes kept), e.g. to prove no Helvetica is in it. */
export function pdfFontNames(pdf: Uint8Array): string[] {
  const names = new Set<string>();
  for (const object of readObjects(pdf).values()) {
    if (!/\/Type\s*\/Font\b/.test(object.dict)) continue;
    const name = /\/BaseFont\s*\/([^\s/<>]+)/.exec(object.dict);
    if (name) names.add(name[1]!);
  }
  return [...names];
}

/** Whitespace (line breaks, no-break spaces) collapsed to single spaces, for `toContain` checks. */
export const flattenText = (text: string) => text.replace(/[\s\u00a0]+/g, " ").trim();
