/**
 * The kiosk's scans (docs/domain.md#kiosk-scan-flow, decision 056). One transaction per scan: read
 * the device's card window after its previous scan and the facts, let the pure `scanStep` decide,
 * then change the work logs and keep the scan with its answer. The same (device, scan id) answers
 * its first answer forever and changes nothing. A scan that no longer fits the logs (it would
 * overlap a log the office entered, or end a log before it began) is kept as rejected.
 */
import { and, desc, eq, gt, gte, isNull, lte, ne, or, sql } from "drizzle-orm";
import { fenceOrders, kioskScans, users, workLogs, workTypes } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { AppError, msg } from "@/lib/errors";
import { pgErrorCode } from "@/lib/crud/service";
import { todayInPrague } from "@/lib/dates";
import { parseInput } from "@/lib/validation";
import { parseBarcode } from "@/modules/barcode/schemas";
import { hoursOf, pragueDayStart } from "@/modules/timesheets/datetime";
import { fullName } from "@/modules/timesheets/worklog/service";
import { openWorkLogOf } from "@/modules/timesheets/worklog/clock";
import { type KioskAnswer, kioskScanInput, type KioskScanStatus } from "./schemas";
import { EMPTY_STATE, type ScanFacts, type ScanState, scanStep } from "./scan-flow";
import { scanMaxAgeDaysSetting } from "./shift-end";

type ScanRow = typeof kioskScans.$inferSelect;

const answer = (status: KioskScanStatus, tone: KioskAnswer["tone"], key: string, values: KioskAnswer["values"] = {}): KioskAnswer => ({ status, tone, key, values });

async function storedAnswer(ctx: Ctx, deviceId: number, scanId: string): Promise<KioskAnswer | null> {
  const [row] = await ctx.db
    .select({ answer: kioskScans.answer })
    .from(kioskScans)
    .where(and(eq(kioskScans.deviceId, deviceId), eq(kioskScans.scanId, scanId)));
  return row ? (row.answer as KioskAnswer) : null;
}

/** The device's card window after its last applied scan up to `at` (scan time, not arrival). */
async function stateBefore(ctx: Ctx, deviceId: number, at: Date): Promise<ScanState> {
  const [row] = await ctx.db
    .select({ cardUserId: kioskScans.cardUserId, cardAt: kioskScans.cardAt })
    .from(kioskScans)
    .where(and(eq(kioskScans.deviceId, deviceId), eq(kioskScans.status, "applied"), lte(kioskScans.scannedAt, at)))
    .orderBy(desc(kioskScans.scannedAt), desc(kioskScans.id))
    .limit(1);
  return row?.cardUserId && row.cardAt ? { card: { userId: row.cardUserId, scannedAt: row.cardAt } } : EMPTY_STATE;
}

async function factsOf(ctx: Ctx, code: string, scannedAt: Date, receivedAt: Date): Promise<ScanFacts> {
  const parsed = parseBarcode(code);
  const facts: ScanFacts = { code: parsed, scannedAt, receivedAt };
  if (parsed.kind === "card") {
    const [worker] = await ctx.db.select({ id: users.id, active: users.active }).from(users).where(eq(sql`upper(${users.kioskCardCode})`, parsed.card));
    facts.worker = worker ?? null;
  } else if (parsed.kind === "workType" && parsed.by === "id") {
    const [type] = await ctx.db.select({ id: workTypes.id }).from(workTypes).where(eq(workTypes.id, parsed.id));
    facts.workTypeExists = !!type;
  } else if (parsed.kind === "order" && parsed.by === "id") {
    const [order] = await ctx.db.select({ id: fenceOrders.id }).from(fenceOrders).where(eq(fenceOrders.id, parsed.id));
    facts.orderExists = !!order;
  }
  return facts;
}

async function workerName(ctx: Ctx, userId: number): Promise<string> {
  const [row] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row ? fullName(row) : "";
}

/** Hours of the worker's logs that start on the Prague day of `at`; an open log counts until `at`. */
async function hoursOnDay(ctx: Ctx, userId: number, at: Date): Promise<number> {
  const dayStart = pragueDayStart(todayInPrague(at));
  const [row] = await ctx.db
    .select({
      seconds: sql<string>`coalesce(sum(extract(epoch from (least(coalesce(${workLogs.end}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz) - ${workLogs.start}))) filter (where ${workLogs.start} < ${at.toISOString()}::timestamptz), 0)`,
    })
    .from(workLogs)
    .where(and(eq(workLogs.userId, userId), gte(workLogs.start, dayStart)));
  return hoursOf(Math.max(0, Number(row?.seconds ?? 0)));
}

/** Another log of the worker's that [start, end) would overlap (end null: runs on); the open log being ended is left out. */
async function overlappingLog(ctx: Ctx, args: { userId: number; start: Date; end: Date | null; exceptId: number | null }) {
  const conditions = [eq(workLogs.userId, args.userId), or(isNull(workLogs.end), gt(workLogs.end, args.start))!];
  if (args.end) conditions.push(sql`${workLogs.start} < ${args.end.toISOString()}::timestamptz`);
  if (args.exceptId !== null) conditions.push(ne(workLogs.id, args.exceptId));
  const [other] = await ctx.db.select({ id: workLogs.id }).from(workLogs).where(and(...conditions)).limit(1);
  return other ?? null;
}

interface Outcome {
  answer: KioskAnswer;
  userId: number | null;
  /** The card window after the scan; a scan that is not applied leaves the one before. */
  state: ScanState;
  /** Log changes to make once the scan's row exists (they name it). */
  apply?: (scanId: number) => Promise<void>;
}

async function decide(ctx: Ctx, deviceId: number, code: string, scannedAt: Date, receivedAt: Date): Promise<Outcome> {
  const before = await stateBefore(ctx, deviceId, scannedAt);
  const { state, effect } = scanStep(before, await factsOf(ctx, code, scannedAt, receivedAt));
  if (effect.kind === "refused") {
    const tone = effect.reason === "cardFirst" ? "warn" : "error";
    return { answer: answer("refused", tone, `kiosk.refused.${effect.reason}`, { code }), userId: null, state: before };
  }
  const userId = effect.userId;
  const name = await workerName(ctx, userId);
  const open = await openWorkLogOf({ ctx, input: { userId } });
  const reject = (reason: "endBeforeStart" | "overlap") => ({
    answer: answer("rejected", "error", `kiosk.rejected.${reason}`, { name }),
    userId,
    state: before,
  });
  const author = { createdBy: userId, updatedBy: userId, updatedAt: scannedAt };
  switch (effect.kind) {
    case "greet": {
      const hours = await hoursOnDay(ctx, userId, scannedAt);
      return open
        ? { answer: answer("applied", "ok", "kiosk.greetOn", { name, workType: open.workTypeName, hours }), userId, state }
        : { answer: answer("applied", "ok", "kiosk.greetOff", { name, hours }), userId, state };
    }
    case "clockOut": {
      if (!open) return { answer: answer("applied", "warn", "kiosk.notClockedIn", { name }), userId, state };
      if (scannedAt.getTime() <= open.start.getTime()) return reject("endBeforeStart");
      if (await overlappingLog(ctx, { userId, start: open.start, end: scannedAt, exceptId: open.id })) return reject("overlap");
      const hours = hoursOf((scannedAt.getTime() - open.start.getTime()) / 1000);
      return {
        answer: answer("applied", "ok", "kiosk.clockedOut", { name, workType: open.workTypeName, hours }),
        userId,
        state,
        apply: async (scanRowId) => {
          await ctx.db.update(workLogs).set({ end: scannedAt, closedByScanId: scanRowId, updatedBy: userId, updatedAt: new Date() }).where(eq(workLogs.id, open.id));
        },
      };
    }
    case "switch": {
      if (open && scannedAt.getTime() <= open.start.getTime()) return reject("endBeforeStart");
      if (await overlappingLog(ctx, { userId, start: open ? open.start : scannedAt, end: null, exceptId: open?.id ?? null })) return reject("overlap");
      const [type] = await ctx.db.select({ name: workTypes.name }).from(workTypes).where(eq(workTypes.id, effect.workTypeId));
      return {
        answer: answer("applied", "ok", "kiosk.started", { name, workType: type?.name ?? "" }),
        userId,
        state,
        apply: async (scanRowId) => {
          if (open) await ctx.db.update(workLogs).set({ end: scannedAt, closedByScanId: scanRowId, updatedBy: userId, updatedAt: new Date() }).where(eq(workLogs.id, open.id));
          await ctx.db.insert(workLogs).values({ userId, workTypeId: effect.workTypeId, start: scannedAt, source: "KIOSK", openedByScanId: scanRowId, ...author, updatedAt: new Date() });
        },
      };
    }
    case "tieOrder": {
      if (!open) return { answer: answer("refused", "warn", "kiosk.refused.noOpenLog", { name }), userId, state: before };
      return {
        answer: answer("applied", "ok", "kiosk.orderTied", { name, workType: open.workTypeName, order: effect.orderId }),
        userId,
        state,
        apply: async () => {
          await ctx.db.update(workLogs).set({ orderId: effect.orderId, updatedBy: userId, updatedAt: new Date() }).where(eq(workLogs.id, open.id));
        },
      };
    }
  }
}

/**
 * One scan of a paired device. Answers what the screen shows; the same scan id again answers the
 * stored answer. `receivedAt` is the server's time (a parameter for the tests and the bench).
 */
/** docs/domain.md#kiosk-scan-flow: a worker scans a few times a minute; more from one device is refused (429, the kiosk retries later). */
export const MAX_SCANS_PER_MINUTE = 30;

/**
 * At most MAX_SCANS_PER_MINUTE scans a device's receipt times put in the minute before this one, counted from the
 * stored scans by the request's clock (no timer, and the same on every instance).
 */
async function refuseScanFlood(ctx: Ctx, deviceId: number, receivedAt: Date): Promise<void> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(kioskScans)
    .where(and(eq(kioskScans.deviceId, deviceId), gt(kioskScans.receivedAt, new Date(receivedAt.getTime() - 60_000)), lte(kioskScans.receivedAt, receivedAt)));
  if ((row?.n ?? 0) >= MAX_SCANS_PER_MINUTE) throw AppError.limited(msg("kiosk.tooManyScans", { max: MAX_SCANS_PER_MINUTE }), 60);
}

export async function scanAtKiosk({ ctx, input }: { ctx: Ctx; input: { deviceId: number; scan: unknown; receivedAt?: Date } }): Promise<KioskAnswer> {
  const scan = parseInput(kioskScanInput, input.scan);
  const receivedAt = input.receivedAt ?? new Date();
  const { deviceId } = input;
  await refuseScanFlood(ctx, deviceId, receivedAt);
  // Older than the offline queue may hold (a setting): a 422 the kiosk shows and drops, nothing written.
  const maxAgeDays = await scanMaxAgeDaysSetting({ ctx });
  if (receivedAt.getTime() - scan.scannedAt.getTime() > maxAgeDays * 86_400_000) {
    throw AppError.invalid({ scannedAt: msg("kiosk.scannedAtTooOld", { days: maxAgeDays }) });
  }
  try {
    return await withTransaction(ctx, async (tx) => {
      const stored = await storedAnswer(tx, deviceId, scan.scanId);
      if (stored) return stored;
      const outcome = await decide(tx, deviceId, scan.code, scan.scannedAt, receivedAt);
      const [row] = await tx.db
        .insert(kioskScans)
        .values({
          deviceId,
          scanId: scan.scanId,
          code: scan.code,
          scannedAt: scan.scannedAt,
          receivedAt,
          userId: outcome.userId,
          status: outcome.answer.status,
          reason: outcome.answer.status === "applied" ? null : outcome.answer.key,
          answer: outcome.answer,
          cardUserId: outcome.state.card?.userId ?? null,
          cardAt: outcome.state.card?.scannedAt ?? null,
        })
        .returning({ id: kioskScans.id });
      await outcome.apply?.(row!.id);
      return outcome.answer;
    });
  } catch (error) {
    // The same scan id twice at once (a retry racing its first try): the first one's answer.
    if (pgErrorCode(error) === "23505") {
      const stored = await storedAnswer(ctx, deviceId, scan.scanId);
      if (stored) return stored;
    }
    throw error;
  }
}

export interface ScanToCheck {
  id: number;
  code: string;
  scannedAt: string;
  userId: number | null;
  workerName: string;
  reason: string;
  /** The stored answer's values, for the reason's text. */
  values: Record<string, string | number>;
}

/** Rejected scans the office has not dealt with yet, oldest first. */
export async function scansToCheck({ ctx }: { ctx: Ctx }): Promise<ScanToCheck[]> {
  const rows: ScanRow[] = await ctx.db
    .select()
    .from(kioskScans)
    .where(and(eq(kioskScans.status, "rejected"), isNull(kioskScans.resolvedAt)))
    .orderBy(kioskScans.scannedAt, kioskScans.id);
  return rows.map((row) => {
    const stored = row.answer as KioskAnswer;
    return {
      id: row.id,
      code: row.code,
      scannedAt: row.scannedAt.toISOString(),
      userId: row.userId,
      workerName: String(stored.values.name ?? ""),
      reason: row.reason ?? "",
      values: stored.values,
    };
  });
}

/**
 * The office applies a rejected scan by hand, once it has set the logs right: the scan is decided
 * again on its own time against today's logs. If it still does not fit it stays to check and the
 * refusal says why; if it fits, its log change is made and the scan counts as applied.
 */
export async function applyScanByHand({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<KioskAnswer> {
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(kioskScans).where(eq(kioskScans.id, input.id)).for("update");
    if (!row) throw AppError.notFound();
    if (row.status !== "rejected" || row.resolvedAt) throw AppError.fail(msg("kiosk.check.notToCheck"));
    const outcome = await decide(tx, row.deviceId, row.code, row.scannedAt, row.receivedAt);
    if (outcome.answer.status !== "applied") throw AppError.fail(msg(outcome.answer.key, outcome.answer.values));
    await tx.db
      .update(kioskScans)
      .set({
        status: "applied",
        answer: outcome.answer,
        cardUserId: outcome.state.card?.userId ?? null,
        cardAt: outcome.state.card?.scannedAt ?? null,
        resolvedAt: new Date(),
        resolvedBy: tx.userId,
      })
      .where(eq(kioskScans.id, row.id));
    await outcome.apply?.(row.id);
    return outcome.answer;
  });
}

/** The office sets a rejected scan aside without applying it (it dealt with the logs itself); it leaves the list, kept as rejected. */
export async function dismissScanToCheck({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<void> {
  const updated = await ctx.db
    .update(kioskScans)
    .set({ resolvedAt: new Date(), resolvedBy: ctx.userId })
    .where(and(eq(kioskScans.id, input.id), eq(kioskScans.status, "rejected"), isNull(kioskScans.resolvedAt)))
    .returning({ id: kioskScans.id });
  if (!updated.length) throw AppError.fail(msg("kiosk.check.notToCheck"));
}
