/** The timesheets demo seed: 5 workplaces, 20 work types, two weeks of the card holders' work; idempotent. */
import { expect, test } from "bun:test";
import { count, isNull } from "drizzle-orm";
import { seedDemoTimesheets } from "@db/seed/demo/timesheets";
import { workLogs, workplaces, workTypes } from "@db/schema";
import { useTestApp } from "../helpers/app";
import { createUser, createUserWithCard } from "../helpers/factories";
import "./support";

const app = useTestApp();

const total = async (table: typeof workplaces | typeof workTypes | typeof workLogs) => (await app.current.ctx.db.select({ n: count() }).from(table))[0]!.n;

test("without card holders: workplaces and work types only", async () => {
  const ctx = app.current.ctx;
  await seedDemoTimesheets(ctx);
  expect(await total(workplaces)).toBe(5);
  expect(await total(workTypes)).toBe(20);
  expect(await total(workLogs)).toBe(0);
  const names = (await ctx.db.select({ name: workplaces.name }).from(workplaces)).map((row) => row.name).sort();
  expect(names).toEqual(["Lakovna", "Montáž", "Řezárna", "Sklad", "Svařovna"].sort());
});

test("with card holders: realistic logs for the last two weeks, at most one open each, no overlaps; a rerun adds nothing", async () => {
  const ctx = app.current.ctx;
  const workers = [];
  for (const [firstName, lastName] of [["Petr", "Svoboda"], ["Jiří", "Novák"], ["Lukáš", "Dvořák"]] as const) workers.push(await createUserWithCard(ctx, { firstName, lastName }));
  await createUser(ctx, { firstName: "Jana", lastName: "Kancelářská" });
  // A Wednesday at 10:20 Prague time: today's shift is running.
  const now = new Date("2026-03-25T09:20:00Z");
  await seedDemoTimesheets(ctx, now);
  const logs = await ctx.db.select().from(workLogs);
  expect(logs.length).toBeGreaterThan(workers.length * 9 * 2);
  expect(new Set(logs.map((log) => log.userId))).toEqual(new Set(workers.map((worker) => worker.id)));
  const twoWeeksAgo = new Date("2026-03-10T23:00:00Z");
  for (const log of logs) {
    expect(log.start >= twoWeeksAgo && log.start < now).toBe(true);
    if (log.end) expect(log.end > log.start && log.end <= now).toBe(true);
    // Nobody works weekends: 14–15 and 21–22 March 2026.
    expect([0, 6]).not.toContain(new Date(log.start.getTime() + 3_600_000).getUTCDay());
  }
  for (const worker of workers) {
    const mine = logs.filter((log) => log.userId === worker.id).sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(mine.filter((log) => log.end === null).length).toBeLessThanOrEqual(1);
    for (let i = 1; i < mine.length; i++) expect(mine[i]!.start >= mine[i - 1]!.end!).toBe(true);
  }
  expect((await ctx.db.select({ n: count() }).from(workLogs).where(isNull(workLogs.end)))[0]!.n).toBeGreaterThan(0);

  await seedDemoTimesheets(ctx, now);
  expect(await total(workLogs)).toBe(logs.length);
  expect(await total(workplaces)).toBe(5);
  expect(await total(workTypes)).toBe(20);
});
