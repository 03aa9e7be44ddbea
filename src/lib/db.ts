import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PgDatabase, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";
import { type ExtractTablesWithRelations, getTableColumns, type SQL, sql } from "drizzle-orm";
import * as schema from "@db/schema";

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
 */
const PLANNER_SETTINGS = { random_page_cost: 1.1, jit: "off" } as const;

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

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {}, connection: PLANNER_SETTINGS });
  const db = drizzle(client, { schema }) as unknown as Db;
  postgresUrls.set(db, url);
  return {
    db,
    kind: "postgres",
    async ping() {
      try {
        await client`select 1`;
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.end({ timeout: 5 }),
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

export function withInstanceParsers(client: PgliteClient): PgliteClient {
  const parsers = (client as unknown as { parsers: Record<number, (value: string) => unknown> }).parsers;
  for (const type of TEXT_KEPT_TYPES) parsers[type] = (value) => value;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (text, params, options) => query(text, params, withoutParsers(options));
  client.transaction = (work) =>
    transaction((tx) =>
      work(Object.create(tx, { query: { value: ((text, params, options) => tx.query(text, params, withoutParsers(options))) satisfies Transaction["query"] } }) as Transaction),
    );
  return client;
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Extensions the migrations create must be loadable in the embedded build too.
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.exec(`set ${name} = ${value}`);
  const db = drizzle(withInstanceParsers(client), { schema }) as unknown as Db;
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
  options: { fillEmptyDataDir?: (dataDir: string) => boolean } = {},
): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  const dataDir = join(config.DATA_DIR, "pglite");
  if (!existsSync(join(dataDir, "PG_VERSION"))) options.fillEmptyDataDir?.(dataDir);
  return openPglite({ dataDir });
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
