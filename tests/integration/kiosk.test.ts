/**
 * The kiosk over HTTP (docs/domain.md#kiosk-scan-flow, decision 056): pairing through the link, the
 * device cookie's refusals, the scan flow's logs, idempotency per (device, scan id) for good,
 * queued scans with past times, and a replay that no longer fits kept as rejected.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { kioskScans, loginAttempts, timesheetSettings, users, workLogs, workplaces, workTypes } from "@db/schema";
import { systemCtx } from "@/lib/context";
import { scanAtKiosk, scansToCheck } from "@/modules/kiosk/service";
import { createKioskDevice, revokeKioskDevice } from "@/modules/settings/kiosk-devices/service";
import { createUser, testPasswordCost } from "@/modules/auth/service";
import { json, ORIGIN, useTestApp } from "../helpers/app";
import { insertFenceOrderRow } from "../helpers/factories";
import { cookiePair, html, setCookie } from "./support";

/** The requests' clock (docs/architecture.md: time is injected): the scans below were made in the week before it. */
let now = new Date("2026-11-17T00:00:00.000Z");
const t = useTestApp({ clock: () => now });
const ctx = () => systemCtx(t.current.database.db);

let workType1: number;
let workType2: number;
let counter = 0;

beforeAll(async () => {
  const [place] = await ctx().db.insert(workplaces).values({ name: "Dílna" }).returning();
  const types = await ctx().db
    .insert(workTypes)
    .values([
      { name: "Svařování", workplaceId: place!.id },
      { name: "Lakování", workplaceId: place!.id },
    ])
    .returning();
  [workType1, workType2] = [types[0]!.id, types[1]!.id];
  // The tests' scans span two weeks before the clock: the offline limit is set to cover them.
  await ctx().db.insert(timesheetSettings).values({ id: 1, scanMaxAgeDays: 30 }).onConflictDoUpdate({ target: timesheetSettings.id, set: { scanMaxAgeDays: 30 } });
});

/** A worker with a card `U<card>`. */
async function worker(options: { active?: boolean } = {}) {
  const n = ++counter;
  const id = await createUser({
    ctx: ctx(),
    input: { email: `kiosk${n}-${process.pid}@ohrada.test`, firstName: "Karel", lastName: `Dělník${n}`, password: "heslo-pro-testy", isAdmin: false },
    cost: testPasswordCost,
  });
  const card = `K${n}X${process.pid}`;
  await ctx().db.update(users).set({ kioskCardCode: card, active: options.active ?? true }).where(eq(users.id, id));
  return { id, code: `U${card}`, name: `Karel Dělník${n}` };
}

/** A device paired through its link; answers its cookie and id. */
async function pairedDevice() {
  const { id, secret } = await createKioskDevice({ ctx: ctx(), input: { name: `Terminál ${++counter}` } });
  const response = await t.current.request(`/kiosk/pair/${secret}`, { method: "POST", headers: { Origin: ORIGIN }, redirect: "manual" });
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/kiosk");
  return { id, secret, cookie: cookiePair(response, "ohrada_kiosk")!, setCookie: setCookie(response, "ohrada_kiosk")! };
}

type Device = Awaited<ReturnType<typeof pairedDevice>>;
let scanCounter = 0;
const newScanId = () => `scan-${process.pid}-${++scanCounter}`;

function scan(device: Pick<Device, "cookie">, body: { code: string; scannedAt: string; scanId?: string }, headers: Record<string, string> = { Origin: ORIGIN }) {
  return t.current.request("/api/kiosk/scan", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: device.cookie, ...headers },
    body: JSON.stringify({ ...body, scanId: body.scanId ?? newScanId() }),
  });
}

async function scanOk(device: Device, code: string, scannedAt: string, scanId?: string) {
  const response = await scan(device, { code, scannedAt, scanId });
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data as { status: string; tone: string; text: string };
}

/** The toast text queued for the next page. */
const flashText = (response: Response) => decodeURIComponent(decodeURIComponent(cookiePair(response, "ohrada_flash")!));

const logsOf = (userId: number) => ctx().db.select().from(workLogs).where(eq(workLogs.userId, userId)).orderBy(workLogs.start);

describe("pairing and the device cookie", () => {
  test("the link pairs this browser once: a long-lived HttpOnly SameSite=Strict cookie, then /kiosk shows the scan field", async () => {
    const device = await pairedDevice();
    expect(device.setCookie).toContain("HttpOnly");
    expect(device.setCookie).toContain("SameSite=Strict");
    expect(device.setCookie).toContain(`Max-Age=${400 * 24 * 3600}`);
    const page = await t.current.request("/kiosk", { headers: { Cookie: device.cookie } });
    expect(page.status).toBe(200);
    const text = await html(page);
    expect(text).toContain('id="kiosk-code"');
    expect(text).toContain("Naskenujte svou kartu");
    expect(text).toContain('src="/build/kiosk.js"');
    const again = await t.current.request(`/kiosk/pair/${device.secret}`, { method: "POST", headers: { Origin: ORIGIN }, redirect: "manual" });
    expect(again.status).toBe(422);
    expect(setCookie(again, "ohrada_kiosk")).toBeUndefined();
  });

  test("an unpaired browser sees how to pair and nothing else; its scan is refused", async () => {
    const page = await t.current.request("/kiosk");
    expect(page.status).toBe(401);
    const text = await html(page);
    expect(text).toContain("Tento terminál není spárovaný");
    expect(text).not.toContain('id="kiosk-code"');
    const response = await scan({ cookie: "ohrada_kiosk=nonsense" }, { code: "U1", scannedAt: new Date().toISOString() });
    expect(response.status).toBe(401);
    expect((await json(response)).code).toBe("UNAUTHORIZED");
  });

  test("a revoked device is refused at once, page and scan", async () => {
    const device = await pairedDevice();
    const jana = await worker();
    await scanOk(device, jana.code, "2026-11-02T06:00:00.000Z");
    await revokeKioskDevice({ ctx: ctx(), input: { id: device.id } });
    expect((await t.current.request("/kiosk", { headers: { Cookie: device.cookie } })).status).toBe(401);
    const response = await scan(device, { code: jana.code, scannedAt: "2026-11-02T06:00:05.000Z" });
    expect(response.status).toBe(401);
  });

  test("a cross-origin scan with the device cookie is refused (and one with no origin proof at all)", async () => {
    const device = await pairedDevice();
    const jana = await worker();
    const at = "2026-11-03T06:00:00.000Z";
    const elsewhere = await scan(device, { code: jana.code, scannedAt: at }, { Origin: "https://evil.example" });
    expect(elsewhere.status).toBe(403);
    expect((await json(elsewhere)).code).toBe("CSRF");
    const crossSite = await scan(device, { code: jana.code, scannedAt: at }, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const unprovable = await scan(device, { code: jana.code, scannedAt: at }, {});
    expect(unprovable.status).toBe(403);
    const stored = await ctx().db.select().from(kioskScans).where(eq(kioskScans.deviceId, device.id));
    expect(stored).toHaveLength(0);
  });

  test("bad input is a translated 422 and stores nothing", async () => {
    const device = await pairedDevice();
    const response = await scan(device, { code: "", scannedAt: "yesterday", scanId: "x" });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(JSON.stringify(body)).toContain("Neplatný čas skenu");
    const nul = await scan(device, { code: "U1\u0000", scannedAt: "2026-11-03T06:00:00.000Z" });
    expect(nul.status).toBe(422);
    expect((await json(nul)).fields).toEqual({ code: "Obsahuje znak, který nelze uložit (U+0000)" });
    const stored = await ctx().db.select().from(kioskScans).where(eq(kioskScans.deviceId, device.id));
    expect(stored).toHaveLength(0);
  });
});

describe("the scan flow", () => {
  test("card then WT opens a log written by the worker; the same card twice closes it", async () => {
    const device = await pairedDevice();
    const jana = await worker();
    const greet = await scanOk(device, jana.code, "2026-11-04T06:00:00.000Z");
    expect(greet).toEqual({ status: "applied", tone: "ok", text: `Dobrý den, ${jana.name}. Nejste přihlášen(a) na žádnou práci. Dnes 0 h.` });
    const started = await scanOk(device, `WT${workType1}`, "2026-11-04T06:00:10.000Z");
    expect(started.text).toBe(`${jana.name}: začátek práce Svařování.`);
    let [log] = await logsOf(jana.id);
    expect(log!.start.toISOString()).toBe("2026-11-04T06:00:10.000Z");
    expect(log!.end).toBeNull();
    expect(log!.source).toBe("KIOSK");
    expect(log!.createdBy).toBe(jana.id);
    expect(log!.openedByScanId).not.toBeNull();

    await scanOk(device, jana.code, "2026-11-04T08:00:10.000Z");
    const out = await scanOk(device, jana.code, "2026-11-04T08:00:12.000Z");
    expect(out.text).toBe(`Na shledanou, ${jana.name}. Ukončeno: Svařování (2 h).`);
    [log] = await logsOf(jana.id);
    expect(log!.end!.toISOString()).toBe("2026-11-04T08:00:12.000Z");
    expect(log!.closedByScanId).not.toBeNull();
  });

  test("a second WT switches: the open log ends and a new one starts at the same instant; an O code ties the current log", async () => {
    const device = await pairedDevice();
    const petr = await worker();
    const orderId = await insertFenceOrderRow(ctx().db);
    await scanOk(device, petr.code, "2026-11-05T06:00:00.000Z");
    await scanOk(device, `WT${workType1}`, "2026-11-05T06:00:05.000Z");
    await scanOk(device, petr.code, "2026-11-05T09:00:00.000Z");
    await scanOk(device, `WT${workType2}`, "2026-11-05T09:00:04.000Z");
    const logs = await logsOf(petr.id);
    expect(logs.map((log) => [log.workTypeId, log.start.toISOString(), log.end?.toISOString() ?? null])).toEqual([
      [workType1, "2026-11-05T06:00:05.000Z", "2026-11-05T09:00:04.000Z"],
      [workType2, "2026-11-05T09:00:04.000Z", null],
    ]);
    const tied = await scanOk(device, `O${orderId}`, "2026-11-05T09:00:06.000Z");
    expect(tied.text).toBe(`${petr.name}: práce Lakování patří k zakázce ${orderId}.`);
    expect((await logsOf(petr.id)).map((log) => log.orderId)).toEqual([null, orderId]);
    const missing = await scanOk(device, "O999999", "2026-11-05T09:00:07.000Z");
    expect(missing).toEqual({ status: "refused", tone: "error", text: "Zakázka O999999 neexistuje." });
    const late = await scanOk(device, `WT${workType1}`, "2026-11-05T09:00:40.000Z");
    expect(late).toEqual({ status: "refused", tone: "warn", text: "Nejdřív naskenujte svou kartu." });
    expect(await logsOf(petr.id)).toHaveLength(2);
  });

  test("a deactivated worker's card, an unknown code and a scan from the future change nothing", async () => {
    const device = await pairedDevice();
    const gone = await worker({ active: false });
    expect((await scanOk(device, gone.code, "2026-11-06T06:00:00.000Z")).text).toBe("Karta patří neaktivnímu pracovníkovi.");
    expect((await scanOk(device, "HELLO", "2026-11-06T06:00:01.000Z")).text).toBe("Neznámý kód HELLO.");
    const future = new Date(now.getTime() + 10 * 60_000).toISOString();
    const jana = await worker();
    expect((await scanOk(device, jana.code, future)).status).toBe("refused");
    expect(await logsOf(gone.id)).toHaveLength(0);
    expect(await logsOf(jana.id)).toHaveLength(0);
  });
});

describe("idempotency and replays", () => {
  test("the same scan id twice applies once and answers the first answer, also a week later", async () => {
    const device = await pairedDevice();
    const jana = await worker();
    await scanOk(device, jana.code, "2026-11-09T06:00:00.000Z");
    const first = await scanOk(device, `WT${workType1}`, "2026-11-09T06:00:03.000Z", "same-scan-0001");
    const again = await scanOk(device, `WT${workType1}`, "2026-11-09T06:00:03.000Z", "same-scan-0001");
    expect(again).toEqual(first);
    const weekLater = await scanAtKiosk({
      ctx: ctx(),
      input: { deviceId: device.id, scan: { code: `WT${workType1}`, scanId: "same-scan-0001", scannedAt: "2026-11-09T06:00:03.000Z" }, receivedAt: new Date("2026-11-16T06:00:03.000Z") },
    });
    expect(weekLater).toMatchObject({ status: "applied", key: "kiosk.started" });
    expect(await logsOf(jana.id)).toHaveLength(1);
    const rows = await ctx().db.select().from(kioskScans).where(and(eq(kioskScans.deviceId, device.id), eq(kioskScans.scanId, "same-scan-0001")));
    expect(rows).toHaveLength(1);
  });

  test("queued scans with past scan times, sent later in order, produce logs with those times", async () => {
    const device = await pairedDevice();
    const jana = await worker();
    const queue = [
      [jana.code, "2026-11-10T05:58:00.000Z"],
      [`WT${workType1}`, "2026-11-10T05:58:20.000Z"],
      [jana.code, "2026-11-10T10:00:00.000Z"],
      [`WT${workType2}`, "2026-11-10T10:00:29.900Z"],
      [jana.code, "2026-11-10T14:30:00.000Z"],
      [jana.code, "2026-11-10T14:30:02.000Z"],
    ];
    for (const [code, at] of queue) expect((await scanOk(device, code!, at!)).status).toBe("applied");
    const logs = await logsOf(jana.id);
    expect(logs.map((log) => [log.workTypeId, log.start.toISOString(), log.end?.toISOString() ?? null])).toEqual([
      [workType1, "2026-11-10T05:58:20.000Z", "2026-11-10T10:00:29.900Z"],
      [workType2, "2026-11-10T10:00:29.900Z", "2026-11-10T14:30:02.000Z"],
    ]);
  });

  test("a replay that would overlap a log the office entered meanwhile is kept as rejected, and listed to check", async () => {
    const device = await pairedDevice();
    const jana = await worker();
    await scanOk(device, jana.code, "2026-11-11T06:00:00.000Z");
    await scanOk(device, `WT${workType1}`, "2026-11-11T06:00:05.000Z");
    // The office enters a finished log after the open one's start (the kiosk was offline).
    await ctx().db.update(workLogs).set({ end: new Date("2026-11-11T07:00:00.000Z") }).where(eq(workLogs.userId, jana.id));
    await ctx().db.insert(workLogs).values({ userId: jana.id, workTypeId: workType2, start: new Date("2026-11-11T08:00:00.000Z"), end: new Date("2026-11-11T12:00:00.000Z"), source: "OFFICE" });
    await ctx().db.update(workLogs).set({ end: null }).where(and(eq(workLogs.userId, jana.id), eq(workLogs.workTypeId, workType1)));
    // The queued clock-out at 14:00 would end the 06:00 log across the office's 08:00–12:00.
    await scanOk(device, jana.code, "2026-11-11T14:00:00.000Z");
    const rejected = await scanOk(device, jana.code, "2026-11-11T14:00:03.000Z");
    expect(rejected).toEqual({ status: "rejected", tone: "error", text: `${jana.name}: sken se překrývá se záznamem z kanceláře. Kancelář ho zkontroluje.` });
    const toCheck = (await scansToCheck({ ctx: ctx() })).filter((row) => row.userId === jana.id);
    expect(toCheck).toEqual([
      { id: expect.any(Number), code: jana.code, scannedAt: "2026-11-11T14:00:03.000Z", userId: jana.id, workerName: jana.name, reason: "kiosk.rejected.overlap", values: { name: jana.name } },
    ]);
    const open = (await logsOf(jana.id)).find((log) => log.workTypeId === workType1);
    expect(open!.end).toBeNull();

    // The office sees it on the work log page; applying it while the overlap stands says why.
    const office = await t.current.login();
    const page = await html(await office.page("/timesheets/worklog"));
    expect(page).toContain("Skeny ke kontrole");
    expect(page).toContain(`action="/timesheets/worklog/scans/${toCheck[0]!.id}/apply"`);
    const refused = await office.page(`/timesheets/worklog/scans/${toCheck[0]!.id}/apply`, { method: "POST" });
    expect(refused.status).toBe(303);
    expect(flashText(refused)).toContain("sken se překrývá se záznamem z kanceláře");
    // Once the office log is moved out of the way, the scan applies by hand: the log ends at its scan time.
    await ctx().db.delete(workLogs).where(and(eq(workLogs.userId, jana.id), eq(workLogs.workTypeId, workType2)));
    const applied = await office.page(`/timesheets/worklog/scans/${toCheck[0]!.id}/apply`, { method: "POST" });
    expect(applied.status).toBe(303);
    expect(flashText(applied)).toContain("Sken byl použit.");
    const [closed] = await logsOf(jana.id);
    expect(closed!.end!.toISOString()).toBe("2026-11-11T14:00:03.000Z");
    expect(closed!.closedByScanId).toBe(toCheck[0]!.id);
    expect((await scansToCheck({ ctx: ctx() })).filter((row) => row.userId === jana.id)).toEqual([]);
    // A second apply: it is no longer to check.
    const twice = await office.page(`/timesheets/worklog/scans/${toCheck[0]!.id}/apply`, { method: "POST" });
    expect(flashText(twice)).toContain("Tento sken už ke kontrole není.");
  });

  test("a replay that would end a log before it began is kept as rejected", async () => {
    const device = await pairedDevice();
    const jana = await worker();
    await scanOk(device, jana.code, "2026-11-12T06:00:00.000Z");
    await scanOk(device, `WT${workType1}`, "2026-11-12T06:00:05.000Z");
    // The office moves the open log's start later than the queued clock-out.
    await ctx().db.update(workLogs).set({ start: new Date("2026-11-12T09:00:00.000Z") }).where(eq(workLogs.userId, jana.id));
    await scanOk(device, jana.code, "2026-11-12T08:00:00.000Z");
    const rejected = await scanOk(device, jana.code, "2026-11-12T08:00:02.000Z");
    expect(rejected.status).toBe("rejected");
    const [row] = await ctx().db.select().from(kioskScans).where(and(eq(kioskScans.deviceId, device.id), eq(kioskScans.status, "rejected")));
    expect(row!.reason).toBe("kiosk.rejected.endBeforeStart");
    // The office sets it aside: it leaves the list, still kept as rejected; the log is untouched.
    const office = await t.current.login();
    const dismissed = await office.page(`/timesheets/worklog/scans/${row!.id}/dismiss`, { method: "POST" });
    expect(dismissed.status).toBe(303);
    expect(flashText(dismissed)).toContain("Sken byl odložen.");
    expect((await scansToCheck({ ctx: ctx() })).map((scan) => scan.id)).not.toContain(row!.id);
    const [kept] = await ctx().db.select().from(kioskScans).where(eq(kioskScans.id, row!.id));
    expect(kept!.status).toBe("rejected");
    expect(kept!.resolvedBy).toBe(office.user.id);
    expect((await logsOf(jana.id))[0]!.end).toBeNull();
  });
});

describe("abuse (docs/domain.md#kiosk-devices)", () => {
  test("the pairing link's GET only asks (a link preview uses nothing up); the POST pairs", async () => {
    const { secret } = await createKioskDevice({ ctx: ctx(), input: { name: `Terminál ${++counter}` } });
    for (let i = 0; i < 3; i++) {
      const preview = await t.current.request(`/kiosk/pair/${secret}`, { redirect: "manual" });
      expect(preview.status).toBe(200);
      expect(setCookie(preview, "ohrada_kiosk")).toBeUndefined();
      const text = await html(preview);
      expect(text).toContain("Spárovat toto zařízení");
      expect(text).toContain(`action="/kiosk/pair/${secret}"`);
    }
    const paired = await t.current.request(`/kiosk/pair/${secret}`, { method: "POST", headers: { Origin: ORIGIN }, redirect: "manual" });
    expect(paired.status).toBe(303);
    expect(setCookie(paired, "ohrada_kiosk")).toContain("HttpOnly");
  });

  test("pairing guesses from one address stop at the login limit (10 in 15 minutes): 429, a real link too", async () => {
    const ip = "198.51.100.7";
    const guess = (secret: string) =>
      t.current.request(`/kiosk/pair/${secret}`, { method: "POST", headers: { Origin: ORIGIN, "X-Forwarded-For": ip }, redirect: "manual" });
    for (let i = 0; i < 10; i++) expect((await guess(`guess-${i}-xxxxxxxxxxxxxxxx`)).status).toBe(422);
    expect((await guess("guess-10-xxxxxxxxxxxxxxxx")).status).toBe(429);
    const { secret } = await createKioskDevice({ ctx: ctx(), input: { name: `Terminál ${++counter}` } });
    expect((await guess(secret)).status).toBe(429);
    // Another address is not held back.
    const elsewhere = await t.current.request(`/kiosk/pair/${secret}`, { method: "POST", headers: { Origin: ORIGIN, "X-Forwarded-For": "198.51.100.8" }, redirect: "manual" });
    expect(elsewhere.status).toBe(303);
    await ctx().db.delete(loginAttempts).where(eq(loginAttempts.ip, ip));
  });

  test("a scan older than the offline limit (7 days by default) is a 422 the kiosk drops, and writes nothing", async () => {
    const device = await pairedDevice();
    const jana = await worker();
    await ctx().db.update(timesheetSettings).set({ scanMaxAgeDays: 7 });
    try {
      const before = (await ctx().db.select().from(kioskScans).where(eq(kioskScans.deviceId, device.id))).length;
      for (const scannedAt of ["1970-01-01T06:00:00.000Z", "2026-11-09T23:59:59.000Z"]) {
        const response = await scan(device, { code: jana.code, scannedAt });
        expect(response.status).toBe(422);
        expect((await json(response)).fields).toEqual({ scannedAt: "Sken je starší než 7 dní, takový se už nepřijímá; záznam práce zapište v kanceláři" });
      }
      expect(await ctx().db.select().from(kioskScans).where(eq(kioskScans.deviceId, device.id))).toHaveLength(before);
      expect(await logsOf(jana.id)).toHaveLength(0);
      // Seven days to the millisecond is still taken.
      expect((await scanOk(device, jana.code, "2026-11-10T00:00:00.000Z")).status).toBe("applied");
    } finally {
      await ctx().db.update(timesheetSettings).set({ scanMaxAgeDays: 30 });
    }
  });

  test("at most 30 scans a minute per device: the 31st is a 429 (the kiosk keeps it and retries); a minute on, scans pass again", async () => {
    const device = await pairedDevice();
    const other = await pairedDevice();
    const jana = await worker();
    const saved = now;
    try {
      now = new Date("2026-11-18T08:00:00.000Z");
      for (let i = 0; i < 30; i++) expect((await scan(device, { code: jana.code, scannedAt: new Date(now.getTime() - 1000 + i).toISOString() })).status).toBe(200);
      const stored = (await ctx().db.select().from(kioskScans).where(eq(kioskScans.deviceId, device.id))).length;
      const flood = await scan(device, { code: jana.code, scannedAt: now.toISOString() });
      expect(flood.status).toBe(429);
      expect(flood.headers.get("Retry-After")).toBe("60");
      expect((await json(flood)).data).toEqual(["Příliš mnoho skenů z tohoto terminálu (nejvýše 30 za minutu); zkuste to za chvíli"]);
      expect(await ctx().db.select().from(kioskScans).where(eq(kioskScans.deviceId, device.id))).toHaveLength(stored);
      // Another device is counted on its own; a minute later this one scans again.
      expect((await scan(other, { code: jana.code, scannedAt: now.toISOString() })).status).toBe(200);
      now = new Date(now.getTime() + 60_000);
      expect((await scan(device, { code: jana.code, scannedAt: now.toISOString() })).status).toBe(200);
    } finally {
      now = saved;
    }
  });
});
