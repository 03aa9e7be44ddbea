/**
 * Boot: configuration, database (migrated, seeded), MQTT and the HTTP server; graceful shutdown.
 * The slow steps overlap: the app's modules load while PGlite opens and the broker starts, so a
 * warm start answers in well under a second.
 */
import { systemCtx } from "./lib/context";
import { lockDataDir } from "./lib/data-dir-lock";
import { migrate, openDatabase, scheduleEmbeddedMaintenance } from "./lib/db";
import { createLogger } from "./lib/logger";
import { copyTemplateInto } from "./lib/pglite-template";
import { EnvError, parseEnv } from "./env";

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

  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const opening = openDatabase(env, { fillEmptyDataDir: (dataDir) => copyTemplateInto(dataDir) });
  const mqttStarting = import("./mqtt").then(({ startMqtt }) => startMqtt({ env, logger }));
  const [{ createApp }, { startHttpServer }, { ensureAdmin, productionPasswordCost }, { seedReference }] = await Promise.all([
    import("./app"),
    import("./lib/http/server"),
    import("./modules/auth/service"),
    import("@db/seed/reference"),
  ]);

  const database = await opening;
  await migrate(database);
  const ctx = systemCtx(database.db);
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

  const stopMaintenance = scheduleEmbeddedMaintenance(database, (error) => logger.warn("database maintenance failed", { error: String(error) }), {
    firstAfterMs: 5_000,
  });
  const mqtt = await mqttStarting;
  const app = createApp({
    database,
    logger,
    sessionTtlHours: env.SESSION_TTL,
    trustProxy: env.TRUST_PROXY,
    passwordCost: productionPasswordCost,
    mqttStatus: () => mqtt.status(),
  });

  const server = startHttpServer({ app, port: env.PORT, hostname: "0.0.0.0" });
  logger.info(`Ohrada listens on http://localhost:${server.port}`, {
    database: database.kind,
    mqtt: mqtt.brokerUrl,
    startupMs: Math.round(performance.now() - started),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    await server.stop();
    stopMaintenance();
    await mqtt.close().catch(() => {});
    await database.close().catch(() => {});
    unlock();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

await main();
