import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, rmSync, statfsSync, statSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The start refuses a DATA_DIR it cannot write to or that has too little room (docs/decisions/069-faults.md). */
export class DataDirError extends Error {}

/** A page of the embedded database, written and read back by the probe: a real write, not a look at the permission bits (root ignores them). */
const PROBE_BYTES = 8192;

const MB = 1024 * 1024;

/** The nearest folder that exists: a DATA_DIR not made yet will live on its file system. */
function existingAncestor(path: string): string {
  let current = resolve(path);
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

function reason(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case "EROFS":
      return "is on a read-only file system";
    case "EACCES":
    case "EPERM":
      return "may not be written to by this user";
    case "ENOSPC":
    case "EDQUOT":
      return "is on a full disk";
    case "ENOTDIR":
    case "EEXIST":
      return "is a file, not a folder";
    default:
      return `cannot be written to (${code ?? String(error)})`;
  }
}

/**
 * Checks, before anything else is written, that DATA_DIR has at least `minFreeMb` free and takes
 * a write: the embedded database, uploads and backups live there, and a start that only fails in
 * the middle of a migration or an upload leaves a worse state than one that does not start.
 * Throws a DataDirError saying what is wrong and how to put it right.
 */
export function checkDataDir(dataDir: string, minFreeMb: number): void {
  const path = resolve(dataDir);
  const { bavail, bsize } = statfsSync(existingAncestor(path));
  const freeMb = Math.floor((Number(bavail) * Number(bsize)) / MB);
  if (freeMb < minFreeMb) {
    throw new DataDirError(
      `DATA_DIR ${path} has ${freeMb} MB free; Ohrada needs at least ${minFreeMb} MB (MIN_FREE_MB) to start. Free some space, or set DATA_DIR to a folder on a larger disk.`,
    );
  }
  const probe = join(path, `.write-check-${process.pid}`);
  try {
    if (existsSync(path) && !statSync(path).isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
    mkdirSync(path, { recursive: true });
    const fd = openSync(probe, "w");
    try {
      writeSync(fd, Buffer.alloc(PROBE_BYTES));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new DataDirError(`DATA_DIR ${path} ${reason(error)}: Ohrada keeps its data there and cannot start. Make it writable, or set DATA_DIR to another folder.`);
  } finally {
    try {
      rmSync(probe, { force: true });
    } catch {
      // Nothing was made there to remove.
    }
  }
}

/** For the start (src/main.ts): the check's message on stderr and exit code 1, before anything else happens. */
export function checkDataDirOrExit(dataDir: string, minFreeMb: number): void {
  try {
    checkDataDir(dataDir, minFreeMb);
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
