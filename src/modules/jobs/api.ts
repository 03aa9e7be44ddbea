import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { getJob } from "@/lib/jobs/service";
import { idParam } from "@/lib/http/request";

/**
 * One-off background jobs (decision 047). Mounted at /api.
 * - GET /jobs/:id: status, progress (done of total), the error of a failure, whether a result file
 *   is there. Only whoever queued the job, or an admin; anyone else gets 404.
 * The result file's download comes with its first user (the accountant export).
 */
export const jobsApi = new Hono<AppEnv>();
jobsApi.get("/jobs/:id{[0-9]+}", async (c) => c.json(success(await getJob({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
