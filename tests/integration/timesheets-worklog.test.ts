/**
 * Work logs (docs/domain.md#work-logs): /api/timesheets/worklog and /timesheets/worklog. Instants
 * are typed as dd.mm.yyyy hh:mm in Prague time and answered as ISO; a log counts on the Prague
 * day it starts; the total is of finished logs (running ones are shown as "probíhá", not summed).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { startWork } from "@/modules/timesheets/worklog/clock";
import type { WorkLog } from "@/modules/timesheets/worklog/schemas";
import { json, type Session, useTestApp } from "../helpers/app";
import { createUser, createWorkplace, createWorkType } from "../helpers/factories";
import { afterRedirect, entityApi, expectFieldErrors, html as htmlOf, type ListBody, pageShowing } from "./support";

const t = useTestApp();

type WorkLogList = ListBody<WorkLog> & { meta: { totalHours: number; openCount: number } };

const API = "/api/timesheets/worklog";
let session: Session;
let cutting: number;
let welding: number;
let painting: number;
const logs = entityApi<WorkLog>(t, API, { session: async () => session });
const { get, create: createLog } = logs;
const list = (query = "") => logs.list(query) as Promise<WorkLogList>;
const ctx = () => t.current.ctx;

/** A worker (an account without a card) of this name. */
const worker = async (firstName: string, lastName: string, active = true) => (await createUser(ctx(), { firstName, lastName, active })).id;

beforeAll(async () => {
  session = await t.current.login();
  const rezarna = await createWorkplace(ctx(), { name: "Řezárna" });
  const svarovna = await createWorkplace(ctx(), { name: "Svařovna" });
  cutting = await createWorkType(ctx(), { name: "Řezání profilů", workplace: rezarna });
  welding = await createWorkType(ctx(), { name: "Svařování polí", workplace: svarovna });
  painting = await createWorkType(ctx(), { name: "Práškové lakování", workplace: svarovna });
}, 120_000);

async function expectFail(body: unknown, fields: Record<string, string>, method = "POST", path = API) {
  const before = (await list("?size=500")).data;
  await expectFieldErrors(await session.api(path, { method, json: body }), fields);
  expect((await list("?size=500")).data).toEqual(before);
}

describe("API /api/timesheets/worklog", () => {
  test("create from Czech wall-clock times; the answer has names, ISO instants and hours", async () => {
    const user = await worker("Petr", "Svoboda");
    const id = await createLog({ user, workType: cutting, start: "14.02.2026 23:30", end: "15.02.2026 01:45" });
    expect(await get(id)).toEqual({
      id,
      user: { id: user, name: "Petr Svoboda" },
      workType: { id: cutting, name: "Řezání profilů" },
      workplace: { id: expect.any(Number), name: "Řezárna" },
      start: "2026-02-14T22:30:00.000Z",
      end: "2026-02-15T00:45:00.000Z",
      hours: 2.25,
      source: "OFFICE",
      orderId: null,
      autoClosed: false,
    });
  });

  test("ISO timestamps and {id} references are accepted too", async () => {
    const user = await worker("Eva", "Malá");
    const id = await createLog({ user: { id: user }, workType: { id: welding }, start: "2026-05-04T06:00:00Z", end: "2026-05-04T14:30:00+02:00" });
    const log = await get(id);
    expect([log.start, log.end, log.hours]).toEqual(["2026-05-04T06:00:00.000Z", "2026-05-04T12:30:00.000Z", 6.5]);
  });

  describe("validation answers 422 fail and saves nothing", () => {
    test("user, workType, start and end are required each on their own", async () => {
      const user = await worker("Jan", "Povinný");
      await expectFail({ user, workType: cutting, start: "01.06.2026 08:00" }, { end: "Povinné pole" });
      await expectFail({ user, workType: cutting, end: "01.06.2026 08:00" }, { start: "Povinné pole" });
      await expectFail({ user, start: "01.06.2026 08:00", end: "01.06.2026 09:00" }, { workType: "Povinné pole" });
      await expectFail({ workType: cutting, start: "01.06.2026 08:00", end: "01.06.2026 09:00" }, { user: "Povinné pole" });
    });

    test("the end must be after the start: equal and earlier are refused on the end", async () => {
      const user = await worker("Jan", "Konec");
      const message = { end: "Konec musí být později než začátek" };
      await expectFail({ user, workType: cutting, start: "02.06.2026 08:00", end: "02.06.2026 08:00" }, message);
      await expectFail({ user, workType: cutting, start: "02.06.2026 08:00", end: "02.06.2026 07:59" }, message);
      // One minute later is fine.
      expect((await get(await createLog({ user, workType: cutting, start: "02.06.2026 08:00", end: "02.06.2026 08:01" }))).hours).toBe(0.02);
    });

    test("a date without a time, or an impossible one, is refused readably", async () => {
      const user = await worker("Jan", "Formát");
      const message = "Zadejte datum a čas ve tvaru dd.mm.rrrr hh:mm";
      await expectFail({ user, workType: cutting, start: "03.06.2026", end: "03.06.2026 10:00" }, { start: message });
      // Written right but not on the calendar or the clock: it says so instead of asking for the format.
      const noSuch = "Takové datum nebo čas neexistuje";
      await expectFail({ user, workType: cutting, start: "03.06.2026 08:00", end: "31.06.2026 10:00" }, { end: noSuch });
      await expectFail({ user, workType: cutting, start: "zítra", end: "03.06.2026 25:00" }, { start: message, end: noSuch });
    });

    test("unknown worker or work type", async () => {
      const user = await worker("Jan", "Neznámý");
      await expectFail({ user: 2_000_000_000, workType: cutting, start: "04.06.2026 08:00", end: "04.06.2026 09:00" }, { user: "Zvolený pracovník neexistuje" });
      await expectFail({ user, workType: 2_000_000_000, start: "04.06.2026 08:00", end: "04.06.2026 09:00" }, { workType: "Zvolená činnost neexistuje" });
    });

    test("a log overlapping another of the same worker is refused; another worker is free", async () => {
      const user = await worker("Jan", "Překryv");
      const first = await createLog({ user, workType: cutting, start: "05.06.2026 08:00", end: "05.06.2026 12:00" });
      await expectFail(
        { user, workType: welding, start: "05.06.2026 11:00", end: "05.06.2026 13:00" },
        { start: `Pracovník má v tomto čase jiný záznam (č. ${first}, 05.06.2026 08:00 – 05.06.2026 12:00)` },
      );
      // Back to back is no overlap.
      await createLog({ user, workType: welding, start: "05.06.2026 12:00", end: "05.06.2026 13:00" });
      await createLog({ user: await worker("Jana", "Jiná"), workType: welding, start: "05.06.2026 11:00", end: "05.06.2026 13:00" });
    });

    test("a log after a worker's running (kiosk) log starts is refused", async () => {
      const user = await worker("Jan", "Běžící");
      const open = await startWork({ ctx: t.current.ctx, input: { userId: user, workTypeId: cutting, at: new Date("2026-06-06T05:00:00Z") } });
      await expectFail(
        { user, workType: welding, start: "06.06.2026 09:00", end: "06.06.2026 10:00" },
        { start: `Pracovník má od 06.06.2026 07:00 rozpracovaný záznam č. ${open}` },
      );
    });
  });

  test("update: work type, start and end change; the worker is read-only", async () => {
    const user = await worker("Alena", "Upravená");
    const id = await createLog({ user, workType: cutting, start: "08.06.2026 06:00", end: "08.06.2026 10:00" });
    const response = await session.api(`${API}/${id}`, { method: "PUT", json: { workType: welding, start: "08.06.2026 06:30", end: "08.06.2026 10:00" } });
    expect(response.status).toBe(200);
    const updated = (await json(response)).data as WorkLog;
    expect([updated.workType.name, updated.start, updated.hours, updated.user.id]).toEqual(["Svařování polí", "2026-06-08T04:30:00.000Z", 3.5, user]);
    // Sending the entity back as it came (same worker) is fine; another worker is refused.
    expect((await session.api(`${API}/${id}`, { method: "PUT", json: { ...updated, workType: updated.workType } })).status).toBe(200);
    const other = await worker("Cizí", "Pracovník");
    await expectFail({ user: other, workType: welding, start: "08.06.2026 06:30", end: "08.06.2026 10:00" }, { user: "Pracovníka záznamu nelze změnit" }, "PUT", `${API}/${id}`);
    await expectFail({ workType: welding, start: "08.06.2026 06:30", end: "08.06.2026 06:30" }, { end: "Konec musí být později než začátek" }, "PUT", `${API}/${id}`);
    await expectFail({ workType: welding, start: "08.06.2026 06:30" }, { end: "Povinné pole" }, "PUT", `${API}/${id}`);
    expect((await get(id)).user.id).toBe(user);
  });

  describe("filters and the total", () => {
    let anna: number;
    let boris: number;
    const logs: Record<string, number> = {};

    beforeAll(async () => {
      anna = await worker("Anna", "Filtrová");
      boris = await worker("Boris", "Filtrový");
      // Anna: 27.3. 08:00–10:30 (2 h 30 min), 28.3. 07:00–08:15 (1 h 15 min), 28.3. 23:30 – 29.3. 01:45 (2 h 15 min, another work type).
      logs.a1 = await createLog({ user: anna, workType: cutting, start: "27.03.2026 08:00", end: "27.03.2026 10:30" });
      logs.a2 = await createLog({ user: anna, workType: cutting, start: "28.03.2026 07:00", end: "28.03.2026 08:15" });
      logs.a3 = await createLog({ user: anna, workType: welding, start: "28.03.2026 23:30", end: "29.03.2026 01:45" });
      // Boris: 29.3. 00:15 – 04:15 Prague time, over the change to summer time: 3 real hours.
      logs.b1 = await createLog({ user: boris, workType: welding, start: "29.03.2026 00:15", end: "29.03.2026 04:15" });
    });

    const ids = (body: WorkLogList) => body.data.map((row) => row.id).sort((x, y) => x - y);
    const sorted = (...values: number[]) => values.sort((x, y) => x - y);

    test("by worker", async () => {
      expect(ids(await list(`?user=${anna}`))).toEqual(sorted(logs.a1!, logs.a2!, logs.a3!));
      expect(ids(await list(`?user=${boris}`))).toEqual([logs.b1!]);
    });

    test("by work type", async () => {
      expect(ids(await list(`?user=${anna}&workType=${welding}`))).toEqual([logs.a3!]);
      expect(ids(await list(`?user=${anna}&workType=${painting}`))).toEqual([]);
    });

    test("by date range in Prague days: a log starting 28.3. 23:30 counts on the 28th", async () => {
      const on28 = await list("?from=28.03.2026&to=28.03.2026&size=500");
      expect(ids(on28)).toEqual(sorted(logs.a2!, logs.a3!));
      // Boris starts at 00:15 on the 29th in Prague, which is still the 28th in UTC: not the 28th.
      expect(ids(await list("?from=29.03.2026&to=29.03.2026&size=500"))).toEqual([logs.b1!]);
      expect(ids(await list(`?user=${anna}&from=2026-03-27&to=2026-03-27`))).toEqual([logs.a1!]);
      expect(ids(await list(`?user=${anna}&from=28.3.2026`))).toEqual(sorted(logs.a2!, logs.a3!));
      expect(ids(await list(`?user=${anna}&to=27.03.2026`))).toEqual([logs.a1!]);
      expect(ids(await list(`?user=${anna}&from=29.03.2026&to=28.03.2026`))).toEqual([]);
    });

    test("meta.totalHours: 2 h 30 min + 1 h 15 min = 3.75; the DST night is 3 h", async () => {
      const twoLogs = await list(`?user=${anna}&workType=${cutting}`);
      expect(twoLogs.meta.totalHours).toBe(3.75);
      expect(twoLogs.meta.openCount).toBe(0);
      expect((await list(`?user=${anna}`)).meta.totalHours).toBe(6);
      expect((await list(`?user=${boris}`)).meta.totalHours).toBe(3);
      expect((await list("?from=28.03.2026&to=29.03.2026&size=500")).meta.totalHours).toBe(1.25 + 2.25 + 3);
      // The total is of the whole filtered set, not of the page.
      const paged = await list(`?user=${anna}&size=1&page=2`);
      expect(paged.data).toHaveLength(1);
      expect(paged.meta).toMatchObject({ page: 2, size: 1, total: 3, pages: 3, totalHours: 6 });
    });

    test("a running log is listed without hours and left out of the total", async () => {
      const carl = await worker("Karel", "Běžný");
      await createLog({ user: carl, workType: cutting, start: "20.03.2026 06:00", end: "20.03.2026 08:00" });
      const open = await startWork({ ctx: t.current.ctx, input: { userId: carl, workTypeId: welding, at: new Date("2026-03-20T08:00:00Z") } });
      const body = await list(`?user=${carl}`);
      expect(body.meta).toMatchObject({ total: 2, totalHours: 2, openCount: 1 });
      const running = body.data.find((row) => row.id === open)!;
      expect([running.end, running.hours, running.source]).toEqual([null, null, "KIOSK"]);
    });

    test("sorting by start", async () => {
      const asc = await list(`?user=${anna}&sort=start,asc`);
      expect(asc.data.map((row) => row.id)).toEqual([logs.a1!, logs.a2!, logs.a3!]);
      expect((await list(`?user=${anna}`)).data.map((row) => row.id)).toEqual([logs.a3!, logs.a2!, logs.a1!]);
    });

    test("a malformed date filter is a readable fail", async () => {
      const response = await session.api(`${API}?from=31.02.2026`);
      expect(response.status).toBe(422);
      expect((await json(response)).fields).toEqual({ from: "Takové datum neexistuje" });
    });
  });
});

describe("pages /timesheets/worklog", () => {
  let dana: number;
  let first: number;

  beforeAll(async () => {
    dana = await worker("Dana", "Stránková");
    first = await createLog({ user: dana, workType: cutting, start: "10.03.2026 07:00", end: "10.03.2026 09:30" });
    await createLog({ user: dana, workType: cutting, start: "11.03.2026 07:00", end: "11.03.2026 08:15" });
  });

  test("the list has filters, the total and the rows, and no add button", async () => {
    const response = await session.page(`/timesheets/worklog?user=${dana}`);
    expect(response.status).toBe(200);
    const html = await htmlOf(response);
    expect(html).not.toContain('href="/timesheets/worklog/new"');
    expect(html).toContain('name="user"');
    expect(html).toContain(`<option value="${dana}" selected="">Dana Stránková</option>`);
    expect(html).toContain('name="workType"');
    expect(html).toContain("Řezání profilů (Řezárna)");
    expect(html).toContain('name="from"');
    expect(html).toContain('name="to"');
    expect(html).toContain("Celkem 3,75 h");
    expect(html).toContain("10.03.2026 07:00");
    expect(html).toContain("10.03.2026 09:30");
    expect(html).toContain("2,5 h");
    expect(html).toContain("1,25 h");
    expect(html).toContain(`href="/timesheets/worklog/${first}"`);
  });

  test("a running log reads 'probíhá' and the total says it is not counted", async () => {
    const emil = await worker("Emil", "Běžící");
    await startWork({ ctx: t.current.ctx, input: { userId: emil, workTypeId: welding, at: new Date("2026-03-12T06:00:00Z") } });
    const html = await htmlOf(await session.page(`/timesheets/worklog?user=${emil}`));
    expect(html).toContain("probíhá");
    expect(html).toContain("Celkem 0 h");
    expect(html).toContain("1 probíhající záznam není započten");
  });

  test("htmx: a filter swaps the total with the table, sorting the table alone", async () => {
    const results = await htmlOf(
      await session.page(`/timesheets/worklog?user=${dana}&from=11.03.2026`, { headers: { "HX-Request": "true", "HX-Target": "worklog-results" } }),
    );
    expect(results.startsWith('<div id="worklog-results"')).toBe(true);
    expect(results).toContain("Celkem 1,25 h");
    const table = await htmlOf(await session.page(`/timesheets/worklog?user=${dana}&sort=start,asc`, { headers: { "HX-Request": "true", "HX-Target": "list-worklog" } }));
    expect(table.startsWith('<div id="list-worklog"')).toBe(true);
    expect(table).not.toContain("worklog-total");
  });

  test("a bad date filter shows its error and filters nothing by it", async () => {
    const html = await htmlOf(await session.page(`/timesheets/worklog?user=${dana}&from=32.13.2026`));
    expect(html).toContain("Takové datum neexistuje");
    expect(html).toContain("Celkem 3,75 h");
  });

  test("the edit form shows Prague times, the worker read-only, and refuses an end equal to the start", async () => {
    const html = await htmlOf(await session.page(`/timesheets/worklog/${first}`));
    expect(html).toContain('value="10.03.2026 07:00"');
    expect(html).toContain('value="10.03.2026 09:30"');
    expect(html).toMatch(/<select id="field-user"[^>]*disabled=""/);
    expect(html).toContain("Dana Stránková");
    expect(html).not.toMatch(/<select[^>]*name="user"/);

    const refused = await session.page(`/timesheets/worklog/${first}`, { form: { workType: String(cutting), start: "10.03.2026 07:00", end: "10.03.2026 07:00" } });
    const page = await pageShowing(refused, 422, "Formulář není vyplněn správně");
    expect(page).toMatch(/field-invalid[^>]*><label>Konec[\s\S]*?Konec musí být později než začátek/);
    expect(page).toContain('value="10.03.2026 07:00"');

    const missing = await session.page(`/timesheets/worklog/${first}`, { form: { workType: "", start: "", end: "" } });
    expect(missing.status).toBe(422);
    expect((await htmlOf(missing)).split("Povinné pole").length - 1).toBeGreaterThanOrEqual(3);

    const saved = await session.page(`/timesheets/worklog/${first}`, { form: { workType: String(welding), start: "10.03.2026 07:00", end: "10.03.2026 10:00", user: "999" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/timesheets/worklog/${first}`);
    const after = await get(first);
    expect([after.workType.id, after.hours, after.user.id]).toEqual([welding, 3, dana]);
    expect(await afterRedirect(session, saved, `/timesheets/worklog/${first}`)).toContain("Uloženo");
  });

  test("new (office correction) picks the worker; delete removes the log", async () => {
    const filip = await worker("Filip", "Opravný");
    const form = await htmlOf(await session.page("/timesheets/worklog/new"));
    expect(form).toContain(`<option value="${filip}">Filip Opravný</option>`);
    const refused = await session.page("/timesheets/worklog/new", { form: { user: "", workType: String(cutting), start: "13.03.2026 07:00", end: "13.03.2026 08:00" } });
    expect(refused.status).toBe(422);
    const created = await session.page("/timesheets/worklog/new", { form: { user: String(filip), workType: String(cutting), start: "13.03.2026 07:00", end: "13.03.2026 08:00" } });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/timesheets/worklog");
    const [log] = (await list(`?user=${filip}`)).data;
    expect([log!.start, log!.hours, log!.source]).toEqual(["2026-03-13T06:00:00.000Z", 1, "OFFICE"]);
    const deleted = await session.page(`/timesheets/worklog/${log!.id}/delete`, { method: "POST" });
    expect(deleted.status).toBe(303);
    expect((await session.api(`${API}/${log!.id}`)).status).toBe(404);
  });

  test("an inactive worker is not offered for a new log but stays in the list filter", async () => {
    const gone = await worker("Gustav", "Bývalý", false);
    expect(await htmlOf(await session.page("/timesheets/worklog/new"))).not.toContain(`<option value="${gone}">`);
    expect(await htmlOf(await session.page("/timesheets/worklog"))).toContain(`<option value="${gone}">Gustav Bývalý</option>`);
  });
});
