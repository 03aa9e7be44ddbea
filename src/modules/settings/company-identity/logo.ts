/**
 * The company logo's check (decision 021): a PNG by its magic bytes, or an SVG by its
 * root element, at most COMPANY_LOGO_MAX_BYTES. An SVG is a document that can run script and fetch
 * from elsewhere when opened on its own, so one that holds a script, an event handler, a DOCTYPE
 * with entities or a reference outside itself is refused, with the reason. The check reads the
 * whole text, comments included, and would rather refuse a harmless file than pass a harmful one;
 * the image is also served with a CSP that allows nothing (logo-response.ts).
 */
import { AppError, type Message, msg } from "@/lib/errors";
import { cleanFileName, FILE_KINDS, type IncomingFile } from "@/lib/uploads";
import { COMPANY_LOGO_FIELD, COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_MIME_TYPES, type CompanyLogoKind } from "./schemas";

export interface CheckedLogo {
  kind: CompanyLogoKind;
  mimeType: string;
  data: Uint8Array;
}

/** Data URIs an SVG may carry inside it: raster pictures and fonts (neither runs anything). */
const INLINE_DATA = /^data:(?:image\/(?:png|jpe?g|gif|webp)|font\/[\w.+-]+|application\/(?:x-)?font-[\w.+-]+)[;,]/i;
/** A reference that stays inside the file: `#id`, or inline data. */
const isInside = (reference: string) => /^#[\w.:-]*$/.test(reference) || INLINE_DATA.test(reference);

const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** The text of an SVG document (its root element is `<svg`), or null when the bytes are not one. */
export function svgText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Before the root: a byte order mark, the XML declaration, comments, processing instructions, a DOCTYPE.
  let rest = text.replace(/^\uFEFF/, "");
  for (;;) {
    const next = rest
      .replace(/^\s+/, "")
      .replace(/^<!--[\s\S]*?-->/, "")
      .replace(/^<\?[\s\S]*?\?>/, "")
      .replace(/^<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, "");
    if (next === rest) break;
    rest = next;
  }
  return /^<svg[\s>/]/.test(rest) ? text : null;
}

/** Why this SVG may not be the logo, or null when it is a plain drawing. */
export function unsafeSvgReason(text: string, name: string): Message | null {
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) return msg("companyIdentity.logo.svgDoctype", { name });
  if (/<\s*(?:[\w-]+:)?(?:script|foreignObject)\b/i.test(text) || /(?:java|vb)script\s*:/i.test(text)) return msg("companyIdentity.logo.svgScript", { name });
  // SMIL could set an href or a handler to anything (`<set attributeName="href" to="…">`).
  if (/attributeName\s*=\s*["']\s*(?:[\w-]+:)?(?:href|on[a-z]+)\b/i.test(text)) return msg("companyIdentity.logo.svgScript", { name });
  const handler = /(?:^|[\s"'/])((?:[\w-]+:)?on[a-z]+)\s*=/i.exec(text);
  if (handler) return msg("companyIdentity.logo.svgEvents", { name, attribute: handler[1] });
  for (const match of text.matchAll(/(?:^|[\s"'/])(?:[\w-]+:)?(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*))/gi)) {
    const reference = (match[1] ?? match[2] ?? match[3] ?? "").trim();
    if (!isInside(reference)) return msg("companyIdentity.logo.svgExternal", { name, reference: shown(reference) });
  }
  for (const match of text.matchAll(/url\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))/gi)) {
    const reference = (match[1] ?? match[2] ?? match[3] ?? "").trim();
    if (!isInside(reference)) return msg("companyIdentity.logo.svgExternal", { name, reference: shown(reference) });
  }
  const imported = /@import\s*([^;]*)/i.exec(text);
  if (imported) return msg("companyIdentity.logo.svgExternal", { name, reference: shown(`@import ${imported[1]!.trim()}`) });
  return null;
}

const kilobytes = (bytes: number) => Math.ceil(bytes / 1024);

const refusal = (message: Message) => AppError.fail(message, { [COMPANY_LOGO_FIELD]: message });

/** The logo's kind by its content; a readable 422 (field `files`) when it is none, too big or an unsafe SVG. */
export function checkCompanyLogo(file: IncomingFile): CheckedLogo {
  const name = cleanFileName(file.fileName);
  const size = file.data.byteLength;
  if (size === 0) throw refusal(msg("upload.empty", { name }));
  if (size > COMPANY_LOGO_MAX_BYTES) throw refusal(msg("companyIdentity.logo.tooLarge", { name, sizeKb: kilobytes(size), maxKb: kilobytes(COMPANY_LOGO_MAX_BYTES) }));
  if (FILE_KINDS.png.matches(file.data)) return { kind: "png", mimeType: COMPANY_LOGO_MIME_TYPES.png, data: file.data };
  const text = svgText(file.data);
  if (text === null) throw refusal(msg("companyIdentity.logo.type", { name }));
  const unsafe = unsafeSvgReason(text, name);
  if (unsafe) throw refusal(unsafe);
  return { kind: "svg", mimeType: COMPANY_LOGO_MIME_TYPES.svg, data: file.data };
}
