import { describe, expect, test } from "bun:test";
import { eq, inArray, sql } from "drizzle-orm";
import { jobResultChunks, jobs } from "@db/schema";
import { usingPostgres } from "../../../tests/helpers/db";
import { runPeriodicJobsNow } from "../../../tests/helpers/jobs";
import { createUser } from "../../../tests/helpers/factories";
import { failureOf, useTestDatabase } from "../../../tests/helpers/service";
import type { Ctx } from "../context";
import { selectRows } from "../db";
import { silentLogger } from "../logger";
import { defineJob, type JobDefinition, nextRunAfter } from "./define";
import { createJobRunner, JOB_RESULT_CHUNK_BYTES, type JobRunnerOptions } from "./runner";
import { cancelJob, enqueueJob, FINISHED_JOB_KEPT_DAYS, getJob, purgeFinishedJobsJob, readJobResult } from "./service";

const t = useTestDatabase();

const HOUR = 3600_000;
/** What a failed job shows in Czech: never the thrown error's text, which goes to the log. */
const FAILED_CS = "Nastala chyba na serveru; podrobnosti jsou v jeho záznamu. Zkuste to prosím znovu.";
/** Far ahead of the database's own clock, so a row queued with `now()` is due for every runner here. */
const T0 = new Date("2099-03-02T08:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A runner over the test database whose time is whatever `time.now` says. */
function runner(jobList: JobDefinition<never>[], options: Partial<JobRunnerOptions> = {}) {
  const time = { now: T0 };
  const instance = createJobRunner({ database: t.database, jobs: jobList, logger: silentLogger, clock: () => time.now, progressEveryMs: 0, ...options });
  return Object.assign(instance, { time });
}

/** A promise the test opens when it wants, and one the job resolves when it got there. */
function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return { open, opened, reached, arrived };
}

let nameSequence = 0;
/** Every test its own job names: runners only claim the jobs they know, so tests never meet. */
const uniqueName = (what: string) => `test.${what}${++nameSequence}`;

const row = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const periodicRow = async (name: string) => (await t.db.select().from(jobs).where(eq(jobs.name, name)))[0]!;
const userCtx = async (values: { isAdmin?: boolean } = {}): Promise<Ctx> => ({ ...t.ctx, userId: (await createUser(t.ctx, values)).id });

describe("periodic jobs", () => {
  test("a new periodic job first runs one period from now, then once per period", async () => {
    let runs = 0;
    const job = defineJob({ name: uniqueName("hourly"), schedule: { everyMinutes: 60 }, run: async () => void runs++ });
    const one = runner([job]);
    await one.prepare();
    expect(new Date((await periodicRow(job.name)).runAt).toISOString()).toBe(at(HOUR).toISOString());
    expect(await one.runDue(at(HOUR - 1))).toEqual([]);
    one.time.now = at(HOUR);
    expect((await one.runDue()).map((outcome) => outcome.outcome)).toEqual(["done"]);
    expect(await one.runDue()).toEqual([]);
    expect(runs).toBe(1);
    const after = await periodicRow(job.name);
    expect(after).toMatchObject({ status: "queued", attempts: 0, lockedBy: null, error: null });
    expect(new Date(after.runAt).toISOString()).toBe(at(2 * HOUR).toISOString());
  });

  test("a restart keeps the next run; a changed schedule moves it", async () => {
    const name = uniqueName("rescheduled");
    const hourly = defineJob({ name, schedule: { everyMinutes: 60 }, run: async () => {} });
    await runner([hourly]).prepare();
    const later = runner([hourly]);
    later.time.now = at(30 * 60_000);
    await later.prepare();
    expect(new Date((await periodicRow(name)).runAt).toISOString()).toBe(at(HOUR).toISOString());
    const nightly = runner([defineJob({ name, schedule: { cron: "30 2 * * *" }, run: async () => {} })]);
    await nightly.prepare();
    // 02:30 in Prague the next night (UTC+1 in March).
    expect(new Date((await periodicRow(name)).runAt).toISOString()).toBe("2099-03-03T01:30:00.000Z");
    expect(await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, name))).toHaveLength(1);
  });

  test("a cron schedule keeps its Czech wall-clock time across a change of daylight saving", () => {
    const before = nextRunAfter({ cron: "30 2 * * *" }, new Date("2099-10-24T12:00:00Z"));
    const after = nextRunAfter({ cron: "30 2 * * *" }, new Date("2099-10-25T12:00:00Z"));
    expect([before.toISOString(), after.toISOString()]).toEqual(["2099-10-25T00:30:00.000Z", "2099-10-26T01:30:00.000Z"]);
  });

  test(`two runners on one database run a periodic job once per period ${usingPostgres ? "(PostgreSQL: two connections at once)" : "(PGlite: one connection, the same rule)"}`, async () => {
    let runs = 0;
    const held = gate();
    const job = defineJob({
      name: uniqueName("shared"),
      schedule: { everyMinutes: 60 },
      async run() {
        runs++;
        if (runs === 1) {
          held.reached();
          await held.opened;
        }
      },
    });
    const first = runner([job], { runnerId: "instance-a" });
    const second = runner([job], { runnerId: "instance-b" });
    await Promise.all([first.prepare(), second.prepare()]);

    // The first takes the due run and holds it: the second finds nothing to do.
    first.time.now = second.time.now = at(HOUR);
    const running = first.runDue();
    await held.arrived;
    expect(await second.runDue()).toEqual([]);
    held.open();
    expect((await running).map((outcome) => outcome.outcome)).toEqual(["done"]);
    // Finished, the job is not due again in the same period for either.
    expect(await second.runDue()).toEqual([]);
    expect(runs).toBe(1);

    // Both ask at the same moment, period after period: one run each time.
    for (let period = 2; period <= 6; period++) {
      first.time.now = second.time.now = at(period * HOUR);
      const outcomes = (await Promise.all([first.runDue(), second.runDue()])).flat();
      expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["done"]);
    }
    expect(runs).toBe(6);
  });

  test("a failing periodic job keeps its error and runs again next period", async () => {
    let runs = 0;
    const job = defineJob({
      name: uniqueName("flaky"),
      schedule: { everyMinutes: 60 },
      async run() {
        if (++runs === 1) throw new Error("disk full");
      },
    });
    const one = runner([job]);
    await one.prepare();
    one.time.now = at(HOUR);
    expect(await one.runDue()).toEqual([{ id: expect.any(Number), name: job.name, outcome: "failed", error: "disk full" }]);
    // The detail is logged (the outcome); the row keeps only what may be shown (docs/architecture.md#background-jobs).
    expect(await periodicRow(job.name)).toMatchObject({ status: "queued", error: '{"key":"job.failed"}', lockedBy: null });
    one.time.now = at(2 * HOUR);
    expect((await one.runDue()).map((outcome) => outcome.outcome)).toEqual(["done"]);
    expect((await periodicRow(job.name)).error).toBeNull();
  });

  test("a job meant for the other database is neither recorded nor run", async () => {
    const kind = t.database.kind === "pglite" ? "postgres" : "pglite";
    const job = defineJob({ name: uniqueName("elsewhere"), schedule: { everyMinutes: 1 }, databases: [kind], run: async () => {} });
    const one = runner([job]);
    await one.prepare();
    expect(await t.db.select().from(jobs).where(eq(jobs.name, job.name))).toEqual([]);
  });
});

describe("one-off jobs", () => {
  test("progress is readable by the job's id while it runs, and the result file when it is done", async () => {
    const ctx = await userCtx();
    const halfway = gate();
    // Three stored pieces: two whole ones and a rest.
    const file = new Uint8Array(2 * JOB_RESULT_CHUNK_BYTES + 1000).map((_, index) => index % 251);
    const job = defineJob<{ count: number }>({
      name: uniqueName("export"),
      async run({ input, progress, saveResult }) {
        await progress(0, input.count);
        await progress(120, input.count);
        halfway.reached();
        await halfway.opened;
        await progress(input.count, input.count);
        // Pieces of odd sizes, as a ZIP writer hands them out.
        await saveResult({ fileName: "účetní-export.zip", mimeType: "application/zip", chunks: [file.subarray(0, 70_000), file.subarray(70_000, 900_000), file.subarray(900_000)] });
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: { count: 1000 } } });
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "queued", progress: null, result: null });

    const one = runner([job]);
    const running = one.runDue();
    await halfway.arrived;
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "running", progress: { done: 120, total: 1000 }, attempts: 1, result: null });
    halfway.open();
    expect((await running).map((outcome) => outcome.outcome)).toEqual(["done"]);

    const done = await getJob({ ctx, input: { id } });
    expect(done).toMatchObject({ status: "done", progress: { done: 1000, total: 1000 }, error: null, result: { fileName: "účetní-export.zip", mimeType: "application/zip", size: file.byteLength } });
    expect(await t.db.select({ seq: jobResultChunks.seq }).from(jobResultChunks).where(eq(jobResultChunks.jobId, id)).orderBy(jobResultChunks.seq)).toEqual([
      { seq: 0 },
      { seq: 1 },
      { seq: 2 },
    ]);
    const result = await readJobResult({ ctx, input: { id } });
    const read = new Uint8Array(await new Response(result.stream).arrayBuffer());
    expect(read.byteLength).toBe(file.byteLength);
    expect(Buffer.compare(read, file)).toBe(0);
  });

  test("progress writes follow the runner's clock: not more often than progressEveryMs, the last step always", async () => {
    const ctx = await userCtx();
    const seen: (number | null)[] = [];
    let one: ReturnType<typeof runner>;
    const job = defineJob({
      name: uniqueName("chatty"),
      async run({ id, progress }) {
        for (let done = 1; done <= 10; done++) {
          if (done === 6) one.time.now = at(1_000);
          await progress(done, 10);
          seen.push((await row(id)).progressDone);
        }
      },
    });
    one = runner([job], { progressEveryMs: 500 });
    await enqueueJob({ ctx, input: { job, input: null } });
    await one.runDue();
    expect(seen).toEqual([1, 1, 1, 1, 1, 6, 6, 6, 6, 10]);
  });

  test("a failure is recorded with its error and retried while attempts are left, after the declared wait", async () => {
    const ctx = await userCtx();
    let runs = 0;
    const job = defineJob({
      name: uniqueName("retried"),
      maxAttempts: 2,
      retryAfterMinutes: 5,
      async run() {
        if (++runs === 1) throw new Error("the bank did not answer");
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const one = runner([job]);
    expect(await one.runDue()).toEqual([{ id, name: job.name, outcome: "retry", error: "the bank did not answer" }]);
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "queued", attempts: 1, maxAttempts: 2, error: FAILED_CS });
    one.time.now = at(4 * 60_000);
    expect(await one.runDue()).toEqual([]);
    one.time.now = at(5 * 60_000);
    expect(await one.runDue()).toEqual([{ id, name: job.name, outcome: "done" }]);
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "done", attempts: 2, error: null });
  });

  test("a failure its job calls not retryable is final at once; each run is told its attempt, the most, and SMTP_URL", async () => {
    const ctx = await userCtx();
    const seen: string[] = [];
    const job = defineJob({
      name: uniqueName("refused"),
      maxAttempts: 5,
      retryable: (error) => !(error instanceof Error && error.message.startsWith("550")),
      async run({ attempt, maxAttempts, smtpUrl }) {
        seen.push(`${attempt}/${maxAttempts} ${smtpUrl}`);
        throw new Error(attempt === 1 ? "421 try later" : "550 no such user");
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const one = runner([job], { smtpUrl: "smtp://127.0.0.1:2525" });
    expect((await one.runDue()).map((outcome) => outcome.outcome)).toEqual(["retry"]);
    one.time.now = at(60_000);
    expect((await one.runDue()).map((outcome) => outcome.outcome)).toEqual(["failed"]);
    one.time.now = at(60 * 60_000);
    expect(await one.runDue()).toEqual([]);
    expect(seen).toEqual(["1/5 smtp://127.0.0.1:2525", "2/5 smtp://127.0.0.1:2525"]);
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "failed", attempts: 2, maxAttempts: 5 });
  });

  test("a failure with no attempts left is final", async () => {
    const ctx = await userCtx();
    const job = defineJob({
      name: uniqueName("doomed"),
      async run() {
        throw new Error("no invoices in the range");
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const one = runner([job]);
    expect((await one.runDue()).map((outcome) => outcome.outcome)).toEqual(["failed"]);
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "failed", attempts: 1, error: FAILED_CS, result: null });
    expect(await one.runDue(at(24 * HOUR))).toEqual([]);
  });

  test("a periodic job cannot be queued by hand", async () => {
    const job = defineJob({ name: uniqueName("periodic"), schedule: { everyMinutes: 5 }, run: async () => {} });
    await expect(enqueueJob({ ctx: t.ctx, input: { job, input: null } })).rejects.toThrow("periodic");
  });
});

describe("queueing", () => {
  test("a started runner looks for a job queued in its process at once, not at its next poll", async () => {
    const ran = gate();
    const job = defineJob<null>({ name: uniqueName("woken"), run: async () => ran.reached() });
    // An hour between polls: only the wake can run the job while the test waits.
    const one = runner([job as JobDefinition<never>], { pollMs: HOUR });
    await one.start();
    try {
      const { id } = await enqueueJob({ ctx: t.ctx, input: { job, input: null } });
      await ran.arrived;
      await one.stop();
      expect((await row(id)).status).toBe("done");
    } finally {
      await one.stop();
    }
  });

  test("a job queued now is due to a runner whose clock reads that same millisecond", async () => {
    const job = defineJob<null>({ name: uniqueName("due-now"), run: async () => undefined });
    const { id } = await enqueueJob({ ctx: t.ctx, input: { job, input: null } });
    // The row's run_at as a JavaScript Date: its millisecond, whatever the database keeps beyond it.
    const queuedAt = (await row(id)).runAt;
    const same = createJobRunner({ database: t.database, jobs: [job as JobDefinition<never>], logger: silentLogger, clock: () => new Date(queuedAt.getTime()) });
    expect((await same.runDue()).map((outcome) => outcome.id)).toEqual([id]);
  });

  test("reuseOpen answers the same user's open run of the same input instead of queueing a second", async () => {
    const job = defineJob<{ from: string }>({ name: uniqueName("export"), run: async () => undefined });
    const ctx = await userCtx();
    const first = await enqueueJob({ ctx, input: { job, input: { from: "2026-01-01" }, reuseOpen: true } });
    expect(await enqueueJob({ ctx, input: { job, input: { from: "2026-01-01" }, reuseOpen: true } })).toEqual(first);
    const otherRange = await enqueueJob({ ctx, input: { job, input: { from: "2026-02-01" }, reuseOpen: true } });
    expect(otherRange.id).not.toBe(first.id);
    const otherUser = await enqueueJob({ ctx: await userCtx(), input: { job, input: { from: "2026-01-01" }, reuseOpen: true } });
    expect(otherUser.id).not.toBe(first.id);
    // Once done, the same request starts a new run.
    await runner([job as JobDefinition<never>]).runDue();
    const again = await enqueueJob({ ctx, input: { job, input: { from: "2026-01-01" }, reuseOpen: true } });
    expect(again.id).toBeGreaterThan(otherUser.id);
  });
});

describe("a job killed mid-way", () => {
  test("a job whose runner is gone (its lease lapsed) is picked up again and counts the attempt", async () => {
    const ctx = await userCtx();
    let runs = 0;
    const job = defineJob({ name: uniqueName("orphan"), maxAttempts: 3, run: async () => void runs++ });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    // As a process killed mid-way leaves it: running, held by a runner that no longer renews it.
    await t.db.update(jobs).set({ status: "running", lockedBy: "killed-instance", lockedUntil: at(-60_000), attempts: 1, progressDone: 40, progressTotal: 100 }).where(eq(jobs.id, id));
    const one = runner([job]);
    expect(await one.runDue(at(-120_000))).toEqual([]);
    expect(await one.runDue()).toEqual([{ id, name: job.name, outcome: "done" }]);
    expect(runs).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2, lockedBy: null });
  });

  test("a runner that lost its lease to another cannot finish the job, and its progress stops the work", async () => {
    const ctx = await userCtx();
    const stuck = gate();
    let runs = 0;
    let lostError: unknown = null;
    const job = defineJob({
      name: uniqueName("taken"),
      maxAttempts: 2,
      async run({ progress }) {
        if (++runs === 1) {
          stuck.reached();
          await stuck.opened;
          try {
            await progress(5, 10);
          } catch (error) {
            lostError = error;
            throw error;
          }
        }
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const first = runner([job], { runnerId: "slow-instance", leaseMs: 60_000 });
    const second = runner([job], { runnerId: "healthy-instance", leaseMs: 60_000 });
    const slow = first.runDue();
    await stuck.arrived;
    // Within the lease the row is the first's; past it, the second takes it over.
    second.time.now = at(59_000);
    expect(await second.runDue()).toEqual([]);
    second.time.now = at(61_000);
    expect(await second.runDue()).toEqual([{ id, name: job.name, outcome: "done" }]);
    stuck.open();
    expect(await slow).toEqual([{ id, name: job.name, outcome: "lost" }]);
    expect(String(lostError)).toContain("taken over");
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2, lockedBy: null });
  });

  test("a job interrupted on its last attempt is not run again: it fails as interrupted", async () => {
    const ctx = await userCtx();
    let runs = 0;
    const job = defineJob({ name: uniqueName("crasher"), maxAttempts: 2, run: async () => void runs++ });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    await t.db.update(jobs).set({ status: "running", lockedBy: "killed-instance", lockedUntil: at(-1), attempts: 2 }).where(eq(jobs.id, id));
    expect((await runner([job]).runDue()).map((outcome) => outcome.outcome)).toEqual(["failed"]);
    expect(runs).toBe(0);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2, error: '{"key":"job.interrupted"}' });
    expect((await getJob({ ctx, input: { id } })).error).toBe("Běh byl přerušen (server se restartoval). Spusťte jej prosím znovu.");
  });

  test("PGlite's one process takes back what a killed process held at start, without waiting for the lease", async () => {
    const ctx = await userCtx();
    let runs = 0;
    const job = defineJob({ name: uniqueName("restarted"), maxAttempts: 2, run: async () => void runs++ });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    await t.db.update(jobs).set({ status: "running", lockedBy: "previous-process", lockedUntil: at(HOUR), attempts: 1 }).where(eq(jobs.id, id));
    const afterRestart = runner([job], { reclaimOnStart: true });
    await afterRestart.prepare();
    expect(await row(id)).toMatchObject({ status: "queued", lockedBy: null, attempts: 1 });
    expect((await afterRestart.runDue()).map((outcome) => outcome.outcome)).toEqual(["done"]);
    expect(runs).toBe(1);
  });
});

describe("stopping", () => {
  test("stop waits for the running job to finish", async () => {
    const ctx = await userCtx();
    const working = gate();
    const job = defineJob({
      name: uniqueName("finishing"),
      async run() {
        working.reached();
        await working.opened;
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const one = runner([job]);
    const running = one.runDue();
    await working.arrived;
    // A bound far beyond the job: stop answers when the job ends, which the test decides.
    const stopping = one.stop({ graceMs: 600_000 });
    working.open();
    expect(await stopping).toBe("finished");
    expect((await running).map((outcome) => outcome.outcome)).toEqual(["done"]);
    expect((await row(id)).status).toBe("done");
    // A stopped runner claims nothing more.
    await enqueueJob({ ctx, input: { job, input: null } });
    expect(await one.runDue()).toEqual([]);
  });

  test("past the wait, stop hands the job back: queued, due now, the attempt not counted, and the signal aborted", async () => {
    const ctx = await userCtx();
    const working = gate();
    let aborted = false;
    const job = defineJob({
      name: uniqueName("handedBack"),
      async run({ signal }) {
        working.reached();
        await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
        aborted = true;
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const one = runner([job], { runnerId: "stopping-instance" });
    const running = one.runDue();
    await working.arrived;
    expect(await one.stop({ graceMs: 0 })).toBe("handedBack");
    expect(await running).toEqual([{ id, name: job.name, outcome: "handedBack" }]);
    expect(aborted).toBe(true);
    expect(await row(id)).toMatchObject({ status: "queued", lockedBy: null, lockedUntil: null, attempts: 0 });
    // Another instance (or the next start) runs it.
    const next = runner([defineJob({ name: job.name, run: async () => {} })]);
    expect(await next.runDue()).toEqual([{ id, name: job.name, outcome: "done" }]);
  });

  test("stopping an idle runner answers at once", async () => {
    expect(await runner([]).stop({ graceMs: 600_000 })).toBe("idle");
  });
});

describe("who sees a job", () => {
  test("whoever queued it and admins; anyone else gets not found", async () => {
    const owner = await userCtx();
    const job = defineJob({ name: uniqueName("private"), run: async () => {} });
    const { id } = await enqueueJob({ ctx: owner, input: { job, input: null } });
    expect((await getJob({ ctx: owner, input: { id } })).id).toBe(id);
    expect((await getJob({ ctx: await userCtx({ isAdmin: true }), input: { id } })).id).toBe(id);
    expect((await failureOf(getJob({ ctx: await userCtx(), input: { id } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(readJobResult({ ctx: await userCtx(), input: { id } }))).code).toBe("NOT_FOUND");
    expect((await failureOf(getJob({ ctx: owner, input: { id: 999_999 } }))).code).toBe("NOT_FOUND");
    // Done but without a file: nothing to read.
    await runner([job]).runDue();
    expect((await failureOf(readJobResult({ ctx: owner, input: { id } }))).code).toBe("NOT_FOUND");
  });
});

test("finished one-off jobs and their files are forgotten after a week; running, queued and periodic ones stay", async () => {
  const ctx = await userCtx();
  const job = defineJob({
    name: uniqueName("old"),
    run: async ({ saveResult }) => saveResult({ fileName: "a.zip", mimeType: "application/zip", chunks: [new Uint8Array(10)] }),
  });
  const old = await enqueueJob({ ctx, input: { job, input: null } });
  const recent = await enqueueJob({ ctx, input: { job, input: null } });
  await runner([job]).runDue();
  const waiting = await enqueueJob({ ctx, input: { job, input: null } });
  const now = at(30 * 24 * HOUR);
  await t.db.update(jobs).set({ finishedAt: at(30 * 24 * HOUR - (FINISHED_JOB_KEPT_DAYS * 24 + 1) * HOUR) }).where(eq(jobs.id, old.id));
  await t.db.update(jobs).set({ finishedAt: at(30 * 24 * HOUR - (FINISHED_JOB_KEPT_DAYS * 24 - 1) * HOUR) }).where(eq(jobs.id, recent.id));
  expect((await runPeriodicJobsNow(t.database, [purgeFinishedJobsJob], now)).map((outcome) => outcome.outcome)).toEqual(["done"]);
  const left = await t.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, [old.id, recent.id, waiting.id]));
  expect(left.map((job) => job.id).sort((a, b) => a - b)).toEqual([recent.id, waiting.id]);
  expect(await t.db.select().from(jobResultChunks).where(eq(jobResultChunks.jobId, old.id))).toEqual([]);
  expect(await periodicRow(purgeFinishedJobsJob.name)).toMatchObject({ status: "queued" });
});

test("a claim reads one row by its index in order, however many wait", async () => {
  const ctx = await userCtx();
  const job = defineJob({ name: uniqueName("backlog"), run: async () => {} });
  for (let n = 0; n < 50; n++) await enqueueJob({ ctx, input: { job, input: null } });
  await t.db.transaction(async (tx) => {
    const plan = async (query: string) => {
      const rows = await selectRows<Record<string, string>>(tx as never, sql.raw(`explain (analyze, costs off, timing off, buffers off) ${query}`));
      return rows.map((row) => Object.values(row)[0]).join("\n");
    };
    // Whatever the planner would pick for so small a table: can the index serve the claim's halves?
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const queued = await plan(`select id from jobs where status = 'queued' and run_at <= now() and name in ('${job.name}') order by run_at, id limit 1 for update skip locked`);
    expect(queued).toContain("jobs_due_idx");
    expect(queued).toMatch(/Index Scan using jobs_due_idx on jobs \(actual rows=1(\.00)? loops=1\)/);
    const lapsed = await plan(`select id from jobs where status = 'running' and locked_until < now() and name in ('${job.name}') order by locked_until, id limit 1 for update skip locked`);
    expect(lapsed).toContain("jobs_lease_idx");
  });
  await runner([job]).runDue();
});

describe("cancelling a one-off job", () => {
  test("a queued job is cancelled at once and never runs", async () => {
    const ctx = await userCtx();
    let runs = 0;
    const job = defineJob({ name: uniqueName("unwanted"), run: async () => void runs++ });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    expect(await cancelJob({ ctx, input: { id } })).toMatchObject({ status: "cancelled", cancelRequested: true });
    expect(await runner([job]).runDue()).toEqual([]);
    expect(runs).toBe(0);
  });

  // On PGlite the one connection is the job transaction's: a cancel request waits for it (decision 076).
  test.skipIf(!usingPostgres)("a running job stops at its next progress report; its transaction is undone", async () => {
    const ctx = await userCtx();
    const halfway = gate();
    const job = defineJob({
      name: uniqueName("long"),
      async run({ ctx: jobCtx, id, progress }) {
        await jobCtx.db.transaction(async (tx) => {
          for (let done = 1; done <= 10; done++) {
            // Each step leaves a mark in the transaction: a stop undoes every one.
            await tx.insert(jobResultChunks).values({ jobId: id, seq: 100 + done, data: new Uint8Array([done]) });
            if (done === 4) {
              halfway.reached();
              await halfway.opened;
            }
            await progress(done, 10, "test.phase");
          }
        });
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const running = runner([job]).runDue();
    await halfway.arrived;
    expect(await cancelJob({ ctx, input: { id } })).toMatchObject({ status: "running", cancelRequested: true, progress: { done: 3, total: 10, phase: "test.phase" } });
    halfway.open();
    expect(await running).toEqual([{ id, name: job.name, outcome: "cancelled" }]);
    expect(await t.db.select().from(jobResultChunks).where(eq(jobResultChunks.jobId, id))).toEqual([]);
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "cancelled", cancelRequested: true, result: null });
  });

  test("a cancel asked between two reports stops the job at the next one (PGlite too)", async () => {
    const ctx = await userCtx();
    const between = gate();
    const seen: string[] = [];
    const job = defineJob({
      name: uniqueName("stepwise"),
      async run({ progress, setOutput }) {
        await progress(1, 3, "import.phase.read");
        between.reached();
        await between.opened;
        try {
          await progress(2, 3, "import.phase.write");
          await setOutput({ never: true });
        } catch (error) {
          seen.push(String(error));
          throw error;
        }
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const one = runner([job]);
    const running = one.runDue();
    await between.arrived;
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "running", progress: { done: 1, total: 3, phase: "import.phase.read" } });
    expect(await cancelJob({ ctx, input: { id } })).toMatchObject({ status: "running", cancelRequested: true });
    between.open();
    expect(await running).toEqual([{ id, name: job.name, outcome: "cancelled" }]);
    expect(seen).toEqual(["JobCancelledError: job " + id + " was cancelled"]);
    expect(await row(id)).toMatchObject({ status: "cancelled", output: null, lockedBy: null });
    // A finished job stays as it ended.
    expect(await cancelJob({ ctx, input: { id } })).toMatchObject({ status: "cancelled" });
  });

  test("a job that finishes before it looks again is done, not cancelled; its output is kept", async () => {
    const ctx = await userCtx();
    const end = gate();
    const job = defineJob({
      name: uniqueName("quick"),
      async run({ setOutput }) {
        end.reached();
        await end.opened;
        await setOutput({ counts: { new: 3 } }).catch(() => {});
      },
    });
    const { id } = await enqueueJob({ ctx, input: { job, input: null } });
    const running = runner([job]).runDue();
    await end.arrived;
    await cancelJob({ ctx, input: { id } });
    end.open();
    expect(await running).toEqual([{ id, name: job.name, outcome: "done" }]);
    expect(await getJob({ ctx, input: { id } })).toMatchObject({ status: "done", cancelRequested: true });
  });

  test("a periodic job cannot be cancelled; another user's job is not found", async () => {
    const admin = await userCtx({ isAdmin: true });
    const job = defineJob({ name: uniqueName("nightly"), schedule: { everyMinutes: 60 }, run: async () => {} });
    await runner([job]).prepare();
    const periodic = await periodicRow(job.name);
    expect((await failureOf(cancelJob({ ctx: admin, input: { id: periodic.id } }))).messages[0]).toMatchObject({ key: "job.notCancellable" });
    const owner = await userCtx();
    const other = await userCtx();
    const oneOff = defineJob({ name: uniqueName("mine"), run: async () => {} });
    const { id } = await enqueueJob({ ctx: owner, input: { job: oneOff, input: null } });
    expect((await failureOf(cancelJob({ ctx: other, input: { id } }))).code).toBe("NOT_FOUND");
    expect(await row(id)).toMatchObject({ status: "queued", cancelRequestedAt: null });
  });
});
