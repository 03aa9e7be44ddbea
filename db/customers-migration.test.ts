/**
 * Migration 0032 on a database made before it (docs/decisions/074-customer-directory.md): a
 * PGlite migrated to 0031 with orders in it, then migrated forward, gathers the orders' customers:
 * one contact per IČO, else per e-mail, else per phone, each with its latest order's data.
 */
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Database, migrationsFolder, openPglite, selectRows } from "@/lib/db";
import { inServicesRun } from "../tests/helpers/db";

const dir = mkdtempSync(join(tmpdir(), "ohrada-0031-"));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

test.skipIf(inServicesRun)(
  "0032 gathers the customers of orders made before it, once",
  async () => {
    // The migrations up to 0031: the journal without 0032 and later.
    cpSync(migrationsFolder, dir, { recursive: true });
    const journal = JSON.parse(readFileSync(join(dir, "meta/_journal.json"), "utf8")) as { entries: { idx: number }[] };
    writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx < 32) }));
    database = await openPglite();
    await migrate(database.db as never, { migrationsFolder: dir });

    const order = (first: string, last: string, phone: string, email: string, ico: string | null, city: string) =>
      sql`insert into fence_orders (status, first_name, last_name, phone, email, ico, city, payment_rule_confirmation, payment_rule_delivery, payment_rule_completion, delivery, vat)
          values ('PRICE_OFFER', ${first}, ${last}, ${phone}, ${email}, ${ico}, ${city}, 10, 55, 35, 'do 14 dnů', 21)`;
    for (const statement of [
      order("Jan", "Novák", "+420 602 111 111", "jan@plotex.cz", "25596641", "Praha"),
      order("Eva", "Nová", "602 222 222", "eva@plotex.cz", "25596641", "Brno"), // the same IČO, another person: one contact, the latest's data
      order("Karel", "Malý", "+420 777 000 001", "karel@seznam.cz", null, "Kolín"),
      order("Karel", "Malý", "777 000 002", "KAREL@seznam.cz", null, "Tábor"), // the same e-mail in capitals: one contact
      order("Věra", "Horká", "731 000 003", "vera@email.cz", null, "Beroun"),
      order("Plotex", "účtárna", "731 000 004", "EVA@plotex.cz", null, "Praha"), // the e-mail of the IČO contact, no IČO: joins it
    ])
      await database.db.execute(statement);

    await migrate(database.db as never, { migrationsFolder });
    const contacts = await selectRows<{ id: number; ico: string | null; email: string; city: string }>(database.db, sql`select id, ico, email, city from customers order by id`);
    expect(contacts.map(({ ico, email, city }) => ({ ico, email, city }))).toEqual([
      { ico: "25596641", email: "eva@plotex.cz", city: "Brno" },
      { ico: null, email: "KAREL@seznam.cz", city: "Tábor" },
      { ico: null, email: "vera@email.cz", city: "Beroun" },
    ]);
    const links = await selectRows<{ customer_id: number }>(database.db, sql`select customer_id from fence_orders order by id`);
    const [company, karel, vera] = contacts.map((contact) => contact.id) as [number, number, number];
    expect(links.map((row) => row.customer_id)).toEqual([company, company, karel, karel, vera, company]);

    // Migrating again changes nothing: the step ran once.
    await migrate(database.db as never, { migrationsFolder });
    expect((await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from customers`))[0]!.n).toBe(3);
  },
  180_000,
);
