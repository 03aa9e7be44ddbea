/**
 * `npm run restore -- FILE`: a backup into an empty DATA_DIR or an empty PostgreSQL database
 * (DATABASE_URL), migrated forward (docs/decisions/067-backup-and-restore.md). The file is checked
 * whole before anything is opened; a refusal changes nothing (a data directory this run made is removed).
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openPglite, openPostgres } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { checkBackupFile, restoreBackup } from "@/lib/backup/restore";
import { lockForTool, pgliteDir, runTool } from "./backup-cli";

const { positionals } = parseArgs({ allowPositionals: true });
const path = positionals[0];
if (!path) {
  console.error("usage: npm run restore -- FILE");
  process.exit(1);
}

await runTool("restore refused", async (env) => {
  if (!existsSync(path)) throw AppError.fail({ key: "backup.fileNotFound", values: { file: path } });
  const file = new Uint8Array(readFileSync(path));
  checkBackupFile(file);
  const unlock = lockForTool(env);
  const dataDir = pgliteDir(env);
  const fresh = !env.DATABASE_URL && !existsSync(join(dataDir, "PG_VERSION"));
  let restored = false;
  try {
    const database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, { max: 1 }) : await openPglite({ dataDir });
    try {
      const started = performance.now();
      const result = await restoreBackup(database, file);
      restored = true;
      const rows = Object.values(result.manifest.tables).reduce((sum, n) => sum + n, 0);
      console.log(
        `restored ${path} (${result.manifest.database.kind} backup of ${result.manifest.createdAt}, ${Object.keys(result.manifest.tables).length} tables, ${rows} rows) into ${database.kind}` +
          `${result.migrated ? `, ${result.migrated} migrations applied` : ""} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
  } finally {
    if (fresh && !restored) rmSync(dataDir, { recursive: true, force: true });
    unlock();
  }
});
