import { Hono } from "hono";
import { crudApi } from "@/lib/http/crud-api";
import type { AppEnv } from "@/lib/hono-env";
import { workLogApi } from "./worklog/api";
import { workplaceService } from "./workplace/service";
import { workTypeApi } from "./worktype/api";

/** Workplaces, work types and work logs: /timesheets/* and their APIs (docs/domain.md#timesheets). Mounted at /api. */
export const timesheetsApi = new Hono<AppEnv>();
timesheetsApi.route("/timesheets/workplace", crudApi(workplaceService));
timesheetsApi.route("/timesheets/worktype", workTypeApi);
timesheetsApi.route("/timesheets/worklog", workLogApi);
