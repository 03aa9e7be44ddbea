/**
 * Boot: configuration, database (migrated, seeded), MQTT and the HTTP server; graceful shutdown.
 * The server listens as soon as the app's modules are loaded; PGlite opens after that, and until the
 * database is migrated and seeded only the login page answers (docs/decisions/017-start-up.md).
 * Everything that runs beside the requests is one of the modules' pieces (src/lib/lifecycle.ts):
 * made here from the module list, started in its order once the database is ready, stopped in the
 * reverse order at shutdown (docs/architecture.md#components, docs/decisions/070-lifecycle.md).
 */
import { systemCtx } from "./lib/context";
import { checkDataDirOrExit } from "./lib/data-dir-check";
import { lockDataDir } from "./lib/data-dir-lock";
import { surviveDatabaseDisconnects } from "./lib/driver-faults";
import { compilePgliteWasm } from "./lib/pglite-wasm";
import { type Database, migrate, openDatabase } from "./lib/db";
import { createLogger } from "./lib/logger";
import { createMetrics } from "./lib/metrics";
import { copyTemplateInto } from "./lib/pglite-template";
import { EnvError, parseEnv } from "./env";
import type { ScaleFeedStats } from "./modules/warehouse/scale-feed/reading-handler";

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT);
  // One registry for this process's app, job runner, scale feed and database (/metrics).
  const metrics = createMetrics({ processMetrics: true });
  const started = performance.now();
  const pgliteWasm = env.DATABASE_URL ? undefined : compilePgliteWasm();
  checkDataDirOrExit(env.DATA_DIR, env.MIN_FREE_MB);
  if (env.DATABASE_URL) surviveDatabaseDisconnects(logger);

  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const [{ appTables, createApp }, { drainHttpServer, startHttpServer }, { ensureAdmin, productionPasswordCost }, { seedReference }, { createPieces }, { startMqtt }, { SCALE_FEED_PIECE }] =
    await Promise.all([
      import("./app"),
      import("./lib/http/server"),
      import("./modules/auth/service"),
      import("@db/seed/reference"),
      import("./lib/lifecycle"),
      import("./mqtt"),
      import("./modules/warehouse/scale-feed/feed"),
    ]);

  // Every module's pieces, made now: their MQTT feeds take messages from the first one on (the
  // scale readings wait in memory until the database is ready, decision 057).
  const pieces = createPieces(appTables.pieces, { logger, mqttTopicPrefix: env.MQTT_TOPIC_PREFIX, metrics });
  let mqtt: Awaited<ReturnType<typeof startMqtt>> | null = null;

  // The server listens as soon as the app's modules are loaded: the login page needs no database,
  // everything else waits for `starting` (docs/decisions/017-start-up.md).
  let database: Database | null = null;
  const starting = (async () => {
    // PGlite's start runs on this thread in long synchronous stretches: let the server listen first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const opened = await openDatabase(env, { fillEmptyDataDir: (dataDir) => copyTemplateInto(dataDir), pgliteWasm });
    await migrate(opened);
    metrics.watchDatabase(opened);
    const ctx = systemCtx(opened.db);
    await seedReference(ctx);
    const admin = await ensureAdmin({ ctx, input: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }, cost: productionPasswordCost });
    if (admin.created) {
      const password = admin.generatedPassword ?? "(ADMIN_PASSWORD)";
      console.log(`\n  Admin login: ${admin.email} / ${password}\n  (shown once; change it under Settings → Users)\n`);
    }
    if (env.DEMO || process.argv.includes("--demo")) {
      const { seedDemo } = await import("@db/seed/demo");
      await seedDemo(ctx);
      logger.info("demo data loaded");
    }
    database = opened;
    // The pieces in the modules' order: the scale feed's writer, the live pages, the PDF workers, the job runner.
    await pieces.start({ database: opened, logger, wiring: appTables.wiring, jobs: appTables.jobs, dataDir: env.DATA_DIR, smtpUrl: env.SMTP_URL });
  })();

  const app = createApp({
    get database() {
      if (!database) throw new Error("the database is still starting");
      return database;
    },
    starting,
    logger,
    metrics,
    sessionTtlHours: env.SESSION_TTL,
    dataDir: env.DATA_DIR,
    smtpUrl: env.SMTP_URL,
    trustProxy: env.TRUST_PROXY,
    passwordCost: productionPasswordCost,
    mqttStatus: () => mqtt?.status() ?? "down",
    scaleFeedStats: () => (pieces.stats(SCALE_FEED_PIECE) as ScaleFeedStats | undefined) ?? { readingsPerMinute: 0, newestReadingAgeSeconds: null },
  });
  const server = startHttpServer({ app, port: env.PORT, hostname: env.HOST });
  // MQTT starts right after the server listens, beside the database, and never delays its first answer.
  const mqttStarting = startMqtt({ env, logger, feeds: pieces.feeds });
  void mqttStarting.then((started) => {
    mqtt = started;
  });

  // Shutdown (docs/architecture.md#shutdown): the server takes no new requests and lets those in
  // flight finish (up to HTTP_DRAIN_MS, then their connections are closed); meanwhile MQTT closes,
  // so no reading arrives any more, and the pieces stop in the reverse order (the job runner
  // finishes its job or hands it back, the scale writer writes its last readings). The database
  // closes after both. A signal during start-up lets the start-up finish first, so PGlite is never
  // closed in the middle of a migration.
  // A second signal stops waiting for the requests in flight: their connections close at once (a
  // save cut off so is not applied: each runs in one transaction).
  let stopping = false;
  let secondSignal!: () => void;
  const now = new Promise<void>((resolve) => (secondSignal = resolve));
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: closing the requests in flight now`);
      secondSignal();
      return;
    }
    stopping = true;
    // The listening socket closes here, before the line is logged: whoever reads the line finds no one to connect to.
    const draining = drainHttpServer(server, { now });
    logger.info(`${signal}: shutting down`);
    pieces.drain();
    const [http] = await Promise.all([
      draining,
      (async () => {
        await starting.catch(() => {});
        await mqttStarting.then((broker) => broker.close()).catch(() => {});
        await pieces.stop();
      })(),
    ]);
    await database?.close().catch(() => {});
    unlock();
    logger.info("stopped", { requestsInFlight: http === "drained" ? "all answered" : "the last ones cut off" });
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await starting;
  } catch (error) {
    logger.error("start-up failed", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await server.stop();
    unlock();
    process.exit(1);
  }
  const broker = await mqttStarting;
  // Every interface: this machine reaches it as localhost; one interface: at that address.
  const shownHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  logger.info(`Ohrada listens on http://${shownHost}:${server.port}`, {
    database: database!.kind,
    mqtt: broker.brokerUrl,
    startupMs: Math.round(performance.now() - started),
  });
}

await main();
