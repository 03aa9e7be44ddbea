/** Reading an import cell as a form's field reads it (docs/decisions/075-spreadsheet-import.md). */
import { foldText } from "@/lib/search-text";
import type { ImportCell } from "./read";

const YES = new Set(["ano", "a", "yes", "y", "true", "1", "x", "on"]);
const NO = new Set(["ne", "n", "no", "false", "0", "off"]);

/** Czech and English yes/no words, as a form's checkbox reads them; anything else stays for the schema to refuse. */
export const yesNo = (cell: ImportCell | undefined): unknown => {
  if (typeof cell !== "string") return cell;
  const word = foldText(cell.trim());
  return YES.has(word) ? true : NO.has(word) ? false : cell;
};

/** A cell as text (a number typed where text belongs: an IČO, a phone, a postal code). */
export const cellText = (cell: ImportCell | undefined): string | undefined => (cell === undefined ? undefined : typeof cell === "string" ? cell : String(cell));
