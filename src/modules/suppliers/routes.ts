import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Suppliers and supplier orders: /suppliers/supplier, /suppliers/orders and their APIs. Mounted at /api. */
export const suppliersApi = new Hono<AppEnv>();

/** Page routes of the same module. Mounted at /. */
export const suppliersPages = new Hono<AppEnv>();
