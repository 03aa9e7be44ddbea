/**
 * Periodic jobs run on demand in tests: once, at a given moment, as the app's runner would run
 * them when due (decision 047), whatever their recorded next run says. No timer is involved.
 */
import { and, eq, inArray } from "drizzle-orm";
import { jobs } from "@db/schema";
import type { Database } from "@/lib/db";
import type { JobDefinition } from "@/lib/jobs/define";
import { createJobRunner, type JobOutcome } from "@/lib/jobs/runner";
import { silentLogger } from "@/lib/logger";

export async function runPeriodicJobsNow(
  database: Pick<Database, "db" | "kind">,
  jobList: readonly JobDefinition<never>[],
  now = new Date(),
  options: { dataDir?: string } = {},
): Promise<JobOutcome[]> {
  const runner = createJobRunner({ database, jobs: jobList, logger: silentLogger, clock: () => now, dataDir: options.dataDir });
  await runner.prepare();
  const names = jobList.map((job) => job.name);
  await database.db.update(jobs).set({ runAt: now }).where(and(eq(jobs.periodic, true), inArray(jobs.name, names)));
  return runner.runDue();
}
