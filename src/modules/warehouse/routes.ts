import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Warehouses, warehouse selection and rack scales: /warehouse/* and their APIs. Mounted at /api. */
export const warehouseApi = new Hono<AppEnv>();

/** Page routes of the same module. Mounted at /. */
export const warehousePages = new Hono<AppEnv>();
