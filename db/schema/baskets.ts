import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { auditColumns, identityId } from "./columns";
import { products } from "./catalogue";

/** docs/domain.md#basket: basket type COMMON (warehouse id 0) or WAREHOUSE; one of each per user and warehouse. */
export const baskets = pgTable(
  "baskets",
  {
    id: identityId(),
    type: text("type").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    warehouseId: integer("warehouse_id").notNull().default(0),
    ...auditColumns,
  },
  (table) => [uniqueIndex("baskets_owner_unique").on(table.userId, table.type, table.warehouseId)],
);

export const basketItems = pgTable(
  "basket_items",
  {
    id: identityId(),
    basketId: integer("basket_id")
      .notNull()
      .references(() => baskets.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
    ...auditColumns,
  },
  (table) => [uniqueIndex("basket_items_product_unique").on(table.basketId, table.productId), index("basket_items_product_idx").on(table.productId)],
);

/** A retried submit must not apply twice: the first answer is kept per user and key. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: identityId(),
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    operation: text("operation").notNull(),
    response: text("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // created_at: the sweep of expired keys on every keyed write reads only those (docs/decisions/033).
  (table) => [uniqueIndex("idempotency_keys_unique").on(table.userId, table.key), index("idempotency_keys_created_at").on(table.createdAt)],
);
