/**
 * Clocking on and off, for the kiosk (docs/domain.md#kiosk; decision 056) and the tests of the
 * one-open-log rule: a worker has at most one open log (the database's partial unique index),
 * and a second one is refused with a readable message, never a constraint name.
 */
import { and, eq, isNull } from "drizzle-orm";
import { workLogs, workTypes } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { pgErrorCode } from "@/lib/crud/service";
import { formatCzechDateTime } from "@/lib/dates";
import { AppError, msg } from "@/lib/errors";
import type { WorkLogSource } from "./schemas";
import { checkNoOverlap, checkUser, checkWorkType } from "./service";

/** The worker's running log, if any. */
export async function openWorkLogOf({ ctx, input }: { ctx: Ctx; input: { userId: number } }) {
  const [row] = await ctx.db
    .select({ id: workLogs.id, start: workLogs.start, workTypeId: workLogs.workTypeId, workTypeName: workTypes.name })
    .from(workLogs)
    .innerJoin(workTypes, eq(workTypes.id, workLogs.workTypeId))
    .where(and(eq(workLogs.userId, input.userId), isNull(workLogs.end)));
  return row ?? null;
}

const alreadyOpen = (open: { id: number; start: Date; workTypeName: string }) =>
  AppError.fail(msg("worklog.alreadyOpen", { id: open.id, workType: open.workTypeName, start: formatCzechDateTime(open.start) }));

/** Starts an open log; refused while the worker has another open log. Answers the new log's id. */
export async function startWork({ ctx, input }: { ctx: Ctx; input: { userId: number; workTypeId: number; at: Date; source?: WorkLogSource } }): Promise<number> {
  return withTransaction(ctx, async (tx) => {
    await checkUser(tx, input.userId);
    await checkWorkType(tx, input.workTypeId);
    const open = await openWorkLogOf({ ctx: tx, input: { userId: input.userId } });
    if (open) throw alreadyOpen(open);
    await checkNoOverlap(tx, { userId: input.userId, start: input.at, end: null, exceptId: null });
    try {
      const [row] = await tx.db
        .insert(workLogs)
        .values({ userId: input.userId, workTypeId: input.workTypeId, start: input.at, source: input.source ?? "KIOSK", createdBy: tx.userId, updatedBy: tx.userId })
        .returning({ id: workLogs.id });
      return row!.id;
    } catch (error) {
      // Two terminals at once: the partial unique index decides, and says it readably.
      if (pgErrorCode(error) === "23505") throw AppError.fail(msg("worklog.alreadyOpenRace"));
      throw error;
    }
  });
}

/** Ends the worker's open log at `at`; answers its id, or null when nothing was open. */
export async function endWork({ ctx, input }: { ctx: Ctx; input: { userId: number; at: Date } }): Promise<number | null> {
  return withTransaction(ctx, async (tx) => {
    const open = await openWorkLogOf({ ctx: tx, input: { userId: input.userId } });
    if (!open) return null;
    if (input.at.getTime() <= open.start.getTime()) throw AppError.invalid({ end: msg("worklog.endBeforeStart") });
    await tx.db.update(workLogs).set({ end: input.at, updatedBy: tx.userId, updatedAt: new Date() }).where(eq(workLogs.id, open.id));
    return open.id;
  });
}
