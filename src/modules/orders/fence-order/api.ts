/** /api/orders/fenceOrder (docs/architecture.md#api-contract): list with meta, get, create → id, update → entity, status, customer lookup. */
import { Hono } from "hono";
import { filterKeysOf, listInputFromQuery } from "@/lib/crud/list-query";
import { success } from "@/lib/envelope";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam, jsonBody } from "@/lib/http/request";
import {
  changeFenceOrderStatus,
  createFenceOrder,
  customerLookup,
  fenceOrderListFields,
  fenceOrderStatusHistoryOf,
  getFenceOrder,
  listFenceOrders,
  updateFenceOrder,
} from "./service";

export const fenceOrderFilterKeys = filterKeysOf(fenceOrderListFields);

/** List query: `status` may come comma-joined or repeated (`status=A&status=B`). */
export function fenceOrderListInput(c: AppContext) {
  const query = c.req.query();
  const statuses = c.req.queries("status");
  if (statuses?.length) query.status = statuses.join(",");
  return listInputFromQuery(query, fenceOrderFilterKeys);
}

export const fenceOrderRestApi = new Hono<AppEnv>();

fenceOrderRestApi.get("/", async (c) => {
  const { rows, meta } = await listFenceOrders({ ctx: c.get("ctx"), input: fenceOrderListInput(c) });
  return c.json(success(rows, { ...meta }));
});
fenceOrderRestApi.get("/lookup", async (c) => c.json(success(await customerLookup({ ctx: c.get("ctx"), input: c.req.query() }))));
fenceOrderRestApi.get("/:id{[0-9]+}", async (c) => c.json(success(await getFenceOrder({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
fenceOrderRestApi.get("/:id{[0-9]+}/statusHistory", async (c) =>
  c.json(success(await fenceOrderStatusHistoryOf({ ctx: c.get("ctx"), input: { id: idParam(c) } }))),
);
fenceOrderRestApi.post("/", async (c) => c.json(success(await createFenceOrder({ ctx: c.get("ctx"), input: await jsonBody(c) })), 201));
fenceOrderRestApi.put("/:id{[0-9]+}", async (c) =>
  c.json(success(await updateFenceOrder({ ctx: c.get("ctx"), input: { id: idParam(c), values: await jsonBody(c) } }))),
);
fenceOrderRestApi.put("/:id{[0-9]+}/status", async (c) => {
  const body = (await jsonBody(c)) as { status?: unknown } | null;
  return c.json(success(await changeFenceOrderStatus({ ctx: c.get("ctx"), input: { id: idParam(c), status: body?.status } })));
});
