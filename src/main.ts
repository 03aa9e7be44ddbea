/**
 * Boot: configuration, database (migrated, seeded), MQTT and the HTTP server; graceful shutdown.
 * The server listens as soon as the app's modules are loaded; PGlite opens after that, and until the
 * database is migrated and seeded only the login page answers (docs/decisions/017-start-up.md).
 */
import { systemCtx } from "./lib/context";
import { checkDataDirOrExit } from "./lib/data-dir-check";
import { lockDataDir } from "./lib/data-dir-lock";
import { surviveDatabaseDisconnects } from "./lib/driver-faults";
import { compilePgliteWasm } from "./lib/pglite-wasm";
import { type Database, migrate, openDatabase } from "./lib/db";
import type { JobRunner } from "./lib/jobs/runner";
import { createLogger } from "./lib/logger";
import type { Mqtt } from "./mqtt";
import type { ScaleFeed } from "./modules/warehouse/scale-feed/feed";
import { copyTemplateInto } from "./lib/pglite-template";
import { EnvError, parseEnv } from "./env";

/** How long shutdown waits for a running background job before handing it back (inside a container's usual 10 s). */
const JOB_SHUTDOWN_GRACE_MS = 5_000;

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
  const logger = createLogger(env.LOG_LEVEL);
  const started = performance.now();
  const pgliteWasm = env.DATABASE_URL ? undefined : compilePgliteWasm();
  checkDataDirOrExit(env.DATA_DIR, env.MIN_FREE_MB);
  if (env.DATABASE_URL) surviveDatabaseDisconnects(logger);

  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  // The scale feed takes readings from the first MQTT message on; they wait in memory until the
  // database is ready (docs/decisions/057-scale-feed-ingestion.md). MQTT starts beside the HTTP
  // server and never delays its first answer.
  let scaleFeed: ScaleFeed | null = null;
  const feedCreated = import("./modules/warehouse/scale-feed/feed").then(({ createScaleFeed }) => {
    scaleFeed = createScaleFeed({ topicPrefix: env.MQTT_TOPIC_PREFIX, logger });
    return scaleFeed;
  });
  const mqttStarting = Promise.all([import("./mqtt"), feedCreated]).then(([{ startMqtt }, feed]) => startMqtt({ env, logger, onMessage: feed.onMessage }));
  const [{ appTables, createApp }, { startHttpServer }, { ensureAdmin, productionPasswordCost }, { seedReference }, { createJobRunner }] = await Promise.all([
    import("./app"),
    import("./lib/http/server"),
    import("./modules/auth/service"),
    import("@db/seed/reference"),
    import("./lib/jobs/runner"),
  ]);

  // The server listens as soon as the app's modules are loaded: the login page needs no database,
  // everything else waits for `starting` (docs/decisions/017-start-up.md).
  let database: Database | null = null;
  let mqtt: Mqtt | null = null;
  let jobRunner: JobRunner | null = null;
  const starting = (async () => {
    // PGlite's start runs on this thread in long synchronous stretches: let the server listen first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const opened = await openDatabase(env, { fillEmptyDataDir: (dataDir) => copyTemplateInto(dataDir), pgliteWasm });
    await migrate(opened);
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
    (await feedCreated).start(opened);
    // Every module's background jobs (decision 047), started beside the first requests rather than
    // before them. On PGlite this process is the database's only user (the data directory's lock),
    // so a job a killed process held is taken back at once.
    jobRunner = createJobRunner({ database: opened, jobs: appTables.jobs, logger, wiring: appTables.wiring, reclaimOnStart: opened.kind === "pglite" });
    jobRunner.start().catch((error) => logger.error("the job runner did not start", { error: String(error) }));
  })();
  void mqttStarting.then((started) => {
    mqtt = started;
  });

  const app = createApp({
    get database() {
      if (!database) throw new Error("the database is still starting");
      return database;
    },
    starting,
    logger,
    sessionTtlHours: env.SESSION_TTL,
    trustProxy: env.TRUST_PROXY,
    passwordCost: productionPasswordCost,
    mqttStatus: () => mqtt?.status() ?? "down",
    scaleFeedStats: () => scaleFeed?.handler.stats() ?? { readingsPerMinute: 0, newestReadingAgeSeconds: null },
  });
  const server = startHttpServer({ app, port: env.PORT, hostname: "0.0.0.0" });

  // A signal may come while the database is still starting: the start-up finishes first, so PGlite
  // is never closed in the middle of a migration.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    await server.stop();
    await starting.catch(() => {});
    // A running job gets a few seconds to finish, then goes back to the table for the next start
    // (or another instance); the database closes only after that.
    await jobRunner?.stop({ graceMs: JOB_SHUTDOWN_GRACE_MS }).catch(() => {});
    await mqttStarting.then((broker) => broker.close()).catch(() => {});
    // After MQTT: no reading arrives any more, and the last ones are written before the database closes.
    await feedCreated.then((feed) => feed.close()).catch(() => {});
    await database?.close().catch(() => {});
    unlock();
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
  logger.info(`Ohrada listens on http://localhost:${server.port}`, {
    database: database!.kind,
    mqtt: broker.brokerUrl,
    startupMs: Math.round(performance.now() - started),
  });
}

await main();
