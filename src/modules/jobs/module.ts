import { defineModule } from "@/lib/http/module";
import { purgeExpiredIdempotencyKeysJob } from "@/lib/idempotency";
import { embeddedVacuumJob } from "@/lib/jobs/maintenance";
import { purgeFinishedJobsJob } from "@/lib/jobs/service";
import { jobsApi } from "./api";

/**
 * Background jobs (decision 047): the state of a one-off job by its id, and the framework's own
 * periodic work (src/lib has no module of its own to declare it): PGlite's VACUUM, the sweep of
 * expired idempotency keys, and forgetting finished one-off jobs.
 */
export const jobsModule = defineModule({
  name: "jobs",
  api: jobsApi,
  jobs: [embeddedVacuumJob, purgeExpiredIdempotencyKeysJob, purgeFinishedJobsJob],
});
