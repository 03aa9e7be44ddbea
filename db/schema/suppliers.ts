import { index, integer, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { auditColumns, identityId } from "./columns";
import { products } from "./catalogue";

export const suppliers = pgTable("suppliers", {
  id: identityId(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  ...auditColumns,
});

export const supplierOrders = pgTable(
  "supplier_orders",
  {
    id: identityId(),
    name: text("name").notNull(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    note: text("note"),
    ...auditColumns,
  },
  (table) => [index("supplier_orders_supplier_idx").on(table.supplierId)],
);

export const supplierOrderLines = pgTable(
  "supplier_order_lines",
  {
    id: identityId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => supplierOrders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
  },
  (table) => [index("supplier_order_lines_order_idx").on(table.orderId)],
);
