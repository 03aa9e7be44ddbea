/**
 * The scale feed's MQTT handler (docs/domain.md#scale-feed, docs/decisions/057-scale-feed-ingestion.md):
 * checks a message's topic `<prefix>/<extId>/weight` and its payload, hands a valid reading to the
 * batching writer and keeps the feed's figures for /healthz. It never touches the database and
 * never throws: a bad topic, a bad payload or an unregistered scale is counted per scale and
 * reason and logged at most once a minute per reason.
 */
import { z } from "zod";
import type { Logger } from "@/lib/logger";
import type { ScaleFeedWriter } from "./writer";

/** A reading's `ts` may be at most this far ahead of our clock (scales' clocks drift). */
export const MAX_TS_AHEAD_MS = 5 * 60_000;
export const MIN_WEIGHT_GRAMS = -1_000;
export const MAX_WEIGHT_GRAMS = 1_000_000_000;
/** Larger payloads are refused unread: a weight never needs more. */
const MAX_PAYLOAD_BYTES = 1024;
const MAX_EXT_ID = 2_147_483_647;
/** Distinct keys (external ids or bad topic segments) counted; the rest are counted under "(other)". */
const MAX_COUNTED_KEYS = 1_000;
const LOG_EVERY_MS = 60_000;

export type RejectReason = "badTopic" | "badPayload" | "unknownScale";

/**
 * The payload: grams as a JSON number, or `{"weight": g, "ts": iso}`; finite, within
 * −1,000 g … 10⁹ g, and a `ts` (with its offset) no more than 5 minutes ahead of `now`.
 */
export function scaleReadingSchema(now: () => number) {
  const weight = z.number().min(MIN_WEIGHT_GRAMS).max(MAX_WEIGHT_GRAMS);
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "not JSON" });
        return z.NEVER;
      }
    })
    .pipe(
      z.union([
        weight.transform((grams) => ({ weight: grams, ts: undefined as string | undefined })),
        z.object({ weight, ts: z.iso.datetime({ offset: true }).optional() }),
      ]),
    )
    .refine((reading) => reading.ts === undefined || Date.parse(reading.ts) <= now() + MAX_TS_AHEAD_MS, { message: "ts is more than 5 minutes ahead" })
    .transform((reading) => ({ weight: reading.weight, at: reading.ts === undefined ? undefined : Date.parse(reading.ts) }));
}

/** `scales/17/weight` → 17; null for anything else (the subscription only lets these through). */
export function extIdOfTopic(topic: string, topicPrefix: string): { extId: number } | { segment: string } {
  const prefix = `${topicPrefix.replace(/\/+$/, "")}/`;
  const segment = topic.startsWith(prefix) && topic.endsWith("/weight") ? topic.slice(prefix.length, -"/weight".length) : topic;
  if (!/^\d{1,10}$/.test(segment)) return { segment };
  const extId = Number(segment);
  return extId <= MAX_EXT_ID ? { extId } : { segment };
}

export interface ScaleFeedStats {
  /** Valid readings received in the last 60 s (by this app instance). */
  readingsPerMinute: number;
  /** Seconds since the newest valid reading arrived; null before the first. */
  newestReadingAgeSeconds: number | null;
}

export interface ScaleReadingHandler {
  onMessage(topic: string, payload: Buffer): void;
  /** An unregistered external id's readings (the writer finds them out when it reads its map). */
  rejectUnknown(extId: number, readings: number): void;
  stats(): ScaleFeedStats;
  /** Rejected messages so far, by key (the external id, or the bad topic segment) and reason. */
  rejections(): Record<string, Partial<Record<RejectReason, number>>>;
  /** Valid readings so far. */
  accepted(): number;
}

export interface ScaleReadingHandlerOptions {
  topicPrefix: string;
  logger: Logger;
  writer: Pick<ScaleFeedWriter, "record">;
  clock?: () => number;
}

export function createScaleReadingHandler({ topicPrefix, logger, writer, clock = Date.now }: ScaleReadingHandlerOptions): ScaleReadingHandler {
  const schema = scaleReadingSchema(clock);
  const rejected = new Map<string, Partial<Record<RejectReason, number>>>();
  const sinceLog = new Map<RejectReason, number>();
  const loggedAt = new Map<RejectReason, number>();
  // Readings per second over the last minute, in a ring of 60.
  const bucketSecond = new Array<number>(60).fill(-1);
  const bucketCount = new Array<number>(60).fill(0);
  let total = 0;
  let newestAt: number | null = null;

  function reject(key: string, reason: RejectReason, detail: Record<string, unknown>, count = 1): void {
    const counted = rejected.get(key) ?? (rejected.size < MAX_COUNTED_KEYS ? {} : (rejected.get("(other)") ?? {}));
    counted[reason] = (counted[reason] ?? 0) + count;
    rejected.set(rejected.has(key) || rejected.size < MAX_COUNTED_KEYS ? key : "(other)", counted);
    sinceLog.set(reason, (sinceLog.get(reason) ?? 0) + count);
    const now = clock();
    if (now - (loggedAt.get(reason) ?? Number.NEGATIVE_INFINITY) >= LOG_EVERY_MS) {
      loggedAt.set(reason, now);
      logger.warn("scale feed: readings rejected", { reason, sinceLastLine: sinceLog.get(reason), ...detail });
      sinceLog.set(reason, 0);
    }
  }

  function onMessage(topic: string, payload: Buffer): void {
    const parsedTopic = extIdOfTopic(topic, topicPrefix);
    if (!("extId" in parsedTopic)) return reject(parsedTopic.segment.slice(0, 64), "badTopic", { topic: topic.slice(0, 200) });
    const key = String(parsedTopic.extId);
    if (payload.length > MAX_PAYLOAD_BYTES) return reject(key, "badPayload", { topic, problem: `payload of ${payload.length} bytes` });
    const parsed = schema.safeParse(payload.toString("utf8"));
    if (!parsed.success) return reject(key, "badPayload", { topic, problem: parsed.error.issues[0]?.message ?? "invalid" });
    const now = clock();
    writer.record(parsedTopic.extId, parsed.data.weight, parsed.data.at ?? now);
    total += 1;
    newestAt = now;
    const second = Math.floor(now / 1000);
    const slot = second % 60;
    if (bucketSecond[slot] !== second) {
      bucketSecond[slot] = second;
      bucketCount[slot] = 0;
    }
    bucketCount[slot]! += 1;
  }

  return {
    onMessage,
    rejectUnknown: (extId, readings) => reject(String(extId), "unknownScale", { extId, readings }, readings),
    stats() {
      const now = clock();
      const second = Math.floor(now / 1000);
      let perMinute = 0;
      for (let i = 0; i < 60; i++) if (bucketSecond[i]! > second - 60) perMinute += bucketCount[i]!;
      return { readingsPerMinute: perMinute, newestReadingAgeSeconds: newestAt === null ? null : Math.max(0, Math.round((now - newestAt) / 100) / 10) };
    },
    rejections: () => Object.fromEntries(rejected),
    accepted: () => total,
  };
}
