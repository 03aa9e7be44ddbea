/**
 * The manufacture list's API (docs/domain.md#manufacture-list), mounted at
 * /api/orders/manufactureList:
 * - POST /all {id}                       the order's manufacture list (cut list grouped by product,
 *                                          colour and length, totals, the products to produce, the
 *                                          items left out); 404 without the order;
 * - POST /addToBasket {id, idempotencyKey?} the products to produce and the sub-products into the
 *                                          caller's common basket, code ADDED; the key may come as
 *                                          the Idempotency-Key header; a retry with it adds nothing.
 */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { bodyWithIdempotencyKey, objectBody } from "@/lib/http/request";
import { addManufactureListToBasket, getManufactureList } from "./service";

export const manufactureListApi = new Hono<AppEnv>();

manufactureListApi.post("/all", async (c) => c.json(success(await getManufactureList({ ctx: c.get("ctx"), input: await objectBody(c) }))));

manufactureListApi.post("/addToBasket", async (c) => {
  const data = await addManufactureListToBasket({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) });
  return c.json({ ...success(data), code: "ADDED" });
});
