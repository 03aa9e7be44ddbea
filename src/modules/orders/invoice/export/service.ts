/**
 * The accountant export seen from a request (docs/decisions/054-invoice-pdf-and-accountant-export.md):
 * queue it for a period, read its state, read its ZIP. Only whoever queued it, or an admin, sees
 * it (the job runner's rule); a job of another kind under the id is not found.
 */
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { enqueueJob, getJob, type JobState, readJobResult } from "@/lib/jobs/service";
import { parseInput } from "@/lib/validation";
import { accountantExportJob } from "./job";
import { accountantExportQuery } from "./schemas";

/** How many exports one user may have queued or running at once (each takes about half a minute of CPU). */
export const MAX_OPEN_EXPORTS = 3;

/**
 * Queues the export of the documents issued from `from` to `to` (the user's open export of the same range if there
 * is one); 422 for a missing, malformed or reversed date, 429 when the user has MAX_OPEN_EXPORTS open already.
 */
export async function startAccountantExport({ ctx, input }: { ctx: Ctx; input: { from?: unknown; to?: unknown } }): Promise<{ id: number }> {
  const range = parseInput(accountantExportQuery, input);
  return enqueueJob({ ctx, input: { job: accountantExportJob, input: { ...range, lang: ctx.lang }, reuseOpen: true, maxOpenPerUser: MAX_OPEN_EXPORTS } });
}

/** The export's state by its job id. */
export async function getAccountantExport({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<JobState> {
  const state = await getJob({ ctx, input });
  if (state.name !== accountantExportJob.name) throw AppError.notFound();
  return state;
}

/** The finished export's ZIP, streamed from its stored pieces; 404 before it is done. */
export async function readAccountantExport({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await getAccountantExport({ ctx, input });
  return readJobResult({ ctx, input });
}
