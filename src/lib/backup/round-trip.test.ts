/**
 * Backup and restore (docs/decisions/067-backup-and-restore.md): the demo company, backed up and
 * restored into a fresh PGlite and (with TEST_DATABASE_URL) a fresh PostgreSQL database, comes back
 * whole: every table's rows and checksum, the id sequences, an order's offer PDF and totals. A file
 * that is not a backup, is cut short, is from a newer app, or a target that is not empty is refused
 * with a clear message and changes nothing. The commands run as the README shows them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import { seedDemo } from "@db/seed/demo";
import { type Ctx, systemCtx } from "@/lib/context";
import { type Database, openPglite, selectRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { tFor, translateMessage } from "@/lib/i18n";
import { testPasswordCost } from "@/modules/auth/service";
import { readItemsTab } from "@/modules/orders/fence-item/items-read";
import { fenceOfferPdf } from "@/modules/orders/fence-offer/service";
import { createTestDatabase, type TestDatabase, usingPostgres } from "../../../tests/helpers/db";
import { HOOK_TIMEOUT_MS } from "../../../tests/helpers/service";
import { pdfText } from "../../../tests/helpers/pdf-text";
import { tableSnapshot } from "../../../tests/helpers/table-snapshot";
import { throwawayPostgres } from "../../../tests/helpers/throwaway-postgres";
import { type BackupManifest, packBackup, unpackBackup } from "./archive";
import { type Backup, takeBackup } from "./dump";
import { isEmptyDatabase, restoreBackup } from "./restore";

const ROOT = join(import.meta.dir, "../../..");

let source: TestDatabase;
let backup: Backup;
let expected: Expected;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  source = await createTestDatabase();
  cleanups.push(() => source.destroy());
  await seedDemo(systemCtx(source.db), { passwordCost: testPasswordCost });
  const started = performance.now();
  backup = await takeBackup(source);
  console.log(`backup of the demo company (${source.kind}): ${Math.round(performance.now() - started)} ms, ${Math.round(backup.bytes.length / 1024)} KB`);
  expected = await expectedOf(source);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Every table of ours (drizzle's migrations too): rows and their checksum, and each sequence's position, read in UTC. */
async function fingerprint(database: Pick<Database, "db">): Promise<unknown> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const ctx: Ctx = { ...systemCtx(tx as never), inTransaction: true };
    const tables = (await selectRows<{ name: string }>(ctx.db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map((row) => row.name);
    const [migrations] = await selectRows(
      ctx.db,
      sql`select count(*)::int as n, md5(string_agg(m::text, '|' order by m.id)) as hash from drizzle.__drizzle_migrations m`,
    );
    const sequences = await selectRows(ctx.db, sql`select schemaname, sequencename, last_value::text as last_value from pg_sequences order by 1, 2`);
    return { tables: JSON.parse(await tableSnapshot(ctx, tables)), migrations, sequences };
  });
}

/** An order of the demo with fence items: its offer's text and its items tab, as today's code reads them. */
async function orderFacts(database: Pick<Database, "db">, orderId: number) {
  const ctx = systemCtx(database.db);
  const offer = await fenceOfferPdf({ ctx, input: { orderId, regenerate: true } });
  return { offer: pdfText(offer.pdf), tab: await readItemsTab(ctx, orderId) };
}

async function demoOrderId(database: Pick<Database, "db">): Promise<number> {
  const [row] = await selectRows<{ id: number }>(database.db, sql`select min(order_id)::int as id from fence_order_items`);
  return row!.id;
}

interface Expected {
  fingerprint: unknown;
  orderId: number;
  facts: Awaited<ReturnType<typeof orderFacts>>;
}

/** What a restore of the database's backup must give back; read before anything renders (an offer fills its cache table). */
async function expectedOf(database: Pick<Database, "db">): Promise<Expected> {
  const fingerprinted = await fingerprint(database);
  const orderId = await demoOrderId(database);
  return { fingerprint: fingerprinted, orderId, facts: await orderFacts(database, orderId) };
}

async function restoresWhole(target: Database, label: string, file: Uint8Array, expected: Expected) {
  const started = performance.now();
  const result = await restoreBackup(target, file);
  console.log(`restore into ${label}: ${Math.round(performance.now() - started)} ms (load ${Math.round(result.loadMs)} ms)`);
  expect(result.migrated).toBe(0);
  const restored = await fingerprint(target);
  expect((restored as { tables: unknown[] }).tables.length).toBeGreaterThan(60);
  expect(restored).toEqual(expected.fingerprint);
  const facts = await orderFacts(target, expected.orderId);
  expect(facts.tab.summary.total).toBeGreaterThan(0);
  expect(facts.tab).toEqual(expected.facts.tab);
  expect(facts.offer).toContain(String(expected.orderId));
  expect(facts.offer).toBe(expected.facts.offer);
}

let restoredPglite: Database | null = null;

describe("the demo company round trip", () => {
  test("restores into a fresh PGlite: every table, its checksum and sequences, an order's offer and totals", async () => {
    const target = await openPglite();
    cleanups.push(() => target.close());
    await restoresWhole(target, "a fresh PGlite", backup.bytes, expected);
    restoredPglite = target;
  });

  test.if(usingPostgres)("restores into a fresh PostgreSQL database, and the embedded copy's own backup moves up to one", async () => {
    const target = await throwawayPostgres("restore");
    cleanups.push(() => target.destroy());
    await restoresWhole(target, "a fresh PostgreSQL", backup.bytes, expected);
    // Moving up: a backup taken from the embedded database restores into a PostgreSQL server.
    expect(restoredPglite).not.toBeNull();
    // Its offer was rendered above (a cache row of its own): fingerprinted as it is backed up; the order reads as the demo's.
    const fromEmbedded = { ...expected, fingerprint: await fingerprint(restoredPglite!) };
    const embedded = await takeBackup(restoredPglite!);
    expect(embedded.manifest.database.kind).toBe("pglite");
    const server = await throwawayPostgres("moveup");
    cleanups.push(() => server.destroy());
    await restoresWhole(server, "PostgreSQL from the embedded copy", embedded.bytes, fromEmbedded);
  });
});

describe("a restore refuses, saying why, and changes nothing", () => {
  let empty: Database;
  beforeAll(async () => {
    empty = await openPglite();
    cleanups.push(() => empty.close());
  }, HOOK_TIMEOUT_MS);

  const refusal = async (work: Promise<unknown>): Promise<string> => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return translateMessage(tFor("en"), (error as AppError).messages[0]!);
  };
  const repacked = (change: (manifest: BackupManifest) => void) => {
    const entries = unzipSync(backup.bytes);
    const manifest = JSON.parse(new TextDecoder().decode(entries["manifest.json"])) as BackupManifest;
    change(manifest);
    return packBackup(manifest, entries["database.sql"]!);
  };

  test("a file that is not a backup", async () => {
    for (const file of [strToU8("-- just some SQL\nselect 1;\n"), zipSync({ "notes.txt": strToU8("Poznámky") }), new Uint8Array(0)]) {
      expect(await refusal(restoreBackup(empty, file))).toBe("The file is not an Ohrada backup.");
    }
    expect(await isEmptyDatabase(empty)).toBe(true);
  });

  test("a backup cut short, or with its SQL changed", async () => {
    for (const size of [backup.bytes.length - 1, Math.floor(backup.bytes.length / 2), 100]) {
      expect(await refusal(restoreBackup(empty, backup.bytes.subarray(0, size)))).toBe("The backup is damaged or incomplete (cut short); nothing was changed.");
    }
    const entries = unzipSync(backup.bytes);
    const changed = new TextDecoder().decode(entries["database.sql"]).replace("Ohrada", "Ohrady");
    const forged = zipSync({ "manifest.json": entries["manifest.json"]!, "database.sql": strToU8(changed) });
    expect(await refusal(restoreBackup(empty, forged))).toBe("The backup is damaged or incomplete (cut short); nothing was changed.");
    expect(await isEmptyDatabase(empty)).toBe(true);
  });

  test("a backup from a newer app", async () => {
    const newer = repacked((manifest) => {
      manifest.appVersion = "9.0.0";
      manifest.migrations.lastCreatedAt = Date.UTC(2100, 0, 1);
    });
    expect(await refusal(restoreBackup(empty, newer))).toContain("newer Ohrada (9.0.0)");
    expect(await isEmptyDatabase(empty)).toBe(true);
  });

  test("a target that is not empty", async () => {
    const before = await tableSnapshot(systemCtx(source.db));
    expect(await refusal(restoreBackup(source, backup.bytes))).toContain("The target database is not empty");
    expect(await tableSnapshot(systemCtx(source.db))).toBe(before);
  });

  test("rows that do not match the manifest: the load is rolled back", async () => {
    const wrong = repacked((manifest) => {
      manifest.tables["public.products"]! += 1;
    });
    expect(await refusal(restoreBackup(empty, wrong))).toMatch(/^After loading, table public\.products has \d+ rows where the backup has \d+; nothing was changed\.$/);
    expect(await isEmptyDatabase(empty)).toBe(true);
  });
});

describe("npm run backup and npm run restore", () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-backup-cli-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const run = async (script: string, args: string[], env: Record<string, string>) => {
    const child = Bun.spawn([process.execPath, "run", join(ROOT, "scripts", script), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    return { out, err, code };
  };

  test("restore into an empty DATA_DIR, a backup of it, and the refusals a shell sees", async () => {
    const file = join(dir, "demo.zip");
    writeFileSync(file, backup.bytes);
    const dataDir = join(dir, "data");

    const cut = join(dir, "cut.zip");
    writeFileSync(cut, backup.bytes.subarray(0, 5000));
    const refused = await run("restore.ts", [cut], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("The backup is damaged or incomplete (cut short); nothing was changed.");
    expect(await Bun.file(join(dataDir, "pglite", "PG_VERSION")).exists()).toBe(false);

    const restored = await run("restore.ts", [file], { DATA_DIR: dataDir });
    expect(restored.err).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`restored ${file}`);

    const again = await run("restore.ts", [file], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.err).toContain("The target database is not empty");

    const out = join(dir, "again.zip");
    const made = await run("backup.ts", ["--out", out], { DATA_DIR: dataDir });
    expect(made.code).toBe(0);
    expect(made.out).toContain(`backup written: ${out}`);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    // The restored copy's backup holds what the first one held, row for row.
    const copied = unpackBackup(new Uint8Array(await Bun.file(out).arrayBuffer())).manifest;
    expect(copied.tables).toEqual(backup.manifest.tables);

    // A running app holds DATA_DIR: this test process stands in for it.
    writeFileSync(join(dataDir, "ohrada.pid"), String(process.pid));
    const locked = await run("backup.ts", ["--out", join(dir, "locked.zip")], { DATA_DIR: dataDir });
    expect(locked.code).toBe(1);
    expect(locked.err).toContain(`is in use by the running app (process ${process.pid}). Download a backup from Settings → Backups, or stop the app first.`);
  });
});
