/**
 * Settings → Backups (docs/decisions/067-backup-and-restore.md): admins only; a backup downloaded
 * while the app runs restores; the nightly job writes into DATA_DIR/backups and keeps the newest
 * `keep` of them, which the page lists and serves by name.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, selectRows } from "@/lib/db";
import { takeBackup } from "@/lib/backup/dump";
import { restoreBackup } from "@/lib/backup/restore";
import { writeNightlyBackupJob } from "@/modules/settings/backups/service";
import { type Session, useTestApp } from "../helpers/app";
import { runPeriodicJobsNow } from "../helpers/jobs";
import { tableSnapshot } from "../helpers/table-snapshot";

const dataDir = mkdtempSync(join(tmpdir(), "ohrada-backups-"));
const t = useTestApp({ dataDir });
let admin: Session;
let clerk: Session;

beforeAll(async () => {
  admin = await t.current.login({ admin: true });
  clerk = await t.current.login();
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const backupsDir = join(dataDir, "backups");
const kept = () => (existsSync(backupsDir) ? readdirSync(backupsDir).sort() : []);

describe("Settings → Backups", () => {
  test("is for admins only: the page, a download, a kept file and the setting refuse anyone else", async () => {
    mkdirSync(backupsDir, { recursive: true });
    writeFileSync(join(backupsDir, "ohrada-backup-2026-01-01T02-30-00Z.zip"), "kept");
    const before = await tableSnapshot(t.current.ctx);
    for (const response of [
      await clerk.page("/settings/backups"),
      await clerk.page("/settings/backups/download", { method: "POST" }),
      await clerk.page("/settings/backups/files/ohrada-backup-2026-01-01T02-30-00Z.zip"),
      await clerk.page("/settings/backups", { form: { keep: "3" } }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.headers.get("Content-Type")).not.toContain("zip");
    }
    expect(await tableSnapshot(t.current.ctx)).toBe(before);
    rmSync(backupsDir, { recursive: true, force: true });
  });

  test("an admin downloads a backup of the running app, and it restores", async () => {
    const response = await admin.page("/settings/backups/download", { method: "POST" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="ohrada-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip"$/);
    const file = new Uint8Array(await response.arrayBuffer());
    const copy = await openPglite();
    try {
      await restoreBackup(copy, file);
      expect(await selectRows(copy.db, sql`select count(*)::int as n from users where email = ${admin.user.email}`)).toEqual([{ n: 1 }]);
    } finally {
      await copy.close();
    }
  });

  test("a backup taken while transactions write: each is in it whole or not at all, and every write lands", async () => {
    const { ctx, database } = t.current;
    const writes = Array.from({ length: 20 }, (_, i) =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`insert into eshops (name, url) values (${`Souběh ${i} a`}, 'https://a.example')`);
        await Bun.sleep(5);
        await tx.execute(sql`insert into eshops (name, url) values (${`Souběh ${i} b`}, 'https://b.example')`);
      }),
    );
    const [backup] = await Promise.all([takeBackup(database), ...writes]);
    const count = sql`select count(*)::int as n from eshops where name like 'Souběh %'`;
    expect(await selectRows(ctx.db, count)).toEqual([{ n: 40 }]);
    const copy = await openPglite();
    try {
      await restoreBackup(copy, backup.bytes);
      const [restored] = await selectRows<{ n: number }>(copy.db, count);
      expect(restored!.n % 2).toBe(0);
    } finally {
      await copy.close();
    }
  });

  test("a backup leaves the app's connection as it was (PGlite: pg_dump runs on the app's one session)", async () => {
    const { ctx, database } = t.current;
    const settings = () => selectRows<{ name: string; setting: string }>(ctx.db, sql`select name, setting from pg_settings order by name`);
    const before = await settings();
    expect(before.find((row) => row.name === "restrict_nonsystem_relation_kind")).toBeDefined();
    await takeBackup(database);
    expect(await settings()).toEqual(before);
    expect(await selectRows(ctx.db, sql`select current_setting('transaction_isolation') as isolation, count(*)::int as n from pg_views where viewname = 'pg_settings'`)).toEqual([
      { isolation: "read committed", n: 1 },
    ]);
  });

  test("a download must come from our own pages (a cross-site form cannot start one)", async () => {
    const response = await admin.page("/settings/backups/download", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).not.toContain("zip");
  });

  test("the nightly job keeps the newest `keep` backups, which the page lists and serves", async () => {
    const page = await admin.page("/settings/backups");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Zatím žádná noční záloha.");
    expect(html).toContain('name="keep" value="7"');

    expect((await admin.page("/settings/backups", { form: { keep: "2" } })).status).toBe(303);
    const nights = ["2026-11-25T01:30:00Z", "2026-11-26T01:30:00Z", "2026-11-27T01:30:00Z"];
    for (const night of nights) {
      const [outcome] = await runPeriodicJobsNow(t.current.database, [writeNightlyBackupJob], new Date(night), { dataDir });
      expect(outcome).toMatchObject({ name: "settings.writeBackup", outcome: "done" });
    }
    // Something else in the folder is neither listed, served nor deleted.
    writeFileSync(join(backupsDir, "notes.txt"), "not a backup");
    expect(kept()).toEqual(["notes.txt", "ohrada-backup-2026-11-26T01-30-00Z.zip", "ohrada-backup-2026-11-27T01-30-00Z.zip"]);

    const listed = await (await admin.page("/settings/backups")).text();
    expect(listed).toContain("/settings/backups/files/ohrada-backup-2026-11-27T01-30-00Z.zip");
    expect(listed).toContain("27.11.2026 02:30");
    expect(listed).not.toContain("2026-11-25");
    expect(listed).not.toContain("notes.txt");

    const name = "ohrada-backup-2026-11-27T01-30-00Z.zip";
    const served = await admin.page(`/settings/backups/files/${name}`);
    expect(served.status).toBe(200);
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(readFileSync(join(backupsDir, name))));
    // Everything is in it, password hashes included: only the app's user reads it.
    expect(statSync(join(backupsDir, name)).mode & 0o777).toBe(0o600);
    for (const other of ["notes.txt", "ohrada-backup-2026-11-25T01-30-00Z.zip", "..%2F..%2Fetc%2Fpasswd"]) {
      expect((await admin.page(`/settings/backups/files/${other}`)).status).toBe(404);
    }
  });

  test("a number of backups to keep out of range changes nothing", async () => {
    for (const keep of ["0", "91", "tři"]) {
      const response = await admin.page("/settings/backups", { form: { keep } });
      expect(response.status).toBe(422);
    }
    expect(await (await admin.page("/settings/backups")).text()).toContain('name="keep" value="2"');
  });
});
