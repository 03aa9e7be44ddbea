import { describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { idempotencyKeys } from "@db/schema";
import { usingPostgres } from "../../tests/helpers/db";
import { runPeriodicJobsNow } from "../../tests/helpers/jobs";
import { useTestDatabase } from "../../tests/helpers/service";
import { type Ctx, systemCtx } from "./context";
import { AppError } from "./errors";
import { purgeExpiredIdempotencyKeysJob, purgeExpiredKeys, withIdempotency } from "./idempotency";
import { selectRows } from "./db";

const t = useTestDatabase();
let userSequence = 1000;

/** Each test its own user, so keys never meet across tests. */
const userCtx = (): Ctx => ({ ...systemCtx(t.db), userId: ++userSequence });

/** A piece of work that counts its runs and answers the run number. */
function counter() {
  const state = { runs: 0 };
  const work = async () => ({ run: ++state.runs, at: "2026-03-07" });
  return { state, work };
}

const storedKeys = async (userId: number) =>
  t.db.select({ key: idempotencyKeys.key, operation: idempotencyKeys.operation, response: idempotencyKeys.response }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

describe("withIdempotency", () => {
  test("without a key the work runs every time", async () => {
    const ctx = userCtx();
    const { state, work } = counter();
    await withIdempotency({ ctx, key: undefined, operation: "test.op" }, work);
    await withIdempotency({ ctx, key: "", operation: "test.op" }, work);
    await withIdempotency({ ctx, key: null, operation: "test.op" }, work);
    expect(state.runs).toBe(3);
    expect(await storedKeys(ctx.userId!)).toEqual([]);
  });

  test("the same key runs once and answers the stored response the second time", async () => {
    const ctx = userCtx();
    const { state, work } = counter();
    const first = await withIdempotency({ ctx, key: "key-000000001", operation: "test.op" }, work);
    const second = await withIdempotency({ ctx, key: "key-000000001", operation: "test.op" }, work);
    expect(first).toEqual({ run: 1, at: "2026-03-07" });
    expect(second).toEqual(first);
    expect(state.runs).toBe(1);
    expect(await storedKeys(ctx.userId!)).toEqual([{ key: "key-000000001", operation: "test.op", response: '{"run":1,"at":"2026-03-07"}' }]);
    // Another key runs again.
    expect(await withIdempotency({ ctx, key: "key-000000002", operation: "test.op" }, work)).toEqual({ run: 2, at: "2026-03-07" });
  });

  test("keys are per user: another user's identical key is a new submit", async () => {
    const { state, work } = counter();
    await withIdempotency({ ctx: userCtx(), key: "shared-key-01", operation: "test.op" }, work);
    await withIdempotency({ ctx: userCtx(), key: "shared-key-01", operation: "test.op" }, work);
    expect(state.runs).toBe(2);
  });

  test("an undefined answer is stored as null and replayed as null", async () => {
    const ctx = userCtx();
    let runs = 0;
    const work = async () => {
      runs++;
    };
    expect(await withIdempotency({ ctx, key: "void-answer-1", operation: "test.void" }, work)).toBeUndefined();
    expect(await withIdempotency({ ctx, key: "void-answer-1", operation: "test.void" }, work)).toBeNull();
    expect(runs).toBe(1);
  });

  test("the same key for another operation is refused readably", async () => {
    const ctx = userCtx();
    const { work } = counter();
    await withIdempotency({ ctx, key: "key-for-add-1", operation: "basket.add" }, work);
    await expect(withIdempotency({ ctx, key: "key-for-add-1", operation: "basket.clear" }, work)).rejects.toMatchObject({
      kind: "fail",
      messages: [{ key: "idempotency.keyReused" }],
    });
  });

  test("a malformed key is refused before any work", async () => {
    const ctx = userCtx();
    const { state, work } = counter();
    for (const key of ["short", "x".repeat(101), "has space 123", "ünïcode-key-1", "a;drop table"]) {
      await expect(withIdempotency({ ctx, key, operation: "test.op" }, work)).rejects.toMatchObject({ fields: { idempotencyKey: { key: "idempotency.keyInvalid" } } });
    }
    expect(state.runs).toBe(0);
  });

  test("work that throws stores nothing and rolls its writes back, so the retry runs", async () => {
    const ctx = userCtx();
    let runs = 0;
    const failing = async (tx: Ctx) => {
      runs++;
      await tx.db.insert(idempotencyKeys).values({ userId: ctx.userId!, key: "written-by-work", operation: "side", response: "1" });
      throw AppError.fail({ key: "validation.invalid" });
    };
    await expect(withIdempotency({ ctx, key: "failing-key-1", operation: "test.op" }, failing)).rejects.toBeInstanceOf(AppError);
    expect(await storedKeys(ctx.userId!)).toEqual([]);
    const { work } = counter();
    expect(await withIdempotency({ ctx, key: "failing-key-1", operation: "test.op" }, work)).toEqual({ run: 1, at: "2026-03-07" });
    expect(runs).toBe(1);
  });

  test("keys expire after 24 hours: an old key runs again, and the background sweep forgets expired keys", async () => {
    const ctx = userCtx();
    const { state, work } = counter();
    await withIdempotency({ ctx, key: "old-key-00001", operation: "test.op" }, work);
    await withIdempotency({ ctx, key: "old-key-00002", operation: "test.op" }, work);
    await withIdempotency({ ctx, key: "fresh-key-001", operation: "test.op" }, work);
    const age = async (key: string, hours: number) =>
      t.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(and(eq(idempotencyKeys.userId, ctx.userId!), eq(idempotencyKeys.key, key)));
    await age("old-key-00001", 25);
    await age("old-key-00002", 25);
    await age("fresh-key-001", 20);
    // Same key after expiry: runs again (run 4) instead of answering run 1. A write sweeps nothing.
    expect(await withIdempotency({ ctx, key: "old-key-00001", operation: "test.op" }, work)).toEqual({ run: 4, at: "2026-03-07" });
    expect((await storedKeys(ctx.userId!)).map((row) => row.key).sort()).toEqual(["fresh-key-001", "old-key-00001", "old-key-00002"]);

    // The hourly sweep: the other expired key goes.
    expect((await runPeriodicJobsNow(t.database, [purgeExpiredIdempotencyKeysJob])).map((outcome) => outcome.outcome)).toEqual(["done"]);
    expect((await storedKeys(ctx.userId!)).map((row) => row.key).sort()).toEqual(["fresh-key-001", "old-key-00001"]);
    // The 20-hour-old key still answers its first run.
    expect(await withIdempotency({ ctx, key: "fresh-key-001", operation: "test.op" }, work)).toEqual({ run: 3, at: "2026-03-07" });
    expect(state.runs).toBe(4);
  });

  test("the sweep of expired keys can read them by an index, not the whole table of a day's keys", async () => {
    // Whether the planner picks the index depends on the table's size; forbidding the table scan
    // shows whether an index can serve the statement at all.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [row] = await selectRows<{ "QUERY PLAN": unknown }>(tx as never, sql`explain (format json) ${purgeExpiredKeys(new Date())}`);
      return JSON.stringify(row!["QUERY PLAN"]);
    });
    expect(plan).toContain("idempotency_keys_created_at");
    expect(plan).not.toContain('"Seq Scan"');
  });
});

const pgOnly = "(PostgreSQL only: PGlite is a single connection, so two transactions can never overlap there)";

describe("withIdempotency under concurrency", () => {
  test.skipIf(!usingPostgres)(`two simultaneous submits with one key: the work runs once and both get its answer ${pgOnly}`, async () => {
    const ctx = userCtx();
    let runs = 0;
    const work = async (tx: Ctx) => {
      const run = ++runs;
      // Hold the transaction open so the second submit arrives while the first is mid-flight.
      await tx.db.execute(sql`select pg_sleep(0.3)`);
      return { run };
    };
    const [a, b] = await Promise.all([
      withIdempotency({ ctx, key: "double-click-1", operation: "test.op" }, work),
      withIdempotency({ ctx, key: "double-click-1", operation: "test.op" }, work),
    ]);
    expect(runs).toBe(1);
    expect(a).toEqual({ run: 1 });
    expect(b).toEqual({ run: 1 });
  });

  test.skipIf(!usingPostgres)(`when the first of two simultaneous submits fails, the second does the work ${pgOnly}`, async () => {
    const ctx = userCtx();
    let runs = 0;
    const work = async (tx: Ctx) => {
      const run = ++runs;
      await tx.db.execute(sql`select pg_sleep(0.3)`);
      if (run === 1) throw AppError.fail({ key: "validation.invalid" });
      return { run };
    };
    const results = await Promise.allSettled([
      withIdempotency({ ctx, key: "double-click-2", operation: "test.op" }, work),
      withIdempotency({ ctx, key: "double-click-2", operation: "test.op" }, work),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((result) => result.status === "fulfilled")).toEqual({ status: "fulfilled", value: { run: 2 } });
    expect(runs).toBe(2);
    expect((await storedKeys(ctx.userId!)).map((row) => row.response)).toEqual(['{"run":2}']);
  });
});
