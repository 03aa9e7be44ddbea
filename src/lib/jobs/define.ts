/**
 * What a job is (docs/decisions/047-background-jobs.md). A module declares its jobs in its
 * `module.ts` (`jobs: [purgeExpiredSessionsJob]`); the runner started by src/main.ts runs every
 * declared job, periodic ones on their schedule and one-off ones when `enqueueJob` queued them.
 */
import { Cron } from "croner";
import type { Ctx } from "../context";
import type { Database } from "../db";

/** Business time: a cron schedule names a Czech wall-clock time (a nightly run at 02:30 stays at 02:30 across DST). */
export const JOB_TIME_ZONE = "Europe/Prague";

/** A periodic job's schedule: every so many minutes from its last run, or a cron pattern in JOB_TIME_ZONE. */
export type JobSchedule = { everyMinutes: number } | { cron: string };

/** A file a one-off job leaves behind (the accountant export's ZIP), its bytes given piece by piece. */
export interface JobResultFile {
  fileName: string;
  mimeType: string;
  /** Pieces of the file in order, of any size; they are stored in pieces of at most JOB_RESULT_CHUNK_BYTES. */
  chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
}

/** What a running job is handed. */
export interface JobRun<Input> {
  /** A ctx without a transaction; `userId` is whoever queued a one-off job (null for periodic ones). */
  ctx: Ctx;
  id: number;
  input: Input;
  /** The runner's clock when the run was claimed: purges compare ages with it, never with `new Date()`. */
  now: Date;
  /** Which database the app runs on (PGlite maintenance runs only there). */
  databaseKind: Database["kind"];
  /** This instance's DATA_DIR, for files a job keeps on its machine (the nightly backups); null when the runner has none. */
  dataDir: string | null;
  /** `SMTP_URL` of this instance (decision 078); undefined: mail goes to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** This run's attempt, from 1, and the job's most: a job that records its own outcome knows whether another follows. */
  attempt: number;
  maxAttempts: number;
  /**
   * Reports "done of total" and, for a job of several steps, which step (`phase`, an i18n key its
   * page translates); readable by the job's id while it runs. Writes at most every
   * `progressEveryMs` of the runner's clock (and always the last step and a new phase), so it may
   * be called per row. Throws when the runner lost the job (its lease lapsed and another runner
   * took it) and JobCancelledError when someone asked it to stop (decision 076): the work stops,
   * and a transaction it runs in rolls back.
   */
  progress(done: number, total?: number, phase?: string): Promise<void>;
  /** Stores a small answer of the run (an import's counts) for whoever reads the job. */
  setOutput(output: unknown): Promise<void>;
  /** Stores the job's result file (replacing an earlier one of the same run). */
  saveResult(file: JobResultFile): Promise<void>;
  /**
   * Aborted when the runner stops and hands the job back, or when someone asked the job to stop
   * (its reason then a JobCancelledError): long work checks it between steps.
   */
  signal: AbortSignal;
}

export interface JobDefinition<Input = unknown> {
  /** Unique across the app: `<module>.<verb><Entity>` (`auth.purgeExpiredSessions`). */
  name: string;
  /** Set: a periodic job. Unset: a one-off job, run when queued. */
  schedule?: JobSchedule;
  /** Only on these databases (PGlite's VACUUM); unset: on both. */
  databases?: readonly Database["kind"][];
  /**
   * A one-off job's runs at most, interrupted ones included: a failure or a lost runner before the
   * last one queues it again after `retryAfterMinutes`. Default 1 (a failure is final). A periodic
   * job that fails simply runs again at its next time.
   */
  maxAttempts?: number;
  retryAfterMinutes?: number;
  /**
   * Whether a failure may be tried again (within `maxAttempts`); unset: every failure may. A refusal
   * that no retry can change (a mail server's 5xx, decision 078) answers false and fails the job at once.
   */
  retryable?: (error: unknown) => boolean;
  run(job: JobRun<Input>): Promise<void>;
}

export const defineJob = <Input = unknown>(definition: JobDefinition<Input>): JobDefinition<Input> => definition;

/** The schedule as stored in `jobs.schedule`: a changed declaration moves the next run. */
export const scheduleText = (schedule: JobSchedule): string => ("cron" in schedule ? `cron ${schedule.cron}` : `every ${schedule.everyMinutes} min`);

const patterns = new Map<string, Cron>();

/** When a periodic job runs next after `after`. */
export function nextRunAfter(schedule: JobSchedule, after: Date): Date {
  if ("everyMinutes" in schedule) return new Date(after.getTime() + schedule.everyMinutes * 60_000);
  let cron = patterns.get(schedule.cron);
  if (!cron) {
    // paused: croner only computes dates here, it never starts a timer of its own.
    cron = new Cron(schedule.cron, { timezone: JOB_TIME_ZONE, paused: true });
    patterns.set(schedule.cron, cron);
  }
  const next = cron.nextRun(after);
  if (!next) throw new Error(`schedule "${schedule.cron}" has no next run after ${after.toISOString()}`);
  return next;
}

/** Thrown into a job's work when someone asked it to stop (`cancelJob`); the run ends as `cancelled`. */
export class JobCancelledError extends Error {
  constructor(id: number) {
    super(`job ${id} was cancelled`);
    this.name = "JobCancelledError";
  }
}
