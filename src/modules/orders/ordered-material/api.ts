/** `GET /api/orders/fenceOrder/orderedMaterial` (`?orders=1,2` narrows the sum): the orders and their summed material. */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { getOrderedMaterial } from "./service";

/** The query's `orders`, repeated or comma-joined. */
export const orderedMaterialQueryInput = (c: AppContext) => ({ orders: (c.req.queries("orders") ?? []).join(",") });

export const orderedMaterialApi = new Hono<AppEnv>();

orderedMaterialApi.get("/orders/fenceOrder/orderedMaterial", async (c) => c.json(success(await getOrderedMaterial({ ctx: c.get("ctx"), input: orderedMaterialQueryInput(c) }))));
