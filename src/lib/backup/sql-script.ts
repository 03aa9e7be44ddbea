/**
 * Reads a plain-SQL dump as pg_dump writes it (docs/decisions/067-backup-and-restore.md): its
 * statements one by one, whatever quotes, dollar-quoted bodies and comments they hold, and how many
 * rows each table's INSERTs carry. A psql meta-command line (`\restrict`, written by newer pg_dump)
 * between statements is skipped: a driver cannot run it.
 */

export interface SqlStatement {
  /** The statement's text without its closing `;`, leading comments and blank lines trimmed off. */
  text: string;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** The statements of `script`, in order. A statement left open at the end (a cut-short file) is returned too. */
export function* sqlStatements(script: string): Generator<SqlStatement> {
  const length = script.length;
  let start = -1;
  let i = 0;
  let lineStart = true;
  while (i < length) {
    const code = script.charCodeAt(i);
    if (start === -1) {
      // Between statements: blank space, comments and meta-command lines.
      if (isSpace(code)) {
        lineStart = code === 10;
        i++;
        continue;
      }
      if (code === 45 /* - */ && script.charCodeAt(i + 1) === 45) {
        i = skipLine(script, i);
        lineStart = true;
        continue;
      }
      if (code === 92 /* \ */ && lineStart) {
        i = skipLine(script, i);
        lineStart = true;
        continue;
      }
      start = i;
    }
    lineStart = false;
    if (code === 39 /* ' */) i = skipQuoted(script, i, "'");
    else if (code === 34 /* " */) i = skipQuoted(script, i, '"');
    else if (code === 36 /* $ */) i = skipDollar(script, i);
    else if (code === 45 && script.charCodeAt(i + 1) === 45) i = skipLine(script, i);
    else if (code === 47 /* / */ && script.charCodeAt(i + 1) === 42 /* * */) i = skipBlockComment(script, i);
    else if (code === 59 /* ; */) {
      yield { text: script.slice(start, i) };
      start = -1;
      i++;
    } else i++;
  }
  if (start !== -1) {
    const rest = script.slice(start).trim();
    if (rest) yield { text: rest };
  }
}

function skipLine(script: string, i: number): number {
  const end = script.indexOf("\n", i);
  return end === -1 ? script.length : end + 1;
}

/** Past a '…' or "…" (a doubled quote stays inside). */
function skipQuoted(script: string, i: number, quote: string): number {
  let at = i + 1;
  for (;;) {
    const end = script.indexOf(quote, at);
    if (end === -1) return script.length;
    if (script[end + 1] === quote) {
      at = end + 2;
      continue;
    }
    return end + 1;
  }
}

/** Past a $tag$…$tag$ body; a `$` that opens none (a parameter, part of a name) is one character. */
function skipDollar(script: string, i: number): number {
  const match = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i, i + 64));
  if (!match) return i + 1;
  const tag = match[0];
  const end = script.indexOf(tag, i + tag.length);
  return end === -1 ? script.length : end + tag.length;
}

function skipBlockComment(script: string, i: number): number {
  let depth = 0;
  let at = i;
  while (at < script.length) {
    if (script.startsWith("/*", at)) {
      depth++;
      at += 2;
    } else if (script.startsWith("*/", at)) {
      depth--;
      at += 2;
      if (depth === 0) return at;
    } else at++;
  }
  return at;
}

const INSERT = /^INSERT INTO ((?:"[^"]+"|[A-Za-z_][\w$]*)\.(?:"[^"]+"|[A-Za-z_][\w$]*)) (?:\([^)]*\) )?VALUES\s*/;
const CREATE_TABLE = /^CREATE TABLE ((?:"[^"]+"|[A-Za-z_][\w$]*)\.(?:"[^"]+"|[A-Za-z_][\w$]*)) \(/;

/** `public.orders` or `public."Odd name"` as `public.orders` / `public.Odd name`. */
const plainName = (qualified: string) => qualified.replaceAll('"', "");

/**
 * The rows an INSERT carries (`VALUES (…), (…)` holds two), or null for another statement. Only the
 * brackets outside quotes at the top level count.
 */
export function insertedRows(statement: string): { table: string; rows: number } | null {
  const match = INSERT.exec(statement);
  if (!match) return null;
  let rows = 0;
  let depth = 0;
  let i = match[0].length;
  while (i < statement.length) {
    const code = statement.charCodeAt(i);
    if (code === 39) i = skipQuoted(statement, i, "'");
    else if (code === 34) i = skipQuoted(statement, i, '"');
    else {
      if (code === 40 /* ( */) {
        if (depth === 0) rows++;
        depth++;
      } else if (code === 41 /* ) */) depth--;
      i++;
    }
  }
  return { table: plainName(match[1]!), rows };
}

/** The table a `CREATE TABLE` makes, or null. */
export function createdTable(statement: string): string | null {
  const match = CREATE_TABLE.exec(statement);
  return match ? plainName(match[1]!) : null;
}

/** Every table the script creates with the rows its INSERTs put in (0 for an empty table), by `schema.table`. */
export function rowCounts(script: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { text } of sqlStatements(script)) {
    const table = createdTable(text);
    if (table) counts[table] ??= 0;
    const inserted = insertedRows(text);
    if (inserted) counts[inserted.table] = (counts[inserted.table] ?? 0) + inserted.rows;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
