/**
 * The scale feed as `bun src/main.ts` runs it: the warehouse module's piece `warehouse.scaleFeed`
 * (docs/architecture.md#components, docs/decisions/057-scale-feed-ingestion.md), its subscription
 * handed to MQTT by main.ts. A reading published to the app's embedded broker shows in /healthz,
 * and a graceful stop (MQTT closed first, then the pieces in the reverse order) writes the
 * current minute's history before the database closes. Waits for the app's log lines and
 * conditions only, never for a clock.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { connectAsync } from "mqtt";
import { openPglite, selectRows } from "@/lib/db";
import { type AppProcess, startAppProcess } from "../../../../tests/helpers/app-process";
import { inServicesRun } from "../../../../tests/helpers/db";

/** A hang guard for the whole test (the app loads the demo company), never a timing assertion. */
const GUARD_MS = 300_000;

test.skipIf(inServicesRun)("a reading reaches /healthz through main.ts's wiring, and shutdown writes the minute's history", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-feed-"));
  let app: AppProcess | null = null;
  try {
    // Ready once the start is over: the database migrated and the demo company loaded, however long that took.
    app = await startAppProcess({ env: { DATA_DIR: dir, DEMO: "1", ADMIN_PASSWORD: "" } });
    const output = app.output;
    const [, mqttPort] = await output.waitFor(/embedded MQTT broker listening host=127\.0\.0\.1 port=(\d+)/);
    // The app's own subscriber is on the broker: a reading published now reaches it (one published before would reach no one).
    await output.waitFor(/MQTT subscribed/);

    // Demo scale 101 ("Regál A1").
    const publisher = await connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0 });
    await publisher.publishAsync("scales/101/weight", "4242", { qos: 1 });
    await publisher.endAsync();

    type Health = { data: { mqtt: string; scaleFeed?: { readingsPerMinute: number; newestReadingAgeSeconds: number | null } } };
    // The reading passes the subscriber on its own: asked for again until the handler has it (no deadline).
    let health = null as Health | null;
    while (health?.data.scaleFeed?.newestReadingAgeSeconds == null) {
      if (health) await Bun.sleep(50);
      health = (await (await fetch(`${app.base}/healthz`)).json()) as Health;
    }
    expect(health.data.scaleFeed!.readingsPerMinute).toBe(1);
    expect(health.data.mqtt).toBe("up");

    expect((await app.stop()).code).toBe(0);
    expect(output.text).toMatch(/SIGTERM: shutting down[\s\S]*MQTT subscriber closed[\s\S]*stopped/);
    const database = await openPglite({ dataDir: join(dir, "pglite") });
    try {
      const [scale] = await selectRows<{ last_weight: string; reported: boolean; minute_weight: string | null }>(
        database.db,
        sql`select s.last_weight, s.last_reading_at > now() - interval '10 minutes' as reported,
                   (select r.weight from rack_scale_readings r where r.scale_id = s.id and r.at = date_trunc('minute', s.last_reading_at)) as minute_weight
            from warehouse_rack_scales s where s.ext_id = 101`,
      );
      // The minute's row: written when the minute ends, or (the usual case here, the minute still
      // running) by the last flush at shutdown, before the database closed.
      expect(scale).toEqual({ last_weight: "4242.0", reported: true, minute_weight: "4242.0" });
    } finally {
      await database.close();
    }
  } finally {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, GUARD_MS);
