import { Hono } from "hono";
import { listInputFromQuery } from "@/lib/crud/list-query";
import { success } from "@/lib/envelope";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { bodyWithIdempotencyKey, idParam } from "@/lib/http/request";
import { SAVED_BASKET_FILTERS } from "./schemas";
import { deleteSavedBasket, listSavedBaskets, loadSavedBasket, saveBasket } from "./service";

/**
 * Saved baskets API: /api/basket/saved (docs/domain.md#saved-baskets: list, save with a name,
 * load; the paths are the project's own):
 * - GET / → the list (paging, `sort`, filters `id` and `basketName`);
 * - POST / {basketName, idempotencyKey?} → SAVED {id, basketName, lineCount} (201);
 * - POST /:id/load {idempotencyKey?} (the body may be left out) → ADDED {id, basketName, basketId, lineCount};
 * - DELETE /:id → DELETED.
 * The key may come as the Idempotency-Key header instead of the body's field.
 */
export const savedBasketApi = new Hono<AppEnv>();

savedBasketApi.get("/", async (c) => {
  const { rows, meta } = await listSavedBaskets({ ctx: c.get("ctx"), input: listInputFromQuery(c.req.query(), [...SAVED_BASKET_FILTERS]) });
  return c.json(success(rows, { ...meta }));
});

savedBasketApi.post("/", async (c) => {
  const data = await saveBasket({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) });
  return c.json({ ...success(data), code: "SAVED" }, 201);
});

/** A load needs nothing but the path: a request without a body reads as `{}` (the header's key still counts). */
const loadBody = async (c: AppContext): Promise<Record<string, unknown>> => {
  if (c.req.header("Content-Type") || Number(c.req.header("Content-Length") ?? 0) > 0) return bodyWithIdempotencyKey(c);
  const header = c.req.header(IDEMPOTENCY_HEADER);
  return header ? { idempotencyKey: header } : {};
};

savedBasketApi.post("/:id{[0-9]+}/load", async (c) => {
  const id = idParam(c);
  const body = await loadBody(c);
  const data = await loadSavedBasket({ ctx: c.get("ctx"), input: { ...body, id } });
  return c.json({ ...success(data), code: "ADDED" });
});

savedBasketApi.delete("/:id{[0-9]+}", async (c) => {
  await deleteSavedBasket({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return c.json({ ...success(null), code: "DELETED" });
});
