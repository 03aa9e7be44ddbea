import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { users, workLogs, workplaces, workTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { czechCollator } from "@/lib/czech-order";
import { z } from "zod";
import { addDays, formatCzechDateTime } from "@/lib/dates";
import { createCrudService, filterCondition, type CrudService } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { dateField, readBoolean } from "@/lib/zod-fields";
import { hoursOf, pragueDayStart } from "../datetime";
import { newWorkLogInput, type WorkLog, workLogInput, type WorkLogSource } from "./schemas";

/** A filter's date (`28.3.2026` or `2026-03-28`, within the date bounds of dateField) or a field error on that filter. */
export const filterDate = (name: "from" | "to", value: string): string => parseInput(z.object({ [name]: dateField() }), { [name]: value })[name]!;

const secondsBetween = (start: Date, end: Date) => (end.getTime() - start.getTime()) / 1000;

const toWorkLog = (row: typeof workLogs.$inferSelect): WorkLog => ({
  id: row.id,
  user: { id: row.userId, name: "" },
  workType: { id: row.workTypeId, name: "" },
  workplace: { id: 0, name: "" },
  start: row.start.toISOString(),
  end: row.end?.toISOString() ?? null,
  hours: row.end ? hoursOf(secondsBetween(row.start, row.end)) : null,
  source: row.source as WorkLogSource,
  orderId: row.orderId,
  autoClosed: row.autoClosed,
});

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/** Worker, work type and workplace names for a page of logs, in two queries. */
async function withNames({ ctx, entities }: { ctx: Ctx; entities: WorkLog[] }): Promise<WorkLog[]> {
  if (!entities.length) return entities;
  const [people, types] = await Promise.all([
    ctx.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(entities.map((log) => log.user.id))])),
    ctx.db
      .select({ id: workTypes.id, name: workTypes.name, workplaceId: workplaces.id, workplaceName: workplaces.name })
      .from(workTypes)
      .innerJoin(workplaces, eq(workplaces.id, workTypes.workplaceId))
      .where(inArray(workTypes.id, [...new Set(entities.map((log) => log.workType.id))])),
  ]);
  const names = new Map(people.map((person) => [person.id, fullName(person)]));
  const typeById = new Map(types.map((type) => [type.id, type]));
  return entities.map((log) => {
    const type = typeById.get(log.workType.id);
    return {
      ...log,
      user: { id: log.user.id, name: names.get(log.user.id) ?? "" },
      workType: { id: log.workType.id, name: type?.name ?? "" },
      workplace: { id: type?.workplaceId ?? 0, name: type?.workplaceName ?? "" },
    };
  });
}

/**
 * One worker is in one place at a time (as Odoo's attendances): a log may not overlap another
 * log of the same worker; an open log runs until it is ended.
 */
export async function checkNoOverlap(ctx: Ctx, args: { userId: number; start: Date; end: Date | null; exceptId: number | null }) {
  const overlapping: SQL[] = [eq(workLogs.userId, args.userId), or(isNull(workLogs.end), gt(workLogs.end, args.start))!];
  if (args.end) overlapping.push(lt(workLogs.start, args.end));
  if (args.exceptId !== null) overlapping.push(ne(workLogs.id, args.exceptId));
  const [other] = await ctx.db.select().from(workLogs).where(and(...overlapping)).orderBy(workLogs.start).limit(1);
  if (!other) return;
  const message = other.end
    ? msg("worklog.overlaps", { id: other.id, start: formatCzechDateTime(other.start), end: formatCzechDateTime(other.end) })
    : msg("worklog.overlapsOpen", { id: other.id, start: formatCzechDateTime(other.start) });
  throw AppError.fail(message, { start: message });
}

export async function checkWorkType(ctx: Ctx, workTypeId: number) {
  const [found] = await ctx.db.select({ id: workTypes.id }).from(workTypes).where(eq(workTypes.id, workTypeId));
  if (!found) throw AppError.invalid({ workType: msg("worklog.unknownWorkType") });
}

export async function checkUser(ctx: Ctx, userId: number) {
  const [found] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!found) throw AppError.invalid({ user: msg("worklog.unknownUser") });
}

const crud = createCrudService({
  table: workLogs,
  input: workLogInput,
  toEntity: toWorkLog,
  toValues: (input) => ({
    workTypeId: input.workType,
    start: input.start,
    end: input.end,
    ...(input.user === undefined || input.user === null ? {} : { userId: input.user }),
  }),
  listFields: {
    id: { column: workLogs.id, filter: "number", sortable: true },
    user: { column: workLogs.userId, filter: "number" },
    workType: { column: workLogs.workTypeId, filter: "number" },
    // Days are Prague days and a log counts on the day it starts (23:30 on the 28th is the 28th).
    from: { where: (value) => gte(workLogs.start, pragueDayStart(filterDate("from", value))) },
    to: { where: (value) => lt(workLogs.start, pragueDayStart(addDays(filterDate("to", value), 1))) },
    start: { column: workLogs.start, sortable: true },
    end: { column: workLogs.end, sortable: true },
    order: { column: workLogs.orderId, filter: "number" },
    // Yes: only running logs; no: only finished ones.
    open: {
      where: (value) => {
        const open = readBoolean(value);
        if (open === undefined) throw AppError.invalid({ open: msg("validation.invalid") });
        return open ? isNull(workLogs.end) : isNotNull(workLogs.end);
      },
    },
  },
  defaultSort: ["start", "desc"],
  validate: async ({ ctx, input, id }) => {
    let userId: number;
    if (id === null) {
      userId = input.user!;
      await checkUser(ctx, userId);
    } else {
      const [existing] = await ctx.db.select({ userId: workLogs.userId }).from(workLogs).where(eq(workLogs.id, id));
      userId = existing!.userId;
      if (input.user !== undefined && input.user !== null && input.user !== userId) throw AppError.invalid({ user: msg("worklog.userReadOnly") });
    }
    await checkWorkType(ctx, input.workType);
    await checkNoOverlap(ctx, { userId, start: input.start, end: input.end, exceptId: id });
  },
  enrich: withNames,
});

export const workLogService: CrudService<typeof workLogInput, WorkLog> = {
  ...crud,
  // Office corrections must name the worker; checked with the rest so one answer lists every field.
  create: async (args) => {
    parseInput(newWorkLogInput, args.input);
    return crud.create(args);
  },
};

export interface WorkLogTotals {
  /** Hours of the finished logs of the filtered set, two decimals. */
  totalHours: number;
  /** Logs of the set still running; they are not in the total. */
  openCount: number;
}

/** The total of the filtered set (the list's filters, every page): finished logs only. */
export async function workLogTotals({ ctx, input }: { ctx: Ctx; input: { filters: Record<string, string> } }): Promise<WorkLogTotals> {
  const conditions = Object.entries(input.filters).flatMap(([name, value]) => {
    const field = workLogService.listFields[name];
    const condition = field ? filterCondition(field, value) : undefined;
    return condition ? [condition] : [];
  });
  const [row] = await ctx.db
    .select({
      seconds: sql<string>`coalesce(sum(extract(epoch from (${workLogs.end} - ${workLogs.start}))), 0)`,
      open: sql<number>`count(*) filter (where ${workLogs.end} is null)`.mapWith(Number),
    })
    .from(workLogs)
    .where(and(...conditions));
  return { totalHours: hoursOf(Number(row?.seconds ?? 0)), openCount: row?.open ?? 0 };
}


/** Workers for selects, by surname: active ones for a new log, everyone for filtering old logs. */
export async function workers({ ctx, input = {} }: { ctx: Ctx; input?: { activeOnly?: boolean; id?: number } }) {
  const conditions: SQL[] = [];
  if (input.activeOnly) conditions.push(eq(users.active, true));
  if (input.id !== undefined) conditions.push(eq(users.id, input.id));
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(...conditions));
  return rows
    .sort((a, b) => czechCollator.compare(a.lastName, b.lastName) || czechCollator.compare(a.firstName, b.firstName) || a.id - b.id)
    .map((row) => ({ id: row.id, name: fullName(row) }));
}
