/**
 * The backup file (docs/decisions/067-backup-and-restore.md): a ZIP holding `manifest.json` and
 * `database.sql`, the whole database as plain SQL. The manifest names the format, the app and the
 * database it came from, the migrations it had, every table's rows and the SQL's SHA-256, so a file
 * that is not a backup, is damaged or was cut short is refused before anything is written.
 */
import { createHash } from "node:crypto";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { AppError } from "../errors";

export const BACKUP_FORMAT = "ohrada-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";
export const SQL_ENTRY = "database.sql";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  /** Where it was taken: the embedded database or a PostgreSQL server. */
  database: { kind: "pglite" | "postgres"; serverVersion: string };
  createdAt: string;
  /** The migrations the database had (drizzle's table): the newest one's timestamp decides whether this app can take it. */
  migrations: { count: number; lastCreatedAt: number | null; lastHash: string | null };
  /** `schema.table` → rows, as the SQL holds them. */
  tables: Record<string, number>;
  sql: { bytes: number; sha256: string };
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The backup file's bytes. The SQL compresses about tenfold; the manifest is stored as it is. */
export function packBackup(manifest: BackupManifest, sql: Uint8Array): Uint8Array {
  return zipSync({
    [MANIFEST_ENTRY]: [strToU8(JSON.stringify(manifest, null, 2)), { level: 0 }],
    [SQL_ENTRY]: [sql, { level: 6 }],
  });
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const notABackup = () => AppError.fail({ key: "backup.notABackup" });
const damaged = () => AppError.fail({ key: "backup.damaged" });

/** The manifest and SQL of a backup file; refuses (AppError.fail) a file that is not one or is damaged. */
export function unpackBackup(file: Uint8Array): { manifest: BackupManifest; sql: string } {
  if (file.length < 4 || ZIP_MAGIC.some((byte, i) => file[i] !== byte)) throw notABackup();
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(file);
  } catch {
    // A ZIP that does not end in its directory: cut short, or damaged.
    throw damaged();
  }
  const manifestBytes = entries[MANIFEST_ENTRY];
  if (!manifestBytes) throw notABackup();
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(strFromU8(manifestBytes)) as BackupManifest;
  } catch {
    throw notABackup();
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.sql?.sha256 !== "string" || typeof manifest.tables !== "object") throw notABackup();
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) throw AppError.fail({ key: "backup.newerFormat" });
  const sql = entries[SQL_ENTRY];
  if (!sql || sql.length !== manifest.sql.bytes || sha256(sql) !== manifest.sql.sha256) throw damaged();
  return { manifest, sql: strFromU8(sql) };
}
