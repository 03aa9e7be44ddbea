/**
 * Reads that every page asks and that change far less often than pages are served: the session's
 * user, the baskets column and its alerts, a list's filter choices (docs/decisions/083-throughput.md).
 * One cache per database: an answer is kept for a few seconds, and dropped at once when this
 * process writes one of the tables it was read from, so a user never sees their own change missing.
 * Another instance's write is told by NOTIFY on PostgreSQL (`connect`/`received`), and the
 * time-to-live bounds it when a notification is lost (docs/architecture.md#several-instances).
 *
 * Writes are seen by their SQL, as drizzle logs every statement it sends, inside transactions too;
 * a transaction's tables are noted once more after it commits (withTransaction), because a read
 * made between the statement and the commit still saw the old rows.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { getTableName, type Table } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";

/** How long a cached read may be served: what another instance's write waits at most to show here. */
export const READ_CACHE_TTL_MS = 5_000;
/** More keys than this (users' baskets, sessions) and the oldest half goes. */
const MAX_ENTRIES = 5_000;

interface Entry {
  value: Promise<unknown>;
  tables: readonly string[];
  /** Each table's write count when the read started. */
  stamps: number[];
  expiresAt: number;
}

/** The tables a write statement names; `null` when its shape is unknown (DDL, a restore): then every table counts as written. */
const WRITE_TARGET = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
function writtenTables(sqlText: string): string[] | null {
  const head = sqlText.trimStart().slice(0, 6).toLowerCase();
  if (head === "select") return [];
  const tables = [...sqlText.matchAll(WRITE_TARGET)].map((match) => match[1]!.toLowerCase());
  if (tables.length > 0) return tables;
  // A read in another spelling (a CTE of selects, `values`, `show`, `explain`…) writes nothing; anything else may.
  return /^(with|values|show|explain|begin|commit|rollback|savepoint|release|set|reset)\b/i.test(sqlText.trimStart()) && !/\b(insert|update|delete|truncate)\b/i.test(sqlText) ? [] : null;
}

/** Tables a running withTransaction has written, to be noted again once it commits. */
const transactionWrites = new AsyncLocalStorage<Set<string>>();

/** The PostgreSQL channel on which instances tell each other which tables they wrote. */
export const READ_CACHE_CHANNEL = "ohrada_read_cache";
/** The payload that means "anything may have changed". */
const EVERYTHING = "*";

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly writes = new Map<string, number>();
  /** Bumped by a write of unknown shape: every entry is then stale. */
  private everything = 0;
  /** Tables some cached read depends on: only their writes are told to the other instances. */
  private readonly watched = new Set<string>();
  private publisher: ((payload: string) => void) | null = null;
  private pending = new Set<string>();
  private flushQueued = false;

  constructor(
    private readonly ttlMs = READ_CACHE_TTL_MS,
    /** Milliseconds on a monotonic clock; a test moves it instead of waiting. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The drizzle logger that notes this database's writes. */
  readonly logger: Logger = {
    logQuery: (query) => {
      const tables = writtenTables(query);
      if (tables === null) {
        this.clear();
        return;
      }
      if (tables.length === 0) return;
      this.noteWritten(tables);
      const open = transactionWrites.getStore();
      if (open) for (const table of tables) open.add(table);
    },
  };

  /** This process wrote these tables: its copies go, and the other instances are told. */
  noteWritten(tables: Iterable<string>): void {
    for (const table of tables) {
      this.stale(table);
      if (this.publisher && this.watched.has(table)) this.publish(table);
    }
  }

  /** Forget everything (a restore replaced the database, or a statement of unknown shape ran). */
  clear(): void {
    this.dropAll();
    if (this.publisher) this.publish(EVERYTHING);
  }

  private stale(table: string): void {
    this.writes.set(table, (this.writes.get(table) ?? 0) + 1);
  }

  private dropAll(): void {
    this.everything++;
    this.entries.clear();
  }

  /**
   * Several instances on one PostgreSQL (docs/architecture.md#several-instances): `publish` sends a
   * payload to the others (NOTIFY), and what they send arrives at `received` (LISTEN). A logout, a
   * basket line or a new category on one instance then drops the others' copies within milliseconds;
   * the time-to-live stays as the bound when a notification is lost (the listening connection was down).
   */
  connect(publish: (payload: string) => void): void {
    this.publisher = publish;
  }

  /** Another instance's (or our own, echoed) tables: dropped here as a write of ours would be. */
  received(payload: string): void {
    if (payload === EVERYTHING) this.dropAll();
    else for (const table of payload.split(",")) if (table) this.stale(table);
  }

  /** Tables written in one turn of the event loop go out as one notification. */
  private publish(table: string): void {
    this.pending.add(table);
    if (this.flushQueued) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      const tables = [...this.pending];
      this.pending = new Set();
      this.publisher?.(tables.includes(EVERYTHING) ? EVERYTHING : tables.join(","));
    });
  }

  private stamp(tables: readonly string[]): number[] {
    return tables.map((table) => this.writes.get(table) ?? 0).concat(this.everything);
  }

  private fresh(entry: Entry, now: number): boolean {
    if (entry.expiresAt <= now) return false;
    const current = this.stamp(entry.tables);
    return current.every((n, i) => n === entry.stamps[i]);
  }

  /**
   * `load()`'s answer, or the one kept under `key` while none of `tables` was written here and
   * the time-to-live lasts. A failed load is not kept. Concurrent asks for a missing key share one load.
   */
  read<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const found = this.entries.get(key);
    if (found && this.fresh(found, now)) return found.value as Promise<T>;
    for (const table of tables) this.watched.add(table);
    const entry: Entry = { value: load(), tables, stamps: this.stamp(tables), expiresAt: now + this.ttlMs };
    if (this.entries.size >= MAX_ENTRIES) this.evictOldest();
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value as Promise<T>;
  }

  private evictOldest(): void {
    let drop = Math.floor(this.entries.size / 2);
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

/** The SQL names of the tables a cached read depends on, worked out once by its caller. */
export const tableNames = (...tables: Table[]): readonly string[] => tables.map((table) => getTableName(table));

const caches = new WeakMap<object, ReadCache>();

/** Gives a database (its drizzle object) its cache; transactions and unknown objects have none. */
export function attachReadCache(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}

export const readCacheOf = (db: object): ReadCache | undefined => caches.get(db);

/**
 * A read through `db`'s cache: inside a transaction (whose db is not the database's) or on a
 * database without one it simply loads, so a transaction always sees its own writes.
 */
export function cachedRead<T>(db: object, key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, tables, load) : load();
}

/** Runs a transaction's work and then notes its tables once more, on `db`'s cache (see above). */
export async function noteTransactionWrites<T>(db: object, work: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  if (!cache) return work();
  const written = new Set<string>();
  try {
    return await transactionWrites.run(written, work);
  } finally {
    cache.noteWritten(written);
  }
}
