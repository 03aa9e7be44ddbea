/**
 * Forgotten clock-outs (docs/domain.md#kiosk-forgotten-clock-out, decision 056): a log still open at
 * the shift end (a timesheet setting, default 22:00 Prague time) is closed at that instant and
 * marked auto-closed for the office. A periodic job on the app's job runner (decision 047) does
 * it; the runner gives each due run to one instance, and the update touches only logs still open,
 * so a second run changes nothing.
 */
import { and, eq, isNull } from "drizzle-orm";
import { timesheetSettings, workLogs } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { parseInput } from "@/lib/validation";
import { addDays, todayInPrague } from "@/lib/dates";
import { defineJob } from "@/lib/jobs/define";
import { pragueLocalToInstant } from "@/modules/timesheets/datetime";
import { DEFAULT_SCAN_MAX_AGE_DAYS, timesheetSettingsInput } from "./schemas";

export const DEFAULT_SHIFT_END = "22:00";

/** The shift end as `HH:MM`, Prague time. */
export async function shiftEndSetting({ ctx }: { ctx: Ctx }): Promise<string> {
  const [row] = await ctx.db.select({ shiftEnd: timesheetSettings.shiftEnd }).from(timesheetSettings).where(eq(timesheetSettings.id, 1));
  return row?.shiftEnd ?? DEFAULT_SHIFT_END;
}

/** How many days old a kiosk scan may be when it arrives (docs/domain.md#kiosk-offline); 7 unless set. */
export async function scanMaxAgeDaysSetting({ ctx }: { ctx: Ctx }): Promise<number> {
  const [row] = await ctx.db.select({ days: timesheetSettings.scanMaxAgeDays }).from(timesheetSettings).where(eq(timesheetSettings.id, 1));
  return row?.days ?? DEFAULT_SCAN_MAX_AGE_DAYS;
}

/** Saves the shift end (`7:30` is kept as `07:30`) and, when sent, the scans' largest age; a bad value is a field error. */
export async function saveShiftEnd({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<string> {
  const { shiftEnd, scanMaxAgeDays } = parseInput(timesheetSettingsInput, input);
  const values = { shiftEnd, ...(scanMaxAgeDays === undefined ? {} : { scanMaxAgeDays }) };
  await ctx.db
    .insert(timesheetSettings)
    .values({ id: 1, ...values, createdBy: ctx.userId, updatedBy: ctx.userId })
    .onConflictDoUpdate({ target: timesheetSettings.id, set: { ...values, updatedBy: ctx.userId, updatedAt: new Date() } });
  return shiftEnd;
}

/** The first shift end after `start`: that Prague day's, or the next day's when the log began after it. */
export function shiftEndAfter(start: Date, shiftEnd: string): Date {
  const [hour, minute] = shiftEnd.split(":").map(Number) as [number, number];
  const onDay = (iso: string) => {
    const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
    return pragueLocalToInstant(y, m, d, hour, minute);
  };
  const day = todayInPrague(start);
  const sameDay = onDay(day);
  return sameDay.getTime() > start.getTime() ? sameDay : onDay(addDays(day, 1));
}

/** Closes every log still open past its shift end at that shift end; answers how many. */
export async function closeForgottenClockOuts({ ctx, input }: { ctx: Ctx; input: { now: Date } }): Promise<number> {
  const shiftEnd = await shiftEndSetting({ ctx });
  const open = await ctx.db.select({ id: workLogs.id, start: workLogs.start }).from(workLogs).where(isNull(workLogs.end));
  let closed = 0;
  for (const log of open) {
    const end = shiftEndAfter(log.start, shiftEnd);
    if (end.getTime() > input.now.getTime()) continue;
    const updated = await ctx.db
      .update(workLogs)
      .set({ end, autoClosed: true, updatedAt: input.now, updatedBy: null })
      .where(and(eq(workLogs.id, log.id), isNull(workLogs.end)))
      .returning({ id: workLogs.id });
    closed += updated.length;
  }
  return closed;
}

/** Every 5 minutes: a log is closed at its shift end at the latest 5 minutes after it. */
export const closeForgottenClockOutsJob = defineJob({
  name: "kiosk.closeForgottenClockOuts",
  schedule: { everyMinutes: 5 },
  async run({ ctx, now }) {
    await closeForgottenClockOuts({ ctx, input: { now } });
  },
});
