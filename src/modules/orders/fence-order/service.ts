/**
 * Fence order header verbs (docs/domain.md#fence-orders): create, get, update, status change, list with
 * filters, customer lookup and the ordered material. The date rules of status.ts run inside the
 * same transaction as the write (docs/decisions/013-fence-order-status.md).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { fenceOrderFiles, fenceOrderItems, fenceOrderOtherItems, fenceOrders, fenceOrderStatusHistory, fenceOrderSubProducts, products, promises, vatRates } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createCrudService, escapeLike } from "@/lib/crud/service";
import { selectRows } from "@/lib/db";
import { AppError, msg } from "@/lib/errors";
import { phoneKey, phoneKeySql } from "@/lib/phone";
import { foldText } from "@/lib/search-text";
import { parseInput } from "@/lib/validation";
import { applyDefaultPromises } from "../promise/triggers";
import {
  CUSTOMER_FIELDS,
  customerAddressOf,
  customerAddressValues,
  customerLookupInput,
  FENCE_ORDER_STATUSES,
  type FenceOrder,
  type FenceOrderInput,
  fenceOrderInput,
  type FenceOrderRow,
  type FenceOrderStatus,
  fenceOrderStatusInput,
} from "./schemas";
import { applyDateRules, applyPlanRules, automaticStatus, type OrderDates } from "./status";
import { readPlanFacts } from "./plan-facts";
import { lookupCustomer, recordOrderCustomer } from "../customer/service";

type Row = typeof fenceOrders.$inferSelect;
/** The columns an order's entity is made of (toFenceOrder); the list reads only these. */
type EntityRow = Pick<Row, (typeof ENTITY_KEYS)[number]>;

const ENTITY_KEYS = [
  "id", "status", "statusSetManually", "firstName", "lastName", "phone", "email",
  "company", "ico", "dic", "street", "city", "postalCode",
  "deliveryAddress", "deliveryCompany", "deliveryFirstName", "deliveryLastName", "deliveryStreet", "deliveryCity", "deliveryPostalCode",
  "paymentRuleConfirmation", "paymentRuleDelivery", "paymentRuleCompletion", "delivery", "vat", "note",
  "deadline", "orderDate", "offerDate", "measurementDate", "priorityOrder",
] as const satisfies readonly (keyof Row)[];

/**
 * A page of orders reads the entity's columns, not the row's 50 (the items' shipping and discount,
 * search keys, audit): decoding a value costs the same whether the list uses it or not
 * (docs/decisions/087-reading-and-rendering-less.md).
 */
const ENTITY_COLUMNS = Object.fromEntries(ENTITY_KEYS.map((key) => [key, fenceOrders[key]]));

const toFenceOrder = (row: EntityRow): FenceOrder => ({
  id: row.id,
  status: row.status as FenceOrderStatus,
  statusSetManually: row.statusSetManually,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  email: row.email,
  ...customerAddressOf(row),
  paymentRuleConfirmation: row.paymentRuleConfirmation,
  paymentRuleDelivery: row.paymentRuleDelivery,
  paymentRuleCompletion: row.paymentRuleCompletion,
  delivery: row.delivery,
  vat: Number(row.vat),
  note: row.note,
  deadline: row.deadline,
  orderDate: row.orderDate,
  offerDate: row.offerDate,
  measurementDate: row.measurementDate,
  priorityOrder: row.priorityOrder,
});

/** Header values of an input; the delivery address is kept only while its checkbox is on. */
const toValues = (input: FenceOrderInput) => {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    email: input.email,
    ...customerAddressValues(input),
    paymentRuleConfirmation: input.paymentRuleConfirmation,
    paymentRuleDelivery: input.paymentRuleDelivery,
    paymentRuleCompletion: input.paymentRuleCompletion,
    delivery: input.delivery,
    vat: String(input.vat),
    note: input.note ?? null,
    offerDate: input.offerDate,
    measurementDate: input.measurementDate ?? null,
    orderDate: input.orderDate ?? null,
    deadline: input.deadline ?? null,
    priorityOrder: input.priorityOrder,
  };
};

/** Products whose name holds the text, case and diacritics ignored (the folded name's trigram index). */
const matchingProducts = (text: string) => sql`(select p.id from ${products} p where p.search_name like ${`%${escapeLike(foldText(text))}%`})`;

/**
 * Orders holding an item, a sub-product or an other/assembly item whose product name matches:
 * the matching products' item rows from the item tables' product indexes, their order ids as
 * one semi-join. Counting all matches (up to the cap) this way is cheapest.
 */
const containsProduct = (text: string) => {
  const matching = matchingProducts(text);
  return sql`${fenceOrders.id} in (
    select i.order_id from ${fenceOrderItems} i where i.product_id in ${matching}
    union all select o.order_id from ${fenceOrderOtherItems} o where o.product_id in ${matching}
    union all select i.order_id from ${fenceOrderSubProducts} s join ${fenceOrderItems} i on i.id = s.item_id where s.product_id in ${matching})`;
};

/**
 * The same filter for a page: the orders are read in the page's own order and each is asked
 * whether it holds a matching product, so the page stops after 20 matches instead of first
 * gathering every matching order (100,000 orders, a product on 18 % of them, PGlite):
 * - newest or oldest first, the item tables' order indexes merge with the orders (17 → 2 ms);
 * - in any other order (deadline, names) the question is kept as a filter on that order's scan:
 *   `is true` stops the planner from turning it back into a join that sorts every match
 *   (by deadline 94 → 33 ms; a product on 40 % of the orders 165 → 37 ms).
 */
const containsProductPage = (text: string, sort: string) => {
  const holds = sql`exists (
    select 1 from (
      select i.order_id, i.product_id from ${fenceOrderItems} i
      union all select o.order_id, o.product_id from ${fenceOrderOtherItems} o
      union all select i.order_id, s.product_id from ${fenceOrderSubProducts} s join ${fenceOrderItems} i on i.id = s.item_id
    ) held where held.order_id = ${fenceOrders.id} and held.product_id in ${matchingProducts(text)})`;
  return sort.startsWith("id,") ? holds : sql`(${holds}) is true`;
};

/** `status=PRICE_OFFER,MEASURED`: the known statuses among the comma-joined values. */
const statusIn = (value: string) => {
  const wanted = value.split(",").filter((status): status is FenceOrderStatus => (FENCE_ORDER_STATUSES as readonly string[]).includes(status));
  return wanted.length ? inArray(fenceOrders.status, wanted) : sql`false`;
};

/**
 * Icon data for a page of orders: file counts, open promise counts, automatic status updates, in one
 * statement (three round trips were a good part of the list's CPU: docs/decisions/083-throughput.md).
 */
async function enrich({ ctx, entities }: { ctx: Ctx; entities: FenceOrder[] }): Promise<FenceOrderRow[]> {
  const ids = entities.map((entity) => entity.id);
  if (!ids.length) return [];
  const rows = await selectRows<{ id: number; files: number; open: number; updates: string | null }>(
    ctx.db,
    sql`select page.id,
      (select count(*)::int from ${fenceOrderFiles} where ${fenceOrderFiles.orderId} = page.id) as files,
      (select count(*)::int from ${promises} where ${promises.orderId} = page.id and ${promises.resolved} = false) as open,
      (select json_agg(json_build_array(${fenceOrderStatusHistory.fromStatus}, ${fenceOrderStatusHistory.toStatus}, ${fenceOrderStatusHistory.at}) order by ${fenceOrderStatusHistory.at}, ${fenceOrderStatusHistory.id})::text
         from ${fenceOrderStatusHistory} where ${fenceOrderStatusHistory.orderId} = page.id and ${fenceOrderStatusHistory.source} = 'AUTO') as updates
    from unnest(${`{${ids.join(",")}}`}::int[]) as page(id)`,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return entities.map((entity) => {
    const row = byId.get(entity.id);
    const updates = row?.updates ? (JSON.parse(row.updates) as [string | null, string, string][]) : [];
    return {
      ...entity,
      fileCount: Number(row?.files ?? 0),
      openPromiseCount: Number(row?.open ?? 0),
      autoUpdates: updates.map(([from, to, at]) => ({ from, to, at: new Date(at).toISOString() })),
    };
  });
}

const crud = createCrudService({
  table: fenceOrders,
  input: fenceOrderInput,
  toEntity: toFenceOrder,
  listColumns: ENTITY_COLUMNS,
  // Writes go through createFenceOrder/updateFenceOrder below (they add status and deadline).
  toValues,
  // 100,000 orders: a broad filter counts up to here and shows "1 000+".
  countCap: 1000,
  listFields: {
    id: { column: fenceOrders.id, filter: "number", sortable: true },
    // Status codes sort as they are.
    status: { column: fenceOrders.status, sortKey: fenceOrders.status, where: statusIn, sortable: true },
    product: { where: containsProduct, pageWhere: containsProductPage },
    firstName: { column: fenceOrders.firstName, sortKey: fenceOrders.sortFirstName, sortable: true },
    lastName: { column: fenceOrders.lastName, sortKey: fenceOrders.sortLastName, sortable: true },
    company: { column: fenceOrders.company, sortKey: fenceOrders.sortCompany, sortable: true },
    phone: { column: fenceOrders.phone },
    email: { column: fenceOrders.email },
    offerDate: { column: fenceOrders.offerDate, sortable: true },
    measurementDate: { column: fenceOrders.measurementDate, sortable: true },
    orderDate: { column: fenceOrders.orderDate, sortable: true },
    deadline: { column: fenceOrders.deadline, sortable: true },
  },
  defaultSort: ["id", "desc"],
  enrich: enrich as never,
});

export const fenceOrderListFields = crud.listFields;

export const listFenceOrders = crud.list as (args: Parameters<typeof crud.list>[0]) => Promise<{ rows: FenceOrderRow[]; meta: Awaited<ReturnType<typeof crud.list>>["meta"] }>;
export const getFenceOrder = crud.get as (args: Parameters<typeof crud.get>[0]) => Promise<FenceOrderRow>;

/** An order's row read already (the items tab's snapshot reads it) as `getFenceOrder` answers it, with its icons. */
export async function fenceOrderOfRow({ ctx, input }: { ctx: Ctx; input: { row: Row } }): Promise<FenceOrderRow> {
  return (await enrich({ ctx, entities: [toFenceOrder(input.row)] }))[0]!;
}

/** The order's VAT must be an active rate, or the rate it already has. */
async function checkVat(ctx: Ctx, vat: number, current: number | null) {
  if (current !== null && vat === current) return;
  const rows = await ctx.db.select({ id: vatRates.id }).from(vatRates).where(and(eq(vatRates.active, true), eq(vatRates.rate, String(vat)))).limit(1);
  if (!rows.length) throw AppError.invalid({ vat: msg("fenceOrder.validation.vat") });
}

async function recordStatus(ctx: Ctx, orderId: number, change: { from: string | null; to: FenceOrderStatus; reason: string | null }, source: "AUTO" | "MANUAL") {
  await ctx.db.insert(fenceOrderStatusHistory).values({ orderId, fromStatus: change.from, toStatus: change.to, source, reason: change.reason, userId: ctx.userId });
  await applyDefaultPromises({ ctx, input: { orderId, status: change.to } });
}

/** The order's row, locked until the transaction ends (every write to an order or its items takes it first); 404 when there is none. */
export const lockFenceOrder = async (ctx: Ctx, id: number): Promise<Row> => {
  const rows = await ctx.db.select().from(fenceOrders).where(eq(fenceOrders.id, id)).for("update");
  if (!rows[0]) throw AppError.notFound();
  return rows[0];
};

/**
 * The date rules (docs/domain.md#order-status, docs/domain.md#deadline; decision 013) for a save
 * that changes the dates of the locked order `before` to `after`: answers the status and deadline
 * to write, and records an automatic status change (history row, default promises) in the same
 * transaction. The header form and the items tab (its measurement date) both save through this.
 */
export async function dateRulesOnSave(ctx: Ctx, before: Row, after: OrderDates): Promise<{ status: FenceOrderStatus; deadline: string | null }> {
  const rules = applyDateRules({ before: { ...before, status: before.status as FenceOrderStatus }, after });
  if (rules.change) await recordStatus(ctx, before.id, rules.change, "AUTO");
  return { status: rules.status, deadline: rules.deadline };
}

/**
 * The plan rules (docs/decisions/055-planning.md) after a write of the order's plans, in the caller's
 * transaction: locks the order, reads what its plans prove and moves the status forward when they
 * prove more (an AUTO history row, default promises). Answers the status the order has after.
 */
export async function planRulesOnChange(ctx: Ctx, orderId: number): Promise<FenceOrderStatus> {
  const before = await lockFenceOrder(ctx, orderId);
  const rules = applyPlanRules({ before: { status: before.status as FenceOrderStatus, statusSetManually: before.statusSetManually }, plans: await readPlanFacts(ctx, orderId) });
  if (!rules.change) return rules.status;
  await ctx.db.update(fenceOrders).set({ status: rules.status, updatedBy: ctx.userId, updatedAt: new Date() }).where(eq(fenceOrders.id, orderId));
  await recordStatus(ctx, orderId, rules.change, "AUTO");
  return rules.status;
}

export async function createFenceOrder({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<number> {
  const values = toValues(parseInput(fenceOrderInput, input));
  return withTransaction(ctx, async (tx) => {
    await checkVat(tx, Number(values.vat), null);
    const rules = applyDateRules({ before: null, after: values });
    // The order's customer becomes or updates a directory contact in the same transaction (docs/domain.md#customers).
    const customerId = await recordOrderCustomer(tx, values);
    const [row] = await tx.db
      .insert(fenceOrders)
      .values({ ...values, customerId, status: rules.status, deadline: rules.deadline, createdBy: tx.userId, updatedBy: tx.userId })
      .returning({ id: fenceOrders.id });
    await recordStatus(tx, row!.id, rules.change!, "AUTO");
    return row!.id;
  });
}

export async function updateFenceOrder({ ctx, input }: { ctx: Ctx; input: { id: number; values: unknown } }): Promise<FenceOrderRow> {
  const values = toValues(parseInput(fenceOrderInput, input.values));
  return withTransaction(ctx, async (tx) => {
    const before = await lockFenceOrder(tx, input.id);
    await checkVat(tx, Number(values.vat), Number(before.vat));
    const { status, deadline } = await dateRulesOnSave(tx, before, values);
    const customerId = await recordOrderCustomer(tx, values);
    await tx.db
      .update(fenceOrders)
      .set({ ...values, customerId, status, deadline, updatedBy: tx.userId, updatedAt: new Date() })
      .where(eq(fenceOrders.id, input.id));
    return getFenceOrder({ ctx: tx, input: { id: input.id } });
  });
}

/** The edit mode's status form: a chosen status stays (manual) until changed; AUTO hands it back to the dates. */
export async function changeFenceOrderStatus({ ctx, input }: { ctx: Ctx; input: { id: number; status: unknown } }): Promise<FenceOrderRow> {
  const { status } = parseInput(fenceOrderStatusInput, { status: input.status });
  return withTransaction(ctx, async (tx) => {
    const before = await lockFenceOrder(tx, input.id);
    const manual = status !== "AUTO";
    // "Automaticky" hands the status back to what the dates and the plans prove (docs/decisions/055-planning.md).
    const next: FenceOrderStatus = manual ? status : automaticStatus(before, await readPlanFacts(tx, input.id));
    await tx.db
      .update(fenceOrders)
      .set({ status: next, statusSetManually: manual, updatedBy: tx.userId, updatedAt: new Date() })
      .where(eq(fenceOrders.id, input.id));
    if (next !== before.status) await recordStatus(tx, input.id, { from: before.status, to: next, reason: manual ? null : "AUTO" }, "MANUAL");
    return getFenceOrder({ ctx: tx, input: { id: input.id } });
  });
}

export interface StatusHistoryEntry {
  from: string | null;
  to: string;
  source: "AUTO" | "MANUAL";
  reason: string | null;
  at: string;
  userId: number | null;
}

export async function fenceOrderStatusHistoryOf({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<StatusHistoryEntry[]> {
  const rows = await ctx.db
    .select()
    .from(fenceOrderStatusHistory)
    .where(eq(fenceOrderStatusHistory.orderId, input.id))
    .orderBy(fenceOrderStatusHistory.at, fenceOrderStatusHistory.id);
  return rows.map((row) => ({ from: row.fromStatus, to: row.toStatus, source: row.source as "AUTO" | "MANUAL", reason: row.reason, at: row.at.toISOString(), userId: row.userId }));
}

/**
 * Personal and billing data that fill a new order: a directory contact's (`customerId`) or, when
 * none matches, a customer's latest order's (`orderId`).
 */
export type CustomerData = { orderId: number | null; customerId: number | null } & { [K in (typeof CUSTOMER_FIELDS)[number]]: FenceOrder[K] | null };

/**
 * The directory first (docs/domain.md#customers: by IČO, phone, e-mail, then last name or company);
 * else earlier orders: the phone, then the e-mail, then the IČO; the first that matches answers.
 */
export async function customerLookup({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<CustomerData | null> {
  const query = parseInput(customerLookupInput, input);
  const contact = await lookupCustomer({ ctx, input: query });
  if (contact) return { orderId: null, customerId: contact.id, ...Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, contact[field]])) } as CustomerData;
  const phone = query.phone ? phoneKey(query.phone) : "";
  const conditions = [
    // The last nine digits, through their index: "+420 602 333 444" and "602333444" are the same Czech number.
    phone ? sql`${phoneKeySql(fenceOrders.phone)} = ${phone}` : null,
    query.email ? sql`lower(${fenceOrders.email}) = ${query.email.toLowerCase()}` : null,
    query.ico ? eq(fenceOrders.ico, query.ico.replace(/\s+/g, "")) : null,
  ];
  for (const where of conditions) {
    if (!where) continue;
    const [row] = await ctx.db.select().from(fenceOrders).where(where).orderBy(desc(fenceOrders.id)).limit(1);
    if (!row) continue;
    const order = toFenceOrder(row);
    return { orderId: row.id, customerId: row.customerId, ...Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, order[field]])) } as CustomerData;
  }
  return null;
}


