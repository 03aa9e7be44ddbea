/**
 * CSV for Czech Excel (decision 028): UTF-8 with a byte order mark (without one Excel reads the
 * file as Windows-1250 and breaks "ř ů"), `;` between cells (Czech Excel's list separator, as the
 * decimal comma takes ","), CRLF line ends, a cell quoted when it holds `;`, `"`, a line break or
 * edge spaces (quotes doubled, RFC 4180). A text cell that Excel would run as a formula (starting
 * with = + - @, a tab or a CR) gets a leading apostrophe (OWASP's CSV injection advice). A code
 * made of digits (an EAN-13) is written as the formula ="…" so it stays text (decision 036).
 */
/** Digits a spreadsheet must keep as text: a code, not a number. */
export interface CsvDigits {
  digits: string;
}
export type CsvCell = string | number | null | CsvDigits;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]|^\s|\s$/;
/** A number as Czech Excel reads one: decimal comma, no grouping (a space would make it text). */
const czechNumber = new Intl.NumberFormat("cs-CZ", { useGrouping: false, maximumFractionDigits: 3 });

/**
 * Czech Excel shows a bare 13-digit number as 8,59568E+12 (and drops digits past the 15th); an
 * apostrophe is shown as typed in a CSV. ="…" is a formula whose value is the text, which Excel
 * and LibreOffice Calc both keep digit for digit. Only digits are ever put inside it: the cell can
 * compute nothing else.
 */
const ONLY_DIGITS = /^\d+$/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return czechNumber.format(value).replace("\u2212", "-");
  if (typeof value === "object") return ONLY_DIGITS.test(value.digits) ? quoted(`="${value.digits}"`) : csvCell(value.digits);
  return quoted(FORMULA_START.test(value) ? `'${value}` : value);
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file's bytes: BOM, the header row and the rows. */
export function toCsv(header: string[], rows: CsvCell[][]): Uint8Array {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(";"));
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}

export const CSV_MIME = "text/csv; charset=utf-8";
