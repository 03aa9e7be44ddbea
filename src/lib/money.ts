import type { Lang } from "./lang";

/**
 * Money is handled as integer haléře (1/100 Kč) so sums never drift; the database keeps
 * numeric(14,2) and the API sends numbers with at most two decimals.
 */
export function toHalere(value: string | number): number {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim().replace(",", ".");
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new RangeError(`Not a money amount: ${value}`);
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = text.replace("-", "").split(".");
  const halere = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return negative ? -halere : halere;
}

export const fromHalere = (halere: number): number => halere / 100;

/** numeric(14,2) text for the database. */
export const halereToNumeric = (halere: number): string => {
  const sign = halere < 0 ? "-" : "";
  const abs = Math.abs(halere);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** Czech groups with a space and uses a decimal comma; English groups with a comma (decision 046). */
const LOCALE: Record<Lang, string> = { cs: "cs-CZ", en: "en-GB" };

// Building an Intl formatter costs ~40× formatting with one; list pages call these per cell.
const formatters = new Map<string, Intl.NumberFormat>();
const formatter = (lang: Lang, minFractionDigits: number, maxFractionDigits: number) => {
  const key = `${lang}:${minFractionDigits}:${maxFractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: minFractionDigits, maximumFractionDigits: maxFractionDigits, useGrouping: true });
    formatters.set(key, found);
  }
  return found;
};

/** Any space the formatter puts in becomes a no-break space, so a number never breaks across lines. */
const noBreak = (text: string) => text.replace(/\s/g, "\u00a0");

/**
 * Money in the reader's language, always CZK: `1 234,50 Kč` in Czech, `CZK 1,234.50` in English
 * (decision 046: the ISO code before the amount, as English writes foreign currencies).
 */
export function formatMoney(value: number | string, lang: Lang): string {
  const number = typeof value === "string" ? Number(value) : value;
  const amount = noBreak(formatter(lang, 2, 2).format(number));
  return lang === "en" ? `CZK\u00a0${amount}` : `${amount}\u00a0Kč`;
}

/** A decimal for people in the reader's language (`1 234,5` / `1,234.5`), no trailing zeros. */
export function formatDecimal(value: number | string, lang: Lang, maxFractionDigits = 2): string {
  const number = typeof value === "string" ? Number(value) : value;
  return noBreak(formatter(lang, 0, maxFractionDigits).format(number));
}

/** Accepts `1 234,5`, `1234.5` or a number; returns NaN for anything else. */
export function parseDecimal(input: unknown): number {
  if (typeof input === "number") return input;
  if (typeof input !== "string") return Number.NaN;
  const text = input.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return Number.NaN;
  return Number(text);
}
