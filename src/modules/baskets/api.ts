import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Baskets API: /api/basket. */
export const basketApi = new Hono<AppEnv>();
