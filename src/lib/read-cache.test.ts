/**
 * The read cache (docs/decisions/083-throughput.md): an answer is served again until its time-to-live
 * ends or this process writes one of its tables, as drizzle's statements show; a transaction's tables
 * count again after its commit; a write of unknown shape drops everything; a failed read is not kept.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { baskets, sessions, users, vatRates } from "@db/schema";
import { systemCtx, withTransaction } from "@/lib/context";
import { findSessionUser, login, logout, testPasswordCost, createUser } from "@/modules/auth/service";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/db";
import { HOOK_TIMEOUT_MS } from "../../tests/helpers/service";
import { cachedRead, ReadCache, readCacheOf, tableNames } from "./read-cache";

const log = (cache: ReadCache, text: string) => cache.logger.logQuery(text, []);

describe("a ReadCache on its own", () => {
  let clock = 0;
  const cache = new ReadCache(5_000, () => clock);
  let loads = 0;
  const read = (key = "k", tables: readonly string[] = ["baskets", "basket_items"]) =>
    cache.read(key, tables, async () => {
      loads++;
      return loads;
    });

  test("a second read within the time-to-live is served from memory; past it the table is read again", async () => {
    clock = 0;
    loads = 0;
    expect(await read("ttl")).toBe(1);
    clock = 4_999;
    expect(await read("ttl")).toBe(1);
    clock = 5_000;
    expect(await read("ttl")).toBe(2);
  });

  test("a write to one of its tables drops it; a write elsewhere does not", async () => {
    clock = 10_000;
    loads = 0;
    expect(await read("w")).toBe(1);
    log(cache, `update "vat_rates" set "active" = $1 where "vat_rates"."id" = $2`);
    log(cache, `select * from "basket_items"`);
    expect(await read("w")).toBe(1);
    log(cache, `insert into "basket_items" ("basket_id", "product_id") values ($1, $2)`);
    expect(await read("w")).toBe(2);
    log(cache, `delete from "baskets" where "id" = $1`);
    expect(await read("w")).toBe(3);
    log(cache, `with moved as (update "basket_items" set "quantity" = 2 returning 1) select count(*) from moved`);
    expect(await read("w")).toBe(4);
    log(cache, `truncate table "baskets"`);
    expect(await read("w")).toBe(5);
  });

  test("a statement that may write but names no known target drops everything; plain reads and settings drop nothing", async () => {
    clock = 20_000;
    loads = 0;
    expect(await read("a", ["vat_rates"])).toBe(1);
    log(cache, "set local timezone = 'UTC'");
    log(cache, "with x as (select 1) select * from x");
    expect(await read("a", ["vat_rates"])).toBe(1);
    log(cache, "alter table vat_rates add column x int");
    expect(await read("a", ["vat_rates"])).toBe(2);
  });

  test("a failed read is not kept: the next ask reads again", async () => {
    clock = 30_000;
    let attempts = 0;
    const failing = () =>
      cache.read("fails", ["users"], async () => {
        attempts++;
        if (attempts === 1) throw new Error("database away");
        return "ok";
      });
    await expect(failing()).rejects.toThrow("database away");
    expect(await failing()).toBe("ok");
    expect(attempts).toBe(2);
  });

  test("asks that arrive while a read is running share it", async () => {
    clock = 40_000;
    let started = 0;
    let release!: (value: string) => void;
    const slow = () =>
      cache.read("shared", ["users"], () => {
        started++;
        return new Promise<string>((resolve) => (release = resolve));
      });
    const first = slow();
    const second = slow();
    release("one answer");
    expect(await Promise.all([first, second])).toEqual(["one answer", "one answer"]);
    expect(started).toBe(1);
  });
});

describe("several instances: what one writes, the others are told", () => {
  test("a write to a table a cached read depends on is published once per turn; others are not; a received table drops this copy", async () => {
    let clock = 0;
    const here = new ReadCache(5_000, () => clock);
    const published: string[] = [];
    here.connect((payload) => published.push(payload));
    let loads = 0;
    const read = () => here.read("me", ["sessions", "users"], async () => ++loads);
    expect(await read()).toBe(1);
    log(here, `update "vat_rates" set "active" = false`);
    log(here, `update "sessions" set "revoked_at" = $1 where "token_hash" = $2`);
    log(here, `update "users" set "last_name" = $1`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toEqual(["sessions,users"]);
    // The other side: a copy read there is dropped by what arrives.
    const there = new ReadCache(5_000, () => clock);
    let remoteLoads = 0;
    const readThere = () => there.read("me", ["sessions"], async () => ++remoteLoads);
    expect(await readThere()).toBe(1);
    there.received("baskets");
    expect(await readThere()).toBe(1);
    there.received(published[0]!);
    expect(await readThere()).toBe(2);
    there.received("*");
    expect(await readThere()).toBe(3);
  });

  test("a statement of unknown shape tells the others to drop everything", async () => {
    const here = new ReadCache();
    const published: string[] = [];
    here.connect((payload) => published.push(payload));
    log(here, "alter table users add column x int");
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toEqual(["*"]);
  });
});

describe("on a database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, HOOK_TIMEOUT_MS);
  afterAll(() => database.destroy());

  test("the database has its cache; a transaction's db reads around it, so it sees its own writes", async () => {
    const ctx = systemCtx(database.db);
    const cache = readCacheOf(database.db)!;
    expect(cache).toBeInstanceOf(ReadCache);
    const tables = tableNames(vatRates);
    expect(tables).toEqual(["vat_rates"]);
    const count = (db: typeof database.db) => db.select({ n: sql<number>`count(*)::int` }).from(vatRates).then((rows) => rows[0]!.n);
    const before = await cachedRead(database.db, "vat-count", tables, () => count(database.db));
    await withTransaction(ctx, async (tx) => {
      await tx.db.insert(vatRates).values({ rate: "99.50", active: false });
      // Inside the transaction: no cache, the new row is seen.
      expect(await cachedRead(tx.db, "vat-count", tables, () => count(tx.db))).toBe(before + 1);
    });
    expect(await cachedRead(database.db, "vat-count", tables, () => count(database.db))).toBe(before + 1);
  });

  test("a read made between a transaction's write and its commit is dropped when the transaction commits", async () => {
    const ctx = systemCtx(database.db);
    const tables = tableNames(vatRates);
    const count = () => database.db.select({ n: sql<number>`count(*)::int` }).from(vatRates).then((rows) => rows[0]!.n);
    const before = await cachedRead(database.db, "between", tables, count);
    let during = -1;
    await withTransaction(ctx, async (tx) => {
      await tx.db.insert(vatRates).values({ rate: "98.50", active: false });
      // PGlite runs one thing at a time, so the outside read is simulated by storing what it would have seen.
      during = await readCacheOf(database.db)!.read("between", tables, async () => before);
    });
    expect(during).toBe(before);
    expect(await cachedRead(database.db, "between", tables, count)).toBe(before + 1);
  });

  test("a session's user: kept between requests, gone at once after a logout or when the user is deactivated here", async () => {
    const ctx = systemCtx(database.db);
    await createUser({ ctx, input: { email: "cache@ohrada.test", firstName: "Jana", lastName: "Dvořáková", password: "heslo-12345", isAdmin: false }, cost: testPasswordCost });
    const meta = { ip: "127.0.0.9", userAgent: null, ttlHours: 12, cost: testPasswordCost };
    const first = await login({ ctx, input: { email: "cache@ohrada.test", password: "heslo-12345" }, meta });
    expect((await findSessionUser({ ctx, input: { token: first.token } }))?.lastName).toBe("Dvořáková");
    // Changed behind drizzle's back (as another instance would): still the kept answer.
    const client = (database.db as unknown as { $client: { query?: (q: string) => Promise<unknown>; unsafe?: (q: string) => Promise<unknown> } }).$client;
    const raw = (q: string) => (client.query ? client.query(q) : client.unsafe!(q));
    await raw("update users set last_name = 'Jiná' where email = 'cache@ohrada.test'");
    expect((await findSessionUser({ ctx, input: { token: first.token } }))?.lastName).toBe("Dvořáková");
    // Changed here: seen at once.
    await database.db.update(users).set({ lastName: "Nová" }).where(eq(users.email, "cache@ohrada.test"));
    expect((await findSessionUser({ ctx, input: { token: first.token } }))?.lastName).toBe("Nová");
    await logout({ ctx, input: { token: first.token } });
    expect(await findSessionUser({ ctx, input: { token: first.token } })).toBeNull();
    const second = await login({ ctx, input: { email: "cache@ohrada.test", password: "heslo-12345" }, meta });
    expect(await findSessionUser({ ctx, input: { token: second.token } })).not.toBeNull();
    await database.db.update(users).set({ active: false }).where(eq(users.email, "cache@ohrada.test"));
    expect(await findSessionUser({ ctx, input: { token: second.token } })).toBeNull();
    expect(tableNames(sessions, baskets)).toEqual(["sessions", "baskets"]);
  });
});
