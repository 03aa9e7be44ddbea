/**
 * A fresh, migrated and reference-seeded database per test file.
 * - PGlite (default): migrate once per process, dump the data dir, and load the dump (~0.3 s).
 * - PostgreSQL (TEST_DATABASE_URL): migrate one template database per migration set, then
 *   CREATE DATABASE … TEMPLATE for each test file.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Database, migrate, migrationsFolder, openPglite, openPostgres } from "@/lib/db";
import { systemCtx } from "@/lib/context";
import { seedReference } from "@db/seed/reference";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith(".sql")).sort()) {
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  // Seeds shape the template too: the reference seed and the engine parameters it creates.
  for (const file of ["db/seed/reference.ts", "src/modules/catalogue/category-parameter/roles.ts", "src/modules/orders/fence-item/parameters.ts"]) {
    hash.update(readFileSync(join(import.meta.dir, "../..", file)));
  }
  return hash.digest("hex").slice(0, 12);
}

let pgliteTemplate: Promise<Blob> | null = null;

async function buildPgliteTemplate(): Promise<Blob> {
  const database = await openPglite();
  await migrate(database);
  await seedReference(systemCtx(database.db));
  const client = (database.db as unknown as { $client: { dumpDataDir(format: "gzip" | "none"): Promise<Blob | File> } }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  return dump;
}

async function withAdmin<T>(work: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

function urlFor(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | null = null;

async function ensurePostgresTemplate(): Promise<string> {
  const name = `ohrada_tpl_${migrationsHash()}`;
  await withAdmin(async (admin) => {
    const run = (sql: string) => (admin.db as unknown as { $client: { unsafe(q: string): Promise<unknown[]> } }).$client.unsafe(sql);
    // Parallel test processes race to build the template; an advisory lock serialises them.
    await run("select pg_advisory_lock(724301)");
    try {
      const exists = (await run(`select 1 from pg_database where datname = '${name}'`)) as unknown[];
      if (exists.length === 0) {
        const building = `${name}_build_${process.pid}`;
        await run(`drop database if exists "${building}"`);
        await run(`create database "${building}"`);
        const database = await openPostgres(urlFor(building), { max: 1 });
        try {
          await migrate(database);
          await seedReference(systemCtx(database.db));
        } finally {
          await database.close();
        }
        await run(`alter database "${building}" rename to "${name}"`);
        await run(`alter database "${name}" with is_template true`);
      }
    } finally {
      await run("select pg_advisory_unlock(724301)");
    }
  });
  return name;
}

export interface TestDatabase extends Database {
  /** Drops the per-file database (PostgreSQL) or closes PGlite. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!usingPostgres) {
    pgliteTemplate ??= buildPgliteTemplate();
    const database = await openPglite({ loadDataDir: await pgliteTemplate });
    return { ...database, destroy: () => database.close() };
  }
  postgresTemplate ??= ensurePostgresTemplate();
  const template = await postgresTemplate;
  const name = `ohrada_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin(async (admin) => {
    await (admin.db as unknown as { $client: { unsafe(q: string): Promise<unknown> } }).$client.unsafe(`create database "${name}" template "${template}"`);
  });
  const database = await openPostgres(urlFor(name), { max: 5 });
  return {
    ...database,
    async destroy() {
      await database.close();
      await withAdmin(async (admin) => {
        await (admin.db as unknown as { $client: { unsafe(q: string): Promise<unknown> } }).$client.unsafe(`drop database if exists "${name}" with (force)`);
      });
    },
  };
}
