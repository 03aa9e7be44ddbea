/** Sorting the Czech way ("ch" after "h", "č" after "c"), whatever the database's collation. Browser-safe. */
export const czechCollator = new Intl.Collator("cs");

/** By name the Czech way, then by id. */
export const compareByName = (a: { id: number; name: string }, b: { id: number; name: string }): number =>
  czechCollator.compare(a.name, b.name) || a.id - b.id;
