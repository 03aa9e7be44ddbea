import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";
import { filesApi } from "./files-api";
import { filesPages } from "./files-pages";

/** An order's files tab (3) and /api/orders/fenceOrder/upload. Mounted at /api. */
export const fenceOrderFilesApi = new Hono<AppEnv>();
fenceOrderFilesApi.route("/", filesApi);

/** Page routes of the same module. Mounted at /. */
export const fenceOrderFilesPages = new Hono<AppEnv>();
fenceOrderFilesPages.route("/", filesPages);
