/**
 * Forgotten clock-outs (docs/domain.md#kiosk-forgotten-clock-out): the job closes exactly the logs
 * still open past their shift end, at that shift end, marks them auto-closed, and runs once even
 * with two runners on one database.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { jobs, timesheetSettings, workLogs } from "@db/schema";
import { systemCtx } from "@/lib/context";
import { createJobRunner } from "@/lib/jobs/runner";
import { silentLogger } from "@/lib/logger";
import { closeForgottenClockOuts, closeForgottenClockOutsJob, shiftEndAfter, shiftEndSetting } from "@/modules/kiosk/shift-end";
import { json, useTestApp } from "../helpers/app";
import { createUser, createWorkType, insertFenceOrderRow } from "../helpers/factories";
import { html } from "./support";

const t = useTestApp();
const ctx = () => systemCtx(t.current.database.db);
let workType: number;

beforeAll(async () => {
  workType = await createWorkType(ctx());
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("shiftEndAfter", () => {
  test("the same Prague day's 22:00, or the next day's when the log began after it; summer and winter time", () => {
    expect(iso(shiftEndAfter(new Date("2026-11-10T06:00:00Z"), "22:00"))).toBe("2026-11-10T21:00:00.000Z");
    expect(iso(shiftEndAfter(new Date("2026-11-10T21:30:00Z"), "22:00"))).toBe("2026-11-11T21:00:00.000Z");
    expect(iso(shiftEndAfter(new Date("2026-07-01T05:00:00Z"), "22:00"))).toBe("2026-07-01T20:00:00.000Z");
    // 00:30 Prague on the 11th (23:30 UTC on the 10th) is the 11th's shift.
    expect(iso(shiftEndAfter(new Date("2026-11-10T23:30:00Z"), "22:00"))).toBe("2026-11-11T21:00:00.000Z");
    expect(iso(shiftEndAfter(new Date("2026-11-10T06:00:00Z"), "18:30"))).toBe("2026-11-10T17:30:00.000Z");
  });
});

describe("the forgotten clock-out job", () => {
  test("two runners at 22:05 Prague time close exactly the open logs past shift end, once, at 22:00, marked auto-closed", async () => {
    const people = await Promise.all([1, 2, 3, 4].map(async () => (await createUser(ctx())).id));
    const [morning, lateStart, finished, justBefore] = people as [number, number, number, number];
    const rows = await ctx()
      .db.insert(workLogs)
      .values([
        { userId: morning, workTypeId: workType, start: new Date("2026-11-10T06:00:00Z"), source: "KIOSK" },
        // 22:30 Prague: after this day's shift end, so tomorrow's.
        { userId: lateStart, workTypeId: workType, start: new Date("2026-11-10T21:30:00Z"), source: "KIOSK" },
        { userId: finished, workTypeId: workType, start: new Date("2026-11-10T06:00:00Z"), end: new Date("2026-11-10T14:00:00Z"), source: "KIOSK" },
        { userId: justBefore, workTypeId: workType, start: new Date("2026-11-10T20:59:00Z"), source: "KIOSK" },
      ])
      .returning({ id: workLogs.id });
    const now = new Date("2026-11-10T21:05:00Z");
    const clock = () => now;
    const first = createJobRunner({ database: t.current.database, jobs: [closeForgottenClockOutsJob], logger: silentLogger, clock, runnerId: "instance-a" });
    const second = createJobRunner({ database: t.current.database, jobs: [closeForgottenClockOutsJob], logger: silentLogger, clock, runnerId: "instance-b" });
    await Promise.all([first.prepare(), second.prepare()]);
    await ctx().db.update(jobs).set({ runAt: now }).where(eq(jobs.name, closeForgottenClockOutsJob.name));
    const outcomes = (await Promise.all([first.runDue(), second.runDue()])).flat();
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["done"]);

    const after = await ctx()
      .db.select()
      .from(workLogs)
      .where(inArray(workLogs.id, rows.map((row) => row.id)))
      .orderBy(workLogs.id);
    expect(after.map((log) => [iso(log.end), log.autoClosed])).toEqual([
      ["2026-11-10T21:00:00.000Z", true],
      [null, false],
      ["2026-11-10T14:00:00.000Z", false],
      ["2026-11-10T21:00:00.000Z", true],
    ]);
    // Run again by hand: nothing more to close.
    expect(await closeForgottenClockOuts({ ctx: ctx(), input: { now } })).toBe(0);
  });

  test("the shift end comes from the timesheet setting", async () => {
    const userId = (await createUser(ctx())).id;
    const [log] = await ctx().db.insert(workLogs).values({ userId, workTypeId: workType, start: new Date("2026-11-12T06:00:00Z"), source: "KIOSK" }).returning();
    await ctx().db.insert(timesheetSettings).values({ id: 1, shiftEnd: "18:30" });
    const endOf = async () => iso((await ctx().db.select().from(workLogs).where(eq(workLogs.id, log!.id)))[0]!.end);
    await closeForgottenClockOuts({ ctx: ctx(), input: { now: new Date("2026-11-12T17:29:00Z") } });
    expect(await endOf()).toBeNull();
    await closeForgottenClockOuts({ ctx: ctx(), input: { now: new Date("2026-11-12T17:31:00Z") } });
    const [closed] = await ctx().db.select().from(workLogs).where(eq(workLogs.id, log!.id));
    expect(iso(closed!.end)).toBe("2026-11-12T17:30:00.000Z");
    expect(closed!.autoClosed).toBe(true);
    await ctx().db.delete(timesheetSettings);
  });
});

describe("the work log list: order, open and auto-closed", () => {
  test("the order column and filter, the open filter, the auto-closed mark; a bad open filter is a 422", async () => {
    const office = await t.current.login();
    const userId = (await createUser(ctx())).id;
    const orderId = await insertFenceOrderRow(ctx().db);
    const [tied, running, auto] = await ctx()
      .db.insert(workLogs)
      .values([
        { userId, workTypeId: workType, start: new Date("2026-10-01T06:00:00Z"), end: new Date("2026-10-01T10:00:00Z"), orderId, source: "KIOSK" },
        { userId, workTypeId: workType, start: new Date("2026-10-03T06:00:00Z"), source: "KIOSK" },
        { userId, workTypeId: workType, start: new Date("2026-10-02T06:00:00Z"), end: new Date("2026-10-02T20:00:00Z"), autoClosed: true, source: "KIOSK" },
      ])
      .returning({ id: workLogs.id });
    const ids = async (query: string) => ((await json(await office.api(`/api/timesheets/worklog?user=${userId}&${query}`))).data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
    expect(await ids(`order=${orderId}`)).toEqual([tied!.id]);
    expect(await ids("open=yes")).toEqual([running!.id]);
    expect(await ids("open=no")).toEqual([tied!.id, auto!.id].sort((a, b) => a - b));
    const [one] = (await json(await office.api(`/api/timesheets/worklog?user=${userId}&order=${orderId}`))).data;
    expect(one).toMatchObject({ orderId, autoClosed: false });
    const bad = await office.api(`/api/timesheets/worklog?user=${userId}&open=maybe`);
    expect(bad.status).toBe(422);
    const page = await html(await office.page(`/timesheets/worklog?user=${userId}`));
    expect(page).toContain("uzavřeno automaticky");
    expect(page).toContain(`href="/orders/fenceOrder/${orderId}"`);
    expect(page).toContain('id="worklog-filter-open"');
    await ctx().db.delete(workLogs).where(eq(workLogs.userId, userId));
  });
});

describe("the timesheet settings page", () => {
  test("shows 22:00 by default; 7:30 is saved as 07:30; 25:00 is a translated 422 and saves nothing", async () => {
    const office = await t.current.login({ admin: true });
    await ctx().db.delete(timesheetSettings);
    const page = await html(await office.page("/timesheets/settings"));
    expect(page).toContain("Konec směny");
    expect(page).toContain('value="22:00"');
    const saved = await office.page("/timesheets/settings", { form: { shiftEnd: "7:30" } });
    expect(saved.status).toBe(303);
    expect(await shiftEndSetting({ ctx: ctx() })).toBe("07:30");
    const bad = await office.page("/timesheets/settings", { form: { shiftEnd: "25:00" } });
    expect(bad.status).toBe(422);
    expect(await html(bad)).toContain("Zadejte čas jako HH:MM, např. 22:00");
    expect(await shiftEndSetting({ ctx: ctx() })).toBe("07:30");
    await ctx().db.delete(timesheetSettings);
  });
});
