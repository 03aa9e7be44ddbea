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

const formatters = new Map<string, Intl.NumberFormat>();
const formatter = (locale: string, fractionDigits: number) => {
  const key = `${locale}:${fractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: true,
    });
    formatters.set(key, found);
  }
  return found;
};

/** `1 234,50 Kč` in both languages: the company works in CZK and Czech conventions. */
export function formatMoney(value: number | string): string {
  const number = typeof value === "string" ? Number(value) : value;
  return `${formatter("cs-CZ", 2).format(number).replace(/\s/g, "\u00a0")}\u00a0Kč`;
}

/** A decimal for people: comma separator, no trailing zeros beyond what is needed. */
const decimalFormatters = new Map<number, Intl.NumberFormat>();

export function formatDecimal(value: number | string, maxFractionDigits = 2): string {
  const number = typeof value === "string" ? Number(value) : value;
  let found = decimalFormatters.get(maxFractionDigits);
  if (!found) {
    // Building an Intl formatter costs ~40× formatting with one; list pages call this per cell.
    found = new Intl.NumberFormat("cs-CZ", { maximumFractionDigits: maxFractionDigits, useGrouping: true });
    decimalFormatters.set(maxFractionDigits, found);
  }
  return found.format(number).replace(/\s/g, "\u00a0");
}

/** Accepts `1 234,5`, `1234.5` or a number; returns NaN for anything else. */
export function parseDecimal(input: unknown): number {
  if (typeof input === "number") return input;
  if (typeof input !== "string") return Number.NaN;
  const text = input.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return Number.NaN;
  return Number(text);
}
