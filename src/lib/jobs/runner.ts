/**
 * The one background-job runner (docs/decisions/047-background-jobs.md). Every app instance runs
 * one; they share the `jobs` table and nothing else.
 *
 * - A claim is one statement: the oldest due row (queued and `run_at` passed; failing that, running
 *   with a lapsed lease) is taken `for update skip locked` and marked running with this runner's
 *   lease. Each half walks its partial index in order and stops at the first row it can lock, so a
 *   claim reads one row however many wait.
 *   Two instances on one PostgreSQL never take the same row, so a periodic job runs once per
 *   period: the instance that took it moves `run_at` to the next period when it finishes.
 * - While a job runs the runner renews its lease; an instance that dies stops renewing, and once
 *   the lease lapses any runner claims the row again (PGlite: the next start, at once, since the
 *   data directory's lock means no one else can hold it).
 * - One job at a time per runner: PGlite is one connection, and the work is small.
 * - Time comes from `clock` (tests inject one) and is written as values, never `now()`, so a test
 *   moves time by moving the clock: `runDue()` runs whatever is due at that moment and returns.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { jobResultChunks, jobs } from "@db/schema";
import { EMPTY_WIRING, systemCtx, type Wiring } from "../context";
import { AppError } from "../errors";
import { type Database, selectRows } from "../db";
import type { Logger } from "../logger";
import { JobCancelledError, type JobDefinition, type JobResultFile, type JobRun, nextRunAfter, scheduleText } from "./define";
import { onJobQueued } from "./service";

/** Pieces of a result file are stored at most this big (decision 047: PGlite's heap grows to its largest statement). */
export const JOB_RESULT_CHUNK_BYTES = 512 * 1024;

export interface JobRunnerOptions {
  database: Pick<Database, "db" | "kind">;
  /** Every declared job; those not meant for this database are left out. */
  jobs: readonly JobDefinition<never>[];
  logger: Logger;
  wiring?: Wiring;
  clock?: () => Date;
  /** This instance's DATA_DIR, handed to every run (files a job keeps on this machine). */
  dataDir?: string;
  /** `SMTP_URL`, handed to every run (a job that sends mail, decision 078); unset: the outbox. */
  smtpUrl?: string;
  /** Unique per process; shows in `jobs.locked_by`. */
  runnerId?: string;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** How often an idle runner looks for due work. */
  pollMs?: number;
  /** Progress writes at most this often (by `clock`). */
  progressEveryMs?: number;
  /**
   * At start, hand back every running row at once instead of waiting for its lease: only when this
   * process is the database's only user (PGlite behind the data directory's lock).
   */
  reclaimOnStart?: boolean;
  /** Told of every run's end and its length (the metrics' job runs, docs/architecture.md#observability). */
  onOutcome?: (outcome: JobOutcome, seconds: number) => void;
}

/** What one run ended with. */
export interface JobOutcome {
  id: number;
  name: string;
  outcome: "done" | "failed" | "retry" | "lost" | "handedBack" | "cancelled";
  error?: string;
}

export interface JobRunner {
  readonly id: string;
  /** Records the periodic jobs' rows (a new one first runs one period from now); with `reclaimOnStart`, frees held rows. */
  prepare(): Promise<void>;
  /** `prepare`, then poll every `pollMs` until `stop`. */
  start(): Promise<void>;
  /** Runs, one after another, every job due at `now` (default: the clock) and answers what happened; never waits for a timer. */
  runDue(now?: Date): Promise<JobOutcome[]>;
  /** Looks for due work now instead of at the next poll (after queueing a one-off job in this process). */
  wake(): void;
  /**
   * Stops polling and waits up to `graceMs` for the running job; past that, aborts its signal and
   * hands its row back (queued, due now, the attempt not counted) for another instance or the next start.
   */
  stop(options?: { graceMs?: number }): Promise<"idle" | "finished" | "handedBack">;
}

class JobLostError extends Error {
  constructor(id: number) {
    super(`job ${id} was taken over by another runner (its lease lapsed)`);
  }
}

interface ClaimedRow {
  id: number;
  name: string;
  input: unknown;
  attempts: number;
  max_attempts: number;
  created_by: number | null;
  cancel_requested: boolean;
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
/**
 * What a failure stores for whoever reads the job (docs/architecture.md#background-jobs): a refusal's own
 * message (an AppError, translated when read), else `job.failed`. The detail (a database error's SQL) goes
 * to the server log only.
 */
const storedError = (error: unknown): string => {
  const message = error instanceof AppError ? (error.messages[0] ?? Object.values(error.fields)[0]) : undefined;
  return JSON.stringify(message ?? { key: "job.failed" });
};
const INTERRUPTED = JSON.stringify({ key: "job.interrupted" });

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, logger } = options;
  const db = database.db;
  const clock = options.clock ?? (() => new Date());
  const runnerId = options.runnerId ?? `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 120_000;
  const pollMs = options.pollMs ?? 5_000;
  const progressEveryMs = options.progressEveryMs ?? 500;
  const wiring = options.wiring ?? EMPTY_WIRING;

  const definitions = new Map<string, JobDefinition<unknown>>();
  for (const job of options.jobs as readonly JobDefinition<unknown>[]) {
    if (definitions.has(job.name)) throw new Error(`job "${job.name}" is declared twice`);
    if (job.schedule && "everyMinutes" in job.schedule && !(job.schedule.everyMinutes >= 1)) throw new Error(`job "${job.name}" must run at most once a minute`);
    if (job.databases && !job.databases.includes(database.kind)) continue;
    definitions.set(job.name, job);
  }
  const names = [...definitions.keys()];

  /** The job being run and how to hand it back; at most one. */
  let current: { id: number; done: Promise<JobOutcome>; abort: AbortController } | null = null;
  /** runDue calls queue behind each other: a poll and a test's call never overlap. */
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;

  async function claim(now: Date): Promise<ClaimedRow | null> {
    if (names.length === 0) return null;
    const [row] = await selectRows<ClaimedRow>(
      db,
      sql`
        update ${jobs} set status = 'running', locked_by = ${runnerId}, locked_until = ${iso(new Date(now.getTime() + leaseMs))},
          attempts = ${jobs.attempts} + 1, started_at = ${iso(now)}
        where ${jobs.id} = coalesce(
          (select ${jobs.id} from ${jobs} where ${jobs.status} = 'queued' and ${jobs.runAt} <= ${iso(now)} and ${inArray(jobs.name, names)}
            order by ${jobs.runAt}, ${jobs.id} limit 1 for update skip locked),
          (select ${jobs.id} from ${jobs} where ${jobs.status} = 'running' and ${jobs.lockedUntil} < ${iso(now)} and ${inArray(jobs.name, names)}
            order by ${jobs.lockedUntil}, ${jobs.id} limit 1 for update skip locked)
        )
        returning ${jobs.id} as id, ${jobs.name} as name, ${jobs.input} as input, ${jobs.attempts} as attempts,
          ${jobs.maxAttempts} as max_attempts, ${jobs.createdBy} as created_by, ${jobs.cancelRequestedAt} is not null as cancel_requested`,
    );
    return row ?? null;
  }

  /** Writes `set` on the row while this runner still holds it; false when it does not. */
  async function updateHeld(id: number, set: Partial<typeof jobs.$inferInsert>): Promise<boolean> {
    return (await writeHeld(id, set)) !== "lost";
  }

  /** `updateHeld` that also reads whether someone asked the job to stop meanwhile. */
  async function writeHeld(id: number, set: Partial<typeof jobs.$inferInsert>): Promise<"held" | "cancelRequested" | "lost"> {
    const [updated] = await db
      .update(jobs)
      .set(set)
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runnerId), eq(jobs.status, "running")))
      .returning({ cancelRequestedAt: jobs.cancelRequestedAt });
    return !updated ? "lost" : updated.cancelRequestedAt ? "cancelRequested" : "held";
  }

  const released = { lockedBy: null, lockedUntil: null } as const;

  async function finish(row: ClaimedRow, definition: JobDefinition<unknown>, error: unknown | null, claimedAt: Date): Promise<JobOutcome> {
    // Never before the moment the run was claimed for: a periodic job's next run must fall after it,
    // or runDue's loop would claim it again at once (a test's clock may stand still while runDue(now) moves on).
    const clockNow = clock();
    const now = clockNow.getTime() > claimedAt.getTime() ? clockNow : claimedAt;
    const base = { id: row.id, name: row.name };
    if (definition.schedule) {
      const next = nextRunAfter(definition.schedule, now);
      const held = await updateHeld(row.id, { ...released, status: "queued", runAt: next, attempts: 0, finishedAt: now, error: error === null ? null : storedError(error) });
      if (!held) return { ...base, outcome: "lost" };
      return error === null ? { ...base, outcome: "done" } : { ...base, outcome: "failed", error: errorText(error) };
    }
    if (error === null) {
      const held = await updateHeld(row.id, { ...released, status: "done", finishedAt: now, error: null });
      return { ...base, outcome: held ? "done" : "lost" };
    }
    if (row.attempts < row.max_attempts && (definition.retryable?.(error) ?? true)) {
      const retryAt = new Date(now.getTime() + (definition.retryAfterMinutes ?? 1) * 60_000);
      const held = await updateHeld(row.id, { ...released, status: "queued", runAt: retryAt, error: storedError(error) });
      return held ? { ...base, outcome: "retry", error: errorText(error) } : { ...base, outcome: "lost" };
    }
    const held = await updateHeld(row.id, { ...released, status: "failed", finishedAt: now, error: storedError(error) });
    return held ? { ...base, outcome: "failed", error: errorText(error) } : { ...base, outcome: "lost" };
  }

  async function saveResult(id: number, file: JobResultFile, assertHeld: () => void): Promise<void> {
    await db.delete(jobResultChunks).where(eq(jobResultChunks.jobId, id));
    let seq = 0;
    let size = 0;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      assertHeld();
      const data = new Uint8Array(pendingBytes);
      let at = 0;
      for (const piece of pending) {
        data.set(piece, at);
        at += piece.byteLength;
      }
      await db.insert(jobResultChunks).values({ jobId: id, seq: seq++, data });
      pending = [];
      pendingBytes = 0;
    };
    for await (const chunk of file.chunks) {
      size += chunk.byteLength;
      for (let offset = 0; offset < chunk.byteLength; ) {
        const take = Math.min(JOB_RESULT_CHUNK_BYTES - pendingBytes, chunk.byteLength - offset);
        pending.push(chunk.subarray(offset, offset + take));
        pendingBytes += take;
        offset += take;
        if (pendingBytes === JOB_RESULT_CHUNK_BYTES) await flush();
      }
    }
    await flush();
    if (!(await updateHeld(id, { resultFileName: file.fileName, resultMimeType: file.mimeType, resultSize: size }))) throw new JobLostError(id);
  }

  /** Ends a run someone asked to stop: nothing of it counts as done. */
  async function finishCancelled(row: ClaimedRow, now: Date): Promise<JobOutcome> {
    const held = await updateHeld(row.id, { ...released, status: "cancelled", finishedAt: now, error: null, progressPhase: null });
    return { id: row.id, name: row.name, outcome: held ? "cancelled" : "lost" };
  }

  async function runClaimed(row: ClaimedRow, now: Date, abort: AbortController): Promise<JobOutcome> {
    const definition = definitions.get(row.name)!;
    // Asked to stop while it was held by a runner that then went away.
    if (row.cancel_requested) return finishCancelled(row, now);
    if (!definition.schedule && row.attempts > row.max_attempts) {
      // Its last allowed run was interrupted (the process died or lost the lease): not again.
      const held = await updateHeld(row.id, { ...released, status: "failed", finishedAt: now, attempts: row.max_attempts, error: INTERRUPTED });
      return { id: row.id, name: row.name, outcome: held ? "failed" : "lost", error: "interrupted" };
    }
    let lost = false;
    let cancelled = false;
    const assertHeld = () => {
      if (lost) throw new JobLostError(row.id);
      if (cancelled) throw new JobCancelledError(row.id);
    };
    const markLost = () => {
      lost = true;
      abort.abort(new JobLostError(row.id));
    };
    const markCancelled = () => {
      if (cancelled || lost) return;
      cancelled = true;
      abort.abort(new JobCancelledError(row.id));
    };
    /** A write while held: lost stops the work, a cancel request stops it too. */
    const heldWrite = async (set: Partial<typeof jobs.$inferInsert>) => {
      const state = await writeHeld(row.id, set);
      if (state === "lost") markLost();
      else if (state === "cancelRequested") markCancelled();
      assertHeld();
    };
    let lastProgressAt = -Infinity;
    let lastPhase: string | null = null;
    const run: JobRun<unknown> = {
      ctx: { ...systemCtx(db, "cs", wiring), userId: row.created_by },
      id: row.id,
      input: row.input,
      now,
      databaseKind: database.kind,
      dataDir: options.dataDir ?? null,
      smtpUrl: options.smtpUrl,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      signal: abort.signal,
      async progress(done, total, phase) {
        assertHeld();
        const at = clock().getTime();
        const newPhase = (phase ?? null) !== lastPhase;
        if (at - lastProgressAt < progressEveryMs && done !== total && !newPhase) return;
        lastProgressAt = at;
        lastPhase = phase ?? null;
        await heldWrite({ progressDone: done, progressTotal: total ?? null, progressPhase: phase ?? null, lockedUntil: new Date(at + leaseMs) });
      },
      setOutput: (output) => heldWrite({ output: output ?? null }),
      saveResult: (file) => saveResult(row.id, file, assertHeld),
    };
    // Renew the lease while the work runs; a renewal that finds the row gone stops the work.
    const renewal = setInterval(() => {
      writeHeld(row.id, { lockedUntil: new Date(clock().getTime() + leaseMs) }).then(
        (state) => {
          if (abort.signal.aborted) return;
          if (state === "lost") markLost();
          else if (state === "cancelRequested") markCancelled();
        },
        (error) => logger.warn("job lease renewal failed", { job: row.name, id: row.id, error: errorText(error) }),
      );
    }, Math.max(1_000, Math.floor(leaseMs / 3)));
    renewal.unref?.();
    let failure: unknown | null = null;
    try {
      await definition.run(run);
    } catch (error) {
      failure = error ?? new Error("failed");
    } finally {
      clearInterval(renewal);
    }
    // Stopped on request: a run that failed or gave up on it is cancelled; one that finished anyway is done.
    if (cancelled && !lost && failure !== null) return finishCancelled(row, clock());
    if (abort.signal.aborted && !cancelled) return { id: row.id, name: row.name, outcome: lost ? "lost" : "handedBack" };
    const outcome = await finish(row, definition, failure, now);
    if (outcome.outcome === "failed" || outcome.outcome === "retry") logger.warn("job failed", { job: row.name, id: row.id, outcome: outcome.outcome, error: outcome.error });
    else if (outcome.outcome === "lost") logger.warn("job lost to another runner", { job: row.name, id: row.id });
    return outcome;
  }

  async function runDueNow(now: Date): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    // Ends: a finished periodic job is next due after `now` (a period on), a one-off job's attempts are bounded.
    while (!stopped) {
      const row = await claim(now);
      if (!row) break;
      const abort = new AbortController();
      const done = runClaimed(row, now, abort);
      current = { id: row.id, done, abort };
      const started = performance.now();
      try {
        const outcome = await done;
        options.onOutcome?.(outcome, (performance.now() - started) / 1000);
        outcomes.push(outcome);
      } finally {
        current = null;
      }
    }
    return outcomes;
  }

  function runDue(now?: Date): Promise<JobOutcome[]> {
    const next = queue.then(() => runDueNow(now ?? clock()));
    queue = next.catch(() => undefined);
    return next;
  }

  function schedulePoll(delayMs: number) {
    if (stopped) return;
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = setTimeout(() => {
      pollTimer = null;
      runDue()
        .catch((error) => logger.warn("job runner poll failed", { error: errorText(error) }))
        .finally(() => schedulePoll(pollMs));
    }, delayMs);
    pollTimer.unref?.();
  }

  /** A job queued in this process is looked for at once; one queued while a job runs is claimed by that same pass. */
  function wake() {
    if (!stopped && pollTimer) schedulePoll(0);
  }
  let stopListening = () => {};

  async function prepare() {
    const now = clock();
    for (const definition of definitions.values()) {
      if (!definition.schedule) continue;
      const schedule = scheduleText(definition.schedule);
      const firstRun = nextRunAfter(definition.schedule, now);
      await db
        .insert(jobs)
        .values({ name: definition.name, periodic: true, schedule, runAt: firstRun, createdAt: now })
        .onConflictDoUpdate({
          target: jobs.name,
          targetWhere: sql`${jobs.periodic}`,
          set: { schedule, runAt: sql`case when ${jobs.schedule} = ${schedule} then ${jobs.runAt} else ${iso(firstRun)} end` },
        });
    }
    if (options.reclaimOnStart) {
      // A run someone asked to stop stays stopped; the others are due again at once.
      await db
        .update(jobs)
        .set({ ...released, status: "cancelled", finishedAt: now, progressPhase: null })
        .where(and(eq(jobs.status, "running"), sql`${jobs.cancelRequestedAt} is not null`));
      await db
        .update(jobs)
        .set({ ...released, status: "queued", runAt: sql`least(${jobs.runAt}, ${iso(now)})` })
        .where(eq(jobs.status, "running"));
    }
  }

  return {
    id: runnerId,
    prepare,
    async start() {
      await prepare();
      schedulePoll(pollMs);
      stopListening = onJobQueued(wake);
    },
    runDue,
    wake,
    async stop({ graceMs = 10_000 } = {}) {
      stopped = true;
      stopListening();
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
      const running = current;
      if (!running) return "idle";
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), graceMs);
      });
      const settled = await Promise.race([running.done.then(() => "finished" as const, () => "finished" as const), timedOut]);
      clearTimeout(timer);
      if (settled === "finished") return "finished";
      // Hand it back: due now, this attempt not counted, for another instance or the next start.
      running.abort.abort(new Error("the runner is stopping"));
      await db
        .update(jobs)
        .set({ ...released, status: "queued", runAt: clock(), attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(and(eq(jobs.id, running.id), eq(jobs.lockedBy, runnerId)));
      return "handedBack";
    },
  };
}
