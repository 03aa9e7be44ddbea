/**
 * A small XML writer for the ISDOC and Pohoda exports: elements are built as strings, every text
 * and attribute value escaped, so no caller ever concatenates markup by hand. Browser-safe.
 */

/** Markup already built (an element or several); a plain string child is text and gets escaped. */
export class Xml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

export type XmlChild = Xml | string | number | null | undefined | false | readonly XmlChild[];

/** Characters XML 1.0 forbids (C0 controls other than tab, line feed and carriage return; lone surrogates; U+FFFE/FFFF). */
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text or an attribute value as XML: `& < > " '` escaped, forbidden characters dropped. */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

function childMarkup(child: XmlChild): string {
  if (child === null || child === undefined || child === false) return "";
  if (child instanceof Xml) return child.markup;
  if (Array.isArray(child)) return child.map(childMarkup).join("");
  return escapeXml(String(child));
}

/**
 * `<name attr="…">children</name>`; attributes whose value is undefined are left out; an element
 * with no children is written `<name/>`.
 */
export function element(name: string, attributes: Record<string, string | number | undefined> | null, ...children: XmlChild[]): Xml {
  const attributeText = Object.entries(attributes ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join("");
  const content = children.map(childMarkup).join("");
  return new Xml(content ? `<${name}${attributeText}>${content}</${name}>` : `<${name}${attributeText}/>`);
}

/** An element that is there only when its value is: `optional("symConst", null)` writes nothing. */
export const optional = (name: string, value: string | number | null | undefined): Xml | null =>
  value === null || value === undefined || value === "" ? null : element(name, null, value);

/** Haléře as a decimal amount with two places and a point: `-123456` → `-1234.56`. */
export function amount(halere: number): string {
  const sign = halere < 0 ? "-" : "";
  const magnitude = Math.abs(halere);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}

/** A number as a plain decimal (no exponent), at most `places` decimals, trailing zeros dropped. */
export function decimal(value: number, places = 4): string {
  const fixed = value.toFixed(places);
  return fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed;
}

/** At most `max` characters (the schemas' string limits), cut at a character, never inside a surrogate pair. */
export const truncate = (text: string, max: number): string => {
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join("");
};

/** "Hlavní 1234/12a" → street "Hlavní", number "1234/12a"; a street without a number keeps it all. */
export function splitStreet(street: string | null): { name: string; number: string } {
  const text = (street ?? "").trim();
  const match = /^(.*\S)\s+(\d+[A-Za-z]?(?:\/\d+[A-Za-z]?)?)$/.exec(text);
  return match ? { name: match[1]!, number: match[2]! } : { name: text, number: "" };
}
