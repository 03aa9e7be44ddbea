/**
 * What `npm run backup` and `npm run restore` share: the environment the app reads (DATABASE_URL,
 * else the PGlite in DATA_DIR, locked while they run), and refusals printed in one readable line.
 */
import { join } from "node:path";
import { DataDirInUseError, lockDataDir } from "@/lib/data-dir-lock";
import { AppError } from "@/lib/errors";
import { tFor, translateMessage } from "@/lib/i18n";
import { EnvError, type Env, parseEnv } from "@/env";

export const t = tFor("en");

/** The embedded database's folder in DATA_DIR. */
export const pgliteDir = (env: Env) => join(env.DATA_DIR, "pglite");

/** Locks DATA_DIR (PGlite only); a running app holds it, and the refusal says where a live backup comes from. */
export function lockForTool(env: Env): () => void {
  if (env.DATABASE_URL) return () => {};
  try {
    return lockDataDir(env.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw AppError.fail({ key: "backup.dataDirInUse", values: { dir: error.dataDir, pid: error.pid } });
    throw error;
  }
}

/** Runs a command's work: a refusal or a bad environment prints one message and exits 1. */
export async function runTool(what: string, work: (env: Env) => Promise<void>): Promise<void> {
  try {
    await work(parseEnv(process.env));
  } catch (error) {
    if (error instanceof AppError) console.error(`${what}: ${error.messages.map((message) => translateMessage(t, message)).join(" ")}`);
    else console.error(error instanceof EnvError ? error.message : `${what}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
