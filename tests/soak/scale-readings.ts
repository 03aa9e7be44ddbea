/**
 * The soak's rack scales (docs/decisions/073-soak.md): every scale publishes its weight every
 * PERIOD_MS.reading, spread evenly, at QoS 0 as a scale does, to `<prefix>/<extId>/weight`
 * (docs/decisions/057-scale-feed-ingestion.md). Each scale's readings count 1, 2, 3… grams, so a
 * stored weight says which readings it covers. A reading's latency runs from its publishing until
 * the app's rack scale API shows it or a newer one of its scale, read every second as the rack
 * scales page would; a reading never shown is an error.
 */
import { connectAsync, type MqttClient } from "mqtt";
import { sleep } from "../bench/lib";
import { type AppClient, expectStatus, type Session } from "./app-process";
import { SCALE_EXT_ID_BASE } from "./fixtures";
import type { Recorder } from "./load";
import { PERIOD_MS } from "./office";
import { KINDS } from "./streams";

/** The rack scale API's largest page (docs/architecture.md#paging). */
const SCALE_PAGE = 500;
const PUBLISHERS = 2;
/** After the last reading, how long the app has to show it. */
const DRAIN_MS = 10_000;

export interface ScaleReadings {
  /** Publishes from `startAt` until `endAt` and reads the stored weights meanwhile; resolves after the drain. */
  run(window: { startAt: number; endAt: number }): Promise<{ published: number; stored: number }>;
  close(): Promise<void>;
}

export async function scaleReadings(args: { brokerUrl: string; topicPrefix: string; scales: number; client: AppClient; session: Session; recorder: Recorder }): Promise<ScaleReadings> {
  const { brokerUrl, topicPrefix, scales, client, session, recorder } = args;
  const publishers: MqttClient[] = [];
  for (let i = 0; i < PUBLISHERS; i++) publishers.push(await connectAsync(brokerUrl, { reconnectPeriod: 1000 }));
  const publishedAt: number[][] = Array.from({ length: scales }, () => []);
  const covered = new Array<number>(scales).fill(0);
  recorder.declare(KINDS.reading);

  const sample = async () => {
    // Every scale (the demo's dozen and the soak's), in pages of the API's largest size.
    const rows: { extId: number; lastWeight: number | null }[] = [];
    for (let page = 1; ; page++) {
      const answer = await client.request(session, `/api/warehouseRackScale?size=${SCALE_PAGE}&page=${page}&sort=extId,asc`);
      expectStatus("GET /api/warehouseRackScale", answer);
      const got = (JSON.parse(answer.text) as { data: { extId: number; lastWeight: number | null }[] }).data;
      rows.push(...got);
      if (got.length < SCALE_PAGE) break;
    }
    const seenAt = performance.now();
    for (const row of rows) {
      const i = row.extId - SCALE_EXT_ID_BASE;
      if (i < 0 || i >= scales || row.lastWeight === null) continue;
      const n = Math.min(Math.round(row.lastWeight), publishedAt[i]!.length);
      for (let k = covered[i]!; k < n; k++) recorder.ok(KINDS.reading, publishedAt[i]![k]!, publishedAt[i]![k]!, seenAt);
      covered[i] = Math.max(covered[i]!, n);
    }
  };
  const behind = () => covered.some((n, i) => n < publishedAt[i]!.length);

  return {
    async run({ startAt, endAt }) {
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const started = performance.now();
          await sample().catch((error) => recorder.error(KINDS.reading, started, `reading the scales: ${(error as Error).message}`));
          await sleep(Math.max(0, 1000 - (performance.now() - started)));
        }
      })();
      const rate = scales / PERIOD_MS.reading; // readings per ms
      let published = 0;
      while (performance.now() < endAt) {
        const due = Math.floor(Math.max(0, performance.now() - startAt) * rate);
        for (; published < due; published++) {
          const i = published % scales;
          const n = publishedAt[i]!.push(startAt + published / rate);
          publishers[published % PUBLISHERS]!.publish(`${topicPrefix}/${SCALE_EXT_ID_BASE + i}/weight`, String(n), { qos: 0 });
        }
        await sleep(20);
      }
      sampling = false;
      await sampler;
      const drainBy = performance.now() + DRAIN_MS;
      while (behind() && performance.now() < drainBy) {
        await sleep(500);
        await sample().catch(() => {});
      }
      const stored = covered.reduce((sum, n) => sum + n, 0);
      if (stored < published) recorder.error(KINDS.reading, endAt, `${published - stored} readings never stored`, published - stored);
      return { published, stored };
    },
    async close() {
      for (const publisher of publishers.splice(0)) await publisher.endAsync().catch(() => {});
    },
  };
}
