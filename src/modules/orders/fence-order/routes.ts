import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";
import { fenceOrderRestApi } from "./api";
import { fenceOrderPageRoutes } from "./pages";

/** Fence orders: /orders/fenceOrder (list, new, :id with tabs, orderedMaterial) and /api/orders/fenceOrder. Mounted at /api. */
export const fenceOrderApi = new Hono<AppEnv>();
fenceOrderApi.route("/orders/fenceOrder", fenceOrderRestApi);

/** Page routes of the same module. Mounted at /. */
export const fenceOrderPages = new Hono<AppEnv>();
fenceOrderPages.route("/", fenceOrderPageRoutes);
