/**
 * The items tab's API (docs/domain.md#items-tab, docs/decisions/019-items-tab-api.md), mounted at /api/orders/fenceOrder:
 * - GET  /:id/items           the whole tab (items with every derived number, other and assembly
 *                              items, suggested assembly, shipping, discount, note, measurement
 *                              date, totals and summary);
 * - PUT  /:id/items           editItems: the whole tab in one transaction → {ids: [{tmpId, id}],
 *                              status, itemsVersion, totals, summary}, code SAVED; an idempotency key
 *                              in the body (`idempotencyKey`) or the Idempotency-Key header makes a
 *                              retry safe; `itemsVersion` (the GET's) is required, and a save over a
 *                              newer version answers 409 CONFLICT naming who saved it and when
 *                              (docs/decisions/034-items-tab-version.md);
 * - GET  /:id/dynamicProducts the order's manufactured variants;
 * - GET  /itemProducts        a fence item's product picker: base products by name, of the item's
 *                              `type` only (product-types.ts);
 * - GET  /itemProduct/:id     one product as the items editor computes with it (prices, the
 *                              engine's parameters, creation parameters), when the office picks it;
 * - DELETE /item/:id, /otherItem/:id, /subProduct/:id   one row each, code DELETED, data
 *                              {itemsVersion} (a delete is a write of the tab).
 */
import { Hono } from "hono";
import { formatCzechDateTime } from "@/lib/dates";
import { success } from "@/lib/envelope";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { bodyWithIdempotencyKey, idParam } from "@/lib/http/request";
import { tFor } from "@/lib/i18n";
import { getItemProductChoice, searchItemProducts } from "./choices";
import { ItemsVersionConflict } from "./items-write";
import { deleteOrderItem, deleteOrderOtherItem, deleteOrderSubProduct, editOrderItems, getOrderItems, listOrderDynamicProducts } from "./service";

export const fenceItemApi = new Hono<AppEnv>();

fenceItemApi.get("/:id{[0-9]+}/items", async (c) => c.json(success(await getOrderItems({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
fenceItemApi.put("/:id{[0-9]+}/items", async (c) => {
  try {
    const data = await editOrderItems({ ctx: c.get("ctx"), input: { id: idParam(c), values: await bodyWithIdempotencyKey(c), requireVersion: true } });
    return c.json({ ...success(data), code: "SAVED" });
  } catch (error) {
    if (error instanceof ItemsVersionConflict) return c.json(conflictEnvelope(c, error), 409);
    throw error;
  }
});

/**
 * The 409 of a save over a newer version: the error envelope of docs/decisions/005-errors-envelope-feedback.md (code CONFLICT, no data),
 * its `meta` saying who saved the tab meanwhile and when, in words and as values, and the stored
 * version (docs/decisions/034-items-tab-version.md).
 */
function conflictEnvelope(c: AppContext, conflict: ItemsVersionConflict) {
  const t = c.get("t") ?? tFor("cs");
  const at = formatCzechDateTime(conflict.changedAt);
  const message = conflict.changedBy ? t("fenceItem.save.conflict", { name: conflict.changedBy.name, at }) : t("fenceItem.save.conflictUnknown", { at });
  return {
    status: "error" as const,
    code: "CONFLICT",
    meta: { message, changedBy: conflict.changedBy, changedAt: conflict.changedAt?.toISOString() ?? null, itemsVersion: conflict.itemsVersion },
  };
}
fenceItemApi.get("/:id{[0-9]+}/dynamicProducts", async (c) => c.json(success(await listOrderDynamicProducts({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
fenceItemApi.get("/itemProducts", async (c) => c.json(success(await searchItemProducts({ ctx: c.get("ctx"), input: c.req.query() }))));
fenceItemApi.get("/itemProduct/:id{[0-9]+}", async (c) => c.json(success(await getItemProductChoice({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));

const deleted = <T>(data: T) => ({ ...success(data), code: "DELETED" });
fenceItemApi.delete("/item/:id{[0-9]+}", async (c) => c.json(deleted(await deleteOrderItem({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
fenceItemApi.delete("/otherItem/:id{[0-9]+}", async (c) => c.json(deleted(await deleteOrderOtherItem({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
fenceItemApi.delete("/subProduct/:id{[0-9]+}", async (c) => c.json(deleted(await deleteOrderSubProduct({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
