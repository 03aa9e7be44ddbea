import { sql } from "drizzle-orm";
import { defineJob } from "@/lib/jobs/define";

/** docs/domain.md#scale-feed: the reading history is kept this long. */
export const SCALE_HISTORY_DAYS = 90;
/** Rows deleted per statement: a long backlog never becomes one long delete holding PGlite's one connection. */
export const SCALE_HISTORY_PURGE_BATCH = 5_000;

/**
 * Forgets history rows older than 90 days, every hour, in batches of SCALE_HISTORY_PURGE_BATCH
 * (decision 047; docs/decisions/057-scale-feed-ingestion.md). 500 scales write 720,000 rows a day,
 * so an hour's expiry is 30,000 rows: a few batches.
 */
export const purgeOldScaleReadingsJob = defineJob({
  name: "warehouse.purgeOldScaleReadings",
  schedule: { everyMinutes: 60 },
  async run({ ctx, now, signal }) {
    const cutoff = new Date(now.getTime() - SCALE_HISTORY_DAYS * 24 * 60 * 60_000).toISOString();
    for (;;) {
      const deleted = (await ctx.db.execute(
        sql`delete from rack_scale_readings where id in (
              select id from rack_scale_readings where at < ${cutoff}::timestamptz order by at limit ${SCALE_HISTORY_PURGE_BATCH})
            returning 1`,
      )) as unknown;
      const count = Array.isArray(deleted) ? deleted.length : ((deleted as { rows?: unknown[] }).rows?.length ?? 0);
      if (count < SCALE_HISTORY_PURGE_BATCH || signal.aborted) return;
    }
  },
});
