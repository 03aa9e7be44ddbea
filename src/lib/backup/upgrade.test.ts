/**
 * Upgrades (docs/decisions/067-backup-and-restore.md): a backup made by an earlier release restores
 * into this one and migrates forward with its data intact. A database of the previous release (the
 * migrations but the newest) is moved forward by the restore; the fixture was made once by
 * tests/fixtures/backups/make-small.ts with the schema of its name (0031) and is never remade: this
 * test keeps it working in every later release.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateWith } from "drizzle-orm/pglite/migrator";
import journal from "@db/migrations/meta/_journal.json";
import { systemCtx } from "@/lib/context";
import { type Database, migrationsFolder, openPglite, selectRows } from "@/lib/db";
import { readItemsTab } from "@/modules/orders/fence-item/items-read";
import { throwawayPostgres } from "../../../tests/helpers/throwaway-postgres";
import { inServicesRun } from "../../../tests/helpers/db";
import { takeBackup } from "./dump";
import { restoreBackup } from "./restore";

const FIXTURE = join(import.meta.dir, "../../../tests/fixtures/backups/0031-small.zip");

// Into PGlite in the embedded run, into PostgreSQL in the services run: the PGlite case would be
// the same work twice (decision 084).
const targets: { name: string; open: () => Promise<Database & { destroy(): Promise<void> }> }[] = inServicesRun
  ? [{ name: "PostgreSQL", open: () => throwawayPostgres("upgrade") }]
  : [{ name: "PGlite", open: async () => ({ ...(await openPglite()), destroy: async () => {} }) }];

const opened: { destroy(): Promise<void>; close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const database of opened) {
    await database.close().catch(() => {});
    await database.destroy();
  }
});

/** A migrations folder without the newest migration: what the previous release shipped. */
function previousRelease(): string {
  const folder = mkdtempSync(join(tmpdir(), "ohrada-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const older = { ...journal, entries: journal.entries.slice(0, -1) };
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(older));
  return folder;
}

describe.each(targets)("a backup one migration behind into $name", ({ open }) => {
  test("is moved forward by the restore", async () => {
    const folder = previousRelease();
    const source = await openPglite();
    opened.push({ close: () => source.close(), destroy: async () => rmSync(folder, { recursive: true, force: true }) });
    await migrateWith(source.db as never, { migrationsFolder: folder });
    const backup = await takeBackup(source);
    expect(backup.manifest.migrations.count).toBe(journal.entries.length - 1);

    const database = await open();
    opened.push(database);
    const result = await restoreBackup(database, backup.bytes);
    expect(result.migrated).toBe(1);
    const [last] = await selectRows<{ n: number; hash: string }>(
      database.db,
      sql`select (select count(*)::int from drizzle.__drizzle_migrations) as n, (select hash from drizzle.__drizzle_migrations order by created_at desc limit 1) as hash`,
    );
    const newest = journal.entries.at(-1)!.tag;
    expect(last).toEqual({ n: journal.entries.length, hash: createHash("sha256").update(readFileSync(join(migrationsFolder, `${newest}.sql`))).digest("hex") });
  });
});

describe.each(targets)("the 0031 backup into $name", ({ open }) => {
  test("restores, migrates to this release and keeps its order, invoice, stock and logo", async () => {
    const database = await open();
    opened.push(database);
    const result = await restoreBackup(database, new Uint8Array(readFileSync(FIXTURE)));
    expect(result.manifest.migrations.count).toBe(32);
    const [migrations] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(migrations!.n).toBe(journal.entries.length);
    expect(result.migrated).toBe(journal.entries.length - 32);

    const [order] = await selectRows<{ id: number; name: string; company: string; note: string; discount: string }>(
      database.db,
      sql`select id, first_name || ' ' || last_name as name, company, note, discount_amount::text as discount from fence_orders`,
    );
    expect(order).toEqual({ id: 1, name: "Řehoř Šťastný", company: "Zahradnictví Ůlehla", note: "Záloha pro zkoušku migrací", discount: "1000.00" });
    // Today's code reads the migrated order: 6 885 + 869,70 + 350 − 1 000 without VAT, 21 % on top.
    const tab = await readItemsTab(systemCtx(database.db), order!.id);
    expect([tab.items.length, tab.otherItems.length, tab.assemblyItems.length]).toEqual([1, 1, 1]);
    expect(tab.summary).toEqual({ priceWithoutVat: 7104.7, vatRate: 21, vat: 1491.99, total: 8596.69 });

    const invoices = await selectRows<{ number: string; total: string; status: string; lines: number }>(
      database.db,
      sql`select number, total::text as total, status, (select count(*)::int from invoice_lines) as lines from invoices`,
    );
    expect(invoices).toEqual([{ number: "2026100001", total: "8596.69", status: "OPEN", lines: 4 }]);
    const stock = await selectRows<{ warehouse: string; quantity: string }>(
      database.db,
      sql`select w.name as warehouse, i.quantity::text as quantity from warehouse_items i join warehouses w on w.id = i.warehouse_id`,
    );
    expect(stock).toEqual([{ warehouse: "Sklad Žďár", quantity: "12.500" }]);
    const [logo] = await selectRows<{ hash: string; type: string }>(database.db, sql`select md5(logo) as hash, logo_mime_type as type from company_identity`);
    expect(logo).toEqual({ hash: "16ed43254271622fd323ce9123c7dbc9", type: "image/png" });
  });
});
