import { Hono } from "hono";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { bodyWithIdempotencyKey, idParam, objectBody } from "@/lib/http/request";
import { translateMessage } from "@/lib/i18n";
import { addCodeToBasket } from "./code.service";
import { addToBasket, clearBasket, listBasketItems, listWarehouseBaskets, removeBasketItem, setBasketItemQuantity } from "./service";

/**
 * Baskets API: /api/basket (docs/domain.md#basket; the paths are the project's own):
 * - POST /add {type, productId, amount, warehouseId, idempotencyKey?} → ADDED {basketId, itemId, quantity};
 *   the key may come as the Idempotency-Key header instead;
 * - POST /addByCode {type, warehouseId, code, idempotencyKey?} → ADDED {message, line}: the basket pages' id
 *   field (docs/domain.md#basket-id-field), 1 of the product a product id, an EAN-13 or `P<id>` names;
 * - GET /items?type=COMMON|WAREHOUSE[&warehouseId=] → basket items;
 * - PATCH /items/:id {quantity} → UPDATED with the line (the basket tables' inline edit);
 * - DELETE /items/:id; POST /clear {type, warehouseId}; GET /warehouse → warehouse baskets.
 */
export const basketApi = new Hono<AppEnv>();

basketApi.post("/add", async (c) => {
  const data = await addToBasket({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) });
  return c.json({ ...success(data), code: "ADDED" });
});

basketApi.post("/addByCode", async (c) => {
  const result = await addCodeToBasket({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) });
  return c.json({ ...success({ message: translateMessage(c.get("t"), result.message), line: result.line }), code: "ADDED" });
});

basketApi.get("/items", async (c) => c.json(success(await listBasketItems({ ctx: c.get("ctx"), input: c.req.query() }))));

basketApi.patch("/items/:id{[0-9]+}", async (c) => {
  const id = idParam(c);
  const body = await objectBody(c);
  const data = await setBasketItemQuantity({ ctx: c.get("ctx"), input: { ...body, id } });
  return c.json({ ...success(data), code: "UPDATED" });
});

basketApi.delete("/items/:id{[0-9]+}", async (c) => {
  const id = idParam(c);
  await removeBasketItem({ ctx: c.get("ctx"), input: { id } });
  return c.json({ ...success(null), code: "DELETED" });
});

basketApi.post("/clear", async (c) => c.json(success(await clearBasket({ ctx: c.get("ctx"), input: await objectBody(c) }))));

basketApi.get("/warehouse", async (c) => c.json(success(await listWarehouseBaskets({ ctx: c.get("ctx") }))));
