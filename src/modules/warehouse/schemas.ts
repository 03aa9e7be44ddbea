import { z } from "zod";
import { integerField, requiredBoolean, requiredText } from "@/lib/zod-fields";

/** Pictures a warehouse can carry on its tile (views/warehouse/warehouse-icon.tsx draws them). */
export const WAREHOUSE_ICONS = ["fence", "gate", "wicket", "warehouse", "truck", "tools"] as const;
export type WarehouseIconName = (typeof WAREHOUSE_ICONS)[number];
export const DEFAULT_WAREHOUSE_ICON: WarehouseIconName = "fence";

const blank = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

/** docs/domain.md#warehouse: name and expedition required; the icon defaults to fence. */
export const warehouseInput = z.object({
  name: requiredText(200),
  // The form's Ano/Ne select has no default: the user must choose.
  expedition: requiredBoolean(),
  icon: z.preprocess((value) => (blank(value) ? undefined : value), z.enum(WAREHOUSE_ICONS, { error: "validation.invalid" }).default(DEFAULT_WAREHOUSE_ICON)),
});
export type WarehouseInput = z.infer<typeof warehouseInput>;

/** docs/domain.md#barcodes: the Code 128 value a warehouse's label carries; the menu box opens the warehouse. */
export const warehouseCode = (id: number): string => `W${id}`;

export interface Warehouse {
  id: number;
  name: string;
  expedition: boolean;
  icon: WarehouseIconName;
}

/** docs/domain.md#rack-scales: name and extId (the scale's number in its MQTT topic `scales/<extId>/weight`) required. */
export const rackScaleInput = z.object({
  name: requiredText(200),
  extId: integerField({ min: 0, max: 2_147_483_647 }),
});
export type RackScaleInput = z.infer<typeof rackScaleInput>;

export interface RackScale {
  id: number;
  name: string;
  extId: number;
  /** Grams; null until the scale has reported. Written only by the scale feed, never by the form. */
  lastWeight: number | null;
  /** ISO instant of the last change of weight. */
  lastWeightChange: string | null;
  /** ISO instant of the last reading, moved or not (docs/domain.md#scale-feed). */
  lastReadingAt: string | null;
}
