/**
 * Where a cold start's time goes: the steps of src/main.ts replayed one by one, each timed, in a
 * fresh process on a fresh data dir. Run as a child of run.ts; prints one `BENCH_RESULT {json}`.
 * A diagnostic beside the measured start-up, not a figure of its own.
 */
const boot = performance.now(); // runtime start until this module runs (performance.now() counts from process start)

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Phase {
  name: string;
  ms: number;
}

async function main() {
  const phases: Phase[] = [{ name: "bun runtime boot", ms: boot }];
  let last = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    phases.push({ name, ms: now - last });
    last = now;
  };

  const [{ migrate, openPglite }, { systemCtx }, { seedReference }, { ensureAdmin, productionPasswordCost }, { startMqtt }, { createApp }, { silentLogger }] =
    await Promise.all([
      import("@/lib/db"),
      import("@/lib/context"),
      import("@db/seed/reference"),
      import("@/modules/auth/service"),
      import("@/mqtt"),
      import("@/app"),
      import("@/lib/logger"),
    ]);
  lap("import the app's modules");

  const dir = mkdtempSync(join(tmpdir(), "ohrada-bench-phases-"));
  try {
    const database = await openPglite({ dataDir: join(dir, "pglite") });
    lap("cold: PGlite open on an empty dir (initdb)");
    await migrate(database);
    lap("cold: migrations");
    const ctx = systemCtx(database.db);
    await seedReference(ctx);
    lap("cold: reference seed");
    await ensureAdmin({ ctx, input: { email: "admin@ohrada.bench", password: "bench-admin-heslo" }, cost: productionPasswordCost });
    lap("cold: admin user (argon2id, production cost)");
    const mqtt = await startMqtt({ env: { MQTT_PORT: 0, MQTT_TOPIC_PREFIX: "scales" }, logger: silentLogger });
    lap("MQTT: embedded broker + subscriber");
    createApp({ database, logger: silentLogger, sessionTtlHours: 12, trustProxy: false, passwordCost: productionPasswordCost, mqttStatus: () => mqtt.status() });
    lap("createApp()");
    await mqtt.close();
    await database.close();
    lap("close MQTT and PGlite");

    const again = await openPglite({ dataDir: join(dir, "pglite") });
    lap("warm: PGlite open on the existing dir");
    await migrate(again);
    lap("warm: migrations (nothing to apply)");
    await seedReference(systemCtx(again.db));
    await ensureAdmin({ ctx: systemCtx(again.db), input: { email: "admin@ohrada.bench", password: "bench-admin-heslo" }, cost: productionPasswordCost });
    lap("warm: seed + admin checks");
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(phases)}\n`);
}

await main();
