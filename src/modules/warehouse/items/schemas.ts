/**
 * What a warehouse holds (docs/domain.md#warehouse-page, docs/domain.md#warehouse-item,
 * docs/domain.md#warehouse-exports), read side. Browser-safe: zod, constants and pure rules only.
 */
import { z } from "zod";
import { decimalField, refId, refIdList } from "@/lib/zod-fields";

export const WAREHOUSE_PAGE_PATH = (warehouseId: number) => `/warehouse/${warehouseId}`;
/** The warehouse page's order unless asked: by product name. */
export const WAREHOUSE_ITEM_DEFAULT_SORT = "product,asc";
/**
 * The item edit; `back`, the warehouse page it was opened from with its filters, sort and page,
 * for "Back" and after a save (a page without any needs no `back`: it is the default).
 */
export const WAREHOUSE_ITEM_PATH = (itemId: number, back?: string) => `/warehouse/warehouseItem/${itemId}${back?.includes("?") ? `?back=${encodeURIComponent(back)}` : ""}`;

/** A `back` the item page follows: only a page of a warehouse on this site (never another site, never another page). */
export function warehouseBackPath(value: string | undefined, warehouseId: number): string {
  const page = WAREHOUSE_PAGE_PATH(warehouseId);
  return value && (value === page || value.startsWith(`${page}?`)) && !/[\\\s]/.test(value) ? value : page;
}
/** docs/domain.md#warehouse-exports: one warehouse (`?id=`), every warehouse or one (POST), the manufacture list (`?id=`). */
export const WAREHOUSE_EXPORT_PATH = "/warehouse/export";
export const WAREHOUSE_EXPORT_ALL_PATH = "/warehouse/exportToExcel";
export const WAREHOUSE_EXPORT_MANUFACTURE_PATH = "/warehouse/exportToExcelManufacture";

/**
 * The warehouse page's filters (query keys): a text in the product's name, the ticked categories (`1;5;7`), a
 * text in a manufactured variant's parameters (`2000`, `RAL 7016`, `Délka 2000`; docs/domain.md#warehouse-page).
 */
export const WAREHOUSE_ITEM_FILTERS = ["product", "categories", "parameters"] as const;

/** One parameter value of a manufactured variant (docs/domain.md#warehouse-item): its creation values, in the variant's order. */
export interface VariantParameter {
  /** The category parameter's id. */
  id: number;
  name: string;
  /** blank, mm, cm, m, kg or g. */
  unit: string;
  value: string;
}

/** `Délka 2000 mm`: a decimal value with the page language's separator (decision 046). */
export function variantParameterText(parameter: VariantParameter, lang: "cs" | "en"): string {
  const value = lang === "cs" && /^-?\d+\.\d+$/.test(parameter.value) ? parameter.value.replace(".", ",") : parameter.value;
  return [parameter.name, value, parameter.unit].filter(Boolean).join(" ");
}

/** A variant's values on one line, as the page, the item page and the xlsx show them. */
export const variantParametersText = (parameters: readonly VariantParameter[], lang: "cs" | "en"): string => parameters.map((parameter) => variantParameterText(parameter, lang)).join(", ");

/** warehouse_items numbers are numeric(14,3): three decimals, below 10^11. */
const STOCK_NUMBER = { min: 0, max: 99_999_999_999, places: 3 };

/**
 * docs/domain.md#warehouse-item: warehouse, on the way and required stock level required; product and quantity are
 * read-only. `quantity` may come back as it was shown (the API's GET answer sent back); a changed
 * one is refused, since stock moves only through production, stocktaking and transfer.
 */
export const warehouseItemInput = z.object({
  warehouse: refId(),
  onTheWay: decimalField(STOCK_NUMBER),
  requiredStockLevel: decimalField(STOCK_NUMBER),
  rackScales: refIdList(),
  quantity: decimalField({ places: 3 }).optional(),
});
export type WarehouseItemInput = z.input<typeof warehouseItemInput>;

/** POST /api/warehouseItems/byWarehouse. */
export const byWarehouseInput = z.object({ id: refId() });

/** GET /warehouse/export?id= and /warehouse/exportToExcelManufacture?id=. */
export const oneWarehouseInput = z.object({ id: refId() });

/** POST /warehouse/exportToExcel: one warehouse, or every warehouse when none is chosen. */
export const exportStockInput = z.object({ warehouse: z.preprocess((value) => (value === "" || value === null ? undefined : value), refId().optional()) });

/** The colour of the scale quantity cell (docs/domain.md#scale-quantity, docs/domain.md#warehouse-item): none (white), red or orange. */
export type ScaleColour = "none" | "red" | "orange";

/**
 * docs/decisions/026-stock-read-side.md: round(sum of the scales' last weights / product weight). None (null, shown
 * blank) when no attached scale has reported — no scale at all is not an empty rack — or the
 * product has no weight to divide by (decision 036). Weights in grams, the product's
 * weight in grams per piece.
 */
export function scaleQuantityOf(totalGrams: number | null, productWeight: number): number | null {
  if (totalGrams === null || !(productWeight > 0) || !Number.isFinite(totalGrams)) return null;
  return Math.round(totalGrams / productWeight);
}

/**
 * White when the scales say nothing (none or 0) or agree with the stock within the product's tolerance;
 * red when the stock claims more than the scales weigh (pieces missing); orange when the scales
 * weigh more than the stock (pieces not booked).
 */
export function scaleColourOf(quantity: number, scaleQuantity: number | null, tolerance: number): ScaleColour {
  if (scaleQuantity === null || scaleQuantity === 0 || Math.abs(quantity - scaleQuantity) <= Math.max(0, tolerance)) return "none";
  return quantity > scaleQuantity ? "red" : "orange";
}

/** docs/domain.md#warehouse-page: the reorder marker: what is in stock and on its way does not reach the required level. */
export const needsReorder = (item: { quantity: number; onTheWay: number; requiredStockLevel: number }): boolean =>
  // In thousandths, as stored: 0.1 + 0.2 < 0.3 must not mark.
  Math.round(item.quantity * 1000) + Math.round(item.onTheWay * 1000) < Math.round(item.requiredStockLevel * 1000);

/** One row of the warehouse page, the API and the export. */
export interface WarehouseItemRow {
  id: number;
  warehouseId: number;
  product: { id: number; name: string; scaleToleranceAmount: number };
  quantity: number;
  onTheWay: number;
  requiredStockLevel: number;
  /** Null when no scale reports for the item or the product has no weight: shown blank. */
  scaleQuantity: number | null;
  scaleColour: ScaleColour;
  reorder: boolean;
  /** A manufactured variant's parameter values (its creation values: length, height, colour …); [] for any other product. */
  parameters: VariantParameter[];
}

export interface AttachedScale {
  id: number;
  extId: number;
  name: string;
  lastWeight: number | null;
  lastWeightChange: string | null;
}

/** docs/domain.md#warehouse-item: the edit page and GET /api/warehouse/warehouseItem/:id. */
export interface WarehouseItem extends WarehouseItemRow {
  warehouse: { id: number; name: string };
  productWeight: number;
  rackScales: AttachedScale[];
}
