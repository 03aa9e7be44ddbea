import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Products API: /api/products. */
export const productApi = new Hono<AppEnv>();
