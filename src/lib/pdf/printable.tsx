/**
 * Text as the PDF font can print it, the same on every PDF (docs/architecture.md#documents).
 * Roboto has Latin, Greek and Cyrillic but no emoji, arrows or CJK; a character it lacks would
 * print as its empty box (.notdef) and copy out as garbage. Every text a PDF measures or draws
 * goes through `printableWith` (paint.ts measures and paints through it; the documents laid out
 * by react-pdf print their strings with `PrintableText` instead of its `<Text>`, and every PDF's
 * title and author go through `PrintableDocument`):
 * - composed first (NFC), so a name typed with combining accents ("c" + caron) prints as "č";
 * - a few characters the font lacks have a look-alike it has (a narrow or thin space, "→");
 * - every other character without a glyph is dropped (an emoji with its skin tone, joiners and
 *   variation selectors), and the spaces it stood between become one.
 */
import type { ComponentProps, ReactNode } from "react";
import { Document, Font, Text } from "@react-pdf/renderer";
import { PDF_FONT } from "./fonts";

/** What of a font the check reads (fontkit's). */
export interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** Text surely printable in Roboto without looking (Basic Latin, Latin-1, Latin Extended-A, Czech quotes, dashes, "…"). */
const SURELY_PRINTABLE = /^[\n\x20-\x7e\u00a0-\u017f\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u20ac]*$/;

/** Look-alikes of characters Roboto lacks (it has the other spaces, dashes and Czech quotes). */
const LOOK_ALIKES: Record<string, string> = {
  "\t": " ",
  "\u202f": "\u00a0",
  "\u2192": "->",
  "\u2190": "<-",
};

/** `text` with what `font` lacks replaced by a look-alike or dropped. */
export function printableWith(font: GlyphCoverage, text: string): string {
  if (SURELY_PRINTABLE.test(text)) return text;
  let out = "";
  /** Set after a dropped character until the next one kept: the spaces it stood between become one. */
  let afterDropped = false;
  for (const char of text.normalize("NFC")) {
    const kept = char === "\n" || font.hasGlyphForCodePoint(char.codePointAt(0)!) ? char : LOOK_ALIKES[char];
    if (kept === undefined) {
      afterDropped = true;
      continue;
    }
    if (afterDropped) {
      // "kůň 🐴 & syn" → "kůň & syn", "syn 👍🏽, s.r.o." → "syn, s.r.o.", "🙂 Jan" → "Jan".
      if (/^[ \n,.;:!?)\]]/.test(kept)) out = out.replace(/ $/, "");
      if (kept === " " && (out === "" || out.endsWith("\n"))) continue;
      afterDropped = false;
    }
    out += kept;
  }
  return afterDropped ? out.replace(/ +$/, "") : out;
}

/** `text` as Roboto prints it; for documents that lay out with react-pdf's `<Text>` (the fonts are loaded by then: renderPdf). */
export function printable(text: string): string {
  if (SURELY_PRINTABLE.test(text)) return text;
  return printableWith(Font.getFont({ fontFamily: PDF_FONT, fontWeight: 400 }).data as unknown as GlyphCoverage, text);
}

/** react-pdf's own text's props (not the SVG text's, which has x and y). */
type TextProps = Exclude<ComponentProps<typeof Text>, { x: string | number }>;

/** react-pdf's `<Text>` printing its string as Roboto can: what the documents laid out by react-pdf print with. */
export function PrintableText({ children, ...props }: Omit<TextProps, "children"> & { children: string }) {
  return <Text {...props}>{printable(children)}</Text>;
}

/** react-pdf's `<Document>` with its title and author printable (a viewer shows them in its title bar): every PDF's root. */
export function PrintableDocument({ title, author, language, children }: { title: string; author?: string; language: string; children: ReactNode }) {
  const by = author === undefined ? undefined : printable(author);
  return (
    <Document title={printable(title)} author={by} creator={by} producer={by} language={language}>
      {children}
    </Document>
  );
}
