import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Category parameter list and form: /products/category/parameters (spec 01 §2.10). */
export const categoryParameterPages = new Hono<AppEnv>();
