/**
 * The scale feed's ingestion figure (docs/decisions/057-scale-feed-ingestion.md), a bench child (run.ts
 * starts it per database mode): sustained readings through a broker into the scale feed as the app
 * runs it (startMqtt → handler → batching writer), and how far the stored `lastWeight` lags.
 *
 * - Broker: MQTT_URL (default mqtt://127.0.0.1:1883, a Mosquitto); when none answers, the embedded
 *   aedes, and the result says so.
 * - `--scales 500` scales, `--rate 5000` readings/s for `--seconds 15`, spread round-robin (10 Hz a
 *   scale), published at QoS 0 by 4 clients in this process. Each scale's readings count 1, 2, 3…,
 *   so a stored weight says which readings it covers.
 * - Lag: every 100 ms the scales' stored weights are read; a reading's lag is the time from its
 *   publishing until the database first holds it or a newer one of its scale (what the office
 *   would see). The 100 ms sampling (and the read's own time) is included in the figure.
 * Nothing here asserts a time.
 */
import { inArray } from "drizzle-orm";
import { connectAsync, type MqttClient } from "mqtt";
import { warehouseRackScales } from "@db/schema";
import { createLogger } from "@/lib/logger";
import { startMqtt } from "@/mqtt/index";
import { createScaleFeed } from "@/modules/warehouse/scale-feed/feed";
import { numberArgument, runBenchChild } from "./child";
import { brokerAnswers, type Stats, stats } from "./lib";

export const SCALE_FEED_TARGET_RATE = 5000;
export const SCALE_FEED_TARGET_LAG_MS = 1000;

export interface ScaleFeedResult {
  kind: "pglite" | "postgres";
  broker: string;
  brokerNote: string;
  scales: number;
  targetRate: number;
  seconds: number;
  published: number;
  publishRate: number;
  received: number;
  /** Readings the handler took while publishing went on, per second of it. */
  receiveRate: number;
  /** Per reading: publish → stored (or superseded by a stored newer one), ms. */
  lag: Stats & { p99: number };
  /** Readings never covered by a stored weight before the end (should be 0). */
  neverStored: number;
  /** After the last publish: until every scale holds its last reading, ms. */
  drainMs: number;
  flushes: number;
  rowsPerFlush: number;
  failedFlushes: number;
  /** This process's CPU over the publishing window (publishers, subscriber, writer, PGlite or the postgres client), in cores. */
  cpuCores: number;
}

const log = (text: string) => process.stderr.write(`  [scale-feed] ${text}\n`);
const PREFIX = `ohrada-bench-${process.pid}/scales`;
const PUBLISHERS = 4;
const EXT_ID_BASE = 900_000;

await runBenchChild({ warmup: 0, runs: 0 }, async ({ t, client }): Promise<ScaleFeedResult> => {
  const scaleCount = numberArgument("--scales", 500);
  const rate = numberArgument("--rate", SCALE_FEED_TARGET_RATE);
  const seconds = numberArgument("--seconds", 15);
  const wanted = process.env.MQTT_URL?.trim() || "mqtt://127.0.0.1:1883";
  const external = (await brokerAnswers(wanted)) ? wanted : undefined;
  const brokerNote = external ? "external broker" : `no broker answered at ${wanted}: the embedded aedes instead`;
  log(`${client.kind}: ${external ?? "embedded aedes"}, ${scaleCount} scales, ${rate}/s for ${seconds} s`);

  const rows = Array.from({ length: scaleCount }, (_, i) => ({ name: `Bench ${i}`, extId: EXT_ID_BASE + i }));
  const scales = await t.ctx.db.insert(warehouseRackScales).values(rows).returning({ id: warehouseRackScales.id, extId: warehouseRackScales.extId });
  const indexOfId = new Map(scales.map((scale) => [scale.id, scale.extId - EXT_ID_BASE]));
  const ids = scales.map((scale) => scale.id);

  const logger = createLogger("warn", (line) => process.stderr.write(`  [scale-feed app] ${line}\n`));
  const feed = createScaleFeed({ topicPrefix: PREFIX, logger });
  feed.start(t.database);
  const mqtt = await startMqtt({ env: { MQTT_URL: external, MQTT_PORT: 0, MQTT_TOPIC_PREFIX: PREFIX }, logger, onMessage: feed.onMessage });
  await mqtt.ready();
  const publishers: MqttClient[] = [];
  for (let i = 0; i < PUBLISHERS; i++) publishers.push(await connectAsync(external ?? mqtt.brokerUrl, { reconnectPeriod: 0 }));

  // publishedAt[scale][n - 1]: when reading n of that scale was published; covered[scale]: readings stored so far.
  const publishedAt: number[][] = scales.map(() => []);
  const covered = new Array<number>(scaleCount).fill(0);
  const lags: number[] = [];
  let sampling = true;
  const sample = async () => {
    const stored = await t.ctx.db.select({ id: warehouseRackScales.id, lastWeight: warehouseRackScales.lastWeight }).from(warehouseRackScales).where(inArray(warehouseRackScales.id, ids));
    const now = performance.now();
    for (const row of stored) {
      if (row.lastWeight === null) continue;
      const i = indexOfId.get(row.id)!;
      const n = Math.round(Number(row.lastWeight));
      for (let k = covered[i]!; k < n && k < publishedAt[i]!.length; k++) lags.push(now - publishedAt[i]![k]!);
      covered[i] = Math.max(covered[i]!, Math.min(n, publishedAt[i]!.length));
    }
  };
  const sampler = (async () => {
    while (sampling) {
      const started = performance.now();
      await sample();
      await Bun.sleep(Math.max(0, 100 - (performance.now() - started)));
    }
  })();

  const flushesBefore = feed.writer.stats();
  const receivedBefore = feed.handler.accepted();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let published = 0;
  const total = rate * seconds;
  while (published < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; published < due; published++) {
      const i = published % scaleCount;
      const n = publishedAt[i]!.length + 1;
      publishedAt[i]!.push(performance.now());
      publishers[published % PUBLISHERS]!.publish(`${PREFIX}/${EXT_ID_BASE + i}/weight`, String(n), { qos: 0 });
    }
    await Bun.sleep(5);
  }
  const publishMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const receivedWhilePublishing = feed.handler.accepted() - receivedBefore;

  // Drain: until every scale holds its last reading (or 30 s).
  const drainStarted = performance.now();
  while (performance.now() - drainStarted < 30_000 && covered.some((n, i) => n < publishedAt[i]!.length)) await Bun.sleep(50);
  const drainMs = performance.now() - drainStarted;
  sampling = false;
  await sampler;
  const received = feed.handler.accepted() - receivedBefore;
  const after = feed.writer.stats();
  const neverStored = covered.reduce((sum, n, i) => sum + (publishedAt[i]!.length - n), 0);

  for (const publisher of publishers) await publisher.endAsync();
  await mqtt.close();
  await feed.close();
  const sorted = [...lags].sort((a, b) => a - b);
  const flushes = after.flushes - flushesBefore.flushes;
  return {
    kind: client.kind,
    broker: external ?? "embedded aedes",
    brokerNote,
    scales: scaleCount,
    targetRate: rate,
    seconds,
    published,
    publishRate: published / (publishMs / 1000),
    received,
    receiveRate: receivedWhilePublishing / (publishMs / 1000),
    lag: { ...stats(sorted), p99: sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN },
    neverStored,
    drainMs,
    flushes,
    rowsPerFlush: (after.rowsWritten - flushesBefore.rowsWritten) / Math.max(1, flushes),
    failedFlushes: after.failedFlushes - flushesBefore.failedFlushes,
    cpuCores: (cpu.user + cpu.system) / 1000 / publishMs,
  };
});
