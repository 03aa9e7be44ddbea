import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";
import { requireAdmin } from "@/lib/require-admin";
import { kioskDevicesApi } from "./kiosk-devices/api";
import { kioskDevicesPages } from "./kiosk-devices/pages";
import { usersApi } from "./users/api";
import { usersPages } from "./users/pages";
import { collectSecrets } from "./users/one-time-cookie";

/**
 * Users and kiosk devices (DESIGN.md §8.2, §8.7), admins only: everyone else gets 403 on every
 * route below, API and pages alike. The guard is bound to these paths only: both routers are
 * mounted at the root of /api and of the pages, where a "*" would reach every other module.
 */
const ADMIN_PATHS = ["/settings/users", "/settings/kioskDevices"];

/** Users and kiosk devices (admins only): /settings/users, /settings/kioskDevices and their APIs. Mounted at /api. */
export const adminApi = new Hono<AppEnv>();
for (const path of ADMIN_PATHS) adminApi.use(`${path}/*`, requireAdmin);
adminApi.route("/settings/users", usersApi);
adminApi.route("/settings/kioskDevices", kioskDevicesApi);

/** Page routes of the same module. Mounted at /. */
export const adminPages = new Hono<AppEnv>();
for (const path of ADMIN_PATHS) adminPages.use(`${path}/*`, requireAdmin, collectSecrets);
adminPages.route("/", usersPages);
adminPages.route("/", kioskDevicesPages);
