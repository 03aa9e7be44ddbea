/**
 * The scale feed as the app runs it (docs/domain.md#scale-feed): the MQTT handler in front of the
 * batching writer, declared by the warehouse module as one of the app's pieces
 * (docs/architecture.md#components). It is made when the process starts and subscribed as soon as
 * MQTT connects: readings that arrive before the database is open wait in memory. It starts once
 * the database is ready, and stops after MQTT has closed, so the last readings are written before
 * the database closes.
 */
import type { Database } from "@/lib/db";
import type { PieceDeclaration } from "@/lib/lifecycle";
import type { Logger } from "@/lib/logger";
import { weightTopicFilter } from "@/mqtt/subscriber";
import { createScaleReadingHandler, type ScaleReadingHandler } from "./reading-handler";
import { createScaleFeedWriter, type ScaleFeedWriter, type ScaleFeedWriterOptions } from "./writer";

export interface ScaleFeed {
  handler: ScaleReadingHandler;
  writer: ScaleFeedWriter;
  /** For startMqtt's `onMessage`. */
  onMessage: ScaleReadingHandler["onMessage"];
  start(database: Pick<Database, "db">): void;
  close(): Promise<void>;
}

export function createScaleFeed(options: { topicPrefix: string; logger: Logger; clock?: () => number } & Omit<ScaleFeedWriterOptions, "onUnknownScale" | "logger" | "clock">): ScaleFeed {
  const { topicPrefix, logger, clock, ...writerOptions } = options;
  let handler: ScaleReadingHandler | null = null;
  const writer = createScaleFeedWriter({ ...writerOptions, logger, clock, onUnknownScale: (extId, readings) => handler?.rejectUnknown(extId, readings) });
  handler = createScaleReadingHandler({ topicPrefix, logger, writer, clock });
  return {
    handler,
    writer,
    onMessage: handler.onMessage,
    start: (database) => writer.start(database),
    close: () => writer.close(),
  };
}

/** The piece's name; its `stats()` are the feed's figures for /healthz. */
export const SCALE_FEED_PIECE = "warehouse.scaleFeed";

/** The scale feed as a piece: subscribed to `<prefix>/+/weight`, its writer flushing while it runs. */
export const scaleFeedPiece: PieceDeclaration = {
  name: SCALE_FEED_PIECE,
  create({ logger, mqttTopicPrefix, metrics }) {
    const feed = createScaleFeed({ topicPrefix: mqttTopicPrefix, logger });
    metrics?.watchScaleFeed(feed.writer.stats);
    return {
      mqtt: { topic: weightTopicFilter(mqttTopicPrefix), onMessage: feed.onMessage },
      start: ({ database }) => feed.start(database),
      stop: () => feed.close(),
      stats: () => feed.handler.stats(),
    };
  },
};
