/**
 * The scale feed as the app runs it (docs/domain.md#scale-feed): the MQTT handler in front of the
 * batching writer. src/main.ts makes one before MQTT starts (readings that arrive before the
 * database is open wait in memory), starts it once the database is ready and closes it after MQTT
 * at shutdown, so the last readings are written.
 */
import type { Database } from "@/lib/db";
import type { Logger } from "@/lib/logger";
import { createScaleReadingHandler, type ScaleReadingHandler } from "@/mqtt/handlers/scale-reading";
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
