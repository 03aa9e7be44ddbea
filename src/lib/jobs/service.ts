/**
 * One-off jobs seen from a request (docs/decisions/047-background-jobs.md): queue one, read its
 * state by id, read its result file. Only whoever queued a job, or an admin, sees it; to anyone
 * else it does not exist (404), as a record of another user's would not.
 */
import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { jobResultChunks, jobs, type JobStatus, users } from "@db/schema";
import { type Ctx, withTransaction } from "../context";
import { AppError, type Message, msg } from "../errors";
import { tFor, translateMessage } from "../i18n";
import { defineJob, type JobDefinition } from "./define";

/** Runners in this process that want to hear of a queued job at once instead of at their next poll. */
const queuedListeners = new Set<() => void>();

/** Calls `listener` whenever this process queues a job outside a transaction; answers how to stop. */
export function onJobQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/**
 * Queues a run of a one-off job; a runner of this process looks for it at once, others at their
 * next poll. Joins an open transaction (then the row is seen after the commit, at a poll).
 * With `reuseOpen`, a run of the same job by the same user with the same input that is still
 * queued or running is answered instead: a form sent twice starts one export, not two.
 * With `maxOpenPerUser`, a user who has that many runs of the job queued or running gets a 429
 * (`job.tooManyOpen`); the user's row is locked meanwhile, so two requests at once cannot both slip under it.
 */
export async function enqueueJob<Input>({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { job: JobDefinition<Input>; input: Input; runAt?: Date; reuseOpen?: boolean; maxOpenPerUser?: number };
}): Promise<{ id: number }> {
  if (input.job.schedule) throw new Error(`job "${input.job.name}" is periodic: it runs on its schedule, not when queued`);
  if (input.maxOpenPerUser !== undefined && ctx.userId !== null) {
    const { maxOpenPerUser } = input;
    const userId = ctx.userId;
    const queued = await withTransaction(ctx, async (tx) => {
      await tx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      return insertJob(tx, input, maxOpenPerUser);
    });
    if (!ctx.inTransaction) for (const listener of queuedListeners) listener();
    return queued;
  }
  return insertJob(ctx, input);
}

async function insertJob<Input>(ctx: Ctx, input: { job: JobDefinition<Input>; input: Input; runAt?: Date; reuseOpen?: boolean }, maxOpen?: number): Promise<{ id: number }> {
  const jobInput = input.input ?? null;
  if (input.reuseOpen) {
    const [open] = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.name, input.job.name),
          inArray(jobs.status, ["queued", "running"]),
          ctx.userId === null ? isNull(jobs.createdBy) : eq(jobs.createdBy, ctx.userId),
          sql`${jobs.input} = ${JSON.stringify(jobInput)}::jsonb`,
        ),
      )
      .orderBy(desc(jobs.id))
      .limit(1);
    if (open) return { id: open.id };
  }
  if (maxOpen !== undefined) {
    const [{ open } = { open: 0 }] = await ctx.db
      .select({ open: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.name, input.job.name), inArray(jobs.status, ["queued", "running"]), eq(jobs.createdBy, ctx.userId!)));
    if (open >= maxOpen) throw AppError.limited(msg("job.tooManyOpen", { max: maxOpen }));
  }
  const [row] = await ctx.db
    .insert(jobs)
    .values({
      name: input.job.name,
      input: jobInput,
      maxAttempts: Math.max(1, input.job.maxAttempts ?? 1),
      createdBy: ctx.userId,
      // Stamped by this clock, in milliseconds: the database's now() has microseconds, and a run
      // due "now" (the runner compares with its millisecond clock) was missed within the same millisecond.
      runAt: input.runAt ?? new Date(),
    })
    .returning({ id: jobs.id });
  if (!ctx.inTransaction) for (const listener of queuedListeners) listener();
  return { id: row!.id };
}

export interface JobState {
  id: number;
  name: string;
  status: JobStatus;
  /** "120 of 1000", and the step for a job of several (an i18n key); null before the job reported any. */
  progress: { done: number; total: number | null; phase: string | null } | null;
  /** Someone asked it to stop; it stops at its next step (status then `cancelled`). */
  cancelRequested: boolean;
  /** What it was queued with, as its page needs it (which import, which period). */
  input: unknown;
  /** The small answer a finished run stored (an import's counts). */
  output: unknown;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  result: { fileName: string; mimeType: string; size: number } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

const asIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The row when the ctx's user may see it: they queued it, or they are an admin. */
async function visibleJob(ctx: Ctx, id: number) {
  if (ctx.userId === null) throw AppError.error("UNAUTHORIZED");
  const [row] = await ctx.db
    .select({
      job: jobs,
      viewerIsAdmin: sql<boolean>`coalesce((select ${users.isAdmin} from ${users} where ${users.id} = ${ctx.userId}), false)`,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  if (!row || (row.job.createdBy !== ctx.userId && !row.viewerIsAdmin)) throw AppError.notFound();
  return row.job;
}

/** A failure as the runner stored it (a message as JSON); anything else, such as an older row's raw text, reads as `job.failed`. */
function storedMessage(stored: string): Message {
  try {
    const message = JSON.parse(stored) as Partial<Message>;
    if (typeof message.key === "string") return { key: message.key, values: message.values };
  } catch {
    // Not JSON: raw text from before messages were stored, never shown.
  }
  return { key: "job.failed" };
}

/** A job's state by id: status, progress, the error of a failure, whether a result is there. */
export async function getJob({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<JobState> {
  const job = await visibleJob(ctx, input.id);
  return {
    id: job.id,
    name: job.name,
    status: job.status,
    progress: job.progressDone === null ? null : { done: job.progressDone, total: job.progressTotal, phase: job.progressPhase },
    cancelRequested: job.cancelRequestedAt !== null,
    input: job.input ?? null,
    output: job.output ?? null,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    error: job.error === null ? null : translateMessage(tFor(ctx.lang), storedMessage(job.error)),
    result:
      job.status === "done" && job.resultFileName && job.resultMimeType && job.resultSize !== null
        ? { fileName: job.resultFileName, mimeType: job.resultMimeType, size: job.resultSize }
        : null,
    createdAt: asIso(job.createdAt)!,
    startedAt: asIso(job.startedAt),
    finishedAt: asIso(job.finishedAt),
  };
}

/**
 * Asks a one-off job to stop (decision 076): a queued one is cancelled at once, a running one at its
 * next progress report or lease renewal (its transaction rolls back), a finished one stays as it
 * ended. One statement, so a runner claiming it meanwhile cannot slip between. Answers the state.
 */
export async function cancelJob({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<JobState> {
  const job = await visibleJob(ctx, input.id);
  if (job.periodic) throw AppError.fail(msg("job.notCancellable"));
  const now = new Date();
  await ctx.db
    .update(jobs)
    .set({
      status: sql`case when ${jobs.status} = 'queued' then 'cancelled' else ${jobs.status} end`,
      finishedAt: sql`case when ${jobs.status} = 'queued' then ${now.toISOString()}::timestamptz else ${jobs.finishedAt} end`,
      cancelRequestedAt: sql`coalesce(${jobs.cancelRequestedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(jobs.id, input.id), inArray(jobs.status, ["queued", "running"])));
  return getJob({ ctx, input });
}

/**
 * A finished job's result file, its bytes read a piece per statement as the stream is consumed
 * (a file answer can pass the stream on). 404 while the job has none.
 */
export async function readJobResult({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: number };
}): Promise<{ fileName: string; mimeType: string; size: number; stream: ReadableStream<Uint8Array> }> {
  const state = await getJob({ ctx, input });
  if (!state.result) throw AppError.notFound();
  let seq = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const [chunk] = await ctx.db
        .select({ data: jobResultChunks.data })
        .from(jobResultChunks)
        .where(and(eq(jobResultChunks.jobId, input.id), eq(jobResultChunks.seq, seq++)))
        .orderBy(asc(jobResultChunks.seq));
      if (chunk) controller.enqueue(new Uint8Array(chunk.data));
      else controller.close();
    },
  });
  return { ...state.result, stream };
}

/** How long a finished one-off job (and its file) stays readable. */
export const FINISHED_JOB_KEPT_DAYS = 7;

/** Forgets finished one-off jobs after FINISHED_JOB_KEPT_DAYS; their result pieces go with them. */
export const purgeFinishedJobsJob = defineJob({
  name: "jobs.purgeFinished",
  schedule: { everyMinutes: 24 * 60 },
  async run({ ctx, now }) {
    const before = new Date(now.getTime() - FINISHED_JOB_KEPT_DAYS * 24 * 3600_000);
    await ctx.db.delete(jobs).where(and(eq(jobs.periodic, false), inArray(jobs.status, ["done", "failed", "cancelled"]), lt(jobs.finishedAt, before)));
  },
});
