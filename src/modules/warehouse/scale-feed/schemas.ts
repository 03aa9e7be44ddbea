/**
 * What the office sees of the scale feed (docs/domain.md#scale-feed, docs/domain.md#scale-discrepancies). Browser-safe: zod, constants and pure rules only.
 */
import { z } from "zod";
import { integerField } from "@/lib/zod-fields";

export const SCALE_FEED_STREAM_PATH = "/warehouse/scaleFeed";
export const SCALE_FEED_SETTINGS_PATH = "/warehouse/rackScaleSettings";
export const SCALE_DISCREPANCIES_PATH = "/warehouse/scaleDiscrepancies";
export const RACK_SCALES_PATH = "/warehouse/warehouseRackScales";
/** The create form of a rack scale with its external id filled in ("reporting, not registered: add it"). */
export const NEW_RACK_SCALE_PATH = (extId?: number) => `${RACK_SCALES_PATH}/new${extId === undefined ? "" : `?extId=${extId}`}`;

/** docs/domain.md#rack-scales: a scale with no reading for this long is marked silent. */
export const SILENT_AFTER_MINUTES = 60;

/** The feed's settings when nobody changed them (rack_scale_settings has no row yet). */
export const DEFAULT_NOISE_BAND_GRAMS = 5;
export const DEFAULT_DISCREPANCY_MINUTES = 30;

/** docs/domain.md#scale-feed: the noise band in whole grams, the discrepancy time in minutes (up to a week); the table's checks say the same. */
export const scaleFeedSettingsInput = z.object({
  noiseBandGrams: integerField({ min: 0, max: 100_000 }),
  discrepancyMinutes: integerField({ min: 1, max: 10_080 }),
});
export type ScaleFeedSettings = z.infer<typeof scaleFeedSettingsInput>;

export { LIVE_EVENT, type LiveEvent, type LiveItem, type LiveScale } from "./live-event";

/** What a live page follows: one warehouse's page, one item's page, or the rack scales list. */
export type LiveScope = { kind: "warehouse"; id: number } | { kind: "item"; id: number } | { kind: "scales" };

/** docs/domain.md#warehouse-item: the sparkline shows each scale's last day. */
export const SPARKLINE_HOURS = 24;

/** A sparkline's points: the minute's weight in grams, oldest first. */
export interface WeightPoint {
  at: string;
  grams: number;
}
