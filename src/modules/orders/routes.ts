import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Promise statuses and invoice settings: /orders/promiseStatus, /orders/invoiceSettings and their APIs. Mounted at /api. */
export const ordersSetupApi = new Hono<AppEnv>();

/** Page routes of the same module. Mounted at /. */
export const ordersSetupPages = new Hono<AppEnv>();
