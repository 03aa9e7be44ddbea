/** /api/orders/fenceOrder (DESIGN.md §4): list with meta, get, create → id, update → entity, status, customer lookup. */
import { Hono } from "hono";
import { jsonBody } from "@/lib/crud/api";
import { listInputFromQuery } from "@/lib/crud/pages";
import { isRowId } from "@/lib/crud/service";
import { success } from "@/lib/envelope";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import {
  changeFenceOrderStatus,
  createFenceOrder,
  customerLookup,
  fenceOrderListFields,
  fenceOrderStatusHistoryOf,
  getFenceOrder,
  listFenceOrders,
  orderedMaterial,
  updateFenceOrder,
} from "./service";

export const fenceOrderFilterKeys = Object.entries(fenceOrderListFields)
  .filter(([, field]) => field.filter || field.where)
  .map(([key]) => key);

/** List query: `status` may come comma-joined or repeated (`status=A&status=B`). */
export function fenceOrderListInput(c: AppContext) {
  const query = c.req.query();
  const statuses = c.req.queries("status");
  if (statuses?.length) query.status = statuses.join(",");
  return listInputFromQuery(query, fenceOrderFilterKeys);
}

const idOf = (c: AppContext): number => {
  const id = Number(c.req.param("id"));
  if (!isRowId(id)) throw AppError.notFound();
  return id;
};

export const fenceOrderRestApi = new Hono<AppEnv>();

fenceOrderRestApi.get("/", async (c) => {
  const { rows, meta } = await listFenceOrders({ ctx: c.get("ctx"), input: fenceOrderListInput(c) });
  return c.json(success(rows, { ...meta }));
});
fenceOrderRestApi.get("/lookup", async (c) => c.json(success(await customerLookup({ ctx: c.get("ctx"), input: c.req.query() }))));
fenceOrderRestApi.get("/orderedMaterial", async (c) => c.json(success(await orderedMaterial({ ctx: c.get("ctx") }))));
fenceOrderRestApi.get("/:id{[0-9]+}", async (c) => c.json(success(await getFenceOrder({ ctx: c.get("ctx"), input: { id: idOf(c) } }))));
fenceOrderRestApi.get("/:id{[0-9]+}/statusHistory", async (c) =>
  c.json(success(await fenceOrderStatusHistoryOf({ ctx: c.get("ctx"), input: { id: idOf(c) } }))),
);
fenceOrderRestApi.post("/", async (c) => c.json(success(await createFenceOrder({ ctx: c.get("ctx"), input: await jsonBody(c) })), 201));
fenceOrderRestApi.put("/:id{[0-9]+}", async (c) =>
  c.json(success(await updateFenceOrder({ ctx: c.get("ctx"), input: { id: idOf(c), values: await jsonBody(c) } }))),
);
fenceOrderRestApi.put("/:id{[0-9]+}/status", async (c) => {
  const body = (await jsonBody(c)) as { status?: unknown } | null;
  return c.json(success(await changeFenceOrderStatus({ ctx: c.get("ctx"), input: { id: idOf(c), status: body?.status } })));
});
