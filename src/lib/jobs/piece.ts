/**
 * The job runner as one of the app's long-running pieces (src/lib/lifecycle.ts, decision 047): it
 * starts with the database and, at shutdown, gets a few seconds to finish the job it runs before
 * handing it back to the `jobs` table for the next start or another instance.
 */
import type { PieceDeclaration } from "../lifecycle";
import { createJobRunner, type JobRunner } from "./runner";

/** How long shutdown waits for a running job before handing it back (inside a container's usual 10 s). */
export const JOB_SHUTDOWN_GRACE_MS = 5_000;

export function jobRunnerPiece(options: { graceMs?: number } = {}): PieceDeclaration {
  return {
    name: "jobs.runner",
    create: ({ logger, metrics }) => {
      let runner: JobRunner | null = null;
      return {
        start({ database, jobs, wiring, dataDir, smtpUrl }) {
          // On PGlite this process is the database's only user (the data directory's lock), so a
          // job a killed process held is taken back at once.
          runner = createJobRunner({ database, jobs, logger, wiring, dataDir, smtpUrl, reclaimOnStart: database.kind === "pglite", onOutcome: metrics?.jobRun });
          // Polling starts beside the first requests rather than before them.
          runner.start().catch((error) => logger.error("the job runner did not start", { error: String(error) }));
        },
        async stop() {
          const outcome = await runner?.stop({ graceMs: options.graceMs ?? JOB_SHUTDOWN_GRACE_MS });
          if (outcome && outcome !== "idle") logger.info(`job runner stopped: its job ${outcome === "finished" ? "finished" : "was handed back"}`);
        },
      };
    },
  };
}
