/**
 * A list's page statements, built once per view and kept (docs/decisions/086-prepared-statements.md):
 * assembling a list's select was a good part of its CPU, and people page through and come back to
 * the same views. A view is the caller's key (its sort, its filters with their values, whatever else
 * the statement reads); the page's size and offset are the statement's parameters. At most
 * MAX_LIST_STATEMENTS per list and database, the least recently used dropped first. Nothing read is
 * kept: each use runs the statement.
 *
 * The statement may carry the list's count as one more column (`withTotal`): a subquery PostgreSQL
 * runs once, so a list is one statement instead of two; `takeTotal` takes it off the rows again.
 */
import { sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db";
import { heldCache } from "../held-cache";

export const MAX_LIST_STATEMENTS = 200;
/** The column that carries the count; no table has a column so named. */
const LIST_TOTAL = "__listTotal";
/**
 * drizzle's `prepare` without a name: built once, sent unnamed. A filter's value may change the
 * text (a list of ids), so whether PostgreSQL keeps it is for src/lib/repeated-statements.ts to
 * decide, within its cap.
 */
const UNNAMED = undefined as unknown as string;

export interface PageStatement<Row = Record<string, unknown>> {
  execute(values: { limit: number; offset: number }): Promise<Row[]>;
}

/** What a list's select is before its page: drizzle's select with its where and order. */
interface Pageable {
  limit(limit: unknown): { offset(offset: unknown): { prepare(name: string): unknown } };
}

/** One list's kept statements: `statementOf(db, key, build)` builds the view's statement on its first use. */
export function keptPageStatements<Row = Record<string, unknown>>() {
  const held = heldCache<PageStatement<Row>>(MAX_LIST_STATEMENTS, () => 1);
  return (db: Db, key: string, build: () => Pageable): PageStatement<Row> => {
    const found = held.get(db, key);
    if (found) return found;
    const statement = build().limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).prepare(UNNAMED) as PageStatement<Row>;
    held.set(db, key, statement);
    return statement;
  };
}

/** The columns of a page's select plus its count (a query answering one `count`). */
export const withTotal = <C extends Record<string, unknown>>(columns: C, count: SQLWrapper): C => ({ ...columns, [LIST_TOTAL]: sql<number>`(${count})`.mapWith(Number) });

/** The rows without the count they carried, and the count; null when the page had no row to carry it. */
export function takeTotal<Row extends Record<string, unknown>>(read: Row[]): { rows: Row[]; total: number | null } {
  if (!read.length) return { rows: read, total: null };
  const total = read[0]![LIST_TOTAL] as number;
  return { rows: read.map(({ [LIST_TOTAL]: _total, ...row }) => row as Row), total };
}
