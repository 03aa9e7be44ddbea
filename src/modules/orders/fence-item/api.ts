/**
 * The items tab's API (spec 02 §7; issue 10 part 4), mounted at /api/orders/fenceOrder:
 * - GET  /:id/items           the whole tab (items with every derived number, other and assembly
 *                              items, suggested assembly, shipping, discount, note, measurement
 *                              date, totals and summary);
 * - PUT  /:id/items           editItems: the whole tab in one transaction → {ids: [{tmpId, id}],
 *                              status, totals, summary}, code SAVED; an idempotency key in the body
 *                              (`idempotencyKey`) or the Idempotency-Key header makes a retry safe;
 * - GET  /:id/dynamicProducts the order's manufactured variants;
 * - GET  /itemProduct/:id     one product as the items editor computes with it (prices, the
 *                              engine's parameters, creation parameters), when the office picks it;
 * - DELETE /item/:id, /otherItem/:id, /subProduct/:id   one row each, code DELETED.
 */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { bodyWithIdempotencyKey, idParam } from "@/lib/http/request";
import { getItemProductChoice } from "./choices";
import { deleteOrderItem, deleteOrderOtherItem, deleteOrderSubProduct, editOrderItems, getOrderItems, listOrderDynamicProducts } from "./service";

export const fenceItemApi = new Hono<AppEnv>();

fenceItemApi.get("/:id{[0-9]+}/items", async (c) => c.json(success(await getOrderItems({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
fenceItemApi.put("/:id{[0-9]+}/items", async (c) => {
  const data = await editOrderItems({ ctx: c.get("ctx"), input: { id: idParam(c), values: await bodyWithIdempotencyKey(c) } });
  return c.json({ ...success(data), code: "SAVED" });
});
fenceItemApi.get("/:id{[0-9]+}/dynamicProducts", async (c) => c.json(success(await listOrderDynamicProducts({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
fenceItemApi.get("/itemProduct/:id{[0-9]+}", async (c) => c.json(success(await getItemProductChoice({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));

const deleted = { ...success(null), code: "DELETED" };
fenceItemApi.delete("/item/:id{[0-9]+}", async (c) => {
  await deleteOrderItem({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return c.json(deleted);
});
fenceItemApi.delete("/otherItem/:id{[0-9]+}", async (c) => {
  await deleteOrderOtherItem({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return c.json(deleted);
});
fenceItemApi.delete("/subProduct/:id{[0-9]+}", async (c) => {
  await deleteOrderSubProduct({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return c.json(deleted);
});
