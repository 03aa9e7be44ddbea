/**
 * A one-off job's state by its id over HTTP (decision 047): GET /api/jobs/:id, only for whoever
 * queued it or an admin.
 */
import { describe, expect, test } from "bun:test";
import { defineJob } from "@/lib/jobs/define";
import { createJobRunner } from "@/lib/jobs/runner";
import { sql } from "drizzle-orm";
import { enqueueJob } from "@/lib/jobs/service";
import { type Logger, silentLogger } from "@/lib/logger";
import { json, useTestApp } from "../helpers/app";

const t = useTestApp();

const exportJob = defineJob<{ from: string }>({
  name: "test.httpExport",
  async run({ progress, saveResult }) {
    await progress(3, 3);
    await saveResult({ fileName: "export.zip", mimeType: "application/zip", chunks: [new Uint8Array([80, 75, 5, 6])] });
  },
});

describe("GET /api/jobs/:id", () => {
  test("the owner reads status, progress and whether a result is there; an admin too; anyone else gets 404", async () => {
    const owner = await t.current.login();
    const { id } = await enqueueJob({ ctx: { ...t.current.ctx, userId: owner.user.id }, input: { job: exportJob, input: { from: "2026-01-01" } } });

    const queued = await owner.api(`/api/jobs/${id}`);
    expect(queued.status).toBe(200);
    expect((await json(queued)).data).toMatchObject({ id, name: "test.httpExport", status: "queued", progress: null, result: null, error: null });

    await createJobRunner({ database: t.current.database, jobs: [exportJob], logger: silentLogger }).runDue();
    const done = await json(await owner.api(`/api/jobs/${id}`));
    expect(done).toMatchObject({ status: "success", data: { status: "done", progress: { done: 3, total: 3 }, result: { fileName: "export.zip", mimeType: "application/zip", size: 4 } } });

    const admin = await t.current.login({ admin: true });
    expect((await admin.api(`/api/jobs/${id}`)).status).toBe(200);
    const stranger = await t.current.login();
    const refused = await stranger.api(`/api/jobs/${id}`);
    expect(refused.status).toBe(404);
    expect((await json(refused)).code).toBe("NOT_FOUND");
    expect((await owner.api("/api/jobs/987654")).status).toBe(404);
    expect((await t.current.request(`/api/jobs/${id}`)).status).toBe(401);
  });

  test("a failed job shows a translated message, never the database's error; the detail goes to the server log", async () => {
    const failing = defineJob({
      name: "test.httpFailing",
      async run({ ctx }) {
        await ctx.db.execute(sql`select * from "no_such_table_for_jobs"`);
      },
    });
    const owner = await t.current.login();
    const { id } = await enqueueJob({ ctx: { ...t.current.ctx, userId: owner.user.id }, input: { job: failing, input: null } });
    const logged: unknown[] = [];
    const logger: Logger = { ...silentLogger, warn: (...args: unknown[]) => void logged.push(args) };
    await createJobRunner({ database: t.current.database, jobs: [failing], logger }).runDue();
    const state = (await json(await owner.api(`/api/jobs/${id}`))).data;
    expect(state).toMatchObject({ status: "failed", error: "Nastala chyba na serveru; podrobnosti jsou v jeho záznamu. Zkuste to prosím znovu." });
    expect(JSON.stringify(logged)).toContain("no_such_table_for_jobs");
    expect((await owner.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
    expect((await json(await owner.api(`/api/jobs/${id}`))).data.error).toBe("Something went wrong on the server; the details are in its log. Please try again.");
  });
});
