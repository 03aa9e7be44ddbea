/**
 * An empty PostgreSQL database with a unique name, made on a server (by default the test server,
 * TEST_DATABASE_URL) and dropped by `destroy`: a restore's target
 * (docs/decisions/067-backup-and-restore.md), the database two app instances start on together
 * (docs/decisions/068-several-instances.md), the soak's (docs/decisions/073-soak.md).
 */
import { randomBytes } from "node:crypto";
import { type Database, openPostgres } from "@/lib/db";

export interface ThrowawayPostgres extends Database {
  name: string;
  /** The database's own URL, for an app process's DATABASE_URL. */
  url: string;
  destroy(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = await openPostgres(serverUrl, { max: 1 });
  try {
    await (admin.db as unknown as { $client: { unsafe(query: string): Promise<unknown> } }).$client.unsafe(statement);
  } finally {
    await admin.close();
  }
}

export async function throwawayPostgres(purpose: string, serverUrl = process.env.TEST_DATABASE_URL!): Promise<ThrowawayPostgres> {
  const name = `ohrada_${purpose}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 2 });
  return {
    ...database,
    name,
    url: url.toString(),
    async destroy() {
      await database.close().catch(() => {});
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
