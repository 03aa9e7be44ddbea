/**
 * A fence item ↔ its row of `fence_order_items`, both ways in one place: what the save writes
 * (`itemRowValues`) and what every reader gets back (`itemFieldsOf`). The fields the lists and the
 * material queries read have columns of their own; every other measure and choice goes to `details`
 * (the names of docs/domain.md#fence-item, as the schema parses them).
 *
 * A measure is a number of millimetres on both sides of the mapping: the height and length columns
 * are read and written as numbers (drizzle's `mode: "number"`), the measures in `details` are JSON
 * numbers, and the engine reads them as they come (docs/decisions/048-order-read-model.md).
 */
import type { fenceOrderItems } from "@db/schema";
import { halereToNumeric } from "@/lib/money";
import { type FenceItemDraft, fenceItemDraftInput } from "./schemas";

export type ItemRow = typeof fenceOrderItems.$inferSelect;

/** Fields kept in their own columns (lists and material queries read them), or not kept on the row at all. */
const COLUMN_FIELDS = new Set(["id", "tmpId", "productType", "product", "manufacturedProduct", "color", "height", "length", "amount", "m2price", "invoiceName", "subProducts", "parameters"]);

/** The item's type-specific measures and choices, stored in `details` (the names of docs/domain.md#fence-item). */
export const DETAIL_FIELDS = Object.keys(fenceItemDraftInput.shape).filter((key) => !COLUMN_FIELDS.has(key)) as (keyof FenceItemDraft)[];

/** What was entered of a fence item (nothing derived); a row written before a field existed may lack it. */
export type ItemFields = Partial<Omit<FenceItemDraft, "subProducts" | "parameters" | "tmpId">>;

// ---- writing ----------------------------------------------------------------------------------------

/** Where the save puts the item and what it derived for it: its order, place in the tab, variant and the engine's unit price. */
export interface ItemPlacement {
  orderId: number;
  sortOrder: number;
  manufacturedProductId: number | null;
  unitPriceHalere: number | null;
}

/** The details of a parsed item: its measures and choices that have a value. */
function detailsOf(item: FenceItemDraft): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const key of DETAIL_FIELDS) if (item[key] !== undefined) details[key] = item[key];
  return details;
}

/** The row of a parsed item (the save checked it: it has its amount). */
export function itemRowValues(item: FenceItemDraft, placement: ItemPlacement) {
  return {
    orderId: placement.orderId,
    productType: item.productType,
    productId: item.product ?? null,
    manufacturedProductId: placement.manufacturedProductId,
    color: item.color ?? null,
    height: item.height ?? null,
    length: item.length ?? null,
    amount: item.amount!,
    m2Price: item.m2price ?? null,
    unitPrice: placement.unitPriceHalere === null ? null : halereToNumeric(placement.unitPriceHalere),
    invoiceName: item.invoiceName ?? null,
    details: detailsOf(item),
    sortOrder: placement.sortOrder,
  };
}

// ---- reading ----------------------------------------------------------------------------------------

/** A stored item as the engine, the save and the answers read it. */
export function itemFieldsOf(row: ItemRow): ItemFields {
  return {
    ...(row.details as Partial<FenceItemDraft>),
    id: row.id,
    productType: row.productType as FenceItemDraft["productType"],
    product: row.productId,
    manufacturedProduct: row.manufacturedProductId,
    color: row.color ?? undefined,
    height: row.height ?? undefined,
    length: row.length ?? undefined,
    amount: row.amount,
    m2price: row.m2Price ?? undefined,
    invoiceName: row.invoiceName ?? undefined,
  };
}
