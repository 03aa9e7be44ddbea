import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";

/** Basket page routes (add from the product list dialog). */
export const basketPages = new Hono<AppEnv>();
