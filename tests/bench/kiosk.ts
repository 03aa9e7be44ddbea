/**
 * The kiosk's figures (docs/decisions/056-kiosk.md), a bench child (run.ts starts it per database
 * mode): a kiosk scan's server time through the app (device cookie, same-origin, one transaction
 * each), the replay of 500 queued scans in order (and the same 500 again, which must change
 * nothing), and the kiosk script's gzip size. Nothing here asserts a time.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { and, count, eq } from "drizzle-orm";
import { kioskScans, users, workLogs, workplaces, workTypes } from "@db/schema";
import { createKioskDevice } from "@/modules/settings/kiosk-devices/service";
import { ORIGIN, type TestApp } from "../helpers/app";
import { createUser } from "../helpers/factories";
import { runBenchChild } from "./child";
import { ROOT, type Stats, stats } from "./lib";

export const KIOSK_SCAN_TARGET_MS = 10;
export const KIOSK_REPLAY_TARGET_MS = 5000;
export const KIOSK_JS_BUDGET_BYTES = 15 * 1024;
export const REPLAYED_SCANS = 500;

export interface KioskResult {
  kind: "pglite" | "postgres";
  warmup: number;
  runs: number;
  scan: Stats;
  replayMs: number;
  replayAgainMs: number;
  replayedScans: number;
  /** After both replays: scans stored and logs made (500 and 250 when each applied once). */
  storedScans: number;
  logs: number;
  jsBytes: number;
  jsGzipBytes: number;
}

const log = (text: string) => process.stderr.write(`  [kiosk] ${text}\n`);

async function setUp(t: TestApp, n: number) {
  const db = t.ctx.db;
  const user = await createUser(t.ctx);
  await db.update(users).set({ kioskCardCode: `BENCH${n}` }).where(eq(users.id, user.id));
  const [place] = await db.insert(workplaces).values({ name: `Bench ${n}` }).returning();
  const types = await db
    .insert(workTypes)
    .values([
      { name: "A", workplaceId: place!.id },
      { name: "B", workplaceId: place!.id },
    ])
    .returning();
  const { id, secret } = await createKioskDevice({ ctx: t.ctx, input: { name: `Bench ${n}` } });
  // The link's GET only asks; its button posts to the same address, which pairs.
  const paired = await t.request(`/kiosk/pair/${secret}`, { method: "POST", redirect: "manual", headers: { Origin: ORIGIN } });
  const cookie = paired.headers.getSetCookie().find((line) => line.startsWith("ohrada_kiosk="))!.split(";")[0]!;
  return { userId: user.id, deviceId: id, cookie, card: `UBENCH${n}`, types: types.map((type) => type.id) };
}

/**
 * The request clock the app judges scans by (a device's 30 scans a minute, the offline limit): a
 * second after each scan's own time, as a kiosk that sends at once, so 1,000 scans of a few
 * hours' work pass in seconds without meeting the limit a real device never reaches.
 */
let requestTime = Date.now();
/** The scans' days: within the week a kiosk may still send (the offline limit). */
const LIVE_DAY = Date.now() - 5 * 86_400_000;
const QUEUED_DAY = Date.now() - 4 * 86_400_000;

await runBenchChild({ warmup: 50, runs: 500 }, async ({ t, client, warmup, runs }): Promise<KioskResult> => {
  const send = async (cookie: string, code: string, scanId: string, at: number) => {
    requestTime = at + 1000;
    const response = await t.request("/api/kiosk/scan", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: ORIGIN },
      body: JSON.stringify({ code, scanId, scannedAt: new Date(at).toISOString() }),
    });
    if (response.status !== 200) throw new Error(`scan ${code}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: { status: string } };
    if (body.data.status !== "applied") throw new Error(`scan ${code}: ${JSON.stringify(body.data)}`);
  };

  // 1. A scan's server time: card, then a work type 5 s later, a minute apart; every scan timed.
  const live = await setUp(t, 1);
  const base = LIVE_DAY;
  const samples: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const pair = Math.floor(i / 2);
    const isCard = i % 2 === 0;
    const code = isCard ? live.card : `WT${live.types[pair % 2]}`;
    const started = performance.now();
    await send(live.cookie, code, `live-${i}-scan`, base + pair * 60_000 + (isCard ? 0 : 5000));
    if (i >= warmup) samples.push(performance.now() - started);
  }
  log(`${client.kind}: ${samples.length} scans timed`);

  // 2. 500 queued scans replayed in order, then the same 500 again (a client that never heard the answers).
  const queued = await setUp(t, 2);
  const queue = Array.from({ length: REPLAYED_SCANS }, (_, i) => {
    const pair = Math.floor(i / 2);
    const isCard = i % 2 === 0;
    return { code: isCard ? queued.card : `WT${queued.types[pair % 2]}`, scanId: `queued-${i}-scan`, at: QUEUED_DAY + pair * 60_000 + (isCard ? 0 : 5000) };
  });
  let started = performance.now();
  for (const scan of queue) await send(queued.cookie, scan.code, scan.scanId, scan.at);
  const replayMs = performance.now() - started;
  started = performance.now();
  for (const scan of queue) await send(queued.cookie, scan.code, scan.scanId, scan.at);
  const replayAgainMs = performance.now() - started;
  const [stored] = await t.ctx.db.select({ n: count() }).from(kioskScans).where(eq(kioskScans.deviceId, queued.deviceId));
  const [logs] = await t.ctx.db.select({ n: count() }).from(workLogs).where(and(eq(workLogs.userId, queued.userId)));

  // 3. The kiosk script (run.ts builds first).
  const js = readFileSync(join(ROOT, "public/build/kiosk.js"));
  return {
    kind: client.kind,
    warmup,
    runs,
    scan: stats(samples),
    replayMs,
    replayAgainMs,
    replayedScans: REPLAYED_SCANS,
    storedScans: stored!.n,
    logs: logs!.n,
    jsBytes: js.byteLength,
    jsGzipBytes: gzipSync(js, { level: 9 }).byteLength,
  };
}, { clock: () => new Date(requestTime) });
