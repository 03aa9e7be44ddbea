/**
 * docs/architecture.md#idempotency: a retried submit must not apply twice. A client sends a random key with a
 * write; the first answer is stored per (user, key) in the same transaction as the write, and a
 * retry with that key gets the stored answer back without the write running again.
 *
 * Concurrency (PostgreSQL): the key row is inserted first with ON CONFLICT DO NOTHING. A second,
 * concurrent submit with the same key blocks on that insert until the first transaction ends;
 * if the first committed, the second reads its stored answer (SELECT … FOR UPDATE), and if the
 * first rolled back (the work failed), the second's insert goes through and it does the work
 * itself. Failures are therefore never stored: only a committed success is replayed.
 *
 * Expired keys are swept by a background job (`purgeExpiredIdempotencyKeysJob`), not by the write.
 */
import { and, eq, sql } from "drizzle-orm";
import { idempotencyKeys } from "@db/schema";
import { type Ctx, withTransaction } from "./context";
import { selectRows } from "./db";
import { AppError, msg } from "./errors";
import { defineJob } from "./jobs/define";
import { IDEMPOTENCY_KEY_PATTERN } from "./zod-fields";

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export { IDEMPOTENCY_KEY_PATTERN };

/** The header an API client may send instead of an `idempotencyKey` field. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** Written while the work runs; only ever visible inside that transaction. */
const PENDING = "";

const expiredBefore = sql.raw(`now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`);

/** Expired keys deleted per statement by the sweep. */
const SWEEP_BATCH = 500;

/**
 * Forgets keys created before `before`, at most SWEEP_BATCH. SKIP LOCKED so the sweep never waits
 * on (or deadlocks with) a submit holding a key; whatever is skipped goes next time. The
 * created_at index makes it read only the expired keys, not a day's (docs/decisions/033).
 */
export const purgeExpiredKeys = (before: Date) => sql`
  delete from ${idempotencyKeys} where ${idempotencyKeys.id} in (
    select ${idempotencyKeys.id} from ${idempotencyKeys}
    where ${idempotencyKeys.createdAt} < ${before.toISOString()}::timestamptz
    limit ${sql.raw(String(SWEEP_BATCH))} for update skip locked
  )`;

/**
 * The background sweep (decision 047): a keyed write no longer deletes expired keys itself, so a
 * write costs the same whatever expired; correctness never depended on the sweep, as an expired key
 * found by a submit counts as new (below).
 */
export const purgeExpiredIdempotencyKeysJob = defineJob({
  name: "idempotency.purgeExpiredKeys",
  schedule: { everyMinutes: 60 },
  async run({ ctx, now }) {
    const before = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600_000);
    // Batches, each its own short statement, until one comes back short.
    for (;;) {
      const deleted = await selectRows<{ id: number }>(ctx.db, sql`${purgeExpiredKeys(before)} returning ${idempotencyKeys.id} as id`);
      if (deleted.length < SWEEP_BATCH) break;
    }
  },
});

/**
 * Runs `work` at most once per (ctx.userId, key). Without a key it is a plain transaction.
 * `work`'s result must survive JSON (a replay returns the parsed JSON, not the original object).
 */
export async function withIdempotency<T>(
  { ctx, key, operation }: { ctx: Ctx; key: string | null | undefined; operation: string },
  work: (tx: Ctx) => Promise<T>,
): Promise<T> {
  if (key === null || key === undefined || key === "") return withTransaction(ctx, work);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw AppError.invalid({ idempotencyKey: msg("idempotency.keyInvalid") });
  const userId = ctx.userId ?? 0;

  return withTransaction(ctx, async (tx) => {
    const inserted = await tx.db
      .insert(idempotencyKeys)
      .values({ userId, key, operation, response: PENDING })
      .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
      .returning({ id: idempotencyKeys.id });

    let rowId = inserted[0]?.id;
    if (rowId === undefined) {
      // The key exists (committed: a concurrent insert waited above for its transaction to end).
      const [existing] = await tx.db
        .select({
          id: idempotencyKeys.id,
          operation: idempotencyKeys.operation,
          response: idempotencyKeys.response,
          expired: sql<boolean>`${idempotencyKeys.createdAt} < ${expiredBefore}`,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .for("update");
      if (!existing) throw AppError.error("CONFLICT");
      if (!existing.expired) {
        if (existing.operation !== operation) throw AppError.fail(msg("idempotency.keyReused"));
        return JSON.parse(existing.response) as T;
      }
      // An expired key the cleanup skipped counts as new.
      await tx.db
        .update(idempotencyKeys)
        .set({ operation, response: PENDING, createdAt: sql`now()` })
        .where(eq(idempotencyKeys.id, existing.id));
      rowId = existing.id;
    }

    const result = await work(tx);
    await tx.db
      .update(idempotencyKeys)
      .set({ response: JSON.stringify(result ?? null) })
      .where(eq(idempotencyKeys.id, rowId));
    return result;
  });
}
