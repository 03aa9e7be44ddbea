/**
 * Sorting the Czech way ("ch" after "h", "č" after "c", "ř" after "r"), whatever the database's
 * collation: the embedded database and the test PostgreSQL sort by byte ("Ř" after "Z"), and the
 * embedded one has no Czech ICU rules. Browser-safe.
 */
export const czechCollator = new Intl.Collator("cs");

/** By name the Czech way, then by id. */
export const compareByName = (a: { id: number; name: string }, b: { id: number; name: string }): number =>
  czechCollator.compare(a.name, b.name) || a.id - b.id;

/*
 * A sort key that orders the Czech way under plain byte order, computed the same in SQL and here:
 * capitals to small letters; accents that do not make a letter of their own dropped (á → a);
 * the letters of their own written as the base letter and "{" (the byte after "z"), so "č" sorts
 * after every "c…", and "ch" as "h{", after every "h…". Ties fall to the next column (the id).
 */
const UPPER = "ÁÄČĎÉĚËÍĹĽŇÓÔÖŔŘŠŤÚŮÜÝŽ";
const LOWER = "áäčďéěëíĺľňóôöŕřšťúůüýž";
const ACCENTED = "áäďéěëíĺľňóôöŕťúůüý";
const PLAIN = "aadeeeillnooortuuuy";
const OWN_LETTERS: [string, string][] = [
  ["ch", "h{"],
  ["č", "c{"],
  ["ř", "r{"],
  ["š", "s{"],
  ["ž", "z{"],
];

const toLower = new Map([...UPPER].map((char, i) => [char, LOWER[i]!]));
const toPlain = new Map([...ACCENTED].map((char, i) => [char, PLAIN[i]!]));

export function czechSortKey(text: string): string {
  let key = "";
  for (const char of text) {
    const lower = toLower.get(char) ?? (char >= "A" && char <= "Z" ? char.toLowerCase() : char);
    key += toPlain.get(lower) ?? lower;
  }
  for (const [from, to] of OWN_LETTERS) key = key.replaceAll(from, to);
  return key;
}

/** The same key in SQL over `expression` (a column or any text expression); immutable, so a generated column may hold it. */
export function czechSortKeySql(expression: string): string {
  let sql = `translate(lower(translate(${expression}, '${UPPER}', '${LOWER}') collate "C"), '${ACCENTED}', '${PLAIN}')`;
  for (const [from, to] of OWN_LETTERS) sql = `replace(${sql}, '${from}', '${to}')`;
  return sql;
}
