/**
 * The one reader of fence orders (docs/decisions/048-order-read-model.md): an order's
 * header, its fence items with their products' parameters and one engine result each, their
 * sub-products, the other and assembly lines, shipping, discount and the totals, and on request the
 * fingerprint of what it is made from. The items tab (its GET, the save's answer, the Common tab's
 * warning), the offer PDF, the manufacture list and ordered material read orders through it;
 * invoices and planning are to.
 *
 * Batched: any number of orders in a fixed number of statements — the orders with their shipping
 * types, the items, the sub-products, the other lines, the products' parameters and the parameter
 * roles — whatever the count of orders and items.
 */
import { aliasedTable, and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type Db, preparedFor } from "@/lib/db";
import { alias } from "drizzle-orm/pg-core";
import { categories, fenceOrderItems, fenceOrderOtherItems, fenceOrders, fenceOrderSubProducts, products, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import {
  computeFenceItem,
  computeOrderTotals,
  type FenceItemComputation,
  type FenceParameters,
  kcToHalere,
  lineTotalHalere,
  type OrderTotals,
  type OtherItemType,
} from "../fence-item/engine";
import { type ItemFields, itemFieldsOf, type ItemRow } from "../fence-item/item-row";
import { type ProductParameters, readProductParameters } from "../fence-item/product-parameters";
import type { ProductParameterValue } from "@/modules/catalogue/product/parameters";

export type OrderRow = typeof fenceOrders.$inferSelect;
export type SubProductRow = typeof fenceOrderSubProducts.$inferSelect;
export type OtherLineRow = typeof fenceOrderOtherItems.$inferSelect;

/** A reference by id with its name (a product, a category). */
export interface NamedRef {
  id: number;
  name: string;
}

export interface FenceItemSnapshot {
  /** The stored row (the save compares what it would write with it). */
  row: ItemRow;
  /** What was entered, as the engine reads it (item-row.ts). */
  fields: ItemFields;
  product: NamedRef | null;
  /** The product's role and prices as they are now (the items tab's editor computes with them); null without a product. */
  productPrices: { systemRole: string | null; m2Price: string | null; unitPrice: string | null } | null;
  manufactured: NamedRef | null;
  /** The manufactured variant's creation values (JSON of `[parameter id, value]` pairs); null without a variant. */
  variantKey: string | null;
  /** The product's parameters with their flags and stored values. */
  parameters: readonly ProductParameterValue[];
  /** The same as the engine reads them. */
  engineParameters: FenceParameters;
  /** The engine's one result for the item: geometry, prices (haléře) and validation. */
  computed: FenceItemComputation;
  subProducts: SubProductSnapshot[];
}

export interface SubProductSnapshot {
  row: SubProductRow;
  product: NamedRef | null;
  category: NamedRef | null;
  amount: number;
  /** Kč as entered; null when none was. */
  unitPrice: number | null;
  /** amount × unit price in haléře (not multiplied by the item's amount: docs/domain.md#sub-products). */
  totalPriceHalere: number | null;
}

export interface OtherLineSnapshot {
  row: OtherLineRow;
  itemType: OtherItemType;
  /** The catalogue product; null for the virtual custom product (decision 009), whose name is the invoice name. */
  product: NamedRef | null;
  /** The product's system role (ATTENTION, an assembly role); null for none. */
  systemRole: string | null;
  /** Kept in stock: the catalogue product's flag, or the custom line's own (a service, such as removing the old fence, is not). */
  storable: boolean;
  amount: number;
  /** Kč. */
  unitPrice: number;
  totalPriceHalere: number;
}

export interface ShippingSnapshot {
  type: { id: number; name: string; price: number; priceByDistance: boolean } | null;
  /** km (or what the type is priced by). */
  distance: number | null;
  /** Kč per unit of distance, or the flat price of a type not priced by distance. */
  unitPrice: number | null;
}

export interface OrderSnapshot {
  order: OrderRow;
  items: FenceItemSnapshot[];
  otherItems: OtherLineSnapshot[];
  assemblyItems: OtherLineSnapshot[];
  shipping: ShippingSnapshot;
  discount: { amount: number | null; description: string | null };
  /** docs/domain.md#pricing: every line rounded to the haléř, then summed; shipping, discount and the summary with VAT. */
  totals: OrderTotals;
  /** The fingerprint of what the order is made from (ORDER_FINGERPRINT_SQL); only when asked for. */
  fingerprint: string | null;
  /** The lookup the items' parameters came from (shared by the orders read together). */
  parameters: ProductParameters;
}

export interface OrderSnapshotOptions {
  /** Takes the orders' rows for the rest of the transaction first (the save): what is read after cannot change under it. */
  lock?: boolean;
  /** Also the fingerprint of what each order is made from, computed before the rest is read. */
  fingerprint?: boolean;
  /** Parameters already read: only the items' products it does not answer for are read (after the items, so in a second round). */
  parameters?: ProductParameters;
}

/**
 * An order's rows of one table with the products they name: how many, their ids added up, the
 * latest change of a row and of a product. A row added, removed or changed (each write sets its
 * updated_at) or a product renamed or re-parametrised (touchProduct) changes it.
 */
const stamp = (rows: string, productChange: string, from: string) =>
  `(select concat_ws(':', count(*), sum(${rows}.id), extract(epoch from max(${rows}.updated_at)), extract(epoch from max(${productChange}))) ${from})`;

/**
 * The fingerprint of what an order is made from, over the order row `o` joined with its shipping
 * type `st`: the order's row, its fence items, sub-products and other lines with the products they
 * name, and the shipping type. Each part is an index lookup on the order's id. The offer PDF's
 * cache key is made from it (fence-offer/service.ts).
 */
export const ORDER_FINGERPRINT_SQL = `md5(concat_ws('|',
  extract(epoch from o.updated_at),
  ${stamp("i", "greatest(p.updated_at, m.updated_at)", "from fence_order_items i left join products p on p.id = i.product_id left join products m on m.id = i.manufactured_product_id where i.order_id = o.id")},
  ${stamp("s", "p.updated_at", "from fence_order_sub_products s join fence_order_items i on i.id = s.item_id left join products p on p.id = s.product_id where i.order_id = o.id")},
  ${stamp("x", "p.updated_at", "from fence_order_other_items x left join products p on p.id = x.product_id where x.order_id = o.id")},
  extract(epoch from st.updated_at)
))`;

const o = alias(fenceOrders, "o");
const st = alias(shippingTypes, "st");
const manufactured = aliasedTable(products, "manufactured");

const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));
const ref = (id: number | null, name: string | null): NamedRef | null => (id === null ? null : { id, name: name ?? "" });

/** The orders named by an `int[]` parameter (`{1,2,3}`): one statement text for any number of orders. */
const idsParameter = (ids: readonly number[]) => `{${ids.join(",")}}`;
const anyOf = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder("ids")}::int[])`;

const headColumns = (fingerprint: boolean) => ({
  order: o,
  shippingType: { id: st.id, name: st.name, price: st.price, priceByDistance: st.priceByDistance },
  fingerprint: fingerprint ? sql<string>`${sql.raw(ORDER_FINGERPRINT_SQL)}` : sql<null>`null`,
});
const headsQuery = (db: Db, fingerprint: boolean) =>
  db.select(headColumns(fingerprint)).from(o).leftJoin(st, eq(st.id, o.shippingTypeId)).where(anyOf(o.id)).orderBy(asc(o.id));

/**
 * The statements every items tab, save and document sends, built once per database
 * (docs/decisions/086-prepared-statements.md): a 90-column item row took drizzle longer to
 * assemble than PostgreSQL to answer.
 */
const plainHeads = preparedFor((db) => headsQuery(db, false).prepare("orderHeads"));
const fingerprintedHeads = preparedFor((db) => headsQuery(db, true).prepare("orderHeadsFingerprinted"));
const itemLines = preparedFor((db) =>
  db
    .select({
      item: fenceOrderItems,
      productName: products.name,
      productSystemRole: products.systemRole,
      productM2Price: products.m2Price,
      productUnitPrice: products.unitPrice,
      manufacturedName: manufactured.name,
      variantKey: manufactured.variantKey,
    })
    .from(fenceOrderItems)
    .leftJoin(products, eq(products.id, fenceOrderItems.productId))
    .leftJoin(manufactured, eq(manufactured.id, fenceOrderItems.manufacturedProductId))
    .where(anyOf(fenceOrderItems.orderId))
    .orderBy(asc(fenceOrderItems.orderId), asc(fenceOrderItems.sortOrder), asc(fenceOrderItems.id))
    .prepare("orderItemLines"),
);
const subProductLines = preparedFor((db) =>
  db
    .select({ subProduct: fenceOrderSubProducts, productName: products.name, categoryName: categories.name })
    .from(fenceOrderSubProducts)
    .innerJoin(fenceOrderItems, eq(fenceOrderItems.id, fenceOrderSubProducts.itemId))
    .leftJoin(products, eq(products.id, fenceOrderSubProducts.productId))
    .leftJoin(categories, eq(categories.id, fenceOrderSubProducts.productCategoryId))
    .where(anyOf(fenceOrderItems.orderId))
    .orderBy(asc(fenceOrderSubProducts.itemId), asc(fenceOrderSubProducts.sortOrder), asc(fenceOrderSubProducts.id))
    .prepare("orderSubProductLines"),
);
const otherLines = preparedFor((db) =>
  db
    .select({ line: fenceOrderOtherItems, productName: products.name, systemRole: products.systemRole, productStorable: products.storable })
    .from(fenceOrderOtherItems)
    .leftJoin(products, eq(products.id, fenceOrderOtherItems.productId))
    .where(anyOf(fenceOrderOtherItems.orderId))
    .orderBy(asc(fenceOrderOtherItems.orderId), asc(fenceOrderOtherItems.sortOrder), asc(fenceOrderOtherItems.id))
    .prepare("orderOtherLines"),
);

/** The orders with their shipping types (and fingerprints), locked when asked. */
function readHeads(ctx: Ctx, ids: number[], options: OrderSnapshotOptions) {
  if (options.lock) return headsQuery(ctx.db, Boolean(options.fingerprint)).for("update", { of: o }).prepare("orderHeadsLocked").execute({ ids: idsParameter(ids) });
  return (options.fingerprint ? fingerprintedHeads : plainHeads)(ctx.db).execute({ ids: idsParameter(ids) });
}

/** The orders' rows of the items tab: fence items, their sub-products and the other lines, each with the names it shows. */
function readLines(ctx: Ctx, ids: number[]) {
  const values = { ids: idsParameter(ids) };
  return Promise.all([itemLines(ctx.db).execute(values), subProductLines(ctx.db).execute(values), otherLines(ctx.db).execute(values)]);
}

type Heads = Awaited<ReturnType<typeof readHeads>>;
type Lines = Awaited<ReturnType<typeof readLines>>;

/** Appends `value` to the list under `key`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function subProductOf({ subProduct: row, productName, categoryName }: Lines[1][number]): SubProductSnapshot {
  const amount = Number(row.amount);
  const unitPrice = numberOrNull(row.unitPrice);
  return {
    row,
    product: ref(row.productId, productName),
    category: ref(row.productCategoryId, categoryName),
    amount,
    unitPrice,
    totalPriceHalere: unitPrice === null ? null : lineTotalHalere(amount, kcToHalere(unitPrice)),
  };
}

function otherLineOf({ line: row, productName, systemRole, productStorable }: Lines[2][number]): OtherLineSnapshot {
  const amount = Number(row.amount);
  const unitPrice = Number(row.unitPrice);
  return {
    row,
    itemType: row.itemType as OtherItemType,
    product: ref(row.productId, productName),
    systemRole,
    storable: row.productId === null ? row.storable === true : productStorable === true,
    amount,
    unitPrice,
    totalPriceHalere: lineTotalHalere(amount, kcToHalere(unitPrice)),
  };
}

/** The snapshots of the orders read: each item through the engine once, the totals from those results. */
function assemble(heads: Heads, [items, subProducts, otherLines]: Lines, parameters: ProductParameters): Map<number, OrderSnapshot> {
  const subProductsOf = new Map<number, SubProductSnapshot[]>();
  for (const row of subProducts) push(subProductsOf, row.subProduct.itemId, subProductOf(row));
  const itemsOf = new Map<number, FenceItemSnapshot[]>();
  for (const { item: row, productName, productSystemRole, productM2Price, productUnitPrice, manufacturedName, variantKey } of items) {
    const fields = itemFieldsOf(row);
    const engineParameters = parameters.engineOf(row.productId);
    push(itemsOf, row.orderId, {
      row,
      fields,
      product: ref(row.productId, productName),
      productPrices: row.productId === null ? null : { systemRole: productSystemRole, m2Price: productM2Price, unitPrice: productUnitPrice },
      manufactured: ref(row.manufacturedProductId, manufacturedName),
      variantKey,
      parameters: parameters.valuesOf(row.productId),
      engineParameters,
      computed: computeFenceItem(fields, engineParameters),
      subProducts: subProductsOf.get(row.id) ?? [],
    });
  }
  const linesOf = new Map<number, OtherLineSnapshot[]>();
  for (const row of otherLines) push(linesOf, row.line.orderId, otherLineOf(row));

  const snapshots = new Map<number, OrderSnapshot>();
  for (const { order, shippingType, fingerprint } of heads) {
    const orderItems = itemsOf.get(order.id) ?? [];
    const lines = linesOf.get(order.id) ?? [];
    const otherItems = lines.filter((line) => line.itemType === "OTHER");
    const assemblyItems = lines.filter((line) => line.itemType === "ASSEMBLY");
    const shipping: ShippingSnapshot = {
      type: shippingType ? { ...shippingType, price: Number(shippingType.price) } : null,
      distance: numberOrNull(order.shippingDistance),
      unitPrice: numberOrNull(order.shippingUnitPrice),
    };
    const discount = { amount: numberOrNull(order.discountAmount), description: order.discountDescription };
    const totals = computeOrderTotals({
      fenceItems: orderItems.map((item) => item.computed),
      otherItems,
      assemblyItems,
      subProducts: orderItems.flatMap((item) => item.subProducts),
      shipping: { distance: shipping.distance, unitPrice: shipping.unitPrice, priceByDistance: shipping.type?.priceByDistance ?? null },
      discountAmount: discount.amount,
      vatRate: Number(order.vat),
    });
    snapshots.set(order.id, { order, items: orderItems, otherItems, assemblyItems, shipping, discount, totals, fingerprint, parameters });
  }
  return snapshots;
}

/**
 * The snapshots of these orders, by id in ascending order; an id without an order is left out.
 * Six statements for any number of orders: the orders, items, sub-products, other lines, the
 * products' parameters and the roles. With `parameters` known, four, and a fifth only for products
 * it does not answer for. With `lock` or `fingerprint` the orders are read first, the rest after;
 * otherwise all at once.
 */
export async function readOrderSnapshots(ctx: Ctx, orderIds: readonly number[], options: OrderSnapshotOptions = {}): Promise<Map<number, OrderSnapshot>> {
  const ids = [...new Set(orderIds)];
  if (!ids.length) return new Map();
  const first = options.lock || options.fingerprint;
  const headsRead = readHeads(ctx, ids, options);
  const heads = first ? await headsRead : null;
  if (heads && !heads.length) return new Map();
  const itemProducts = ctx.db
    .select({ id: fenceOrderItems.productId })
    .from(fenceOrderItems)
    .where(and(inArray(fenceOrderItems.orderId, ids), isNotNull(fenceOrderItems.productId)));
  const [lines, parametersRead, headRows] = await Promise.all([
    readLines(ctx, ids),
    options.parameters ? null : readProductParameters(ctx, itemProducts),
    heads ?? headsRead,
  ]);
  const productIds = lines[0].flatMap(({ item }) => (item.productId === null ? [] : [item.productId]));
  // A product the query found no parameters for has none: the lookup answers for it too.
  const parameters = parametersRead ? parametersRead.answering(productIds) : await readProductParameters(ctx, productIds, options.parameters);
  return assemble(headRows, lines, parameters);
}

/** One order's snapshot (readOrderSnapshots); 404 without the order. */
export async function readOrderSnapshot(ctx: Ctx, orderId: number, options: OrderSnapshotOptions = {}): Promise<OrderSnapshot> {
  const snapshot = (await readOrderSnapshots(ctx, [orderId], options)).get(orderId);
  if (!snapshot) throw AppError.notFound();
  return snapshot;
}
