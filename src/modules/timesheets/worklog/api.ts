import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import { listInputFromQuery } from "@/lib/crud/list-query";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { WORK_LOG_FILTER_KEYS } from "./schemas";
import { workLogService, workLogTotals } from "./service";

export const workLogApi = new Hono<AppEnv>();

/** The generic list plus `meta.totalHours` (finished logs of the whole filtered set) and `meta.openCount`. */
workLogApi.get("/", async (c) => {
  const ctx = c.get("ctx");
  const input = listInputFromQuery(c.req.query(), WORK_LOG_FILTER_KEYS);
  const [{ rows, meta }, totals] = await Promise.all([workLogService.list({ ctx, input }), workLogTotals({ ctx, input })]);
  return c.json(success(rows, { ...meta, ...totals }));
});

workLogApi.route("/", crudApi(workLogService));
