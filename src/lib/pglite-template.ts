/**
 * A migrated, empty PGlite data directory, so a first start on an empty DATA_DIR copies it (a
 * plain file copy, ~0.1 s) instead of running initdb and every migration (4–6 s). Loading a
 * tarball through PGlite's own file system was tried and took ~2 s for the same 42 MB.
 *
 * It is made by `npm install` (postinstall) and refreshed by `npm start`'s build step when the
 * migrations change; it is keyed by a hash of the migration files, so a stale one is never used.
 * Without one, the app starts the slow way and is just as correct.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { migrate, migrationsFolder, openPglite } from "./db";

/** Beside the installed packages: made by npm install, never committed. */
export const TEMPLATE_DIR = resolve(import.meta.dir, "../../node_modules/.cache/ohrada");

const PREFIX = "pglite-migrated-";

/** Changes whenever a migration is added or changed. */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".sql") || file.endsWith(".json"))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  return hash.digest("hex").slice(0, 16);
}

export const templatePath = (dir = TEMPLATE_DIR) => join(dir, `${PREFIX}${migrationsHash()}`);

/**
 * Fills an uninitialised data directory with a copy of the template for the current migrations.
 * Returns false (and touches nothing) when there is no such template.
 */
export function copyTemplateInto(dataDir: string, dir = TEMPLATE_DIR): boolean {
  const template = templatePath(dir);
  if (!existsSync(join(template, "PG_VERSION"))) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

/**
 * Makes the template for the current migrations unless it is there; older ones are removed.
 * Built under a temporary name and renamed, so a reader never sees half a directory.
 */
export async function ensureTemplate(dir = TEMPLATE_DIR): Promise<{ path: string; made: boolean }> {
  const path = templatePath(dir);
  if (existsSync(join(path, "PG_VERSION"))) return { path, made: false };
  mkdirSync(dir, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const database = await openPglite({ dataDir: partial });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  rmSync(path, { recursive: true, force: true });
  renameSync(partial, path);
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith(PREFIX) && join(dir, entry) !== path && !entry.endsWith(".partial")) rmSync(join(dir, entry), { recursive: true, force: true });
  }
  return { path, made: true };
}
