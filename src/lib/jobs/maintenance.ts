import { sql } from "drizzle-orm";
import { defineJob } from "./define";

/**
 * PGlite runs no autovacuum: without it the planner has no statistics and counts read every heap
 * page. This job runs VACUUM ANALYZE every few hours, on PGlite only (PostgreSQL does it itself).
 * Its next run is kept in the jobs table, so a restart no longer runs it again a few seconds after
 * start-up: the statistics of the last run are on disk, and the first requests after a start do
 * not wait behind a VACUUM on PGlite's one connection (decision 047).
 */
export const embeddedVacuumJob = defineJob({
  name: "db.vacuumEmbedded",
  schedule: { everyMinutes: 6 * 60 },
  databases: ["pglite"],
  async run({ ctx }) {
    await ctx.db.execute(sql`vacuum analyze`);
  },
});
