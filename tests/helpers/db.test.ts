/**
 * The test database's id sequences (docs/decisions/006-testing.md): each table's ids start a
 * million apart from every other table's, on PGlite and PostgreSQL alike, so a query that mixes
 * up two tables' ids finds nothing in a test instead of the row that happens to share the number.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { vatRates, warehouses } from "@db/schema";
import { selectRows } from "@/lib/db";
import { createTestDatabase, ID_SEQUENCE_SPACING, idSequences, type TestDatabase } from "./db";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

const ownedSequences = () => idSequences(database);

describe("a test database's id sequences", () => {
  test("a new warehouse and a new VAT rate get ids at least a million apart, each in its own table's band", async () => {
    const [warehouse] = await database.db.insert(warehouses).values({ name: "Sklad sekvencí" }).returning({ id: warehouses.id });
    const [rate] = await database.db.insert(vatRates).values({ rate: "15.00" }).returning({ id: vatRates.id });
    const sequences = await ownedSequences();
    const bandOf = (table: string) => sequences.findIndex((row) => row.table === table) + 1;
    expect(bandOf("warehouses")).toBeGreaterThan(0);
    expect(bandOf("vat_rates")).toBeGreaterThan(0);
    expect(Math.floor(warehouse!.id / ID_SEQUENCE_SPACING)).toBe(bandOf("warehouses"));
    expect(Math.floor(rate!.id / ID_SEQUENCE_SPACING)).toBe(bandOf("vat_rates"));
    expect(Math.abs(warehouse!.id - rate!.id)).toBeGreaterThanOrEqual(ID_SEQUENCE_SPACING - 1_000);
  });

  test("every table's next id lies in its own million: no two sequences share a band", async () => {
    const sequences = await ownedSequences();
    // Every table of the schema has one (dozens); the count only guards against an empty query.
    expect(sequences.length).toBeGreaterThan(40);
    const bands: number[] = [];
    for (const { sequence } of sequences) {
      const [row] = await selectRows<{ next: string }>(database.db, sql`select nextval(${`public."${sequence}"`}::regclass)::text as next`);
      bands.push(Math.floor(Number(row!.next) / ID_SEQUENCE_SPACING));
    }
    expect(new Set(bands).size).toBe(sequences.length);
    expect(bands).toEqual(sequences.map((_, index) => index + 1));
  });
});
