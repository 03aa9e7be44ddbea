import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Products list and the tabbed product editor: /products (spec 01 §2.6, §2.7). */
export const productPages = new Hono<AppEnv>();
