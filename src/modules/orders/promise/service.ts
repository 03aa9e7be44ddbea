import { count, eq, inArray, sql } from "drizzle-orm";
import { defaultPromises, fenceOrders, promises, promiseStatuses } from "@db/schema";
import type { Ctx, UsageCheck } from "@/lib/context";
import { createCrudService, matchesText } from "@/lib/crud/service";
import { todayInPrague } from "@/lib/dates";
import { AppError, type Message, msg } from "@/lib/errors";
import { PROMISE_STATUS_ENTITY } from "../service";
import { type DefaultPromise, defaultPromiseInput, type FenceOrderStatus, type NamedRef, type OrderPromise, promiseInput } from "./schemas";

/** Names of the promise statuses, for the entities' `status: {id, name}`. */
async function statusNames(ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db.select({ id: promiseStatuses.id, name: promiseStatuses.name }).from(promiseStatuses).where(inArray(promiseStatuses.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const withStatusNames = async <E extends { status: NamedRef }>(ctx: Ctx, entities: E[]): Promise<E[]> => {
  const names = await statusNames(ctx, entities.map((entity) => entity.status.id));
  return entities.map((entity) => ({ ...entity, status: { id: entity.status.id, name: names.get(entity.status.id) ?? "" } }));
};

/** The select options of promise statuses (id order). */
export async function listPromiseStatusOptions({ ctx }: { ctx: Ctx }): Promise<NamedRef[]> {
  return ctx.db.select({ id: promiseStatuses.id, name: promiseStatuses.name }).from(promiseStatuses).orderBy(promiseStatuses.id);
}

/** How many unresolved promises each status has (the list's status buttons). */
export async function countUnresolvedByStatus({ ctx }: { ctx: Ctx }): Promise<Map<number, number>> {
  const rows = await ctx.db
    .select({ statusId: promises.statusId, n: count() })
    .from(promises)
    .where(eq(promises.resolved, false))
    .groupBy(promises.statusId);
  return new Map(rows.map((row) => [row.statusId, row.n]));
}

/** Refuses a reference to a promise status that does not exist, as a field error. */
async function checkStatus(ctx: Ctx, statusId: number, fields: Record<string, Message>) {
  const [row] = await ctx.db.select({ id: promiseStatuses.id }).from(promiseStatuses).where(eq(promiseStatuses.id, statusId)).limit(1);
  if (!row) fields.status = msg("promise.statusNotFound");
}

/** docs/domain.md#default-promises: default promises at /orders/defaultPromises. */
export const defaultPromiseService = createCrudService({
  table: defaultPromises,
  input: defaultPromiseInput,
  toEntity: (row): DefaultPromise => ({
    id: row.id,
    status: { id: row.statusId, name: "" },
    promise: row.promise,
    daysToDeadline: row.daysToDeadline,
    triggerOrderStatus: row.triggerOrderStatus as FenceOrderStatus,
  }),
  toValues: (input) => ({ statusId: input.status, promise: input.promise, daysToDeadline: input.daysToDeadline, triggerOrderStatus: input.triggerOrderStatus }),
  listFields: {
    id: { column: defaultPromises.id, filter: "number", sortable: true },
    status: { column: defaultPromises.statusId, filter: "number", sortable: true },
    promise: { column: defaultPromises.promise, filter: "text", sortable: true },
    daysToDeadline: { column: defaultPromises.daysToDeadline, filter: "number", sortable: true },
    triggerOrderStatus: { column: defaultPromises.triggerOrderStatus, sortKey: defaultPromises.triggerOrderStatus, filter: "text", sortable: true },
  },
  defaultSort: ["id", "asc"],
  validate: async ({ ctx, input }) => {
    const fields: Record<string, Message> = {};
    await checkStatus(ctx, input.status, fields);
    if (Object.keys(fields).length) throw AppError.invalid(fields);
  },
  enrich: ({ ctx, entities }) => withStatusNames(ctx, entities),
});

/** The customer and phone of each order. */
async function orderContacts(ctx: Ctx, ids: number[]) {
  if (!ids.length) return new Map<number, { customer: string; phone: string }>();
  const rows = await ctx.db
    .select({ id: fenceOrders.id, firstName: fenceOrders.firstName, lastName: fenceOrders.lastName, phone: fenceOrders.phone })
    .from(fenceOrders)
    .where(inArray(fenceOrders.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { customer: `${row.firstName} ${row.lastName}`.trim(), phone: row.phone }]));
}

/** Promises whose order's customer (first and last name) or phone matches the text. */
const orderMatches = (expression: ReturnType<typeof sql>) => (value: string) =>
  inArray(promises.orderId, sql`(select ${fenceOrders.id} from ${fenceOrders} where ${matchesText(expression, value)})`);

const basePromiseService = createCrudService({
  table: promises,
  input: promiseInput,
  toEntity: (row): OrderPromise => ({
    id: row.id,
    order: { id: row.orderId, name: String(row.orderId) },
    status: { id: row.statusId, name: "" },
    customer: "",
    phone: "",
    created: row.created,
    deadline: row.deadline,
    solved: row.solved,
    resolved: row.resolved,
    promise: row.promise,
    note: row.note,
    issues: row.issues,
    resolution: row.resolution,
    defaultPromiseId: row.defaultPromiseId,
  }),
  toValues: (input) => ({
    orderId: input.order,
    statusId: input.status,
    // Kept as stored when an update leaves it out; a create always has it (today by default).
    ...(input.created ? { created: input.created } : {}),
    deadline: input.deadline,
    resolved: input.resolved,
    // Resolving without a date records today as the day it was solved.
    solved: input.solved ?? (input.resolved ? todayInPrague() : null),
    promise: input.promise,
    note: input.note ?? null,
    issues: input.issues ?? null,
    resolution: input.resolution ?? null,
  }),
  listFields: {
    id: { column: promises.id, filter: "number", sortable: true },
    status: { column: promises.statusId, filter: "number", sortable: true },
    orderId: { column: promises.orderId, filter: "number", sortable: true },
    customer: { where: orderMatches(sql`${fenceOrders.firstName} || ' ' || ${fenceOrders.lastName}`) },
    phone: { where: orderMatches(sql`${fenceOrders.phone}`) },
    created: { column: promises.created, sortable: true },
    deadline: { column: promises.deadline, sortable: true },
    resolved: { column: promises.resolved, filter: "boolean", sortable: true },
    solved: { column: promises.solved, sortable: true },
    promise: { column: promises.promise, filter: "text", sortable: true },
    note: { column: promises.note, filter: "text", sortable: true },
    issues: { column: promises.issues, filter: "text", sortable: true },
    resolution: { column: promises.resolution, filter: "text", sortable: true },
  },
  defaultSort: ["deadline", "asc"],
  validate: async ({ ctx, input, id }) => {
    const fields: Record<string, Message> = {};
    const [order] = await ctx.db.select({ id: fenceOrders.id }).from(fenceOrders).where(eq(fenceOrders.id, input.order)).limit(1);
    if (!order) fields.order = msg("promise.orderNotFound");
    if (id !== null) {
      const [current] = await ctx.db.select({ orderId: promises.orderId }).from(promises).where(eq(promises.id, id)).limit(1);
      if (current && current.orderId !== input.order) fields.order = msg("promise.orderFixed");
    }
    await checkStatus(ctx, input.status, fields);
    if (input.solved && input.created && input.solved < input.created) fields.solved = msg("promise.solvedBeforeCreated");
    if (Object.keys(fields).length) throw AppError.invalid(fields);
  },
  enrich: async ({ ctx, entities }) => {
    const contacts = await orderContacts(ctx, entities.map((entity) => entity.order.id));
    const named = await withStatusNames(ctx, entities);
    return named.map((entity) => ({ ...entity, ...(contacts.get(entity.order.id) ?? { customer: "", phone: "" }) }));
  },
});

/** docs/domain.md#promise: promises (/orders/promises, /api/orders/promise). `created` is today unless given. */
export const promiseService: typeof basePromiseService = {
  ...basePromiseService,
  create: ({ ctx, input }) => {
    const body = input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
    const blank = body !== null && (body.created === undefined || body.created === null || body.created === "");
    const withCreated = blank ? { ...body, created: todayInPrague() } : input;
    return basePromiseService.create({ ctx, input: withCreated });
  },
};

/** The order's promises by deadline (the order's Promises tab). */
export async function listOrderPromises({ ctx, input }: { ctx: Ctx; input: { orderId: number } }): Promise<OrderPromise[]> {
  const { rows } = await promiseService.list({ ctx, input: { page: 1, size: 500, sort: "deadline,asc", filters: { orderId: String(input.orderId) } } });
  return rows;
}

/** The order the Promises tab belongs to; NOT_FOUND when there is none. */
export async function getPromiseOrder({ ctx, input }: { ctx: Ctx; input: { orderId: number } }): Promise<{ id: number; customer: string; phone: string }> {
  const contact = (await orderContacts(ctx, [input.orderId])).get(input.orderId);
  if (!contact) throw AppError.notFound();
  return { id: input.orderId, ...contact };
}

/** A promise status used by a promise or a default promise cannot be deleted ("Stav nelze smazat…"). */
export const promiseStatusUsage: UsageCheck = {
  entity: PROMISE_STATUS_ENTITY,
  message: msg("promiseStatus.inUse"),
  isUsed: async ({ ctx, id: statusId }) => {
    const [used] = await ctx.db.select({ one: sql<number>`1` }).from(promises).where(eq(promises.statusId, statusId)).limit(1);
    if (used) return true;
    const [template] = await ctx.db.select({ one: sql<number>`1` }).from(defaultPromises).where(eq(defaultPromises.statusId, statusId)).limit(1);
    return Boolean(template);
  },
};
