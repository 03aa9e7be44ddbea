import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Workplaces, work types and work logs: /timesheets/* and their APIs. Mounted at /api. */
export const timesheetsApi = new Hono<AppEnv>();

/** Page routes of the same module. Mounted at /. */
export const timesheetsPages = new Hono<AppEnv>();
