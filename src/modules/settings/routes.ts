import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Delivery vans and translation groups: /settings/deliveryVan, /settings/translationGroup and their APIs. Mounted at /api. */
export const settingsApi = new Hono<AppEnv>();

/** Page routes of the same module. Mounted at /. */
export const settingsPages = new Hono<AppEnv>();
