import type { Db } from "./db";

export type Lang = "cs" | "en";

/** What a service verb knows about its caller. Services never see Hono's Context. */
export interface Ctx {
  db: Db;
  userId: number | null;
  lang: Lang;
  /** Set inside withTransaction so nested calls reuse the open transaction. */
  inTransaction?: boolean;
}

/**
 * Runs `work` in one transaction. PGlite is a single connection, so inside the transaction only
 * the handed-in ctx (whose db is the transaction) may be used; the outer db would deadlock.
 */
export async function withTransaction<T>(ctx: Ctx, work: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return work(ctx);
  return ctx.db.transaction(async (tx) => work({ ...ctx, db: tx as unknown as Db, inTransaction: true }));
}

export const systemCtx = (db: Db, lang: Lang = "cs"): Ctx => ({ db, userId: null, lang });
