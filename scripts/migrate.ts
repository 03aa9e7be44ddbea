/** Applies pending migrations to DATABASE_URL or the PGlite in DATA_DIR (the app also does this at start-up). */
import { lockDataDir } from "@/lib/data-dir-lock";
import { migrate, openDatabase } from "@/lib/db";
import { EnvError, parseEnv } from "@/env";

try {
  const env = parseEnv(process.env);
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const database = await openDatabase(env);
  await migrate(database);
  await database.close();
  unlock();
  console.log(`migrations applied (${database.kind})`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
