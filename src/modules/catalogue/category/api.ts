import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Categories API: /api/category (spec 01 §7), including allWithChildren. */
export const categoryApi = new Hono<AppEnv>();
