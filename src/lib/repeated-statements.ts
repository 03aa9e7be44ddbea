/**
 * Statements sent again and again are prepared on each PostgreSQL connection (docs/decisions/086-prepared-statements.md).
 *
 * drizzle sends every statement unnamed: PostgreSQL parses and plans it anew, and describes its
 * row, which postgres.js then reads column by column (a 50-column order row: about 0.1 ms of the
 * app's CPU per statement, as much as the rest of the statement's protocol). A named statement is
 * parsed and described once per connection and then only bound and executed.
 *
 * Only what repeats: a text is prepared from its second use on (a one-off would pay the extra
 * describe round trip for nothing), and at most MAX_PREPARED_TEXTS texts per database in an hour,
 * so a text built with values in it cannot fill the connections' memory. Only reads and writes of rows
 * (select, with, insert, update, delete) with parameters: postgres.js sends a statement without
 * any by the simple protocol, which has no named statements. Each execution is still planned for
 * its own values (`plan_cache_mode`, src/lib/db.ts). postgres.js re-prepares a statement that a
 * schema change made stale (a restore), and a connection's statements end with it.
 */
import type { Sql } from "postgres";
import { type TransactionOpening, wrapTransactionClients } from "./postgres-transactions";

/** Distinct texts prepared per database; the app's hot set is about a hundred. */
export const MAX_PREPARED_TEXTS = 500;
/** Texts seen once, remembered until this many, then forgotten (their second use starts counting again). */
const MAX_COUNTED_TEXTS = 5_000;
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * How long the texts admitted stay so; then they are counted afresh. postgres.js closes a connection
 * within an hour (its `max_lifetime`, 30–60 minutes), so a connection holds at most two periods'
 * texts, and a statement that became hot late is not left unnamed for the process's life.
 */
export const PREPARED_TEXTS_PERIOD_MS = 60 * 60_000;

export class RepeatedStatements {
  private readonly admitted = new Set<string>();
  private readonly seenOnce = new Set<string>();
  private periodStart: number;

  constructor(
    private readonly max = MAX_PREPARED_TEXTS,
    /** Milliseconds; a test moves it instead of waiting. */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.periodStart = now();
  }

  /** Whether this text goes as a named statement: from its second use in a period, while there is room. */
  shouldPrepare(text: string): boolean {
    if (this.now() - this.periodStart >= PREPARED_TEXTS_PERIOD_MS) {
      this.admitted.clear();
      this.seenOnce.clear();
      this.periodStart = this.now();
    }
    if (this.admitted.has(text)) return true;
    if (this.admitted.size >= this.max || !PREPARABLE.test(text)) return false;
    if (this.seenOnce.delete(text)) {
      this.admitted.add(text);
      return true;
    }
    if (this.seenOnce.size >= MAX_COUNTED_TEXTS) this.seenOnce.clear();
    this.seenOnce.add(text);
    return false;
  }

  get preparedTexts(): number {
    return this.admitted.size;
  }
}

type UnsafeOptions = { prepare?: boolean } & Record<string, unknown>;
interface PostgresClient extends TransactionOpening {
  unsafe(text: string, parameters?: unknown[], options?: UnsafeOptions): unknown;
}

/**
 * Makes `client` (the one drizzle is given) ask `repeated` on every `unsafe` (every statement
 * drizzle sends) whether to prepare it, and a transaction's or savepoint's client likewise. Wrapped
 * in place, as the metrics wrap it (src/lib/metrics-registry.ts). A statement drizzle prepares
 * itself (`.prepare()`, `preparedFor`) stays prepared.
 */
export function prepareRepeats<T extends Sql>(client: T, repeated: RepeatedStatements): T {
  const target = client as unknown as PostgresClient;
  const unsafe = target.unsafe.bind(target);
  // Without parameters postgres.js sends the simple protocol, which has no named statements.
  target.unsafe = (text, parameters, options) =>
    unsafe(text, parameters, options?.prepare || !parameters?.length || !repeated.shouldPrepare(text) ? options : { ...options, prepare: true });
  wrapTransactionClients(target, (inner) => prepareRepeats(inner as unknown as Sql, repeated));
  return client;
}
