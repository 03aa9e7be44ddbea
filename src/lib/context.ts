import type { Db } from "./db";
import { noteTransactionWrites } from "./read-cache";
import { AppError, type Message } from "./errors";

import type { Lang } from "./lang";

export type { Lang };

/** What a service verb knows about its caller. Services never see Hono's Context. */
export interface Ctx {
  db: Db;
  userId: number | null;
  lang: Lang;
  /** What the modules declared for each other (src/lib/http/module.ts builds it once per app). */
  wiring: Wiring;
  /** Set inside withTransaction so nested calls reuse the open transaction. */
  inTransaction?: boolean;
}

/** What a scanned code names (docs/domain.md#barcodes) once the menu box has parsed it. */
export type DomainCode = { by: "ean13"; ean13: string } | { by: "id"; id: number };
export type ScanResult = { action: "open"; url: string; message: Message } | { action: "added"; message: Message };
/** A domain's answer to its codes; null when the referenced record does not exist. */
export type BarcodeHandler = (args: { ctx: Ctx; code: DomainCode }) => Promise<ScanResult | null>;
export type BarcodeDomain = "product" | "order" | "warehouse";

/** One basket in the layout's left column. */
export interface BasketSummary {
  id: number;
  name: string;
  href: string;
  itemCount: number;
  common: boolean;
  /** Not a basket but a count that wants attention (scale discrepancies): shown as an alert badge. */
  alert?: boolean;
}
export type BasketLoader = (args: { ctx: Ctx; userId: number }) => Promise<BasketSummary[]>;

/**
 * "Is this record still used?" asked before deleting it, so the refusal says why. The foreign
 * keys stay the backstop (`validation.inUse`).
 */
export interface UsageCheck {
  /** The entity being deleted, as its service names it (e.g. "promiseStatus"). */
  entity: string;
  isUsed: (args: { ctx: Ctx; id: number }) => Promise<boolean>;
  message: Message;
}

/** The tables built from every module's declaration. */
export interface Wiring {
  barcodeHandlers: Partial<Record<BarcodeDomain, BarcodeHandler>>;
  basketLoaders: BasketLoader[];
  usageChecks: UsageCheck[];
}

export const EMPTY_WIRING: Wiring = Object.freeze({ barcodeHandlers: {}, basketLoaders: [], usageChecks: [] });

/**
 * Runs `work` in one transaction. PGlite is a single connection, so inside the transaction only
 * the handed-in ctx (whose db is the transaction) may be used; the outer db would deadlock.
 */
export async function withTransaction<T>(ctx: Ctx, work: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return work(ctx);
  // Its tables are noted again after the commit: a cached read made meanwhile saw the old rows (src/lib/read-cache.ts).
  return noteTransactionWrites(ctx.db, () => ctx.db.transaction(async (tx) => work({ ...ctx, db: tx as unknown as Db, inTransaction: true })));
}

/** A ctx with no user (start-up, seeds, tests); `wiring` as the app builds it, or none. */
export const systemCtx = (db: Db, lang: Lang = "cs", wiring: Wiring = EMPTY_WIRING): Ctx => ({ db, userId: null, lang, wiring });

/** Refuses a delete when a declared usage check finds the record still in use. */
export async function assertUnused(ctx: Ctx, entity: string, id: number): Promise<void> {
  for (const check of ctx.wiring.usageChecks) {
    if (check.entity === entity && (await check.isUsed({ ctx, id }))) throw AppError.fail(check.message);
  }
}
