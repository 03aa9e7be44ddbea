/**
 * The customer directory over the demo company (docs/decisions/074-customer-directory.md): the
 * demo's orders are filed as contacts, and migration 0032's data step, run again over the demo's
 * 200 orders, gathers them the same way: one contact per IČO, else per e-mail, else per phone.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { customers, fenceOrders } from "@db/schema";
import { phoneKey } from "@/lib/phone";
import { testPasswordCost } from "@/modules/auth/service";
import { HOOK_TIMEOUT_MS, useTestDatabase } from "../../../tests/helpers/service";
import { seedDemo } from "../demo";

const t = useTestDatabase();

/** The statements of migration 0032 after its schema part: the step gathering existing orders' customers. */
const gatherStep = () => {
  const text = readFileSync(join(import.meta.dir, "../../migrations/0032_customers.sql"), "utf8");
  const from = text.indexOf("-- The directory gathers");
  expect(from).toBeGreaterThan(0);
  return text.slice(from).split("--> statement-breakpoint").map((statement) => statement.trim()).filter(Boolean);
};

type OrderRow = { id: number; ico: string | null; email: string; phone: string; customerId: number | null };
type ContactRow = { id: number; ico: string | null; email: string | null; phone: string | null };

/** What the rule gives, worked out here from the orders alone: the contacts' count and each order's IČO/e-mail/phone key. */
function expectedGathering(orders: OrderRow[]) {
  const icos = new Set(orders.flatMap((order) => (order.ico ? [order.ico] : [])));
  const icoEmails = new Set(orders.filter((order) => order.ico).map((order) => order.email.toLowerCase()));
  const rest = orders.filter((order) => !order.ico && !icoEmails.has(order.email.toLowerCase()));
  const emails = new Set(rest.map((order) => order.email.toLowerCase()));
  return icos.size + emails.size;
}

async function readAll() {
  const orders = (await t.db.select({ id: fenceOrders.id, ico: fenceOrders.ico, email: fenceOrders.email, phone: fenceOrders.phone, customerId: fenceOrders.customerId }).from(fenceOrders)) as OrderRow[];
  const contacts = (await t.db.select({ id: customers.id, ico: customers.ico, email: customers.email, phone: customers.phone }).from(customers)) as ContactRow[];
  return { orders, contacts };
}

/** Every order points at a contact that holds its IČO, else its e-mail, else its phone; no two contacts share an IČO. */
function expectGathered(orders: OrderRow[], contacts: ContactRow[]) {
  const byId = new Map(contacts.map((contact) => [contact.id, contact]));
  for (const order of orders) {
    const contact = byId.get(order.customerId ?? -1);
    expect(contact, `order ${order.id}`).toBeDefined();
    if (order.ico) expect(contact!.ico).toBe(order.ico);
    else expect(contact!.email?.toLowerCase() === order.email.toLowerCase() || phoneKey(contact!.phone ?? "") === phoneKey(order.phone)).toBe(true);
  }
  const icos = contacts.flatMap((contact) => (contact.ico ? [contact.ico] : []));
  expect(new Set(icos).size).toBe(icos.length);
}

test(
  "the demo's orders are gathered into contacts, by the demo seed and by migration 0032's data step: no two contacts with one IČO",
  async () => {
    await seedDemo(t.ctx, { passwordCost: testPasswordCost });
    const seeded = await readAll();
    expect(seeded.orders.length).toBe(200);
    expectGathered(seeded.orders, seeded.contacts);
    const companies = new Set(seeded.orders.flatMap((order) => (order.ico ? [order.ico] : []))).size;
    expect(companies).toBeGreaterThan(10);

    // Returning customers: a company's order with another person's e-mail (its IČO groups it), and a
    // household's order with its e-mail in capitals and a new phone (its e-mail groups it).
    const copy = (changes: string, where: string) =>
      t.db.execute(
        sql.raw(`insert into fence_orders (status, first_name, last_name, phone, email, ico, payment_rule_confirmation, payment_rule_delivery, payment_rule_completion, delivery, vat)
          select status, first_name, last_name, ${changes}, payment_rule_confirmation, payment_rule_delivery, payment_rule_completion, delivery, vat
          from fence_orders where ${where} order by id limit 1`),
      );
    await copy("phone, 'nakup@jina-osoba.cz', ico", "ico is not null");
    await copy("'+420 700 000 001', upper(email), ico", "ico is null");

    // The migration's step over the same orders, from an empty directory (the orders' links go with it).
    await t.db.delete(customers);
    expect((await readAll()).orders.every((order) => order.customerId === null)).toBe(true);
    for (const statement of gatherStep()) await t.db.execute(sql.raw(statement));
    const migrated = await readAll();
    expectGathered(migrated.orders, migrated.contacts);
    expect(migrated.orders.length).toBe(202);
    expect(migrated.contacts.length).toBe(expectedGathering(migrated.orders));
    expect(migrated.contacts.length).toBe(seeded.contacts.length);
    expect(migrated.contacts.filter((contact) => contact.ico).length).toBe(companies);
    console.log(`demo: ${migrated.orders.length} orders → ${migrated.contacts.length} contacts (${companies} with an IČO)`);
  },
  HOOK_TIMEOUT_MS,
);
