import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eshops } from "@db/schema";
import { sql } from "drizzle-orm";
import { migrate, openPglite } from "./db";
import { embeddedVacuumJob } from "./jobs/maintenance";
import { createJobRunner } from "./jobs/runner";
import { silentLogger } from "./logger";
import { inServicesRun } from "../../tests/helpers/db";

test.skipIf(inServicesRun)("embedded data survives a restart and migrations are idempotent", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-db-"));
  try {
    const first = await openPglite({ dataDir: dir });
    await migrate(first);
    await first.db.insert(eshops).values({ name: "Trvalý", url: "https://trvaly.cz" });
    await first.close();

    const second = await openPglite({ dataDir: dir });
    await migrate(second);
    const rows = await second.db.select().from(eshops);
    expect(rows.map((row) => row.name)).toEqual(["Trvalý"]);
    expect(await second.ping()).toBe(true);
    await second.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // An initdb and every migration twice: seconds on a quiet machine, half a minute on a busy one.
}, 180_000);

test.skipIf(inServicesRun)("embedded maintenance (a periodic job on PGlite) gives the planner statistics", async () => {
  const database = await openPglite();
  try {
    await migrate(database);
    await database.db.insert(eshops).values([{ name: "A", url: "https://a.cz" }, { name: "B", url: "https://b.cz" }]);
    const start = new Date("2099-01-01T00:00:00Z");
    const runner = createJobRunner({ database, jobs: [embeddedVacuumJob], logger: silentLogger, clock: () => start });
    await runner.prepare();
    // Not at start-up: the first run is one period later (decision 047).
    expect(await runner.runDue()).toEqual([]);
    const outcomes = await runner.runDue(new Date(start.getTime() + 6 * 3600_000));
    expect(outcomes.map((outcome) => [outcome.name, outcome.outcome])).toEqual([["db.vacuumEmbedded", "done"]]);
    const rows = (await database.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'eshops'`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBeGreaterThan(0);
  } finally {
    await database.close();
  }
}, 180_000);
