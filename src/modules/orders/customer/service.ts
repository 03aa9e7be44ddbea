/**
 * The customer directory (docs/domain.md#customers, docs/decisions/074-customer-directory.md):
 * CRUD for the list and form, `upsertCustomer` for an import (matched by IČO, else e-mail, else
 * phone), `recordOrderCustomer` that each saved order calls in its own transaction, and the
 * customer's orders and invoices for their page.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { customers, fenceOrders, invoices } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createCrudService, matchesText, translateDbError, type UniqueValue } from "@/lib/crud/service";
import { msg } from "@/lib/errors";
import { phoneKey, phoneKeySql } from "@/lib/phone";
import { foldedSql, foldText } from "@/lib/search-text";
import { parseInput } from "@/lib/validation";
import { customerAddressOf, customerAddressValues } from "../fence-order/schemas";
import { type Customer, type CustomerInput, customerInput, type CustomerLanguage } from "./schemas";

type Row = typeof customers.$inferSelect;

const toCustomer = (row: Row): Customer => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  email: row.email,
  ...customerAddressOf(row),
  language: row.language as CustomerLanguage,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The stored values of an input; the delivery address is kept only while its checkbox is on (as on an order). */
const toValues = (input: CustomerInput) => {
  return {
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    ...customerAddressValues(input),
    language: input.language ?? "cs",
    note: input.note ?? null,
  };
};

/** The IČO names one contact; the unique index guarantees it when two saves check at once. */
const UNIQUE: UniqueValue<CustomerInput>[] = [
  { field: "ico", index: "customers_ico_unique", column: customers.ico, message: () => msg("customer.validation.icoTaken") },
];

/** The list's `name` filter: first name, last name or company, case and diacritics ignored. */
const nameFilter = (value: string): SQL => or(matchesText(customers.firstName, value), matchesText(customers.lastName, value), matchesText(customers.company, value))!;
const phoneFilter = (value: string): SQL => (phoneKey(value) ? sql`${phoneKeySql(customers.phone)} like ${`%${phoneKey(value)}%`}` : sql`false`);

export const customerService = createCrudService({
  table: customers,
  input: customerInput,
  toEntity: toCustomer,
  toValues,
  listFields: {
    id: { column: customers.id, filter: "number", sortable: true },
    name: { where: nameFilter },
    lastName: { column: customers.lastName, sortKey: customers.sortLastName, filter: "text", sortable: true },
    firstName: { column: customers.firstName, filter: "text", sortable: true },
    company: { column: customers.company, sortKey: customers.sortCompany, filter: "text", sortable: true },
    ico: { column: customers.ico, sortKey: customers.ico, filter: "text", sortable: true },
    phone: { column: customers.phone, where: phoneFilter },
    email: { column: customers.email, filter: "text", sortable: true },
    city: { column: customers.city, filter: "text", sortable: true },
    updatedAt: { column: customers.updatedAt, sortable: true },
  },
  defaultSort: ["lastName", "asc"],
  unique: UNIQUE,
});

/** The keys a contact is found again by. */
export interface CustomerKeys {
  ico?: string | null;
  email?: string | null;
  phone?: string | null;
}

/**
 * The contact these keys name (docs/decisions/074-customer-directory.md): the one with the IČO;
 * else the oldest with the e-mail, else with the phone (its last nine digits). A contact of
 * another company (another IČO) is never matched by e-mail or phone when the keys carry an IČO.
 */
export async function findCustomerMatch({ ctx, input }: { ctx: Ctx; input: CustomerKeys }): Promise<Customer | null> {
  const ico = input.ico?.replace(/\s+/g, "") || null;
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone ? phoneKey(input.phone) : "";
  const sameCompany = ico ? or(isNull(customers.ico), eq(customers.ico, ico)) : undefined;
  const tries: (SQL | undefined)[] = [
    ico ? eq(customers.ico, ico) : undefined,
    email ? and(sql`lower(${customers.email}) = ${email}`, sameCompany) : undefined,
    phone ? and(sql`${phoneKeySql(customers.phone)} = ${phone}`, sameCompany) : undefined,
  ];
  for (const where of tries) {
    if (!where) continue;
    const [row] = await ctx.db.select().from(customers).where(where).orderBy(asc(customers.id)).limit(1);
    if (row) return toCustomer(row);
  }
  return null;
}

/**
 * Matching and writing a contact is one step per transaction at a time: two orders (or an import
 * and an order) filing the same new customer at once would otherwise both find none and add two
 * contacts, or the second would hit the IČO's unique index. Office saves are few; the wait is short.
 */
const lockDirectory = (ctx: Ctx) => ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('ohrada:customer-directory'))`);

export type UpsertResult = { id: number; action: "created" | "updated" | "unchanged" };

const sameValues = (row: Row, values: ReturnType<typeof toValues>) =>
  (Object.keys(values) as (keyof typeof values)[]).every((key) => (row[key] ?? null) === (values[key] ?? null));

/** The input's values over the stored row: empty ones keep the row's; a delivery address only replaces one. */
const mergeInto = (row: Row, values: ReturnType<typeof toValues>, input: CustomerInput): ReturnType<typeof toValues> => {
  const merged = { ...values } as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) if (value === null) merged[key] = row[key as keyof Row];
  if (!input.deliveryAddress) {
    for (const key of ["deliveryAddress", "deliveryCompany", "deliveryFirstName", "deliveryLastName", "deliveryStreet", "deliveryCity", "deliveryPostalCode"] as const) merged[key] = row[key];
  }
  merged.language = input.language ?? row.language;
  return merged as ReturnType<typeof toValues>;
};

/** The contact an input matches (or the one of number `id`), locked (`for update`) when asked, and the values it would hold after the upsert. */
async function upsertPlan(ctx: Ctx, parsed: CustomerInput, lock: boolean, id?: number) {
  const values = toValues(parsed);
  const match = id !== undefined ? { id } : await findCustomerMatch({ ctx, input: parsed });
  if (!match) return { values, current: null, merged: values, action: "created" as const };
  const query = ctx.db.select().from(customers).where(eq(customers.id, match.id));
  const [current] = lock ? await query.for("update") : await query;
  const merged = mergeInto(current!, values, parsed);
  return { values, current: current!, merged, action: sameValues(current!, merged) ? ("unchanged" as const) : ("updated" as const) };
}

/** What `upsertCustomer` would do with a form's (parsed) input, writing nothing: an import's preview. */
export async function customerUpsertAction({ ctx, input, id }: { ctx: Ctx; input: CustomerInput; id?: number }): Promise<UpsertResult["action"]> {
  return (await upsertPlan(ctx, input, false, id)).action;
}

/**
 * Creates the contact or updates the one its keys match (IČO, else e-mail, else phone; or the one
 * of number `id`, an export's row coming back) with the input's fields: what the input leaves empty (a blank cell, a column not imported) the contact
 * keeps, its language and its delivery address included, so an import adds and changes but never
 * erases. A second upsert of the same row answers `unchanged` and writes nothing. Runs in the
 * caller's transaction when there is one (`withTransaction` joins it: an import's rows are all or nothing).
 */
export async function upsertCustomer({ ctx, input, id }: { ctx: Ctx; input: unknown; id?: number }): Promise<UpsertResult> {
  const parsed = parseInput(customerInput, input);
  return withTransaction(ctx, async (tx) => {
    await lockDirectory(tx);
    const plan = await upsertPlan(tx, parsed, true, id);
    if (!plan.current) {
      const [row] = await tx.db
        .insert(customers)
        .values({ ...plan.values, createdBy: tx.userId, updatedBy: tx.userId })
        .returning({ id: customers.id })
        .catch((error) => translateDbError(error, UNIQUE, parsed));
      return { id: row!.id, action: "created" };
    }
    if (plan.action === "unchanged") return { id: plan.current.id, action: "unchanged" };
    await tx.db
      .update(customers)
      .set({ ...plan.merged, updatedBy: tx.userId, updatedAt: new Date() })
      .where(eq(customers.id, plan.current.id))
      .catch((error) => translateDbError(error, UNIQUE, parsed));
    return { id: plan.current.id, action: "updated" };
  });
}

/** What a saved order tells the directory: its customer's fields (db/schema/orders.ts `fence_orders`). */
export type OrderCustomer = Pick<
  typeof fenceOrders.$inferSelect,
  | "firstName" | "lastName" | "phone" | "email" | "company" | "ico" | "dic" | "street" | "city" | "postalCode"
  | "deliveryAddress" | "deliveryCompany" | "deliveryFirstName" | "deliveryLastName" | "deliveryStreet" | "deliveryCity" | "deliveryPostalCode"
>;

/**
 * A saved order's customer becomes a contact or updates the one it matches, in the order's
 * transaction (docs/domain.md#customers): the order's data is the newest, so it replaces the
 * contact's (a new phone, a new address); what the order leaves empty (company, DIČ, a delivery
 * address) the contact keeps, and so its language and note. Answers the contact's id. Call it
 * inside the order's transaction (`ctx` a transaction's): it takes the directory's lock until then.
 */
export async function recordOrderCustomer(ctx: Ctx, order: OrderCustomer): Promise<number> {
  await lockDirectory(ctx);
  const match = await findCustomerMatch({ ctx, input: order });
  const person = { firstName: order.firstName, lastName: order.lastName, phone: order.phone, email: order.email };
  const kept = <T>(value: T | null) => value ?? undefined;
  const billing = { company: kept(order.company), ico: kept(order.ico), dic: kept(order.dic), street: kept(order.street), city: kept(order.city), postalCode: kept(order.postalCode) };
  const delivery = order.deliveryAddress
    ? {
        deliveryAddress: true,
        deliveryCompany: order.deliveryCompany,
        deliveryFirstName: order.deliveryFirstName,
        deliveryLastName: order.deliveryLastName,
        deliveryStreet: order.deliveryStreet,
        deliveryCity: order.deliveryCity,
        deliveryPostalCode: order.deliveryPostalCode,
      }
    : {};
  if (!match) {
    const [row] = await ctx.db
      .insert(customers)
      .values({ ...person, ...billing, ...delivery, createdBy: ctx.userId, updatedBy: ctx.userId })
      .returning({ id: customers.id })
      .catch((error) => translateDbError(error, UNIQUE));
    return row!.id;
  }
  await ctx.db
    .update(customers)
    .set({ ...person, ...billing, ...delivery, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(eq(customers.id, match.id))
    .catch((error) => translateDbError(error, UNIQUE));
  return match.id;
}

const [foldBefore, foldAfter] = foldedSql("\u0000").split("\u0000") as [string, string];

/**
 * The lookup's directory step: the contact with the IČO, the phone or the e-mail (in that order),
 * else the one whose last name or company is the given one (case and diacritics ignored).
 */
export async function lookupCustomer({ ctx, input }: { ctx: Ctx; input: CustomerKeys & { lastName?: string; company?: string } }): Promise<Customer | null> {
  const ico = input.ico?.replace(/\s+/g, "") || null;
  const phone = input.phone ? phoneKey(input.phone) : "";
  const email = input.email?.trim().toLowerCase() || null;
  const byName = (column: SQLWrapper, value?: string) =>
    value?.trim() ? sql`${sql.raw(foldBefore)}${column}${sql.raw(foldAfter)} = ${foldText(value.trim())}` : undefined;
  const tries: (SQL | undefined)[] = [
    ico ? eq(customers.ico, ico) : undefined,
    phone ? sql`${phoneKeySql(customers.phone)} = ${phone}` : undefined,
    email ? sql`lower(${customers.email}) = ${email}` : undefined,
    byName(customers.company, input.company),
    byName(customers.lastName, input.lastName),
  ];
  for (const where of tries) {
    if (!where) continue;
    const [row] = await ctx.db.select().from(customers).where(where).orderBy(desc(customers.updatedAt), asc(customers.id)).limit(1);
    if (row) return toCustomer(row);
  }
  return null;
}

export interface CustomerOrderRow {
  id: number;
  status: string;
  offerDate: string | null;
  orderDate: string | null;
  deadline: string | null;
}

export interface CustomerInvoiceRow {
  id: number;
  number: string;
  kind: string;
  status: string;
  issueDate: string;
  total: number;
  orderId: number | null;
}

/** A customer's page: their orders (newest first) and the invoices of those orders. */
export async function customerDocuments({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<{ orders: CustomerOrderRow[]; invoices: CustomerInvoiceRow[] }> {
  const orders = await ctx.db
    .select({ id: fenceOrders.id, status: fenceOrders.status, offerDate: fenceOrders.offerDate, orderDate: fenceOrders.orderDate, deadline: fenceOrders.deadline })
    .from(fenceOrders)
    .where(eq(fenceOrders.customerId, input.id))
    .orderBy(desc(fenceOrders.id))
    .limit(500);
  const ids = orders.map((order) => order.id);
  const rows = ids.length
    ? await ctx.db
        .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, status: invoices.status, issueDate: invoices.issueDate, total: invoices.total, orderId: invoices.orderId })
        .from(invoices)
        .where(inArray(invoices.orderId, ids))
        .orderBy(desc(invoices.issueDate), desc(invoices.id))
    : [];
  return { orders, invoices: rows.map((row) => ({ ...row, total: Number(row.total) })) };
}
