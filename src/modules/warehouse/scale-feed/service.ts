/**
 * What the office sees of the scale feed (docs/domain.md#scale-feed,
 * docs/domain.md#scale-discrepancies). The feed's MQTT handler writes the scales' weights, the
 * history and the unknown reports; everything here only reads them, except the feed's settings and
 * the items' `scale_disagree_since`, kept by the discrepancy job (docs/decisions/058-scale-live-updates.md).
 */
import { cachedRead, tableNames } from "@/lib/read-cache";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, sql } from "drizzle-orm";
import { products, rackScaleReadings, rackScaleSettings, rackScaleUnknownReports, warehouseItems, warehouseRackScales, warehouses } from "@db/schema";
import type { BasketLoader, Ctx } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import type { ListInput, ListResult } from "@/lib/crud/service";
import { pageMeta } from "@/lib/crud/service";
import { defineJob } from "@/lib/jobs/define";
import { parseInput } from "@/lib/validation";
import { scaleQuantityOf } from "../items/schemas";
import { gramsOfItem, itemsWithScales } from "../items/service";
import { SCALE_DISCREPANCIES_PATH, DEFAULT_DISCREPANCY_MINUTES, DEFAULT_NOISE_BAND_GRAMS, type ScaleFeedSettings, scaleFeedSettingsInput, type WeightPoint } from "./schemas";

/** The feed's settings; the defaults until someone saved them. */
export async function getScaleFeedSettings({ ctx }: { ctx: Ctx }): Promise<ScaleFeedSettings> {
  const [row] = await ctx.db.select({ noiseBandGrams: rackScaleSettings.noiseBandGrams, discrepancyMinutes: rackScaleSettings.discrepancyMinutes }).from(rackScaleSettings).where(eq(rackScaleSettings.id, 1));
  return row ?? { noiseBandGrams: DEFAULT_NOISE_BAND_GRAMS, discrepancyMinutes: DEFAULT_DISCREPANCY_MINUTES };
}

/** Saves the feed's settings (one row, id 1); bad input is a field error and saves nothing. */
export async function saveScaleFeedSettings({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ScaleFeedSettings> {
  const values = parseInput(scaleFeedSettingsInput, input);
  await ctx.db
    .insert(rackScaleSettings)
    .values({ id: 1, ...values, createdBy: ctx.userId, updatedBy: ctx.userId })
    .onConflictDoUpdate({ target: rackScaleSettings.id, set: { ...values, updatedBy: ctx.userId, updatedAt: new Date() } });
  return values;
}

/** A scale as the live pages show it. */
export interface ScaleReading {
  id: number;
  extId: number;
  lastWeight: number | null;
  lastWeightChange: Date | null;
  lastReadingAt: Date;
}

/**
 * The scales whose last reading is later than `after`: the live poller's one statement per look.
 * A scan of a small table (hundreds of scales) that returns only what reported.
 */
export async function scalesReportedAfter({ ctx, input }: { ctx: Ctx; input: { after: Date } }): Promise<ScaleReading[]> {
  const rows = await ctx.db
    .select({ id: warehouseRackScales.id, extId: warehouseRackScales.extId, lastWeight: warehouseRackScales.lastWeight, lastWeightChange: warehouseRackScales.lastWeightChange, lastReadingAt: warehouseRackScales.lastReadingAt })
    .from(warehouseRackScales)
    .where(gt(warehouseRackScales.lastReadingAt, input.after));
  return rows.map((row) => ({ ...row, lastWeight: row.lastWeight === null ? null : Number(row.lastWeight), lastReadingAt: row.lastReadingAt! }));
}

/** The scales' readings since `since` (the sparkline's day), oldest first, by scale. */
export async function readingsSince({ ctx, input }: { ctx: Ctx; input: { scaleIds: number[]; since: Date } }): Promise<Map<number, WeightPoint[]>> {
  const points = new Map<number, WeightPoint[]>(input.scaleIds.map((id) => [id, []]));
  if (!input.scaleIds.length) return points;
  const rows = await ctx.db
    .select({ scaleId: rackScaleReadings.scaleId, weight: rackScaleReadings.weight, at: rackScaleReadings.at })
    .from(rackScaleReadings)
    .where(and(inArray(rackScaleReadings.scaleId, input.scaleIds), gt(rackScaleReadings.at, input.since)))
    .orderBy(asc(rackScaleReadings.scaleId), asc(rackScaleReadings.at));
  for (const row of rows) points.get(row.scaleId)!.push({ at: row.at.toISOString(), grams: Number(row.weight) });
  return points;
}

/** docs/domain.md#rack-scales: external ids that report without a rack scale, the latest first. */
export async function listUnknownReports({ ctx }: { ctx: Ctx }): Promise<{ extId: number; lastWeight: number | null; lastAt: string; readings: number }[]> {
  const rows = await ctx.db.select().from(rackScaleUnknownReports).orderBy(desc(rackScaleUnknownReports.lastAt), asc(rackScaleUnknownReports.extId)).limit(200);
  return rows.map((row) => ({ extId: row.extId, lastWeight: row.lastWeight === null ? null : Number(row.lastWeight), lastAt: row.lastAt.toISOString(), readings: row.readings }));
}

/** A scale now registered under `extId` is no longer "reporting, not registered". */
export async function forgetUnknownReport({ ctx, input }: { ctx: Ctx; input: { extId: number } }): Promise<void> {
  await ctx.db.delete(rackScaleUnknownReports).where(eq(rackScaleUnknownReports.extId, input.extId));
}

/**
 * docs/domain.md#scale-discrepancies: marks since when each item's scale quantity disagrees with
 * its book quantity. The rule is the page's own (scaleColourOf over scaleQuantityOf: anything but
 * white disagrees); an item whose scales agree, say nothing or are gone is cleared. A mark already
 * set keeps its time. Answers how many marks it set and cleared.
 */
export async function markScaleDiscrepancies({ ctx, input }: { ctx: Ctx; input: { now: Date } }): Promise<{ set: number; cleared: number }> {
  const rows = await itemsWithScales({ ctx });
  const disagreeing = rows.filter((row) => row.scaleColour !== "none").map((row) => row.id);
  const set = disagreeing.length
    ? await ctx.db
        .update(warehouseItems)
        .set({ scaleDisagreeSince: input.now })
        .where(and(inArray(warehouseItems.id, disagreeing), isNull(warehouseItems.scaleDisagreeSince)))
        .returning({ id: warehouseItems.id })
    : [];
  const cleared = await ctx.db
    .update(warehouseItems)
    .set({ scaleDisagreeSince: null })
    .where(disagreeing.length ? and(isNotNull(warehouseItems.scaleDisagreeSince), notInArray(warehouseItems.id, disagreeing)) : isNotNull(warehouseItems.scaleDisagreeSince))
    .returning({ id: warehouseItems.id });
  return { set: set.length, cleared: cleared.length };
}

/** Every minute (docs/domain.md#scale-discrepancies); the runner gives each run to one instance. */
export const markScaleDiscrepanciesJob = defineJob({
  name: "warehouse.markScaleDiscrepancies",
  schedule: { everyMinutes: 1 },
  async run({ ctx, now }) {
    await markScaleDiscrepancies({ ctx, input: { now } });
  },
});

/** Disagreeing since before this moment: a discrepancy. */
const discrepantBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * How many items are discrepancies now (the baskets column's badge, on every page): one statement,
 * the setting read inside it, counted on the partial index of the marked items.
 */
export async function countScaleDiscrepancies({ ctx, input }: { ctx: Ctx; input: { now: Date } }): Promise<number> {
  const minutes = sql`coalesce((select ${rackScaleSettings.discrepancyMinutes} from ${rackScaleSettings} where ${rackScaleSettings.id} = 1), ${DEFAULT_DISCREPANCY_MINUTES})`;
  const [row] = await ctx.db
    .select({ n: count() })
    .from(warehouseItems)
    .where(sql`${warehouseItems.scaleDisagreeSince} <= ${input.now.toISOString()}::timestamptz - make_interval(mins => ${minutes})`);
  return row?.n ?? 0;
}

export interface ScaleDiscrepancy {
  id: number;
  product: { id: number; name: string };
  warehouse: { id: number; name: string };
  quantity: number;
  scaleQuantity: number | null;
  /** Scale quantity − book quantity: negative when pieces are missing from the rack. */
  difference: number | null;
  since: string;
}

/**
 * docs/domain.md#scale-discrepancies: the items whose scale quantity has disagreed with the book
 * for longer than the set minutes, newest first, with the difference as the page shows it now.
 */
export async function listScaleDiscrepancies({ ctx, input }: { ctx: Ctx; input: { list: ListInput; now: Date } }): Promise<ListResult<ScaleDiscrepancy> & { minutes: number }> {
  const { discrepancyMinutes } = await getScaleFeedSettings({ ctx });
  const where = lte(warehouseItems.scaleDisagreeSince, discrepantBefore(input.now, discrepancyMinutes));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: warehouseItems.id,
        quantity: warehouseItems.quantity,
        since: warehouseItems.scaleDisagreeSince,
        productId: products.id,
        productName: products.name,
        productWeight: products.weight,
        warehouseId: warehouses.id,
        warehouseName: warehouses.name,
        grams: gramsOfItem,
      })
      .from(warehouseItems)
      .innerJoin(products, eq(products.id, warehouseItems.productId))
      .innerJoin(warehouses, eq(warehouses.id, warehouseItems.warehouseId))
      .where(where)
      .orderBy(desc(warehouseItems.scaleDisagreeSince), desc(warehouseItems.id))
      .limit(input.list.size)
      .offset((input.list.page - 1) * input.list.size),
    ctx.db.select({ n: count() }).from(warehouseItems).where(where),
  ]);
  return {
    rows: rows.map((row) => {
      const quantity = Number(row.quantity);
      const scaleQuantity = scaleQuantityOf(row.grams === null ? null : Number(row.grams), Number(row.productWeight));
      return {
        id: row.id,
        product: { id: row.productId, name: row.productName },
        warehouse: { id: row.warehouseId, name: row.warehouseName },
        quantity,
        scaleQuantity,
        difference: scaleQuantity === null ? null : Math.round((scaleQuantity - quantity) * 1000) / 1000,
        since: row.since!.toISOString(),
      };
    }),
    meta: pageMeta(input.list, total?.n ?? 0),
    minutes: discrepancyMinutes,
  };
}

const DISCREPANCY_TABLES = tableNames(warehouseItems, rackScaleSettings);

/** The baskets column's entry (docs/domain.md#scale-discrepancies): the count, shown only while there is any. */
export const scaleDiscrepancySummary: BasketLoader = async ({ ctx }) => {
  // Every page shows it: kept a few seconds, or until this instance writes the stock (src/lib/read-cache.ts).
  const n = await cachedRead(ctx.db, "scaleDiscrepancies", DISCREPANCY_TABLES, () => countScaleDiscrepancies({ ctx, input: { now: new Date() } }));
  return n ? [{ id: -1, name: tFor(ctx.lang)("scaleFeed.discrepancies.basket"), href: SCALE_DISCREPANCIES_PATH, itemCount: n, common: false, alert: true }] : [];
};
