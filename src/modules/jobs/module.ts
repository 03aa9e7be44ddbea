import { defineModule } from "@/lib/http/module";
import { purgeExpiredIdempotencyKeysJob } from "@/lib/idempotency";
import { embeddedVacuumJob } from "@/lib/jobs/maintenance";
import { jobRunnerPiece } from "@/lib/jobs/piece";
import { purgeFinishedJobsJob } from "@/lib/jobs/service";
import { jobsApi } from "./api";

/**
 * Background jobs (decision 047): the state of a one-off job by its id, and the framework's own
 * periodic work (src/lib has no module of its own to declare it): PGlite's VACUUM, the sweep of
 * expired idempotency keys, and forgetting finished one-off jobs. It also declares the runner
 * itself, one piece of the app's lifecycle: near the end of the module list, so it starts after
 * the pieces its jobs may use and stops before them.
 */
export const jobsModule = defineModule({
  name: "jobs",
  api: jobsApi,
  jobs: [embeddedVacuumJob, purgeExpiredIdempotencyKeysJob, purgeFinishedJobsJob],
  pieces: [jobRunnerPiece()],
});
