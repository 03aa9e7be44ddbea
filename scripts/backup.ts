/**
 * `npm run backup -- --out FILE`: one file holding the whole database (docs/decisions/067-backup-and-restore.md),
 * from DATABASE_URL or the PGlite in DATA_DIR (which a running app holds: download from Settings then).
 */
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { backupFileName, takeBackup } from "@/lib/backup/dump";
import { lockForTool, pgliteDir, runTool } from "./backup-cli";

const { values } = parseArgs({ options: { out: { type: "string" } } });

await runTool("backup failed", async (env) => {
  if (!env.DATABASE_URL && !existsSync(join(pgliteDir(env), "PG_VERSION"))) throw AppError.fail({ key: "backup.noDatabase", values: { dir: env.DATA_DIR } });
  const out = values.out ?? backupFileName(new Date());
  const unlock = lockForTool(env);
  try {
    const database = await openDatabase(env);
    try {
      const started = performance.now();
      const backup = await takeBackup(database);
      // Written aside and renamed: a file under the given name is always whole. Readable by this user
      // only: it holds everything, password hashes included.
      writeFileSync(`${out}.partial`, backup.bytes, { mode: 0o600 });
      renameSync(`${out}.partial`, out);
      const rows = Object.values(backup.manifest.tables).reduce((sum, n) => sum + n, 0);
      console.log(
        `backup written: ${out} (${Math.ceil(backup.bytes.length / 1024)} KB, ${Object.keys(backup.manifest.tables).length} tables, ${rows} rows, ${database.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
});
