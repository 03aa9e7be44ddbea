import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Category parameters API: /api/products/category/parameters (spec 01 §7). */
export const categoryParameterApi = new Hono<AppEnv>();
