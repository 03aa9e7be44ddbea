import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Another live process holds the data directory (the app, or a backup or restore run). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by process ${pid}. Stop it first, or set DATA_DIR to another folder.`);
  }
}

/** PGlite takes no lock on its directory; two processes on one DATA_DIR would corrupt it. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "ohrada.pid");
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8").trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (alive) throw new DataDirInUseError(dataDir, pid);
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
