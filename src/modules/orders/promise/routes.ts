import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Promises (/orders/promises, /api/orders/promises, /api/orders/promise), the order's promises tab (2), and default promises (/orders/defaultPromises). Mounted at /api. */
export const promiseApi = new Hono<AppEnv>();

/** Page routes of the same module. Mounted at /. */
export const promisePages = new Hono<AppEnv>();
