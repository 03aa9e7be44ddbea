/**
 * Backups while the app runs (docs/decisions/067-backup-and-restore.md): one made now for an admin's
 * download, and the nightly ones an instance keeps in DATA_DIR/backups, the newest `keep` of them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { backupSettings } from "@db/schema";
import type { Ctx } from "@/lib/context";
import type { Database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { type Backup, backupFileName, takeBackup } from "@/lib/backup/dump";
import { defineJob } from "@/lib/jobs/define";
import { backupSettingsInput, DEFAULT_BACKUPS_KEPT, type KeptBackup } from "./schemas";

/** Where an instance keeps its nightly backups. */
export const backupsDir = (dataDir: string) => join(dataDir, "backups");

/** Only names the nightly job writes are listed or served: nothing else in the folder, and no path. */
const KEPT_NAME = /^ohrada-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip$/;

export async function backupsKeptSetting({ ctx }: { ctx: Ctx }): Promise<number> {
  const [row] = await ctx.db.select({ keep: backupSettings.keep }).from(backupSettings).where(eq(backupSettings.id, 1));
  return row?.keep ?? DEFAULT_BACKUPS_KEPT;
}

export async function saveBackupSettings({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<number> {
  const { keep } = parseInput(backupSettingsInput, input);
  await ctx.db
    .insert(backupSettings)
    .values({ id: 1, keep, createdBy: ctx.userId, updatedBy: ctx.userId })
    .onConflictDoUpdate({ target: backupSettings.id, set: { keep, updatedBy: ctx.userId, updatedAt: new Date() } });
  return keep;
}

/** The kept backups, newest first. */
export function listKeptBackups(dataDir: string): KeptBackup[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => KEPT_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => {
      // The name holds the time it was taken: ohrada-backup-2026-11-28T02-30-00Z.zip.
      const stamp = name.slice("ohrada-backup-".length, -"Z.zip".length);
      return { name, bytes: statSync(join(dir, name)).size, createdAt: `${stamp.slice(0, 10)}T${stamp.slice(11).replaceAll("-", ":")}Z` };
    });
}

/** A kept backup's bytes; 404 for a name that is not one. */
export function readKeptBackup(dataDir: string, name: string): Uint8Array {
  const path = join(backupsDir(dataDir), name);
  if (!KEPT_NAME.test(name) || !existsSync(path)) throw AppError.notFound();
  return new Uint8Array(readFileSync(path));
}

/** A backup of the live database now (an admin's download). */
export const backupNow = ({ ctx, database }: { ctx: Ctx; database: Pick<Database, "kind"> }): Promise<Backup> => takeBackup({ db: ctx.db, kind: database.kind });

/**
 * Writes a backup into DATA_DIR/backups (aside, then renamed: a listed file is always whole) and
 * deletes the oldest past the kept number. Answers the file's name.
 */
export async function writeKeptBackup({ ctx, input }: { ctx: Ctx; input: { kind: Database["kind"]; dataDir: string; now: Date } }): Promise<string> {
  const dir = backupsDir(input.dataDir);
  // A backup holds everything, password hashes included: only the app's own user may read it.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const backup = await takeBackup({ db: ctx.db, kind: input.kind }, { now: input.now });
  const name = backupFileName(input.now);
  const partial = join(dir, `${name}.partial`);
  writeFileSync(partial, backup.bytes, { mode: 0o600 });
  renameSync(partial, join(dir, name));
  const keep = await backupsKeptSetting({ ctx });
  for (const old of listKeptBackups(input.dataDir).slice(keep)) rmSync(join(dir, old.name), { force: true });
  return name;
}

/** Every night at 02:30 Prague time, on the one instance that takes the run, into its own DATA_DIR. */
export const writeNightlyBackupJob = defineJob({
  name: "settings.writeBackup",
  schedule: { cron: "30 2 * * *" },
  async run({ ctx, databaseKind, dataDir, now }) {
    if (!dataDir) return;
    await writeKeptBackup({ ctx, input: { kind: databaseKind, dataDir, now } });
  },
});
