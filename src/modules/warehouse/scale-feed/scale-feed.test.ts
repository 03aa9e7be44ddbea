/**
 * The scale feed end to end (docs/decisions/057-scale-feed-ingestion.md): a real
 * broker (the embedded aedes; Mosquitto too when TEST_MQTT_URL is set), the app's subscriber, the
 * handler and the batching writer over the test database. Every wait is for a condition with a
 * generous guard; no test measures a duration.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { connectAsync, type MqttClient } from "mqtt";
import { rackScaleReadings, rackScaleSettings, rackScaleUnknownReports, warehouseRackScales } from "@db/schema";
import { selectRows } from "@/lib/db";
import { createLogger, type Logger, silentLogger } from "@/lib/logger";
import { startEmbeddedBroker, type EmbeddedBroker } from "@/mqtt/broker";
import { startMqtt } from "@/mqtt/index";
import { startSubscriber } from "@/mqtt/subscriber";
import { runPeriodicJobsNow } from "../../../../tests/helpers/jobs";
import { useTestDatabase } from "../../../../tests/helpers/service";
import { createScaleFeed, type ScaleFeed } from "./feed";
import { purgeOldScaleReadingsJob, SCALE_HISTORY_DAYS } from "./retention";
import { waitUntil } from "../../../../tests/helpers/wait";

const t = useTestDatabase();

const externalUrl = process.env.TEST_MQTT_URL?.trim() || undefined;
const runId = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const modes: { name: string; url: string | undefined; prefix: string }[] = [
  { name: "embedded aedes", url: undefined, prefix: "scales" },
  ...(externalUrl ? [{ name: `external broker ${externalUrl}`, url: externalUrl, prefix: `ohrada-test-${runId}/scales` }] : []),
];

/** Conditions are awaited without a deadline (tests/helpers/wait.ts): the test's limit is the only clock. */
const waitFor = waitUntil;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Each test its own external ids, so the modes and tests never share a scale. */
let nextExtId = 100_000 + (process.pid % 1000) * 1000;

async function addScales(count: number): Promise<{ id: number; extId: number }[]> {
  const rows = Array.from({ length: count }, () => {
    const extId = nextExtId++;
    return { name: `Váha ${extId}`, extId };
  });
  return t.db.insert(warehouseRackScales).values(rows).returning({ id: warehouseRackScales.id, extId: warehouseRackScales.extId });
}

const scaleRow = async (id: number) => (await t.db.select().from(warehouseRackScales).where(eq(warehouseRackScales.id, id)))[0]!;

/** The feed, MQTT in front of it (startMqtt, as src/main.ts runs them) and a publisher. */
async function feedOn(mode: (typeof modes)[number], logger: Logger = silentLogger, options: { flushEveryMs?: number } = {}) {
  const feed = createScaleFeed({ topicPrefix: mode.prefix, logger, flushEveryMs: options.flushEveryMs ?? 100, mapOnMissEveryMs: 200 });
  feed.start(t.database);
  cleanups.push(() => feed.close());
  const mqtt = await startMqtt({ env: { MQTT_URL: mode.url, MQTT_PORT: 0, MQTT_TOPIC_PREFIX: mode.prefix }, logger, onMessage: feed.onMessage });
  cleanups.push(() => mqtt.close());
  await mqtt.ready();
  const publisher = await connectAsync(mode.url ?? mqtt.brokerUrl, { reconnectPeriod: 0, clientId: `ohrada-test-pub-${runId}-${Math.random().toString(16).slice(2, 8)}` });
  cleanups.push(() => publisher.endAsync());
  const publish = (extId: number | string, payload: string) => publisher.publishAsync(`${mode.prefix}/${extId}/weight`, payload, { qos: 1 });
  return { feed, mqtt, publisher, publish };
}

for (const mode of modes) {
  describe(`the scale feed on ${mode.name}`, () => {
    test("1,000 readings reach lastWeight: every one is taken, each scale's stored weight is its newest", async () => {
      const scales = await addScales(10);
      const { feed, publish } = await feedOn(mode);
      for (let round = 0; round < 10; round++) {
        await Promise.all(Array.from({ length: 100 }, (_, i) => publish(scales[i % 10]!.extId, String(1000 + round * 100 + i))));
      }
      await waitFor(() => feed.handler.accepted(), (n) => n >= 1000, "1,000 readings at the handler");
      expect(feed.handler.accepted()).toBe(1000);
      // Round 9 ends each scale: scale k last got 1000 + 900 + 90 + k.
      const expected = scales.map((scale, i) => ({ id: scale.id, lastWeight: `${1990 + i}.0` }));
      const stored = () => t.db.select({ id: warehouseRackScales.id, lastWeight: warehouseRackScales.lastWeight }).from(warehouseRackScales).where(inArray(warehouseRackScales.id, scales.map((scale) => scale.id))).orderBy(warehouseRackScales.id);
      await waitFor(stored, (rows) => JSON.stringify(rows) === JSON.stringify(expected), "every scale's newest weight in the database");
      const row = await scaleRow(scales[0]!.id);
      expect(row.lastReadingAt).not.toBeNull();
      expect(feed.handler.stats().readingsPerMinute).toBe(1000);
      expect(feed.handler.stats().newestReadingAgeSeconds).not.toBeNull();
      expect(feed.handler.rejections()).toEqual({});
    });

    test("every malformed payload and topic is counted, and the subscriber keeps taking readings", async () => {
      const lines: string[] = [];
      const logger = createLogger("warn", (line) => lines.push(line));
      const [scale] = await addScales(1);
      const unknownExtId = nextExtId++;
      const { feed, mqtt, publish } = await feedOn(mode, logger);
      const badPayloads = ["", "abc", "NaN", "1e999", "-1000.5", "1000000001", '"500"', "[500]", "{}", '{"weight":"500"}', '{"weight":500,"ts":"yesterday"}', JSON.stringify({ weight: 500, ts: new Date(Date.now() + 3_600_000).toISOString() }), "9".repeat(2000)];
      for (const payload of badPayloads) await publish(scale!.extId, payload);
      await publish("abc", "500");
      await publish("12.5", "500");
      await publish(unknownExtId, "500");
      await publish(scale!.extId, JSON.stringify({ weight: 4321, ts: new Date().toISOString() }));

      await waitFor(() => scaleRow(scale!.id), (row) => row.lastWeight === "4321.0", "the valid reading after the bad ones");
      await waitFor(() => feed.handler.rejections()[String(unknownExtId)], (counted) => counted?.unknownScale === 1, "the unknown scale counted");
      expect(feed.handler.rejections()).toEqual({
        [String(scale!.extId)]: { badPayload: badPayloads.length },
        abc: { badTopic: 1 },
        "12.5": { badTopic: 1 },
        [String(unknownExtId)]: { unknownScale: 1 },
      });
      expect(mqtt.status()).toBe("up");
      // Logged once per reason within the minute, never as an error.
      const rejectedLines = lines.filter((line) => line.includes("readings rejected"));
      expect(rejectedLines.map((line) => /reason=(\w+)/.exec(line)![1]).sort()).toEqual(["badPayload", "badTopic", "unknownScale"]);
      expect(lines.filter((line) => line.includes(" ERROR "))).toEqual([]);
    });

    test("the noise band: 1000, 1003, 1010 g move lastWeightChange once, at 1010", async () => {
      const [scale] = await addScales(1);
      const { publish } = await feedOn(mode);
      const t0 = Date.now() - 60_000;
      const readings = [
        { weight: 1000, at: new Date(t0) },
        { weight: 1003, at: new Date(t0 + 10_000) },
        { weight: 1010, at: new Date(t0 + 20_000) },
      ];
      const changes: (Date | null)[] = [];
      for (const reading of readings) {
        await publish(scale!.extId, JSON.stringify({ weight: reading.weight, ts: reading.at.toISOString() }));
        const row = await waitFor(() => scaleRow(scale!.id), (r) => r.lastWeight === `${reading.weight}.0`, `lastWeight ${reading.weight}`);
        expect(row.lastReadingAt?.toISOString()).toBe(reading.at.toISOString());
        changes.push(row.lastWeightChange);
      }
      // The first reading sets it (there was none); 1003 is within 5 g of 1000; 1010 is not.
      expect(changes.map((change) => change?.toISOString())).toEqual([readings[0]!.at.toISOString(), readings[0]!.at.toISOString(), readings[2]!.at.toISOString()]);
    });

    test("an unknown external id is listed as reporting, never made a scale; once registered its readings are taken", async () => {
      const extId = nextExtId++;
      const scalesBefore = (await t.db.select({ id: warehouseRackScales.id }).from(warehouseRackScales)).length;
      const { feed, publish } = await feedOn(mode);
      for (const weight of [700, 710, 720]) await publish(extId, String(weight));
      const report = await waitFor(
        async () => (await t.db.select().from(rackScaleUnknownReports).where(eq(rackScaleUnknownReports.extId, extId)))[0],
        (row) => row?.readings === 3,
        "the unknown id's three readings",
      );
      expect(report).toMatchObject({ extId, readings: 3, lastWeight: "720.0" });
      expect(report!.firstAt.getTime()).toBeLessThanOrEqual(report!.lastAt.getTime());
      expect((await t.db.select({ id: warehouseRackScales.id }).from(warehouseRackScales)).length).toBe(scalesBefore);
      expect(feed.handler.rejections()[String(extId)]).toEqual({ unknownScale: 3 });

      // Registered in the office: the next reading is taken within a few seconds, and the id leaves the list.
      const [scale] = await t.db.insert(warehouseRackScales).values({ name: "Nová váha", extId }).returning();
      await waitFor(
        async () => {
          await publish(extId, "730");
          return scaleRow(scale!.id);
        },
        (row) => row.lastWeight === "730.0",
        "the registered scale's reading",
      );
      await waitFor(() => t.db.select().from(rackScaleUnknownReports).where(eq(rackScaleUnknownReports.extId, extId)), (rows) => rows.length === 0, "the id to leave the unknown list");
    });

    test("history: one row per scale and minute, the minute's last reading at the minute's start", async () => {
      const [scale] = await addScales(1);
      const { feed, publish } = await feedOn(mode);
      const minute = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
      const at = (ms: number) => new Date(minute + ms).toISOString();
      for (const [weight, ms] of [
        [500, 1_000],
        [505, 30_000],
        [510, 59_000],
        [900, 61_000],
        [905, 119_000],
      ] as const) {
        await publish(scale!.extId, JSON.stringify({ weight, ts: at(ms) }));
      }
      await waitFor(() => feed.handler.accepted(), (n) => n === 5, "five readings");
      const history = () => t.db.select({ weight: rackScaleReadings.weight, at: rackScaleReadings.at }).from(rackScaleReadings).where(eq(rackScaleReadings.scaleId, scale!.id)).orderBy(rackScaleReadings.at);
      const rows = await waitFor(history, (r) => r.length === 2, "two history rows");
      expect(rows.map((row) => [row.weight, row.at.toISOString()])).toEqual([
        ["510.0", at(0)],
        ["905.0", at(60_000)],
      ]);
    });
  });
}

describe("a broker restart", () => {
  test("embedded aedes: the subscriber subscribes again and the next reading is stored", async () => {
    const [scale] = await addScales(1);
    const feed = createScaleFeed({ topicPrefix: "scales", logger: silentLogger, flushEveryMs: 100 });
    feed.start(t.database);
    cleanups.push(() => feed.close());
    let broker: EmbeddedBroker = await startEmbeddedBroker({ port: 0, host: "127.0.0.1", topicPrefix: "scales", logger: silentLogger });
    const port = broker.port;
    cleanups.push(() => broker.close());
    const subscriber = startSubscriber({ url: `mqtt://127.0.0.1:${port}`, topicPrefix: "scales", logger: silentLogger, onMessage: feed.onMessage, shared: false });
    cleanups.push(() => subscriber.close());
    await subscriber.ready();
    await publishOnce(`mqtt://127.0.0.1:${port}`, `scales/${scale!.extId}/weight`, "100");
    await waitFor(() => scaleRow(scale!.id), (row) => row.lastWeight === "100.0", "the first reading");

    await broker.close();
    await waitFor(() => subscriber.status(), (status) => status === "down", "the subscriber to notice");
    broker = await startEmbeddedBroker({ port, host: "127.0.0.1", topicPrefix: "scales", logger: silentLogger });
    await waitFor(() => subscriber.status(), (status) => status === "up", "the subscriber to subscribe again");
    await publishOnce(`mqtt://127.0.0.1:${port}`, `scales/${scale!.extId}/weight`, "200");
    await waitFor(() => scaleRow(scale!.id), (row) => row.lastWeight === "200.0", "the reading after the restart");
  });

  const mosquitto = Bun.which("mosquitto") ?? Bun.which("mosquitto", { PATH: "/usr/sbin:/usr/local/sbin" });
  test.skipIf(!externalUrl || !mosquitto)(
    `Mosquitto (a private one on a free port; needs TEST_MQTT_URL and the mosquitto binary${externalUrl && mosquitto ? "" : " — skipped"}): the shared subscription resumes after a restart`,
    async () => {
      const [scale] = await addScales(1);
      const port = await freePort();
      const dir = mkdtempSync(join(tmpdir(), "ohrada-mosquitto-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      writeFileSync(join(dir, "mosquitto.conf"), `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
      const startBroker = () => {
        const proc = Bun.spawn([mosquitto!, "-c", join(dir, "mosquitto.conf")], { stdout: "ignore", stderr: "ignore" });
        cleanups.push(() => proc.kill());
        return proc;
      };
      let proc = startBroker();
      const url = `mqtt://127.0.0.1:${port}`;
      const feed = createScaleFeed({ topicPrefix: "scales", logger: silentLogger, flushEveryMs: 100 });
      feed.start(t.database);
      cleanups.push(() => feed.close());
      const mqtt = await startMqtt({ env: { MQTT_URL: url, MQTT_PORT: 0, MQTT_TOPIC_PREFIX: "scales" }, logger: silentLogger, onMessage: feed.onMessage });
      cleanups.push(() => mqtt.close());
      await mqtt.ready();
      await publishOnce(url, `scales/${scale!.extId}/weight`, "100");
      await waitFor(() => scaleRow(scale!.id), (row) => row.lastWeight === "100.0", "the first reading");

      proc.kill();
      await proc.exited;
      await waitFor(() => mqtt.status(), (status) => status === "down", "the subscriber to notice");
      proc = startBroker();
      await waitFor(() => mqtt.status(), (status) => status === "up", "the subscriber to subscribe again");
      await publishOnce(url, `scales/${scale!.extId}/weight`, "200");
      await waitFor(() => scaleRow(scale!.id), (row) => row.lastWeight === "200.0", "the reading after the restart");
    },
  );
});

describe("two app instances on one Mosquitto", () => {
  test.skipIf(!externalUrl)(`split the feed through the shared subscription: each reading is taken once${externalUrl ? "" : " (skipped: needs TEST_MQTT_URL)"}`, async () => {
    const prefix = `ohrada-test-${runId}-shared/scales`;
    const extId = nextExtId++;
    const instances: ScaleFeed[] = [];
    for (let i = 0; i < 2; i++) {
      const feed = createScaleFeed({ topicPrefix: prefix, logger: silentLogger, flushEveryMs: 100, mapOnMissEveryMs: 200 });
      feed.start(t.database);
      cleanups.push(() => feed.close());
      const mqtt = await startMqtt({ env: { MQTT_URL: externalUrl, MQTT_PORT: 0, MQTT_TOPIC_PREFIX: prefix }, logger: silentLogger, onMessage: feed.onMessage });
      cleanups.push(() => mqtt.close());
      await mqtt.ready();
      instances.push(feed);
    }
    const publisher = await connectAsync(externalUrl!, { reconnectPeriod: 0 });
    cleanups.push(() => publisher.endAsync());
    const N = 200;
    for (let round = 0; round < N / 50; round++) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => publisher.publishAsync(`${prefix}/${extId}/weight`, String(round * 50 + i), { qos: 1 })));
    }
    const taken = () => instances.map((feed) => feed.handler.accepted());
    await waitFor(taken, (counts) => counts[0]! + counts[1]! >= N, `${N} readings between the two instances`);
    // Both instances had a share, and no reading came twice: the unknown id's count is N exactly.
    const row = await waitFor(
      async () => (await t.db.select().from(rackScaleUnknownReports).where(eq(rackScaleUnknownReports.extId, extId)))[0],
      (r) => (r?.readings ?? 0) >= N,
      "the readings counted in the database",
    );
    for (const feed of instances) await feed.writer.flush();
    const [counts] = [taken()];
    expect(counts[0]! + counts[1]!).toBe(N);
    expect(counts[0]!).toBeGreaterThan(0);
    expect(counts[1]!).toBeGreaterThan(0);
    expect(row!.readings).toBe(N);
    expect((await t.db.select().from(rackScaleUnknownReports).where(eq(rackScaleUnknownReports.extId, extId)))[0]!.readings).toBe(N);
  });
});

describe("settings and retention", () => {
  test("the noise band comes from rack_scale_settings (re-read by the writer)", async () => {
    const [scale] = await addScales(1);
    await t.db.insert(rackScaleSettings).values({ id: 1, noiseBandGrams: 50 }).onConflictDoUpdate({ target: rackScaleSettings.id, set: { noiseBandGrams: 50 } });
    cleanups.push(() => t.db.delete(rackScaleSettings));
    const feed = createScaleFeed({ topicPrefix: "scales", logger: silentLogger, flushEveryMs: 60_000 });
    feed.start(t.database);
    cleanups.push(() => feed.close());
    const t0 = Date.now() - 60_000;
    const send = (weight: number, ms: number) => feed.onMessage(`scales/${scale!.extId}/weight`, Buffer.from(JSON.stringify({ weight, ts: new Date(t0 + ms).toISOString() })));
    // The first flush reads the settings and the map; the reading waits for it.
    send(1000, 0);
    await feed.writer.flush();
    send(1040, 1000);
    await feed.writer.flush();
    expect((await scaleRow(scale!.id)).lastWeightChange?.toISOString()).toBe(new Date(t0).toISOString());
    send(1051, 2000);
    await feed.writer.flush();
    const row = await scaleRow(scale!.id);
    expect([row.lastWeight, row.lastWeightChange?.toISOString()]).toEqual(["1051.0", new Date(t0 + 2000).toISOString()]);
  });

  test("a late reading never moves the stored weight back (another instance, or a scale's buffered reading)", async () => {
    const [scale] = await addScales(1);
    const feed = createScaleFeed({ topicPrefix: "scales", logger: silentLogger, flushEveryMs: 60_000 });
    feed.start(t.database);
    cleanups.push(() => feed.close());
    const t0 = Date.now() - 60_000;
    feed.onMessage(`scales/${scale!.extId}/weight`, Buffer.from(JSON.stringify({ weight: 300, ts: new Date(t0 + 5000).toISOString() })));
    await feed.writer.flush();
    // Another instance holding an older reading writes it after: nothing changes.
    const other = createScaleFeed({ topicPrefix: "scales", logger: silentLogger, flushEveryMs: 60_000 });
    other.start(t.database);
    cleanups.push(() => other.close());
    other.onMessage(`scales/${scale!.extId}/weight`, Buffer.from(JSON.stringify({ weight: 200, ts: new Date(t0).toISOString() })));
    await other.writer.flush();
    await other.writer.flush();
    const row = await scaleRow(scale!.id);
    expect([row.lastWeight, row.lastReadingAt?.toISOString()]).toEqual(["300.0", new Date(t0 + 5000).toISOString()]);
  });

  test(`the retention job deletes history older than ${SCALE_HISTORY_DAYS} days and keeps the rest`, async () => {
    const [scale] = await addScales(1);
    const now = new Date();
    const daysAgo = (days: number, minute = 0) => new Date(now.getTime() - days * 24 * 3600_000 - minute * 60_000);
    const old = Array.from({ length: 30 }, (_, i) => ({ scaleId: scale!.id, weight: "1.0", at: daysAgo(91, i) }));
    const kept = [daysAgo(89), daysAgo(1), daysAgo(0)].map((at) => ({ scaleId: scale!.id, weight: "2.0", at }));
    await t.db.insert(rackScaleReadings).values([...old, ...kept]);
    const outcomes = await runPeriodicJobsNow(t.database, [purgeOldScaleReadingsJob], now);
    expect(outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`)).toEqual(["warehouse.purgeOldScaleReadings done"]);
    const left = await t.db.select({ at: rackScaleReadings.at }).from(rackScaleReadings).where(eq(rackScaleReadings.scaleId, scale!.id)).orderBy(rackScaleReadings.at);
    expect(left.map((row) => row.at.toISOString())).toEqual(kept.map((row) => row.at.toISOString()));
    const [older] = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from rack_scale_readings where at < ${daysAgo(90).toISOString()}::timestamptz`);
    expect(older!.n).toBe(0);
  });
});

async function publishOnce(url: string, topic: string, payload: string): Promise<void> {
  const client: MqttClient = await connectAsync(url, { reconnectPeriod: 0 });
  try {
    await client.publishAsync(topic, payload, { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
