/**
 * An empty PostgreSQL database on the test server (TEST_DATABASE_URL) with a unique name, for a
 * restore's target; `destroy` drops it (docs/decisions/067-backup-and-restore.md).
 */
import { randomBytes } from "node:crypto";
import { type Database, openPostgres } from "@/lib/db";
import { urlFor, withAdmin } from "./db";

const run = (admin: Database, statement: string) => (admin.db as unknown as { $client: { unsafe(query: string): Promise<unknown> } }).$client.unsafe(statement);

export async function throwawayPostgres(purpose: string): Promise<Database & { destroy(): Promise<void> }> {
  const name = `ohrada_${purpose}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin((admin) => run(admin, `create database "${name}"`));
  const database = await openPostgres(urlFor(name), { max: 2 });
  return {
    ...database,
    async destroy() {
      await database.close().catch(() => {});
      await withAdmin((admin) => run(admin, `drop database if exists "${name}" with (force)`));
    },
  };
}
