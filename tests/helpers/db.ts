/**
 * A fresh, migrated and reference-seeded database per test file.
 * - PGlite (default): migrate once per process, dump the data dir, and load the dump (~0.3 s).
 * - PostgreSQL (TEST_DATABASE_URL): migrate one template database per migration set, then
 *   CREATE DATABASE … TEMPLATE for each test file.
 * In both, every table's id sequence starts far from every other's before anything is seeded
 * (`spreadIdSequences`), so no id of one table equals an id of another by accident.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, migrate, migrationsFolder, openPglite, openPostgres, selectRows } from "@/lib/db";
import { systemCtx } from "@/lib/context";
import { seedReference } from "@db/seed/reference";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * True in the run on the real services (TEST_DATABASE_URL). CI runs the suite twice, embedded and
 * on the services; a test that opens its own PGlite, or starts the app on its embedded defaults,
 * does the same work in both, so it skips this run: `test.skipIf(inServicesRun)`
 * (docs/decisions/084-suite-wall-time.md).
 */
export const inServicesRun = usingPostgres;

function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith(".sql")).sort()) {
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  // Seeds shape the template too: the reference seed and the engine parameters it creates; and
  // this file, whose rules (the far-apart id sequences) are part of what a template holds.
  for (const file of ["db/seed/reference.ts", "src/modules/catalogue/category-parameter/roles.ts", "src/modules/orders/fence-item/parameters.ts", "tests/helpers/db.ts"]) {
    hash.update(readFileSync(join(import.meta.dir, "../..", file)));
  }
  return hash.digest("hex").slice(0, 12);
}

/** The gap between two tables' first ids: more rows than any test writes into one table. */
export const ID_SEQUENCE_SPACING = 1_000_000;

/** The public schema's identity and serial sequences, by table then column name. */
export function idSequences(database: Database): Promise<{ table: string; column: string; sequence: string }[]> {
  return selectRows(
    database.db,
    sql`select t.relname as "table", a.attname as "column", s.relname as "sequence"
        from pg_class s
        join pg_namespace n on n.oid = s.relnamespace
        join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and n.nspname = 'public'
        order by t.relname, a.attname`,
  );
}

/**
 * Restarts each identity or serial sequence of the public schema at its own far-apart value: the
 * n-th (by table, then column, name) at n × 1,000,000 + 1. Order 1 and invoice 1 of a fresh
 * database once let a subquery that compared an invoice's order with the invoice's own id pass
 * every test (docs/decisions/006-testing.md); with the ids apart such a mix-up finds nothing.
 * The sequences are read from the catalogue, so a new table is covered without a change here.
 * Returns the sequences with their new first values.
 */
export async function spreadIdSequences(database: Database): Promise<{ table: string; column: string; sequence: string; start: number }[]> {
  const owned = await idSequences(database);
  const spread = owned.map((row, index) => ({ ...row, start: (index + 1) * ID_SEQUENCE_SPACING + 1 }));
  for (const { sequence, start } of spread) {
    await database.db.execute(sql`alter sequence ${sql.identifier("public")}.${sql.identifier(sequence)} restart with ${sql.raw(String(start))}`);
  }
  return spread;
}

let pgliteTemplate: Promise<Blob> | null = null;

async function buildPgliteTemplate(): Promise<Blob> {
  const database = await openPglite();
  await migrate(database);
  await spreadIdSequences(database);
  await seedReference(systemCtx(database.db));
  const client = (database.db as unknown as { $client: { dumpDataDir(format: "gzip" | "none"): Promise<Blob | File> } }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  return dump;
}

export async function withAdmin<T>(work: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

export function urlFor(database: string): string {
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
          await spreadIdSequences(database);
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
