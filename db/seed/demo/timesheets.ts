/**
 * Demo timesheets: 5 workplaces, 20 work types (through the factories) and, when the demo workers
 * with kiosk cards exist (db/seed/demo/users.ts runs first), two weeks of their clocked work (one
 * batch of rows: kiosk logs and running ones, which the office's work log service does not make).
 * Each table is filled only while it is empty, so a second run changes nothing.
 */
import { count, isNotNull } from "drizzle-orm";
import { users, workLogs, workplaces, workTypes } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { addDays, todayInPrague } from "@/lib/dates";
import { pragueLocalToInstant } from "@/modules/timesheets/datetime";
import { createWorkplace, createWorkType } from "../factories";
import { seededRandom } from "./random";

const WORKPLACES: [workplace: string, workTypes: string[]][] = [
  ["Řezárna", ["Řezání profilů", "Řezání plechů", "Odjehlení", "Děrování sloupků"]],
  ["Svařovna", ["Svařování polí", "Svařování brán", "Broušení svárů", "Rovnání rámů"]],
  ["Lakovna", ["Odmaštění a příprava", "Práškové lakování", "Vytvrzování v peci", "Kontrola laku"]],
  ["Montáž", ["Montáž pantů a zámků", "Kompletace branek", "Osazení výplní", "Montáž pohonů brán"]],
  ["Sklad", ["Příjem materiálu", "Vychystání zakázek", "Balení", "Nakládka"]],
];

const isEmpty = async (ctx: Ctx, table: typeof workplaces | typeof workTypes | typeof workLogs) =>
  ((await ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0) === 0;

const at = (isoDate: string, minutes: number) => {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return pragueLocalToInstant(y, m, d, Math.floor(minutes / 60), minutes % 60);
};

/**
 * A shift from 6:00 to about 14:30 with a half-hour break, split into two to four pieces of work
 * at the worker's own workplace (now and then helping at the next one). Weekends are free and
 * a worker misses a day now and then. Today, whoever has started is still clocked on.
 */
function shiftLogs(args: { userId: number; index: number; days: string[]; today: string; now: Date; typesByWorkplace: number[][] }) {
  const rows: (typeof workLogs.$inferInsert)[] = [];
  const next = seededRandom(7919 * (args.index + 1));
  const home = args.index % args.typesByWorkplace.length;
  for (const day of args.days) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6 || next() < 0.08) continue;
    const start = 6 * 60 + Math.floor(next() * 3) * 5;
    const end = 14 * 60 + 15 + Math.floor(next() * 5) * 5;
    const breakAt = 10 * 60 + Math.floor(next() * 4) * 15;
    const cuts = [start, breakAt, breakAt + 30, end];
    if (next() < 0.6) cuts.splice(1, 0, start + 90 + Math.floor(next() * 6) * 10);
    if (next() < 0.4) cuts.splice(cuts.length - 1, 0, end - 60 - Math.floor(next() * 4) * 15);
    for (let i = 0; i + 1 < cuts.length; i++) {
      if (cuts[i] === breakAt) continue; // the break
      const workplace = next() < 0.15 ? (home + 1) % args.typesByWorkplace.length : home;
      const types = args.typesByWorkplace[workplace]!;
      const workTypeId = types[Math.floor(next() * types.length)]!;
      const from = at(day, cuts[i]!);
      const to = at(day, cuts[i + 1]!);
      if (day === args.today) {
        if (from >= args.now) break;
        if (to > args.now) {
          rows.push({ userId: args.userId, workTypeId, start: from, end: null, source: "KIOSK" });
          break;
        }
      }
      rows.push({ userId: args.userId, workTypeId, start: from, end: to, source: next() < 0.05 ? "OFFICE" : "KIOSK" });
    }
  }
  return rows;
}

export async function seedDemoTimesheets(ctx: Ctx, now: Date = new Date()): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    if (await isEmpty(tx, workplaces)) {
      for (const [name] of WORKPLACES) await createWorkplace(tx, { name });
    }
    if (await isEmpty(tx, workTypes)) {
      const places = await tx.db.select({ id: workplaces.id, name: workplaces.name }).from(workplaces);
      const idOf = new Map(places.map((place) => [place.name, place.id]));
      for (const [workplace, names] of WORKPLACES) {
        const id = idOf.get(workplace);
        if (id !== undefined) for (const name of names) await createWorkType(tx, { name, workplace: id });
      }
    }
    if (!(await isEmpty(tx, workLogs))) return;
    const workers = await tx.db.select({ id: users.id }).from(users).where(isNotNull(users.kioskCardCode)).orderBy(users.id);
    if (!workers.length) return;
    const types = await tx.db.select({ id: workTypes.id, workplaceId: workTypes.workplaceId }).from(workTypes).orderBy(workTypes.id);
    const byWorkplace = new Map<number, number[]>();
    for (const type of types) byWorkplace.set(type.workplaceId, [...(byWorkplace.get(type.workplaceId) ?? []), type.id]);
    const typesByWorkplace = [...byWorkplace.values()];
    if (!typesByWorkplace.length) return;
    const today = todayInPrague(now);
    const days = Array.from({ length: 15 }, (_, i) => addDays(today, i - 14));
    const rows = workers.flatMap((worker, index) => shiftLogs({ userId: worker.id, index, days, today, now, typesByWorkplace }));
    for (let i = 0; i < rows.length; i += 500) await tx.db.insert(workLogs).values(rows.slice(i, i + 500));
  });
}
