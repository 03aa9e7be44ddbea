import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { workLogs } from "@db/schema";
import { createUserWithCard, createWorkplace, createWorkType } from "../../../../tests/helpers/factories";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { tFor, translateMessage } from "@/lib/i18n";
import { endWork, openWorkLogOf, startWork } from "./clock";
import { workLogService, workLogTotals } from "./service";

const t = useTestDatabase();
let workTypeId: number;
let otherWorkTypeId: number;

beforeAll(async () => {
  const workplace = await createWorkplace(t.ctx, { name: "Svařovna" });
  workTypeId = await createWorkType(t.ctx, { name: "Svařování polí", workplace });
  otherWorkTypeId = await createWorkType(t.ctx, { name: "Broušení svárů", workplace });
}, 120_000);

/** A workshop worker with a kiosk card. */
const worker = async () => (await createUserWithCard(t.ctx, { firstName: "Tomáš", lastName: "Krejčí" })).id;

async function failureText(work: Promise<unknown>): Promise<{ text: string; fields: Record<string, string> }> {
  const error = await failureOf(work);
  expect(error.kind).toBe("fail");
  const cs = tFor("cs");
  return {
    text: error.messages.map((message) => translateMessage(cs, message)).join(" | "),
    fields: Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, translateMessage(cs, message)])),
  };
}

const at = (iso: string) => new Date(iso);

describe("one open log per worker", () => {
  test("a second open log is refused readably and nothing is added", async () => {
    const userId = await worker();
    const first = await startWork({ ctx: t.ctx, input: { userId, workTypeId, at: at("2026-03-28T22:30:00Z") } });
    const refused = await failureText(startWork({ ctx: t.ctx, input: { userId, workTypeId: otherWorkTypeId, at: at("2026-03-28T23:00:00Z") } }));
    expect(refused.text).toBe(`Pracovník už má rozpracovaný záznam č. ${first} (Svařování polí od 28.03.2026 23:30); nejdřív ho ukončete`);
    const rows = await t.db.select().from(workLogs).where(eq(workLogs.userId, userId));
    expect(rows.map((row) => row.id)).toEqual([first]);
    expect(rows[0]!.source).toBe("KIOSK");
  });

  test("the database index refuses a second open row even past the check (two terminals at once)", async () => {
    const userId = await worker();
    await startWork({ ctx: t.ctx, input: { userId, workTypeId, at: at("2026-04-01T06:00:00Z") } });
    const error = await t.db
      .insert(workLogs)
      .values({ userId, workTypeId, start: at("2026-04-01T07:00:00Z") })
      .then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string }; code?: string },
      );
    expect(error?.cause?.code ?? error?.code).toBe("23505");
  });

  test("ending the open log allows the next one; the switch is end then start", async () => {
    const userId = await worker();
    const first = await startWork({ ctx: t.ctx, input: { userId, workTypeId, at: at("2026-04-02T06:00:00Z") } });
    expect((await openWorkLogOf({ ctx: t.ctx, input: { userId } }))?.id).toBe(first);
    expect(await endWork({ ctx: t.ctx, input: { userId, at: at("2026-04-02T08:30:00Z") } })).toBe(first);
    const second = await startWork({ ctx: t.ctx, input: { userId, workTypeId: otherWorkTypeId, at: at("2026-04-02T08:30:00Z") } });
    expect((await openWorkLogOf({ ctx: t.ctx, input: { userId } }))?.workTypeName).toBe("Broušení svárů");
    expect(await endWork({ ctx: t.ctx, input: { userId, at: at("2026-04-02T09:45:00Z") } })).toBe(second);
    expect(await endWork({ ctx: t.ctx, input: { userId, at: at("2026-04-02T10:00:00Z") } })).toBeNull();
    const totals = await workLogTotals({ ctx: t.ctx, input: { filters: { user: String(userId) } } });
    expect(totals).toEqual({ totalHours: 3.75, openCount: 0 });
  });

  test("an end at or before the start is refused on the end", async () => {
    const userId = await worker();
    await startWork({ ctx: t.ctx, input: { userId, workTypeId, at: at("2026-04-03T06:00:00Z") } });
    const refused = await failureText(endWork({ ctx: t.ctx, input: { userId, at: at("2026-04-03T06:00:00Z") } }));
    expect(refused.fields).toEqual({ end: "Konec musí být později než začátek" });
    expect((await openWorkLogOf({ ctx: t.ctx, input: { userId } }))).not.toBeNull();
  });

  test("a start inside a finished log of the same worker is refused", async () => {
    const userId = await worker();
    await startWork({ ctx: t.ctx, input: { userId, workTypeId, at: at("2026-04-04T06:00:00Z") } });
    await endWork({ ctx: t.ctx, input: { userId, at: at("2026-04-04T10:00:00Z") } });
    const refused = await failureText(startWork({ ctx: t.ctx, input: { userId, workTypeId, at: at("2026-04-04T09:00:00Z") } }));
    expect(refused.text).toContain("Pracovník má v tomto čase jiný záznam");
  });

  test("an open log counts in no total; the office closes it by giving the end", async () => {
    const userId = await worker();
    const id = await startWork({ ctx: t.ctx, input: { userId, workTypeId, at: at("2026-04-05T06:00:00Z") } });
    expect(await workLogTotals({ ctx: t.ctx, input: { filters: { user: String(userId) } } })).toEqual({ totalHours: 0, openCount: 1 });
    const open = await workLogService.get({ ctx: t.ctx, input: { id } });
    expect(open.end).toBeNull();
    expect(open.hours).toBeNull();
    const closed = await workLogService.update({ ctx: t.ctx, input: { id, values: { workType: workTypeId, start: open.start, end: "05.04.2026 10:15" } } });
    expect(closed.end).toBe("2026-04-05T08:15:00.000Z");
    expect(closed.hours).toBe(2.25);
    expect(closed.source).toBe("KIOSK");
    expect(await workLogTotals({ ctx: t.ctx, input: { filters: { user: String(userId) } } })).toEqual({ totalHours: 2.25, openCount: 0 });
  });

  test("unknown workers and work types are refused", async () => {
    const userId = await worker();
    expect((await failureText(startWork({ ctx: t.ctx, input: { userId: 2_000_000_000, workTypeId, at: at("2026-04-06T06:00:00Z") } }))).fields).toEqual({ user: "Zvolený pracovník neexistuje" });
    expect((await failureText(startWork({ ctx: t.ctx, input: { userId, workTypeId: 2_000_000_000, at: at("2026-04-06T06:00:00Z") } }))).fields).toEqual({ workType: "Zvolená činnost neexistuje" });
  });
});
