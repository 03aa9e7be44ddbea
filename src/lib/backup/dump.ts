/**
 * Takes a backup of a live database (docs/decisions/067-backup-and-restore.md): PGlite through
 * pglite-tools' pg_dump in this process, PostgreSQL through Debian's `pg_dump`. Both write plain SQL
 * with multi-row INSERTs and no owners or privileges, so either restores into either.
 */
import { sql } from "drizzle-orm";
import packageJson from "../../../package.json";
import { type Database, selectRows } from "../db";
import { AppError } from "../errors";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, packBackup, sha256 } from "./archive";
import { rowCounts } from "./sql-script";

/** The same for both databases: no owners or grants (the target's user owns what it restores), many rows per INSERT. */
const DUMP_ARGS = ["--no-owner", "--no-privileges", "--rows-per-insert=200"];

type PgliteClient = import("@electric-sql/pglite").PGlite;

/**
 * pg_dump for PGlite talks to the instance through its raw protocol, past PGlite's own locks, in one
 * synchronous run. Taken inside PGlite's transaction lock, no request's transaction is open on the one
 * connection while it runs; the lock's BEGIN is committed at once so pg_dump opens its own snapshot,
 * and its helper queries go through the lock's handle (the instance's own would wait for the lock).
 * pg_dump's connection is the app's one session: the settings it changes for itself
 * (`restrict_nonsystem_relation_kind`, which hides views, `extra_float_digits`, `row_security`…) are
 * set back afterwards.
 */
async function dumpPglite(client: PgliteClient): Promise<string> {
  const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
  let text = "";
  await client.transaction(async (tx) => {
    await tx.exec("commit");
    const settings = async () =>
      new Map((await tx.query<{ name: string; setting: string }>("select name, setting from pg_settings where context in ('user', 'superuser') and name not like 'transaction\\_%'")).rows.map((row) => [row.name, row.setting]));
    const before = await settings();
    try {
      // pg_dump only reads: its hundreds of protocol messages need no file sync each (seconds on a data directory).
      const execProtocolRawStream: PgliteClient["execProtocolRawStream"] = (message, options) => client.execProtocolRawStream(message, { ...options, syncToFs: false });
      const pg = { query: tx.query, exec: tx.exec, execProtocolRawStream } as unknown as PgliteClient;
      text = await (await pgDump({ pg, args: DUMP_ARGS })).text();
    } finally {
      // pg_dump leaves its read-only snapshot transaction open on the session: end it first.
      await tx.exec("commit");
      const after = await settings();
      for (const [name, setting] of before) if (after.get(name) !== setting) await tx.query("select set_config($1, $2, false)", [name, setting]);
      // The lock's own COMMIT follows: give it a transaction to end.
      await tx.exec("begin");
    }
  });
  return text;
}

interface PostgresOptions {
  host: string[];
  port: number[];
  path?: string | false;
  database: string;
  user: string;
  pass?: unknown;
  ssl?: unknown;
}

/** libpq's environment for the connection postgres.js holds, so the password never shows in a process list. */
function libpqEnvironment(options: PostgresOptions): Record<string, string> {
  const env: Record<string, string> = {
    PGHOST: options.path ? options.path.replace(/\/\.s\.PGSQL\.\d+$/, "") : options.host.join(","),
    PGPORT: options.port.join(","),
    PGDATABASE: options.database,
    PGUSER: options.user,
    PGSSLMODE: typeof options.ssl === "string" ? options.ssl : options.ssl ? "require" : "disable",
  };
  if (typeof options.pass === "string" && options.pass) env.PGPASSWORD = options.pass;
  return env;
}

async function dumpPostgres(options: PostgresOptions): Promise<string> {
  if (!Bun.which("pg_dump")) throw AppError.fail({ key: "backup.pgDumpMissing" });
  const child = Bun.spawn(["pg_dump", ...DUMP_ARGS], {
    env: { ...process.env, ...libpqEnvironment(options) },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw AppError.fail({ key: "backup.dumpFailed", values: { detail: err.trim().split("\n").slice(-3).join(" ") } });
  return out;
}

/** The database as plain SQL (psql's meta-command lines removed: a driver restores it). */
export async function dumpSql(database: Pick<Database, "db" | "kind">): Promise<string> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  const text = database.kind === "pglite" ? await dumpPglite(client as PgliteClient) : await dumpPostgres((client as { options: PostgresOptions }).options);
  return text.replace(/^\\(?:un)?restrict\b.*\r?\n?/gm, "");
}

export interface Backup {
  manifest: BackupManifest;
  /** The backup file. */
  bytes: Uint8Array;
}

/**
 * A backup of the live database, built in memory: the SQL (about 3 MB for the demo company) and the
 * compressed file. The manifest's row counts are read from the SQL itself, so they match what it
 * holds even while requests keep writing.
 */
export async function takeBackup(database: Pick<Database, "db" | "kind">, options: { now?: Date } = {}): Promise<Backup> {
  const [server] = await selectRows<{ version: string }>(database.db, sql`select current_setting('server_version') as version`);
  const migrations = await selectRows<{ hash: string; created_at: string | number }>(
    database.db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc`,
  );
  const text = await dumpSql(database);
  const bytes = new TextEncoder().encode(text);
  const last = migrations[0];
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: packageJson.version,
    database: { kind: database.kind, serverVersion: server?.version ?? "" },
    createdAt: (options.now ?? new Date()).toISOString(),
    migrations: { count: migrations.length, lastCreatedAt: last ? Number(last.created_at) : null, lastHash: last?.hash ?? null },
    tables: rowCounts(text),
    sql: { bytes: bytes.length, sha256: sha256(bytes) },
  };
  return { manifest, bytes: packBackup(manifest, bytes) };
}

/** `ohrada-backup-2026-11-28T02-30-00Z.zip`: sorts by time, and is a valid file name everywhere. */
export const backupFileName = (at: Date) => `ohrada-backup-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z.zip`;
