/**
 * The items tab as stored, and as the API answers it: rows ↔ the item's fields (spec 02 §3 names),
 * every derived number from the engine, the order's totals and summary. Shared by the tab's GET,
 * its save (which reads what is stored before it writes) and the Common tab's warning.
 */
import { aliasedTable, and, asc, eq, inArray, isNotNull, type SQLWrapper } from "drizzle-orm";
import { categories, fenceOrderItems, fenceOrderOtherItems, fenceOrders, fenceOrderSubProducts, products, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { parametersOfProducts, type ProductParameterValue } from "@/modules/catalogue/product/parameters";
import { parameterRoles, type ParameterRoles } from "@/modules/catalogue/category-parameter/roles";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import {
  ASSEMBLY_ROLES,
  assemblyCounts,
  type AssemblyRole,
  computeFenceItem,
  computeOrderTotals,
  type FenceItemComputation,
  fenceParametersFrom,
  type FenceParameters,
  halereToKc,
  kcToHalere,
  lineTotalHalere,
  type OrderPricingInput,
  type OtherItemType,
  parameterOrDefault,
  valuesOfVariantKey,
} from "./engine";
import {
  type FenceItemAnswer,
  type FenceItemDerived,
  type FenceItemDraft,
  fenceItemDraftInput,
  type ItemsTab,
  type OrderTotalsAnswer,
  type OtherItemAnswer,
  type SubProductAnswer,
  type SummaryAnswer,
  type TabRef,
} from "./schemas";

// ---- the fields of a fence item: columns and details -----------------------------------------------

/** Fields kept in their own columns (lists and material queries read them); the rest go to `details`. */
const COLUMN_FIELDS = new Set(["id", "tmpId", "productType", "product", "manufacturedProduct", "color", "height", "length", "amount", "m2price", "invoiceName", "subProducts", "parameters"]);

/** The item's type-specific measures and choices, stored in `details` (spec 02 §3 names). */
export const DETAIL_FIELDS = Object.keys(fenceItemDraftInput.shape).filter((key) => !COLUMN_FIELDS.has(key)) as (keyof FenceItemDraft)[];

export type ItemRow = typeof fenceOrderItems.$inferSelect;
export type SubProductRow = typeof fenceOrderSubProducts.$inferSelect;
export type OtherItemRow = typeof fenceOrderOtherItems.$inferSelect;

const numberOf = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

/** The details of a parsed item: its measures and choices that have a value. */
export function detailsOf(item: FenceItemDraft): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const key of DETAIL_FIELDS) if (item[key] !== undefined) details[key] = item[key];
  return details;
}

/** What was entered of a fence item (nothing derived); a row written before a field existed may lack it. */
export type ItemFields = Partial<Omit<FenceItemDraft, "subProducts" | "parameters" | "tmpId">>;

/** A stored item as the engine and the save read it. */
export function itemFieldsOf(row: ItemRow): ItemFields {
  return {
    ...(row.details as Partial<FenceItemDraft>),
    id: row.id,
    productType: row.productType as FenceItemDraft["productType"],
    product: row.productId,
    manufacturedProduct: row.manufacturedProductId,
    color: row.color ?? undefined,
    height: numberOf(row.height) ?? undefined,
    length: numberOf(row.length) ?? undefined,
    amount: numberOf(row.amount) ?? undefined,
    m2price: numberOf(row.m2Price) ?? undefined,
    invoiceName: row.invoiceName ?? undefined,
  };
}

/**
 * A product's parameters as the engine reads them: each stored value, else the parameter's default,
 * found by the parameter's role (`parameterRoles`), never its name (docs/decisions/035-engine-parameter-roles.md).
 */
export function engineParametersOf(parameters: readonly ProductParameterValue[] | undefined, roles: ParameterRoles): FenceParameters {
  return fenceParametersFrom((parameters ?? []).map((parameter) => ({ role: roles.get(parameter.id), value: parameter.value ?? parameter.default, unit: parameter.unit })));
}

// ---- reading ----------------------------------------------------------------------------------------

export interface StoredTab {
  order: typeof fenceOrders.$inferSelect;
  shippingType: { id: number; name: string; price: string; priceByDistance: boolean } | null;
  items: (ItemRow & { productName: string | null; manufacturedName: string | null; variantKey: string | null })[];
  subProducts: (SubProductRow & { productName: string | null; categoryName: string | null })[];
  otherItems: (OtherItemRow & { productName: string | null; systemRole: string | null })[];
}

const manufactured = aliasedTable(products, "manufactured");

/** Everything stored of an order's tab; `lock` takes the order's row for the rest of the transaction. 404 without the order. */
export async function readStoredTab(ctx: Ctx, orderId: number, options: { lock?: boolean } = {}): Promise<StoredTab> {
  const orderQuery = ctx.db
    .select({ order: fenceOrders, shippingType: { id: shippingTypes.id, name: shippingTypes.name, price: shippingTypes.price, priceByDistance: shippingTypes.priceByDistance } })
    .from(fenceOrders)
    .leftJoin(shippingTypes, eq(shippingTypes.id, fenceOrders.shippingTypeId))
    .where(eq(fenceOrders.id, orderId));
  // The lock comes first: what is read after it cannot change under the save.
  const [head] = options.lock ? await orderQuery.for("update", { of: fenceOrders }) : await orderQuery;
  if (!head) throw AppError.notFound();
  const [items, subProducts, otherItems] = await Promise.all([
    ctx.db
      .select({ item: fenceOrderItems, productName: products.name, manufacturedName: manufactured.name, variantKey: manufactured.variantKey })
      .from(fenceOrderItems)
      .leftJoin(products, eq(products.id, fenceOrderItems.productId))
      .leftJoin(manufactured, eq(manufactured.id, fenceOrderItems.manufacturedProductId))
      .where(eq(fenceOrderItems.orderId, orderId))
      .orderBy(asc(fenceOrderItems.sortOrder), asc(fenceOrderItems.id)),
    ctx.db
      .select({ subProduct: fenceOrderSubProducts, productName: products.name, categoryName: categories.name })
      .from(fenceOrderSubProducts)
      .innerJoin(fenceOrderItems, eq(fenceOrderItems.id, fenceOrderSubProducts.itemId))
      .leftJoin(products, eq(products.id, fenceOrderSubProducts.productId))
      .leftJoin(categories, eq(categories.id, fenceOrderSubProducts.productCategoryId))
      .where(eq(fenceOrderItems.orderId, orderId))
      .orderBy(asc(fenceOrderSubProducts.itemId), asc(fenceOrderSubProducts.sortOrder), asc(fenceOrderSubProducts.id)),
    ctx.db
      .select({ other: fenceOrderOtherItems, productName: products.name, systemRole: products.systemRole })
      .from(fenceOrderOtherItems)
      .leftJoin(products, eq(products.id, fenceOrderOtherItems.productId))
      .where(eq(fenceOrderOtherItems.orderId, orderId))
      .orderBy(asc(fenceOrderOtherItems.sortOrder), asc(fenceOrderOtherItems.id)),
  ]);
  return {
    order: head.order,
    shippingType: head.shippingType,
    items: items.map((row) => ({ ...row.item, productName: row.productName, manufacturedName: row.manufacturedName, variantKey: row.variantKey })),
    subProducts: subProducts.map((row) => ({ ...row.subProduct, productName: row.productName, categoryName: row.categoryName })),
    otherItems: otherItems.map((row) => ({ ...row.other, productName: row.productName, systemRole: row.systemRole })),
  };
}

/** The order's item products (a subquery, so it goes in the same round as the rest). */
const itemProductsOf = (ctx: Ctx, orderId: number): SQLWrapper =>
  ctx.db
    .select({ id: fenceOrderItems.productId })
    .from(fenceOrderItems)
    .where(and(eq(fenceOrderItems.orderId, orderId), isNotNull(fenceOrderItems.productId)));

/** The reference assembly products (decision 009: by role, never by id). */
export async function assemblyProducts(ctx: Ctx) {
  return ctx.db
    .select({ id: products.id, name: products.name, unitPrice: products.unitPrice, systemRole: products.systemRole })
    .from(products)
    .where(inArray(products.systemRole, [...ASSEMBLY_ROLES]));
}

// ---- answering -------------------------------------------------------------------------------------

const kc = (halere: number | null): number | null => (halere === null ? null : halereToKc(halere));
const ref = (id: number | null, name: string | null): TabRef | null => (id === null ? null : { id, name: name ?? "" });

/** The engine's numbers as the API answers them (money in Kč). */
export function derivedOf(computed: FenceItemComputation): FenceItemDerived {
  const { productType: _type, unitPriceHalere, totalPriceHalere, fieldCount: _fields, validation, ...rest } = computed;
  return { ...rest, unitPrice: kc(unitPriceHalere), totalPrice: kc(totalPriceHalere), validation };
}

function subProductAnswer(row: StoredTab["subProducts"][number]): SubProductAnswer {
  const amount = Number(row.amount);
  const unitPrice = numberOf(row.unitPrice);
  return {
    id: row.id,
    productCategory: ref(row.productCategoryId, row.categoryName),
    productCategoryName: row.categoryName,
    itemType: row.itemType,
    product: ref(row.productId, row.productName),
    amount,
    unitPrice,
    totalPrice: unitPrice === null ? null : halereToKc(lineTotalHalere(amount, kcToHalere(unitPrice))),
    invoiceName: row.invoiceName,
  };
}

function otherItemAnswer(row: StoredTab["otherItems"][number], customName: string): OtherItemAnswer {
  const custom = row.productId === null;
  const amount = Number(row.amount);
  const unitPrice = Number(row.unitPrice);
  return {
    id: row.id,
    itemType: row.itemType as OtherItemType,
    product: custom ? { id: VIRTUAL_CUSTOM_PRODUCT_ID, name: customName } : { id: row.productId!, name: row.productName ?? "" },
    attention: row.systemRole === "ATTENTION",
    amount,
    unitPrice,
    totalPrice: halereToKc(lineTotalHalere(amount, kcToHalere(unitPrice))),
    invoiceName: row.invoiceName,
    url: custom ? row.url : null,
    storable: custom ? (row.storable ?? false) : null,
  };
}

/** Spec 02 §9 totals and the summary of an order's lines, in Kč. */
export function orderPricing(input: OrderPricingInput): { totals: OrderTotalsAnswer; summary: SummaryAnswer } {
  const totals = computeOrderTotals(input);
  return {
    totals: {
      fenceItems: halereToKc(totals.fenceItemsHalere),
      otherItems: halereToKc(totals.otherItemsHalere),
      assemblyItems: halereToKc(totals.assemblyItemsHalere),
      subProducts: halereToKc(totals.subProductsHalere),
      total: halereToKc(totals.totalHalere),
      shipping: kc(totals.shippingPriceHalere),
      discount: halereToKc(totals.discountHalere),
      totalWithShipping: halereToKc(totals.totalWithShippingHalere),
    },
    summary: {
      priceWithoutVat: halereToKc(totals.summary.priceWithoutVatHalere),
      vatRate: totals.summary.vatRate,
      vat: halereToKc(totals.summary.vatHalere),
      total: halereToKc(totals.summary.totalHalere),
    },
  };
}

/** The order's shipping as the pricing reads it. */
export const shippingOf = (order: StoredTab["order"], type: StoredTab["shippingType"]) => ({
  distance: numberOf(order.shippingDistance),
  unitPrice: numberOf(order.shippingUnitPrice),
  priceByDistance: type?.priceByDistance ?? null,
});

/** `GET /api/orders/fenceOrder/:id/items`: the whole tab with every derived number (spec 02 §2, §3, §9). */
export async function readItemsTab(ctx: Ctx, orderId: number): Promise<ItemsTab> {
  const [stored, parameters, roles, assembly] = await Promise.all([
    readStoredTab(ctx, orderId),
    parametersOfProducts({ ctx, input: { ids: itemProductsOf(ctx, orderId) } }),
    parameterRoles({ ctx }),
    assemblyProducts(ctx),
  ]);
  const engineParameters = new Map<number, FenceParameters>();
  const parametersFor = (productId: number | null): FenceParameters => {
    if (productId === null) return {};
    let found = engineParameters.get(productId);
    if (!found) engineParameters.set(productId, (found = engineParametersOf(parameters.get(productId), roles)));
    return found;
  };

  const subProductsOf = new Map<number, SubProductAnswer[]>();
  for (const row of stored.subProducts) {
    const list = subProductsOf.get(row.itemId);
    if (list) list.push(subProductAnswer(row));
    else subProductsOf.set(row.itemId, [subProductAnswer(row)]);
  }

  const computed: FenceItemComputation[] = [];
  const items = stored.items.map((row): FenceItemAnswer => {
    const fields = itemFieldsOf(row);
    const result = computeFenceItem(fields, parametersFor(row.productId));
    computed.push(result);
    const details = row.details as Record<string, unknown>;
    return {
      id: row.id,
      productType: fields.productType,
      product: ref(row.productId, row.productName),
      manufacturedProduct: ref(row.manufacturedProductId, row.manufacturedName),
      parameters: valuesOfVariantKey(row.variantKey),
      color: row.color,
      height: fields.height ?? null,
      length: fields.length ?? null,
      amount: fields.amount ?? null,
      m2price: fields.m2price ?? null,
      invoiceName: row.invoiceName,
      ...(Object.fromEntries(DETAIL_FIELDS.map((key) => [key, details[key] ?? null])) as object),
      subProducts: subProductsOf.get(row.id) ?? [],
      ...derivedOf(result),
    } as FenceItemAnswer;
  });

  const customName = tFor(ctx.lang)("product.virtualCustom") as string;
  const others = stored.otherItems.map((row) => otherItemAnswer(row, customName));
  const { order, shippingType } = stored;
  const shipping = shippingOf(order, shippingType);
  const pricing = orderPricing({
    fenceItems: computed,
    otherItems: others.filter((row) => row.itemType === "OTHER"),
    assemblyItems: others.filter((row) => row.itemType === "ASSEMBLY"),
    subProducts: [...subProductsOf.values()].flat(),
    shipping,
    discountAmount: numberOf(order.discountAmount),
    vatRate: Number(order.vat),
  });

  const assemblyByRole = new Map(assembly.map((product) => [product.systemRole as AssemblyRole, product]));
  const suggestedAssembly = assemblyCounts(
    stored.items.map((row) => ({ productType: row.productType as FenceItemDraft["productType"], amount: numberOf(row.amount), assemblyPrice: row.productId === null ? null : parameterOrDefault(parametersFor(row.productId), "assemblyPrice") })),
  ).flatMap((count) => {
    const product = assemblyByRole.get(count.role);
    if (!product) return [];
    return [{ systemRole: count.role, product: { id: product.id, name: product.name }, amount: count.amount, unitPrice: count.unitPrice ?? numberOf(product.unitPrice) }];
  });

  return {
    orderId: order.id,
    status: order.status,
    itemsVersion: order.itemsVersion,
    items,
    otherItems: others.filter((row) => row.itemType === "OTHER"),
    assemblyItems: others.filter((row) => row.itemType === "ASSEMBLY"),
    suggestedAssembly,
    shippingType: shippingType ? { id: shippingType.id, name: shippingType.name, price: Number(shippingType.price), priceByDistance: shippingType.priceByDistance } : null,
    shippingDistance: shipping.distance,
    shippingUnitPrice: shipping.unitPrice,
    shippingPrice: pricing.totals.shipping,
    discountDescription: order.discountDescription,
    discountAmount: numberOf(order.discountAmount),
    note: order.note,
    measurementDate: order.measurementDate,
    ...pricing,
  };
}
