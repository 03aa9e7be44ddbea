import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { products } from "./catalogue";
import { auditColumns, identityId, uniqueNameIndex } from "./columns";

export const warehouses = pgTable(
  "warehouses",
  {
    id: identityId(),
    name: text("name").notNull(),
    /** A dispatch (expedition) warehouse: finished goods leave from here. */
    expedition: boolean("expedition").notNull().default(false),
    icon: text("icon").notNull().default("fence"),
    ...auditColumns,
  },
  (table) => [uniqueNameIndex("warehouses_name_unique", table.name)],
);

/** docs/domain.md#rack-scales: a rack scale publishing weights over MQTT as `scales/<extId>/weight`. */
export const warehouseRackScales = pgTable(
  "warehouse_rack_scales",
  {
    id: identityId(),
    name: text("name").notNull(),
    extId: integer("ext_id").notNull(),
    /** grams */
    lastWeight: numeric("last_weight", { precision: 12, scale: 1 }),
    lastWeightChange: timestamp("last_weight_change", { withTimezone: true }),
    /** When the scale last reported, whether or not its weight moved (docs/domain.md#scale-feed). */
    lastReadingAt: timestamp("last_reading_at", { withTimezone: true }),
    ...auditColumns,
  },
  (table) => [uniqueIndex("warehouse_rack_scales_ext_id_unique").on(table.extId)],
);

/**
 * docs/domain.md#scale-feed: external ids that publish readings but have no rack scale. Listed on
 * the rack scales page for someone to register; never turned into scales by themselves.
 */
export const rackScaleUnknownReports = pgTable("rack_scale_unknown_reports", {
  extId: integer("ext_id").primaryKey(),
  firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  readings: integer("readings").notNull().default(0),
  /** grams */
  lastWeight: numeric("last_weight", { precision: 12, scale: 1 }),
});

/**
 * docs/domain.md#scale-feed: the scale feed's settings, one row (id 1; absent until changed): the
 * noise band in grams within which a reading does not move `lastWeightChange`, and for how many
 * minutes a scale quantity must disagree with the book before the item is a discrepancy.
 */
export const rackScaleSettings = pgTable(
  "rack_scale_settings",
  {
    id: integer("id").primaryKey(),
    noiseBandGrams: integer("noise_band_grams").notNull().default(5),
    discrepancyMinutes: integer("discrepancy_minutes").notNull().default(30),
    ...auditColumns,
  },
  (table) => [
    check("rack_scale_settings_single_row", sql`id = 1`),
    check("rack_scale_settings_noise_band", sql`${table.noiseBandGrams} between 0 and 100000`),
    check("rack_scale_settings_discrepancy_minutes", sql`${table.discrepancyMinutes} between 1 and 10080`),
  ],
);

/** Downsampled history of scale readings: one row per scale and minute (`at` is the minute), the minute's last reading. */
export const rackScaleReadings = pgTable(
  "rack_scale_readings",
  {
    id: identityId(),
    scaleId: integer("scale_id")
      .notNull()
      .references(() => warehouseRackScales.id, { onDelete: "cascade" }),
    weight: numeric("weight", { precision: 12, scale: 1 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("rack_scale_readings_scale_at_unique").on(table.scaleId, table.at), index("rack_scale_readings_at_idx").on(table.at)],
);

/**
 * docs/domain.md#warehouse-item: a product's stock in one warehouse. A manufactured
 * variant is a product, so variants stock apart. The quantity changes only through the stock
 * operations (production, stocktaking, transfer), under a row lock; the check is the last guard
 * that stock never goes negative.
 */
export const warehouseItems = pgTable(
  "warehouse_items",
  {
    id: identityId(),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    quantity: numeric("quantity", { precision: 14, scale: 3 }).notNull().default("0"),
    onTheWay: numeric("on_the_way", { precision: 14, scale: 3 }).notNull().default("0"),
    requiredStockLevel: numeric("required_stock_level", { precision: 14, scale: 3 }).notNull().default("0"),
    /**
     * docs/domain.md#scale-discrepancies: since when the scale quantity has disagreed with
     * `quantity` beyond the product's tolerance; null while they agree or without scales.
     */
    scaleDisagreeSince: timestamp("scale_disagree_since", { withTimezone: true }),
    ...auditColumns,
  },
  (table) => [
    index("warehouse_items_scale_disagree_idx").on(table.scaleDisagreeSince).where(sql`scale_disagree_since is not null`),
    uniqueIndex("warehouse_items_warehouse_product_unique").on(table.warehouseId, table.productId),
    index("warehouse_items_product_idx").on(table.productId),
    check("warehouse_items_quantity_not_negative", sql`${table.quantity} >= 0`),
    check("warehouse_items_on_the_way_not_negative", sql`${table.onTheWay} >= 0`),
    check("warehouse_items_required_not_negative", sql`${table.requiredStockLevel} >= 0`),
  ],
);

/** The rack scales a warehouse item lies on (its scale quantity sums their weights). */
export const warehouseItemRackScales = pgTable(
  "warehouse_item_rack_scales",
  {
    warehouseItemId: integer("warehouse_item_id")
      .notNull()
      .references(() => warehouseItems.id, { onDelete: "cascade" }),
    rackScaleId: integer("rack_scale_id")
      .notNull()
      .references(() => warehouseRackScales.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.warehouseItemId, table.rackScaleId] }), index("warehouse_item_rack_scales_scale_idx").on(table.rackScaleId)],
);

/**
 * docs/domain.md#transfer-log: one row per moved line of a stock operation; the rows of one
 * operation share `logGroup`. Append-only.
 */
export const warehouseTransferLogs = pgTable(
  "warehouse_transfer_logs",
  {
    id: identityId(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    targetWarehouseId: integer("target_warehouse_id").references(() => warehouses.id, { onDelete: "restrict" }),
    sourceWarehouseId: integer("source_warehouse_id").references(() => warehouses.id, { onDelete: "restrict" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    transferType: text("transfer_type").notNull(),
    quantity: numeric("quantity", { precision: 14, scale: 3 }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    logGroup: text("log_group").notNull(),
  },
  (table) => [
    index("warehouse_transfer_logs_created_idx").on(table.createdAt, table.id),
    index("warehouse_transfer_logs_group_idx").on(table.logGroup),
    index("warehouse_transfer_logs_product_idx").on(table.productId, table.createdAt),
    index("warehouse_transfer_logs_target_idx").on(table.targetWarehouseId, table.createdAt),
    index("warehouse_transfer_logs_source_idx").on(table.sourceWarehouseId, table.createdAt),
    index("warehouse_transfer_logs_user_idx").on(table.userId, table.createdAt),
    check("warehouse_transfer_logs_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

/** docs/domain.md#saved-baskets: a named copy of a common basket, loaded back into it later. */
export const savedBaskets = pgTable("saved_baskets", {
  id: identityId(),
  name: text("name").notNull(),
  ...auditColumns,
});

export const savedBasketItems = pgTable(
  "saved_basket_items",
  {
    savedBasketId: integer("saved_basket_id")
      .notNull()
      .references(() => savedBaskets.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.savedBasketId, table.productId] })],
);
