import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bytea, identityId } from "./columns";

/**
 * Background work (docs/decisions/047-background-jobs.md): one row per periodic job (its next run
 * in `run_at`, the row reused every period) and one row per one-off run (the accountant export).
 * A runner claims a row with `for update skip locked` and holds it by a lease (`locked_until`);
 * a row whose lease ran out belongs to nobody and is claimed again.
 */
export const JOB_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  "jobs",
  {
    id: identityId(),
    /** The declared job that runs it (`auth.purgeExpiredSessions`). */
    name: text("name").notNull(),
    periodic: boolean("periodic").notNull().default(false),
    /** A periodic job's schedule as declared; a changed schedule moves the next run. */
    schedule: text("schedule"),
    input: jsonb("input").$type<unknown>(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    /** When it is due: a queued row runs once `run_at` has passed. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Runs started, interrupted ones included; a one-off job stops at `max_attempts`. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(1),
    /** The runner holding it, and until when; past `locked_until` the claim has lapsed. */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    progressDone: integer("progress_done"),
    progressTotal: integer("progress_total"),
    /** What the run is doing now, as an i18n key the job's page translates ("import.phase.write"); null for a job with one step. */
    progressPhase: text("progress_phase"),
    /** Set by whoever asked a running job to stop; the runner sees it at the next progress or lease renewal (decision 076). */
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    /** A small answer of a finished run (an import's counts), for its page; a file goes to job_result_chunks. */
    output: jsonb("output").$type<unknown>(),
    /** The last failure (a periodic job keeps it until it next succeeds). */
    error: text("error"),
    /** The file a one-off job made, its bytes in job_result_chunks. */
    resultFileName: text("result_file_name"),
    resultMimeType: text("result_mime_type"),
    resultSize: integer("result_size"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("jobs_periodic_name_unique").on(table.name).where(sql`${table.periodic}`),
    // The claim reads due queued rows and lapsed running ones; the purge reads finished ones by age.
    index("jobs_due_idx").on(table.runAt, table.id).where(sql`${table.status} = 'queued'`),
    index("jobs_lease_idx").on(table.lockedUntil, table.id).where(sql`${table.status} = 'running'`),
    index("jobs_finished_idx").on(table.finishedAt).where(sql`not ${table.periodic} and ${table.status} in ('done', 'failed', 'cancelled')`),
    check("jobs_periodic_has_schedule", sql`${table.periodic} = (${table.schedule} is not null)`),
  ],
);

/**
 * A job's result file in pieces of at most JOB_RESULT_CHUNK_BYTES: written and read a piece per
 * statement, so an export of many megabytes never sits whole in PGlite's memory, whose
 * WebAssembly heap grows to its largest statement and never shrinks (decision 047).
 */
export const jobResultChunks = pgTable(
  "job_result_chunks",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.seq] })],
);
