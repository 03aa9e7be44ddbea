import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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

/** Spec 02: a rack scale publishing weights over MQTT as `scales/<extId>/weight`. */
export const warehouseRackScales = pgTable(
  "warehouse_rack_scales",
  {
    id: identityId(),
    name: text("name").notNull(),
    extId: integer("ext_id").notNull(),
    /** grams */
    lastWeight: numeric("last_weight", { precision: 12, scale: 1 }),
    lastWeightChange: timestamp("last_weight_change", { withTimezone: true }),
    ...auditColumns,
  },
  (table) => [uniqueIndex("warehouse_rack_scales_ext_id_unique").on(table.extId)],
);

/** Downsampled history of scale readings (one row per scale and minute at most). */
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
  (table) => [index("rack_scale_readings_scale_at_idx").on(table.scaleId, table.at)],
);
