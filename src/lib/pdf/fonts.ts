/**
 * The PDF font: Roboto from @expo-google-fonts/roboto. PDF's built-in Helvetica has no glyphs for
 * "ř ť ň ů" (docs/architecture.md#documents), so every document sets `fontFamily: PDF_FONT` on its pages.
 */
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";

export const PDF_FONT = "Roboto";
const WEIGHTS = [400, 700] as const;

const require = createRequire(import.meta.url);
const robotoFile = (style: string) => require.resolve(`@expo-google-fonts/roboto/${style}/Roboto_${style}.ttf`);

interface Glyph {
  codePoints: number[];
}
interface FontkitFont {
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
}

/**
 * fontkit keeps one Glyph per glyph id with the code points of its first use, and embedding a
 * composite glyph ("č" is "c" plus a caron) first asks for "c" with no code points at all. Every
 * later PDF in the process then maps "c" (or "R" after "Ř", "e" after "ě"…) to nothing in its
 * ToUnicode table: it looks right but copies and searches as "Kč" → "K". Measured with
 * @react-pdf/renderer 4.9 / fontkit 2.0.4. Here a lookup with code points answers a glyph that
 * carries them (a thin view over the cached glyph, sharing its outline and metrics).
 */
function keepCodePointsPerUse(font: FontkitFont): void {
  const cached = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = cached(id, codePoints);
    if (!glyph || codePoints.length === 0) return glyph;
    const same = glyph.codePoints.length === codePoints.length && glyph.codePoints.every((point, index) => point === codePoints[index]);
    return same ? glyph : (Object.create(glyph, { codePoints: { value: codePoints, enumerable: true } }) as Glyph);
  };
}

let ready: Promise<void> | null = null;

/** Registers and loads Roboto regular and bold once per process. renderPdf awaits it. */
export function ensurePdfFonts(): Promise<void> {
  ready ??= (async () => {
    Font.register({
      family: PDF_FONT,
      fonts: [
        { src: robotoFile("400Regular"), fontWeight: 400 },
        { src: robotoFile("700Bold"), fontWeight: 700 },
      ],
    });
    // react-pdf hyphenates with English patterns by default, which splits Czech words wrongly
    // ("Ře-tízek"); break lines between words only.
    Font.registerHyphenationCallback((word) => [word]);
    for (const fontWeight of WEIGHTS) {
      const source = Font.getFont({ fontFamily: PDF_FONT, fontWeight });
      await source.load();
      keepCodePointsPerUse(source.data as unknown as FontkitFont);
    }
  })();
  return ready;
}
