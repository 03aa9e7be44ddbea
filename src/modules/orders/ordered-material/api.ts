/**
 * Ordered material's API (docs/domain.md#ordered-material):
 * - GET  /api/orders/fenceOrder/orderedMaterial (`?orders=1,2` narrows the sum, `?short=1` keeps the short lines,
 *   `?sources=1` adds each line's orders): the orders and their summed material against stock;
 * - POST /api/orders/fenceOrder/orderedMaterial/supplierOrder {supplier, name?, orders?, idempotencyKey?}: a supplier
 *   order of the short lines → 201 with {id, lines}, code CREATED; the key may come as the Idempotency-Key header.
 */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { bodyWithIdempotencyKey } from "@/lib/http/request";
import { ORDERED_MATERIAL_PATH, ORDERED_MATERIAL_SUPPLIER_ORDER_PATH } from "./schemas";
import { createSupplierOrderFromShortLines, getOrderedMaterial } from "./service";

/** The query's `orders` (repeated or comma-joined), `short` and `sources`. */
export const orderedMaterialQueryInput = (c: AppContext) => ({ orders: (c.req.queries("orders") ?? []).join(","), short: c.req.query("short"), sources: c.req.query("sources") });

export const orderedMaterialApi = new Hono<AppEnv>();

orderedMaterialApi.get(ORDERED_MATERIAL_PATH, async (c) => c.json(success(await getOrderedMaterial({ ctx: c.get("ctx"), input: orderedMaterialQueryInput(c) }))));

orderedMaterialApi.post(ORDERED_MATERIAL_SUPPLIER_ORDER_PATH, async (c) => {
  const data = await createSupplierOrderFromShortLines({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) });
  return c.json({ ...success(data), code: "CREATED" }, 201);
});
