/**
 * Planning's API (docs/domain.md#planning; docs/decisions/055-planning.md), in the envelope of
 * docs/architecture.md#envelope.
 * A plan answers its van as `vehicle: {id, name}` (the spec's name) and its colour as `color`; a manufacture plan's line
 * its `plannedAmount`; a daily entry its `workplace` (docs/decisions/064-planning-read-model-and-names.md).
 * Mounted at /api/orders/planning:
 * - GET    /?from&to              plansForDateRange: the vans the grid shows and the plans as cards;
 * - GET    /material?from&to      the material marks of the range's orders (asked for after the grid);
 * - GET    /:id                   one plan (its card);
 * - GET    /order/:id             an order's planning (tab 5): items with what remains, plans, marks;
 * - POST   /                      plan an order's items {orderId, date, vanId | vehicle, delivery, assembly,
 *                                  items: [{itemId, amount}], idempotencyKey?}, code CREATED;
 * - PUT    /:id/move              re-plan {date, vanId | vehicle, version}, code UPDATED; a move over a newer
 *                                  version answers 409 CONFLICT naming who changed it, when, and
 *                                  where the plan is now;
 * - DELETE /:id                   {version}, code DELETED (409 like the move);
 * - POST   /mark                  {planItemId, kind: delivered|assembled, date, note, idempotencyKey?}
 *                                  tabs 7 and 8, code UPDATED.
 * Mounted at /api/orders/manufacture:
 * - GET    /?from&to              the daily manufacture and painting entries of the range;
 * - GET    /:id                   a manufacture plan with its lines;
 * - GET    /order/:id             an order's manufacture plan (null without one);
 * - PUT    /order/:id             {manufactureDate, paintingDate?}: creates (lines from the manufacture
 *                                  list) or moves it, code SAVED;
 * - PATCH  /line/:id              {manufactured}, code UPDATED.
 */
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { deliveryVans } from "@db/schema";
import { formatCzechDate, formatCzechDateTime } from "@/lib/dates";
import { success } from "@/lib/envelope";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { bodyWithIdempotencyKey, idParam, objectBody } from "@/lib/http/request";
import { tFor } from "@/lib/i18n";
import { formatSpz } from "@/modules/settings/delivery-van/schemas";
import {
  deletePlan,
  getManufacturePlan,
  getOrderManufacturePlan,
  getOrderPlanning,
  getPlan,
  manufacturePlansForDateRange,
  markPlanItem,
  materialForDateRange,
  movePlan,
  planOrderItems,
  PlanVersionConflict,
  plansForDateRange,
  saveManufacturePlan,
  setManufactured,
} from "./service";

export const planningApi = new Hono<AppEnv>();

/**
 * The 409 of a move or delete over a newer version: the error envelope (code CONFLICT, no data),
 * its `meta` saying who changed the plan, when, and where it is now, in words and as values.
 */
export async function conflictEnvelope(c: AppContext, conflict: PlanVersionConflict) {
  const t = c.get("t") ?? tFor("cs");
  const [van] = await c.get("ctx").db.select({ name: deliveryVans.name, spz: deliveryVans.spz }).from(deliveryVans).where(eq(deliveryVans.id, conflict.plan.vanId));
  const values = { at: formatCzechDateTime(conflict.changedAt), date: formatCzechDate(conflict.plan.date), van: van ? `${van.name} (${formatSpz(van.spz)})` : "" };
  const message = conflict.changedBy ? t("planning.conflict", { ...values, name: conflict.changedBy.name }) : t("planning.conflictUnknown", values);
  return {
    status: "error" as const,
    code: "CONFLICT",
    meta: {
      message,
      changedBy: conflict.changedBy,
      changedAt: conflict.changedAt.toISOString(),
      version: conflict.version,
      plan: { date: conflict.plan.date, vehicle: { id: conflict.plan.vanId, name: van?.name ?? "" } },
    },
  };
}

/** Runs a write that checks the plan's version; a conflict becomes the 409 envelope. */
async function versioned(c: AppContext, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlanVersionConflict) return c.json(await conflictEnvelope(c, error), 409);
    throw error;
  }
}

planningApi.get("/", async (c) => c.json(success(await plansForDateRange({ ctx: c.get("ctx"), input: c.req.query() }))));
planningApi.get("/material", async (c) => c.json(success(await materialForDateRange({ ctx: c.get("ctx"), input: c.req.query() }))));
planningApi.get("/:id{[0-9]+}", async (c) => c.json(success(await getPlan({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
planningApi.get("/order/:id{[0-9]+}", async (c) => c.json(success(await getOrderPlanning({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
planningApi.post("/", async (c) => c.json({ ...success(await planOrderItems({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) })), code: "CREATED" }, 201));
planningApi.put("/:id{[0-9]+}/move", async (c) =>
  versioned(c, async () => c.json({ ...success(await movePlan({ ctx: c.get("ctx"), input: { ...(await objectBody(c)), id: idParam(c) } })), code: "UPDATED" })),
);
planningApi.delete("/:id{[0-9]+}", async (c) =>
  versioned(c, async () => c.json({ ...success(await deletePlan({ ctx: c.get("ctx"), input: { ...(await objectBody(c)), id: idParam(c) } })), code: "DELETED" })),
);
planningApi.post("/mark", async (c) => c.json({ ...success(await markPlanItem({ ctx: c.get("ctx"), input: await bodyWithIdempotencyKey(c) })), code: "UPDATED" }));

export const manufacturePlanApi = new Hono<AppEnv>();

manufacturePlanApi.get("/", async (c) => c.json(success(await manufacturePlansForDateRange({ ctx: c.get("ctx"), input: c.req.query() }))));
manufacturePlanApi.get("/:id{[0-9]+}", async (c) => c.json(success(await getManufacturePlan({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
manufacturePlanApi.get("/order/:id{[0-9]+}", async (c) => c.json(success(await getOrderManufacturePlan({ ctx: c.get("ctx"), input: { id: idParam(c) } }))));
manufacturePlanApi.put("/order/:id{[0-9]+}", async (c) =>
  c.json({ ...success(await saveManufacturePlan({ ctx: c.get("ctx"), input: { ...(await objectBody(c)), orderId: idParam(c) } })), code: "SAVED" }),
);
manufacturePlanApi.patch("/line/:id{[0-9]+}", async (c) =>
  c.json({ ...success(await setManufactured({ ctx: c.get("ctx"), input: { ...(await objectBody(c)), lineId: idParam(c) } })), code: "UPDATED" }),
);
