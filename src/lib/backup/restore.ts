/**
 * Restores a backup into an empty database (docs/decisions/067-backup-and-restore.md): the file is
 * checked whole first (a backup, not cut short, not from a newer app); the target must hold none of
 * our tables; the SQL loads in one transaction, whose row counts must equal the manifest's before it
 * commits; then the app's migrations move an older backup forward.
 */
import { readCacheOf } from "@/lib/read-cache";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import { type Database, migrate, migrationsFolder, selectRows } from "../db";
import { AppError } from "../errors";
import { type BackupManifest, unpackBackup } from "./archive";
import { sqlStatements } from "./sql-script";

/** Statements go to the database in batches of about this many characters (fewer round trips, bounded messages). */
const BATCH_CHARS = 1 << 20;

/** Does the database hold anything of ours (a table in `public`, or drizzle's migrations schema)? */
export async function isEmptyDatabase(database: Pick<Database, "db">): Promise<boolean> {
  const [row] = await selectRows<{ tables: number; drizzle: number }>(
    database.db,
    sql`select (select count(*)::int from pg_tables where schemaname = 'public') as tables,
               (select count(*)::int from pg_namespace where nspname = 'drizzle') as drizzle`,
  );
  return row?.tables === 0 && row.drizzle === 0;
}

/** The newest migration this app knows, as drizzle stamps it (the journal's `when`). */
const newestKnownMigration = () => Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));

/**
 * The dump's statements as this target runs them: `SET x = …` only for settings the server knows (a
 * dump from a newer server sets ones an older lacks) and as `SET LOCAL`, like the search path, so
 * nothing outlives the transaction; the comment on an extension is left out (only its owner may set it).
 */
function* adapted(script: string, knownSettings: Set<string>): Generator<string> {
  for (const { text } of sqlStatements(script)) {
    const set = /^SET (\w+) = /.exec(text);
    if (set) {
      if (knownSettings.has(set[1]!.toLowerCase())) yield `SET LOCAL ${text.slice(4)}`;
      continue;
    }
    if (/^COMMENT ON EXTENSION /.test(text)) continue;
    if (text.startsWith("SELECT pg_catalog.set_config(")) {
      yield text.replace(/, false\)$/, ", true)");
      continue;
    }
    yield text;
  }
}

/** The backup's manifest and SQL, when this app can restore it: a backup, whole, and not from a newer app (its migrations known). */
export function checkBackupFile(file: Uint8Array): { manifest: BackupManifest; sql: string } {
  const unpacked = unpackBackup(file);
  const { manifest } = unpacked;
  if ((manifest.migrations.lastCreatedAt ?? 0) > newestKnownMigration()) throw AppError.fail({ key: "backup.newerApp", values: { version: manifest.appVersion } });
  return unpacked;
}

type Runner = (batch: string) => Promise<unknown>;

/** Runs `work` in one transaction on one connection, handing it a runner of many statements at once. */
async function inOneTransaction(database: Pick<Database, "db" | "kind">, work: (run: Runner, count: (table: string) => Promise<number>) => Promise<void>): Promise<void> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "pglite") {
    type Tx = { exec(text: string): Promise<unknown>; query<T>(text: string): Promise<{ rows: T[] }> };
    await (client as { transaction(work: (tx: Tx) => Promise<void>): Promise<void> }).transaction((tx) =>
      work(
        (batch) => tx.exec(batch),
        async (table) => (await tx.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n,
      ),
    );
  } else {
    type Tx = { unsafe(text: string): Promise<unknown[]> & { simple(): Promise<unknown[]> } };
    await (client as { begin(work: (tx: Tx) => Promise<void>): Promise<void> }).begin((tx) =>
      work(
        (batch) => tx.unsafe(batch).simple(),
        async (table) => ((await tx.unsafe(`select count(*)::int as n from ${table}`)) as { n: number }[])[0]!.n,
      ),
    );
  }
}

const quoted = (qualified: string) =>
  qualified
    .split(".")
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join(".");

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations applied after the load (an older backup moved forward). */
  migrated: number;
  loadMs: number;
}

/**
 * Restores `file` into `database`, which must be empty. A refusal (not a backup, damaged or cut short,
 * from a newer app, a target that is not empty, rows that do not match) is an AppError.fail and leaves
 * the target as it was.
 */
export async function restoreBackup(database: Pick<Database, "db" | "kind">, file: Uint8Array): Promise<RestoreResult> {
  const { manifest, sql: script } = checkBackupFile(file);
  if (!(await isEmptyDatabase(database))) throw AppError.fail({ key: "backup.targetNotEmpty" });
  const knownSettings = new Set((await selectRows<{ name: string }>(database.db, sql`select name from pg_settings`)).map((row) => row.name.toLowerCase()));

  const started = performance.now();
  await inOneTransaction(database, async (run, count) => {
    const load = async (batch: string) => {
      try {
        await run(batch);
      } catch (error) {
        throw AppError.fail({ key: "backup.loadFailed", values: { detail: error instanceof Error ? error.message : String(error) } });
      }
    };
    let batch = "";
    for (const statement of adapted(script, knownSettings)) {
      batch += `${statement};\n`;
      if (batch.length >= BATCH_CHARS) {
        await load(batch);
        batch = "";
      }
    }
    if (batch) await load(batch);
    for (const [table, expected] of Object.entries(manifest.tables)) {
      const found = await count(quoted(table));
      if (found !== expected) throw AppError.fail({ key: "backup.rowsDiffer", values: { table, expected, found } });
    }
  });
  const loadMs = performance.now() - started;

  const [before] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  try {
    await migrate(database as Database);
  } catch (error) {
    // The load is committed: the target holds the backup at its own schema (the command removes a data directory it made).
    throw AppError.fail({ key: "backup.migrateFailed", values: { detail: error instanceof Error ? error.message : String(error) } });
  }
  const [after] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  // Loaded partly through the bare client: nothing read before may be served again.
  readCacheOf(database.db)?.clear();
  return { manifest, migrated: (after?.n ?? 0) - (before?.n ?? 0), loadMs };
}
