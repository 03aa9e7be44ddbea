/**
 * The items tab as the API answers it (docs/domain.md#fence-item names, money in Kč): an order's snapshot
 * (order-snapshot/service.ts, the one reader of orders) with every derived number of the engine,
 * the order's totals and summary, and the assembly the fence items suggest. Shared by the tab's
 * GET, the editor's page and the offer PDF; nothing here reads an order itself.
 */
import { inArray } from "drizzle-orm";
import { products } from "@db/schema";
import type { Ctx, Lang } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import { type OrderSnapshot, readOrderSnapshot, type FenceItemSnapshot, type OtherLineSnapshot, type SubProductSnapshot } from "../order-snapshot/service";
import { ASSEMBLY_ROLES, assemblyCounts, type AssemblyRole, type FenceItemComputation, halereToKc, type OrderTotals, parameterOrDefault, valuesOfVariantKey } from "./engine";
import { DETAIL_FIELDS } from "./item-row";
import type { EditorFenceItem, EditorItemsTab, FenceItemAnswer, FenceItemDerived, ItemsTab, OrderTotalsAnswer, OtherItemAnswer, SubProductAnswer, SuggestedAssembly, SummaryAnswer } from "./schemas";

/** The reference assembly products (decision 009: by role, never by id). */
export async function assemblyProducts(ctx: Ctx) {
  return ctx.db
    .select({ id: products.id, name: products.name, unitPrice: products.unitPrice, systemRole: products.systemRole })
    .from(products)
    .where(inArray(products.systemRole, [...ASSEMBLY_ROLES]));
}

export type AssemblyProduct = Awaited<ReturnType<typeof assemblyProducts>>[number];

// ---- answering -------------------------------------------------------------------------------------

const kc = (halere: number | null): number | null => (halere === null ? null : halereToKc(halere));

/** The engine's numbers as the API answers them (money in Kč). */
export function derivedOf(computed: FenceItemComputation): FenceItemDerived {
  const { productType: _type, unitPriceHalere, totalPriceHalere, fieldCount: _fields, validation, ...rest } = computed;
  return { ...rest, unitPrice: kc(unitPriceHalere), totalPrice: kc(totalPriceHalere), validation };
}

function subProductAnswer(line: SubProductSnapshot): SubProductAnswer {
  return {
    id: line.row.id,
    productCategory: line.category,
    productCategoryName: line.category?.name ?? null,
    itemType: line.row.itemType,
    product: line.product,
    amount: line.amount,
    unitPrice: line.unitPrice,
    totalPrice: kc(line.totalPriceHalere),
    invoiceName: line.row.invoiceName,
  };
}

function otherItemAnswer(line: OtherLineSnapshot, customName: string): OtherItemAnswer {
  const custom = line.product === null;
  return {
    id: line.row.id,
    itemType: line.itemType,
    product: line.product ?? { id: VIRTUAL_CUSTOM_PRODUCT_ID, name: customName },
    attention: line.systemRole === "ATTENTION",
    amount: line.amount,
    unitPrice: line.unitPrice,
    totalPrice: halereToKc(line.totalPriceHalere),
    invoiceName: line.row.invoiceName,
    url: custom ? line.row.url : null,
    storable: custom ? (line.row.storable ?? false) : null,
  };
}

/** The fence item's fields stored in columns of their own; every other entered field is in `details`. */
const enteredInColumns = (item: FenceItemSnapshot): Record<string, unknown> => ({
  productType: item.fields.productType,
  color: item.row.color,
  height: item.fields.height,
  length: item.fields.length,
  amount: item.fields.amount,
  m2price: item.fields.m2price,
  invoiceName: item.row.invoiceName,
});

function fenceItemAnswer(item: FenceItemSnapshot): FenceItemAnswer {
  const details = item.row.details as Record<string, unknown>;
  return {
    id: item.row.id,
    product: item.product,
    manufacturedProduct: item.manufactured,
    parameters: valuesOfVariantKey(item.variantKey),
    ...Object.fromEntries(Object.entries(enteredInColumns(item)).map(([key, value]) => [key, value ?? null])),
    ...(Object.fromEntries(DETAIL_FIELDS.map((key) => [key, details[key] ?? null])) as object),
    subProducts: item.subProducts.map(subProductAnswer),
    ...derivedOf(item.computed),
  } as FenceItemAnswer;
}

/** docs/domain.md#pricing: totals and the summary of an order's lines (computeOrderTotals), in Kč. */
export function pricingAnswer(totals: OrderTotals): { totals: OrderTotalsAnswer; summary: SummaryAnswer } {
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

/** docs/domain.md#assembly: the assembly the fence items suggest, one line per role and price, priced by the reference products where the items' products name none. */
function suggestedAssemblyOf(snapshot: OrderSnapshot, assembly: readonly AssemblyProduct[]): SuggestedAssembly[] {
  const byRole = new Map(assembly.map((product) => [product.systemRole as AssemblyRole, product]));
  const counts = assemblyCounts(
    snapshot.items.map((item) => ({
      productType: item.fields.productType,
      amount: item.fields.amount,
      assemblyPrice: item.product === null ? null : parameterOrDefault(item.engineParameters, "assemblyPrice"),
    })),
  );
  return counts.flatMap((count) => {
    const product = byRole.get(count.role);
    if (!product) return [];
    return [{ systemRole: count.role, product: { id: product.id, name: product.name }, amount: count.amount, unitPrice: count.unitPrice ?? (product.unitPrice === null ? null : Number(product.unitPrice)) }];
  });
}

/**
 * The fence item as the items page gives it to its editor: the answer's references and the entered
 * fields that have a value, made from the snapshot without the answer's 90 fields first.
 */
function editorItemOf(item: FenceItemSnapshot): EditorFenceItem {
  const kept: EditorFenceItem = {
    id: item.row.id,
    product: item.product,
    manufacturedProduct: item.manufactured,
    parameters: valuesOfVariantKey(item.variantKey),
    subProducts: item.subProducts.map(subProductAnswer),
  };
  const entered: Record<string, unknown> = kept;
  for (const [name, value] of Object.entries(enteredInColumns(item))) if (value !== null && value !== undefined) entered[name] = value;
  const details = item.row.details as Record<string, unknown>;
  for (const name of DETAIL_FIELDS) if (details[name] !== null && details[name] !== undefined) entered[name] = details[name];
  return kept;
}

/** An order's snapshot as the tab's GET answers it; `assembly` the reference products the suggestion is priced by (none: no suggestion). */
export function itemsTabOf(snapshot: OrderSnapshot, options: { lang: Lang; assembly: readonly AssemblyProduct[] }): ItemsTab {
  return tabOf(snapshot, options, fenceItemAnswer);
}

/** The same tab as the items page gives it to its editor: each fence item as `editorItemOf` makes it. */
export function editorItemsTabOf(snapshot: OrderSnapshot, options: { lang: Lang; assembly: readonly AssemblyProduct[] }): EditorItemsTab {
  return tabOf(snapshot, options, editorItemOf);
}

function tabOf<Item>(snapshot: OrderSnapshot, { lang, assembly }: { lang: Lang; assembly: readonly AssemblyProduct[] }, itemOf: (item: FenceItemSnapshot) => Item) {
  const { order, shipping, discount } = snapshot;
  const customName = tFor(lang)("product.virtualCustom") as string;
  const pricing = pricingAnswer(snapshot.totals);
  return {
    orderId: order.id,
    status: order.status,
    itemsVersion: order.itemsVersion,
    items: snapshot.items.map(itemOf),
    otherItems: snapshot.otherItems.map((line) => otherItemAnswer(line, customName)),
    assemblyItems: snapshot.assemblyItems.map((line) => otherItemAnswer(line, customName)),
    suggestedAssembly: suggestedAssemblyOf(snapshot, assembly),
    shippingType: shipping.type,
    shippingDistance: shipping.distance,
    shippingUnitPrice: shipping.unitPrice,
    shippingPrice: pricing.totals.shipping,
    discountDescription: discount.description,
    discountAmount: discount.amount,
    note: order.note,
    measurementDate: order.measurementDate,
    ...pricing,
  };
}

/** `GET /api/orders/fenceOrder/:id/items`: the whole tab with every derived number (docs/domain.md#items-tab); 404 without the order. */
export async function readItemsTab(ctx: Ctx, orderId: number): Promise<ItemsTab> {
  const [snapshot, assembly] = await Promise.all([readOrderSnapshot(ctx, orderId), assemblyProducts(ctx)]);
  return itemsTabOf(snapshot, { lang: ctx.lang, assembly });
}
