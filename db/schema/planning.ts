import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { auditColumns, identityId } from "./columns";
import { fenceOrderItems, fenceOrders } from "./orders";
import { deliveryVans } from "./settings";

/**
 * docs/domain.md#planning: a shipment/assembly plan, one card on the planning grid: an order's
 * items going on a day with a van, for delivery, assembly or both (docs/decisions/055-planning.md).
 * `version` goes up on every write of the plan; a move sent over an older one is refused (409).
 */
export const orderPlans = pgTable(
  "order_plans",
  {
    id: identityId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    vanId: integer("van_id")
      .notNull()
      .references(() => deliveryVans.id, { onDelete: "restrict" }),
    delivery: boolean("delivery").notNull(),
    assembly: boolean("assembly").notNull(),
    version: integer("version").notNull().default(1),
    ...auditColumns,
  },
  (table) => [
    index("order_plans_date_idx").on(table.date, table.vanId, table.id),
    index("order_plans_order_idx").on(table.orderId),
    index("order_plans_van_idx").on(table.vanId),
    check("order_plans_some_type", sql`${table.delivery} or ${table.assembly}`),
  ],
);

/** A fence item (or a part of its amount) on a plan, with what the crew reported: delivered and assembled, each with its date and note. */
export const orderPlanItems = pgTable(
  "order_plan_items",
  {
    id: identityId(),
    planId: integer("plan_id")
      .notNull()
      .references(() => orderPlans.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => fenceOrderItems.id, { onDelete: "cascade" }),
    amount: numeric("amount", { precision: 12, scale: 3, mode: "number" }).notNull(),
    deliveredOn: date("delivered_on"),
    deliveredNote: text("delivered_note"),
    assembledOn: date("assembled_on"),
    assembledNote: text("assembled_note"),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex("order_plan_items_plan_item_unique").on(table.planId, table.itemId),
    index("order_plan_items_item_idx").on(table.itemId),
    check("order_plan_items_amount_positive", sql`${table.amount} > 0`),
  ],
);

/** docs/domain.md#planning: an order's manufacture plan (one per order): when the workshop makes it and when it is painted. */
export const manufacturePlans = pgTable(
  "manufacture_plans",
  {
    id: identityId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "cascade" }),
    manufactureDate: date("manufacture_date").notNull(),
    paintingDate: date("painting_date"),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex("manufacture_plans_order_unique").on(table.orderId),
    index("manufacture_plans_manufacture_date_idx").on(table.manufactureDate),
    index("manufacture_plans_painting_date_idx").on(table.paintingDate),
  ],
);

/** A product to produce on a manufacture plan, from the order's manufacture list. */
export const manufacturePlanLines = pgTable(
  "manufacture_plan_lines",
  {
    id: identityId(),
    planId: integer("plan_id")
      .notNull()
      .references(() => manufacturePlans.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 3, mode: "number" }).notNull(),
    notForPainting: boolean("not_for_painting").notNull().default(false),
    manufactured: boolean("manufactured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    ...auditColumns,
  },
  (table) => [index("manufacture_plan_lines_plan_idx").on(table.planId), index("manufacture_plan_lines_product_idx").on(table.productId)],
);
