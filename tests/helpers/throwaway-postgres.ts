/**
 * An empty PostgreSQL database on the test server (TEST_DATABASE_URL) with a unique name, for a
 * restore's target; `destroy` drops it (docs/decisions/067-backup-and-restore.md).
 */
import { randomBytes } from "node:crypto";
import { type Database, openPostgres } from "@/lib/db";

type Admin = { unsafe(query: string): Promise<unknown> };

async function asAdmin(work: (admin: Admin) => Promise<unknown>): Promise<void> {
  const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
  try {
    await work((admin.db as unknown as { $client: Admin }).$client);
  } finally {
    await admin.close();
  }
}

export async function throwawayPostgres(purpose: string): Promise<Database & { url: string; destroy(): Promise<void> }> {
  const name = `ohrada_${purpose}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await asAdmin((admin) => admin.unsafe(`create database "${name}"`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 2 });
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close().catch(() => {});
      await asAdmin((admin) => admin.unsafe(`drop database if exists "${name}" with (force)`));
    },
  };
}
