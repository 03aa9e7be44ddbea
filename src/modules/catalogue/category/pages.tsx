import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Category tree page and form: /products/category (spec 01 §2.9). */
export const categoryPages = new Hono<AppEnv>();
