import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { basketItems, products, rackScaleReadings, warehouseItemRackScales, warehouseItems, warehouseRackScales, warehouses, warehouseTransferLogs } from "@db/schema";
import { testPasswordCost } from "@/modules/auth/service";
import { numericTextToThousandths } from "@/modules/warehouse/stock/service";
import { scaleColourOf, scaleQuantityOf } from "@/modules/warehouse/items/schemas";
import { HOOK_TIMEOUT_MS } from "../../../tests/helpers/app";
import { useTestDatabase } from "../../../tests/helpers/service";
import { seedDemoCatalogue } from "./catalogue";
import { seedDemoStock } from "./stock";
import { seedDemoUsers } from "./users";
import { seedDemoWarehouse } from "./warehouse";

const t = useTestDatabase();
const NOW = new Date("2026-11-26T12:00:00Z");

beforeAll(async () => {
  await seedDemoUsers(t.ctx, testPasswordCost);
  await seedDemoCatalogue(t.ctx);
  await seedDemoWarehouse(t.ctx);
  await seedDemoStock(t.ctx, NOW);
}, HOOK_TIMEOUT_MS);

const snapshot = async () => ({
  items: await t.db.select().from(warehouseItems).orderBy(warehouseItems.id),
  log: await t.db.select().from(warehouseTransferLogs).orderBy(warehouseTransferLogs.id),
  links: await t.db.select().from(warehouseItemRackScales),
  scales: await t.db.select().from(warehouseRackScales).orderBy(warehouseRackScales.id),
  readings: await t.db.select().from(rackScaleReadings).orderBy(rackScaleReadings.id),
});

describe("seedDemoStock", () => {
  test("every warehouse holds storable stock, none of it negative", async () => {
    const rows = await t.db
      .select({ warehouseId: warehouseItems.warehouseId, quantity: warehouseItems.quantity, storable: products.storable })
      .from(warehouseItems)
      .innerJoin(products, eq(products.id, warehouseItems.productId));
    const stores = await t.db.select({ id: warehouses.id }).from(warehouses);
    expect(stores).toHaveLength(3);
    for (const store of stores) expect(rows.filter((row) => row.warehouseId === store.id && numericTextToThousandths(row.quantity) > 0).length).toBeGreaterThan(5);
    expect(rows.every((row) => row.storable)).toBe(true);
    expect(rows.every((row) => numericTextToThousandths(row.quantity) >= 0)).toBe(true);
  });

  test("the transfer log balances with the stock and spreads over the past months", async () => {
    const { items, log } = await snapshot();
    const moved = new Map<string, number>();
    const add = (warehouseId: number | null, productId: number, thousandths: number) => {
      if (warehouseId === null) return;
      const key = `${warehouseId}:${productId}`;
      moved.set(key, (moved.get(key) ?? 0) + thousandths);
    };
    for (const row of log) {
      add(row.targetWarehouseId, row.productId, numericTextToThousandths(row.quantity));
      add(row.sourceWarehouseId, row.productId, -numericTextToThousandths(row.quantity));
    }
    expect(moved.size).toBe(items.length);
    for (const item of items) expect(moved.get(`${item.warehouseId}:${item.productId}`)).toBe(numericTextToThousandths(item.quantity));
    // Every kind of operation happened, each in its own log group, over more than three months, none in the future.
    expect(new Set(log.map((row) => row.transferType))).toEqual(new Set(["INVENTORY_IN", "INVENTORY_OUT", "PRODUCTION_IN", "PRODUCTION_OUT", "TRANSFER"]));
    expect(new Set(log.map((row) => row.logGroup)).size).toBeGreaterThan(30);
    const times = log.map((row) => row.createdAt.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(90 * 86_400_000);
    // The keeper's baskets are left empty.
    expect(await t.db.select().from(basketItems)).toHaveLength(0);
  });

  test("rack scales lie under stocked items, with readings that end in their last weight, in every colour", async () => {
    const { items, links, scales, readings } = await snapshot();
    expect(links.length).toBeGreaterThanOrEqual(10);
    const weights = new Map((await t.db.select({ id: products.id, weight: products.weight, tolerance: products.scaleToleranceAmount }).from(products)).map((row) => [row.id, row]));
    const colours = new Set<string>();
    for (const link of links) {
      const item = items.find((row) => row.id === link.warehouseItemId)!;
      const scale = scales.find((row) => row.id === link.rackScaleId)!;
      const product = weights.get(item.productId)!;
      const own = readings.filter((row) => row.scaleId === scale.id);
      // Hourly for three days up to NOW; a silent scale's history ends with its last report.
      const hourNow = Math.floor(NOW.getTime() / 3_600_000) * 3_600_000;
      const hours = Array.from({ length: 72 }, (_, hour) => hourNow - hour * 3_600_000).filter((at) => !scale.lastReadingAt || at <= scale.lastReadingAt.getTime());
      expect(own.length).toBe(hours.length);
      const latest = own.reduce((a, b) => (a.at > b.at ? a : b));
      expect(latest.weight).toBe(scale.lastWeight!);
      expect(own.every((row) => Number(row.weight) >= 0)).toBe(true);
      colours.add(scaleColourOf(Number(item.quantity), scaleQuantityOf(Number(scale.lastWeight), Number(product.weight)), product.tolerance));
    }
    expect(colours).toEqual(new Set(["none", "red", "orange"]));
    // Most scales reported a moment ago; two have been silent for more than an hour, one never reported.
    const silent = scales.filter((scale) => scale.lastReadingAt && Date.now() - scale.lastReadingAt.getTime() > 3_600_000);
    expect(silent.map((scale) => scale.extId)).toEqual([105, 111]);
    expect(scales.filter((scale) => !scale.lastReadingAt).map((scale) => [scale.extId, scale.lastWeight])).toEqual([[112, null]]);
    for (const scale of scales) if (scale.lastReadingAt && scale.lastWeightChange) expect(scale.lastReadingAt.getTime()).toBeGreaterThanOrEqual(scale.lastWeightChange.getTime());
  });

  test("a second run changes nothing", async () => {
    const before = await snapshot();
    await seedDemoStock(t.ctx, new Date(NOW.getTime() + 86_400_000));
    expect(await snapshot()).toEqual(before);
  });
});
