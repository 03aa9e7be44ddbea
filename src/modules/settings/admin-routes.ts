import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Users and kiosk devices (admins only): /settings/users, /settings/kioskDevices and their APIs. Mounted at /api. */
export const adminApi = new Hono<AppEnv>();

/** Page routes of the same module. Mounted at /. */
export const adminPages = new Hono<AppEnv>();
