/**
 * Text search that ignores case and diacritics ("cep" finds "Čep", "brana" finds "Brána"), the
 * same in the browser, the services and the database. Browser-safe.
 *
 * The database keeps a folded copy of a searched column (`foldedSql`, a stored generated column
 * with a trigram index); a search folds the typed text with `foldText` and matches it with LIKE,
 * which is cheaper per row than ILIKE. Both fold letter by letter through the same table and then
 * lowercase ASCII only, so they agree whatever the database's locale.
 */
const FOLD_FROM = "áäčďéěëíĺľňóôöŕřšťúůüýžÁÄČĎÉĚËÍĹĽŇÓÔÖŔŘŠŤÚŮÜÝŽ";
const FOLD_TO = "aacdeeeillnooorrstuuuyzAACDEEEILLNOOORRSTUUUYZ";

const folded = new Map([...FOLD_FROM].map((char, i) => [char, FOLD_TO[i]!]));

export function foldText(text: string): string {
  let out = "";
  for (const char of text) {
    const plain = folded.get(char) ?? char;
    out += plain >= "A" && plain <= "Z" ? plain.toLowerCase() : plain;
  }
  return out;
}

/** The SQL of the folded copy of a text `expression` (e.g. `"name"`): `lower` under "C" touches ASCII only. */
export const foldedSql = (expression: string): string => `lower(translate(${expression}, '${FOLD_FROM}', '${FOLD_TO}') collate "C")`;
