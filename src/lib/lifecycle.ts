/**
 * What runs beside the requests (docs/architecture.md#components, docs/decisions/070-lifecycle.md):
 * the job runner, the scale feed and its MQTT subscription, the live scale pages' poller, the
 * export's PDF workers. A module declares its long-running pieces beside its routes
 * (`ModuleDeclaration.pieces`); src/main.ts makes them all from the module list when the process
 * starts, starts them in the list's order once the database is ready, and stops them in the
 * reverse order at shutdown. Nothing starts a timer, a thread or a subscription on its own.
 */
import type { Wiring } from "./context";
import type { Database } from "./db";
import type { JobDefinition } from "./jobs/define";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";

/** What every piece is made with, before the database opens. */
export interface PieceSetup {
  logger: Logger;
  /** The MQTT topic prefix of the app's feeds (`MQTT_TOPIC_PREFIX`). */
  mqttTopicPrefix: string;
  /** This process's metrics registry (/metrics): the pieces report their runs and readings into it. */
  metrics?: Metrics;
}

/** What a piece starts with: the database is open, migrated and seeded. */
export interface PieceStart {
  database: Database;
  logger: Logger;
  wiring: Wiring;
  /** Every module's background jobs (decision 047), for the job runner. */
  jobs: readonly JobDefinition<never>[];
  /** The instance's DATA_DIR (the nightly backups are written under it). */
  dataDir?: string;
  /** `SMTP_URL` (decision 078): the job runner hands it to the jobs that send mail. */
  smtpUrl?: string;
}

/** An MQTT subscription a piece reads. */
export interface MqttFeed {
  /** The topic filter (`scales/+/weight`); against an external broker it is taken as a shared subscription. */
  topic: string;
  /** Called from the first message on, before `start` too: what arrives before the database waits in memory. */
  onMessage(topic: string, payload: Buffer): void | Promise<void>;
}

export interface Piece {
  /** Subscribed when MQTT connects, which is as soon as the process starts. */
  mqtt?: MqttFeed;
  start?(ctx: PieceStart): void | Promise<void>;
  /**
   * Shutdown has begun and the server takes no new requests: end the requests this piece holds
   * open on its own (event streams), so the server's drain does not wait for them.
   */
  drain?(): void;
  /** Ends the piece's work; its last writes are done when it resolves. Called after MQTT has closed. */
  stop?(): Promise<void>;
  /** Figures for /healthz, read from memory. */
  stats?(): unknown;
}

export interface PieceDeclaration {
  /** Unique in the app: `<module>.<piece>`. */
  name: string;
  create(setup: PieceSetup): Piece;
}

export interface Pieces {
  /** The pieces' names, in start order. */
  readonly names: readonly string[];
  /** Every piece's MQTT subscription, for startMqtt. */
  readonly feeds: readonly MqttFeed[];
  /** Starts each piece in order; one that fails to start is logged and the rest start all the same (the app keeps serving). */
  start(ctx: PieceStart): Promise<void>;
  drain(): void;
  /** Stops the started pieces in the reverse order, each after the one before has finished; a failure is logged, never thrown. */
  stop(): Promise<void>;
  stats(name: string): unknown;
}

/** Makes every declared piece (nothing runs yet). */
export function createPieces(declarations: readonly PieceDeclaration[], setup: PieceSetup): Pieces {
  const made = declarations.map((declaration) => ({ name: declaration.name, piece: declaration.create(setup) }));
  const started: typeof made = [];
  const { logger } = setup;
  return {
    names: made.map((entry) => entry.name),
    feeds: made.flatMap((entry) => (entry.piece.mqtt ? [entry.piece.mqtt] : [])),
    async start(ctx) {
      for (const entry of made) {
        try {
          await entry.piece.start?.(ctx);
          started.push(entry);
          logger.debug("piece started", { piece: entry.name });
        } catch (error) {
          logger.error("a background piece did not start", { piece: entry.name, error: error instanceof Error ? error.message : String(error) });
        }
      }
    },
    drain() {
      for (const entry of made) {
        try {
          entry.piece.drain?.();
        } catch (error) {
          logger.warn("a background piece did not drain", { piece: entry.name, error: String(error) });
        }
      }
    },
    async stop() {
      while (started.length) {
        const entry = started.pop()!;
        try {
          await entry.piece.stop?.();
          logger.debug("piece stopped", { piece: entry.name });
        } catch (error) {
          logger.error("a background piece did not stop cleanly", { piece: entry.name, error: error instanceof Error ? error.message : String(error) });
        }
      }
    },
    stats: (name) => made.find((entry) => entry.name === name)?.piece.stats?.(),
  };
}
