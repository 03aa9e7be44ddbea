import { attachReadCache, READ_CACHE_CHANNEL, ReadCache } from "./read-cache";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PgDatabase, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";
import { type ExtractTablesWithRelations, getTableColumns, type SQL, sql } from "drizzle-orm";
import * as schema from "@db/schema";
import { poolRecovery } from "./pool-recovery";
import { prepareRepeats, RepeatedStatements } from "./repeated-statements";

export type Schema = typeof schema;
/** The one database type every service sees, whether PGlite or postgres.js sits behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * Our data lives in memory or on SSD, where a random page read costs about what a sequential one
 * does. PostgreSQL's default (4) makes the planner scan 50,000 products instead of using the
 * trigram index for a name filter; 1.1 is the usual setting for such storage.
 *
 * JIT is off: our statements are short, and a cost estimate inflated by stale statistics (a table
 * just filled, before autovacuum analyses it) made PostgreSQL compile a 5 ms read for 22 ms
 * (the items tab: median 28 ms with JIT, decision 043).
 *
 * Every statement is planned for its own values (`force_custom_plan`), as an unnamed one always
 * was: the statements the app prepares (src/lib/repeated-statements.ts) save their parsing and
 * describing, never a plan fitted to other values (a name filter's `like` on the trigram index).
 */
const PLANNER_SETTINGS = { random_page_cost: 1.1, jit: "off", plan_cache_mode: "force_custom_plan" } as const;

/**
 * A query built once per database and run with new values each time (`sql.placeholder`), for
 * the statements every request sends: drizzle then skips assembling the SQL, a good part of a
 * small query's cost. Built per database object (a transaction gets its own).
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** Rows of a raw statement: postgres.js answers an array, PGlite an object with `rows`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * The `set` of an upsert (`insert … on conflict do update`) that takes these columns from the row
 * that was to be inserted: many rows updated by one statement instead of one statement each.
 */
export function excludedSet<T extends PgTable>(table: T, keys: readonly (keyof T["$inferInsert"] & string)[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]));
}

export const migrationsFolder = resolve(import.meta.dir, "../../db/migrations");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The server each PostgreSQL database was opened on: `migrate` holds the start-up lock on a connection of its own there. */
const postgresUrls = new WeakMap<Db, string>();

/**
 * How the pool behaves while PostgreSQL is away (docs/decisions/069-faults.md). A new connection
 * gives up after CONNECT_TIMEOUT_S (a host that does not answer at all; on a busy 2-core machine a
 * healthy server took over 2 s to start a session under load, so not less); a refused one fails at
 * once. postgres.js waits before each new attempt, by default up to 20 s growing with every
 * failure, and a query queued for a connection waits with it: the request hangs, and the service
 * comes back up to 20 s after PostgreSQL does. Without that wait each attempt takes the next queued
 * query with it (a 503 at once) and the first attempt after PostgreSQL is back succeeds.
 */
const CONNECT_TIMEOUT_S = 5;
const RECONNECT_WAIT_S = 0;
/** /healthz's answer while the database does not answer: down, not a hung health check. */
const PING_TIMEOUT_MS = 2_000;
const PING_SETTLE_MS = 500;

/**
 * Error codes that mean "the database cannot be reached now", not "this request is wrong":
 * the socket's (refused, reset, timed out), postgres.js's for a connection closed or ended, and
 * PostgreSQL's own: class 08 (connection exception), 57P01–57P03 (shutting down, crashed,
 * starting up), 53300 (too many connections).
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTCONN",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/**
 * When `error` (or what it wraps: drizzle wraps the driver's error as `cause`) says the database
 * is out of reach, its code and message ("ECONNREFUSED: connect ECONNREFUSED …"); otherwise null.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return `${code}: ${(current as { message?: unknown }).message}`;
  }
  return null;
}

export const isDatabaseUnavailable = (error: unknown): boolean => databaseUnavailableReason(error) !== null;

export async function openPostgres(url: string, options: { max?: number; sharedReadCache?: boolean } = {}): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const max = options.max ?? 10;
  // Bound late: the recovery's queries go through the client its `onclose` is given to.
  const recovery = poolRecovery(() => client`select 1`, max);
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connection: PLANNER_SETTINGS,
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff: () => RECONNECT_WAIT_S,
    onclose: () => recovery.onclose(),
  });
  const reads = new ReadCache();
  // Statements sent again and again go as named statements on each connection (src/lib/repeated-statements.ts).
  const db = drizzle(prepareRepeats(client, new RepeatedStatements()), { schema, logger: reads.logger }) as unknown as Db;
  attachReadCache(db, reads);
  if (options.sharedReadCache) {
    // The app's database: other instances' writes drop our cached reads at once (src/lib/read-cache.ts).
    // A failed notify or listen costs only freshness: the cache's time-to-live still bounds it.
    reads.connect((payload) => void client.notify(READ_CACHE_CHANNEL, payload).catch(() => {}));
    client.listen(READ_CACHE_CHANNEL, (payload) => reads.received(payload)).catch(() => {});
  }
  postgresUrls.set(db, url);
  return {
    db,
    kind: "postgres",
    async ping() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      });
      // Up once it answers; a recovery of the pool under way (pool-recovery.ts) gets a moment to
      // finish first, so that a client waiting for "up" meets a pool rid of errors left from before.
      const answered = Promise.resolve(client`select 1`).then(
        () => Promise.race([recovery.settled(), new Promise((resolve) => setTimeout(resolve, PING_SETTLE_MS))]).then(() => true),
        () => false,
      );
      try {
        return await Promise.race([answered, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => {
      recovery.end();
      return client.end({ timeout: 5 });
    },
  };
}

/**
 * drizzle asks PGlite to keep dates, timestamps and intervals (and their arrays) as text, and
 * passes that wish with every query; PGlite then copies its whole parser table (hundreds of array
 * types) per query, about a tenth of a list page's time. The same wish set once on the instance
 * gives the same values without the copy, so the client drizzle sees leaves the per-query
 * parsers out.
 */
const TEXT_KEPT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;

type PgliteClient = import("@electric-sql/pglite").PGlite;
type QueryOptions = Parameters<PgliteClient["query"]>[2];
type Transaction = Parameters<Parameters<PgliteClient["transaction"]>[0]>[0];

const withoutParsers = (options: QueryOptions): QueryOptions => (options?.parsers ? { ...options, parsers: undefined } : options);

/** bytea's type id. */
const BYTEA = 17;

/**
 * bytea to and from PostgreSQL's hex text with Buffer's native codec. PGlite's own goes byte by
 * byte through strings (`toString(16).padStart(2, "0")`): storing a 29 MB export ZIP took ~5 s
 * of the main thread's CPU, ~100 ms per 512 KB piece that no request could interrupt
 * (docs/decisions/054-invoice-pdf-and-accountant-export.md#throughput). Same text, same bytes.
 */
export function serializeBytea(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
}

export function parseBytea(text: string): Uint8Array {
  const bytes = new Uint8Array((text.length - 2) >> 1);
  Buffer.from(bytes.buffer).write(text.slice(2), "hex");
  return bytes;
}

export function withInstanceParsers(client: PgliteClient): PgliteClient {
  const parsers = (client as unknown as { parsers: Record<number, (value: string) => unknown> }).parsers;
  for (const type of TEXT_KEPT_TYPES) parsers[type] = (value) => value;
  parsers[BYTEA] = parseBytea;
  (client as unknown as { serializers: Record<number, (value: unknown) => string> }).serializers[BYTEA] = serializeBytea;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (text, params, options) => query(text, params, withoutParsers(options));
  client.transaction = (work) =>
    transaction((tx) =>
      work(Object.create(tx, { query: { value: ((text, params, options) => tx.query(text, params, withoutParsers(options))) satisfies Transaction["query"] } }) as Transaction),
    );
  return client;
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; wasmModule?: WebAssembly.Module } = {}): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Extensions the migrations create must be loadable in the embedded build too.
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm }, pgliteWasmModule: options.wasmModule });
  await client.waitReady;
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.exec(`set ${name} = ${value}`);
  const reads = new ReadCache();
  const db = drizzle(withInstanceParsers(client), { schema, logger: reads.logger }) as unknown as Db;
  attachReadCache(db, reads);
  return {
    db,
    kind: "pglite",
    async ping() {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

/**
 * The app's database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. An
 * embedded data directory that is not initialised yet is first filled by `fillEmptyDataDir` when
 * given (a copy of a migrated template, see pglite-template.ts) instead of initdb and migrations.
 */
export async function openDatabase(
  config: { DATABASE_URL?: string; DATA_DIR: string },
  options: { fillEmptyDataDir?: (dataDir: string) => boolean; pgliteWasm?: Promise<WebAssembly.Module | undefined> } = {},
): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, { sharedReadCache: true });
  const dataDir = join(config.DATA_DIR, "pglite");
  if (!existsSync(join(dataDir, "PG_VERSION"))) options.fillEmptyDataDir?.(dataDir);
  return openPglite({ dataDir, wasmModule: await options.pgliteWasm });
}

/**
 * The advisory lock under which app instances starting together on one PostgreSQL take turns at
 * what a start writes: the migrations (a session lock held on a connection of its own), then the
 * reference seed and the first admin (each a transaction lock), so the second instance finds them
 * done instead of failing on a table or a row the first just made
 * (docs/architecture.md#several-instances).
 */
export const START_UP_LOCK = 7_240_068;

/** Waits, in the open transaction, while another instance is inside its start-up writes (on PGlite no one else can be). */
export async function startUpLock(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(START_UP_LOCK))})`);
}

export async function migrate(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate: run } = await import("drizzle-orm/postgres-js/migrator");
    const url = postgresUrls.get(database.db);
    if (!url) return run(database.db as never, { migrationsFolder });
    // The lock lives on its own connection, so it holds however the pool hands out the others (a pool of one included).
    const { default: postgres } = await import("postgres");
    const lock = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await lock.unsafe(`select pg_advisory_lock(${START_UP_LOCK})`);
      await run(database.db as never, { migrationsFolder });
    } finally {
      // Closing the connection ends its session, and with it the lock.
      await lock.end({ timeout: 5 });
    }
  } else {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    await run(database.db as never, { migrationsFolder });
  }
}
