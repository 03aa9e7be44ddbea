import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, categories, products } from "./catalogue";
import { phoneKeySql } from "../../src/lib/phone";
import { auditColumns, czechSortKeyColumn, czechSortKeyIndex, identityId, uniqueNameIndex } from "./columns";
import { shippingTypes } from "./settings";
import { customerAddressColumns, customers } from "./customers";

export const promiseStatuses = pgTable(
  "promise_statuses",
  {
    id: identityId(),
    name: text("name").notNull(),
    ...auditColumns,
  },
  (table) => [uniqueNameIndex("promise_statuses_name_unique", table.name)],
);

/** One record, id 1 (docs/domain.md#invoice-settings): the company's bank details printed on invoices. */
export const invoiceSettings = pgTable(
  "invoice_settings",
  {
    id: integer("id").primaryKey(),
    bankAccount: text("bank_account").notNull(),
    iban: text("iban").notNull(),
    swift: text("swift").notNull(),
    /** How invoices ask to be paid: TRANSFER (the account and QR Platba), CASH or CARD (PAYMENT_METHODS). */
    paymentMethod: text("payment_method").notNull().default("TRANSFER"),
    /** The constant symbol printed and sent with a transfer, up to 4 digits (e.g. 0308); none when null. */
    constantSymbol: text("constant_symbol"),
    /** The name of the person issuing invoices, printed on them. */
    issuedBy: text("issued_by"),
    ...auditColumns,
  },
  (table) => [
    check("invoice_settings_single_row", sql`${table.id} = 1`),
    check("invoice_settings_payment_method", sql`${table.paymentMethod} in ('TRANSFER', 'CASH', 'CARD')`),
  ],
);

/**
 * docs/domain.md#fence-order: a customer's fence order (the header; items below). Status values are the
 * FENCE_ORDER_STATUSES constants of src/modules/orders/fence-order/schemas.ts.
 */
export const fenceOrders = pgTable(
  "fence_orders",
  {
    id: identityId(),
    status: text("status").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    /** The directory's contact this order's customer became or updated (docs/domain.md#customers); null once the contact is deleted. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    ...customerAddressColumns(),
    /** Percentages; the three sum to 100 (docs/domain.md#order-defaults: 10 / 55 / 35). */
    paymentRuleConfirmation: integer("payment_rule_confirmation").notNull(),
    paymentRuleDelivery: integer("payment_rule_delivery").notNull(),
    paymentRuleCompletion: integer("payment_rule_completion").notNull(),
    /** The delivery timeframe text. */
    delivery: text("delivery").notNull(),
    /** VAT percent of the order (12, 15 or 21; docs/domain.md#vat). */
    vat: numeric("vat", { precision: 5, scale: 2 }).notNull(),
    note: text("note"),
    deadline: date("deadline"),
    orderDate: date("order_date"),
    offerDate: date("offer_date"),
    measurementDate: date("measurement_date"),
    priorityOrder: boolean("priority_order").notNull().default(false),
    /** Set when staff chose the status by hand; automatic rules then leave it (docs/decisions). */
    statusSetManually: boolean("status_set_manually").notNull().default(false),
    shippingTypeId: integer("shipping_type_id").references(() => shippingTypes.id, { onDelete: "restrict" }),
    shippingDistance: numeric("shipping_distance", { precision: 10, scale: 2 }),
    /** Kč per unit of distance (or the flat price of a type not priced by distance); the price is distance × this. */
    shippingUnitPrice: numeric("shipping_unit_price", { precision: 14, scale: 2 }),
    shippingPrice: numeric("shipping_price", { precision: 14, scale: 2 }),
    discountDescription: text("discount_description"),
    discountAmount: numeric("discount_amount", { precision: 14, scale: 2 }),
    /** The Czech sort keys of the customer's names, what the order list sorts by. */
    sortFirstName: czechSortKeyColumn("sort_first_name", "first_name"),
    sortLastName: czechSortKeyColumn("sort_last_name", "last_name"),
    sortCompany: czechSortKeyColumn("sort_company", "company"),
    /**
     * When `fence_order_material` was last computed for the order; null once anything it is made
     * of changed (triggers on the items, sub-products, other items and product parameters, migration 0015).
     */
    materialAt: timestamp("material_at", { withTimezone: true }),
    /**
     * The items tab's version: every write of the tab (the save, a row's delete) adds one, and a
     * save sent over an older version is refused (409, docs/decisions/034-items-tab-version.md).
     */
    itemsVersion: integer("items_version").notNull().default(1),
    /** Who last wrote the items tab, and when: what the refused save names. */
    itemsUpdatedAt: timestamp("items_updated_at", { withTimezone: true }),
    itemsUpdatedBy: integer("items_updated_by"),
    /** The items the cut list had to leave out at that computation: [{orderId, itemId, productName}]. */
    materialSkipped: jsonb("material_skipped").$type<{ orderId: number; itemId: number | null; productName: string | null }[]>(),
    ...auditColumns,
  },
  (table) => [
    czechSortKeyIndex("fence_orders_sort_first_name_idx", table.sortFirstName, table.id),
    czechSortKeyIndex("fence_orders_sort_last_name_idx", table.sortLastName, table.id),
    czechSortKeyIndex("fence_orders_sort_company_idx", table.sortCompany, table.id),
    index("fence_orders_status_deadline_idx").on(table.status, table.deadline, table.id),
    // Several statuses sorted by deadline: walk the deadline order and stop after a page.
    index("fence_orders_deadline_idx").on(table.deadline, table.id),
    index("fence_orders_order_date_idx").on(table.orderDate),
    // The customer lookup by phone (its last nine digits), the newest order first.
    index("fence_orders_phone_key_idx").on(phoneKeySql(table.phone), table.id),
    index("fence_orders_email_idx").on(sql`lower(${table.email})`),
    index("fence_orders_ico_idx").on(table.ico),
    // A customer's page lists their orders, the newest first.
    index("fence_orders_customer_idx").on(table.customerId, table.id),
    check("fence_orders_payment_rules_sum", sql`${table.paymentRuleConfirmation} + ${table.paymentRuleDelivery} + ${table.paymentRuleCompletion} = 100`),
  ],
);

/** Audit trail of status changes: who, when, automatic or manual. */
export const fenceOrderStatusHistory = pgTable(
  "fence_order_status_history",
  {
    id: identityId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** AUTO (a date set it) or MANUAL. */
    source: text("source").notNull(),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id"),
  },
  (table) => [index("fence_order_status_history_order_idx").on(table.orderId, table.at)],
);

/** The fence item (docs/domain.md#fence-item), first form: the columns the lists and material queries need; type-specific measures in `details`. */
export const fenceOrderItems = pgTable(
  "fence_order_items",
  {
    id: identityId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "cascade" }),
    productType: text("product_type").notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "restrict" }),
    /** The manufactured variant of the product for the item's creation parameter values (dynamic products). */
    manufacturedProductId: integer("manufactured_product_id").references(() => products.id, { onDelete: "restrict" }),
    color: text("color"),
    // The engine's inputs are read and written as numbers, as the item's fields are (docs/decisions/048-order-read-model.md);
    // the default is written as SQL so it stays the migrations' '1'.
    height: numeric("height", { precision: 10, scale: 1, mode: "number" }),
    length: numeric("length", { precision: 10, scale: 1, mode: "number" }),
    amount: numeric("amount", { precision: 12, scale: 3, mode: "number" }).notNull().default(sql`'1'`),
    m2Price: numeric("m2_price", { precision: 14, scale: 2, mode: "number" }),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }),
    invoiceName: text("invoice_name"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    sortOrder: integer("sort_order").notNull().default(0),
    ...auditColumns,
  },
  // (product, order) lets "orders containing a product" read order ids from the index alone.
  (table) => [
    index("fence_order_items_order_idx").on(table.orderId),
    index("fence_order_items_product_idx").on(table.productId, table.orderId),
    index("fence_order_items_manufactured_product_idx").on(table.manufacturedProductId, table.orderId),
  ],
);

/** Sub-products of a fence item (posts, holders…), each from a product category. */
export const fenceOrderSubProducts = pgTable(
  "fence_order_sub_products",
  {
    id: identityId(),
    itemId: integer("item_id")
      .notNull()
      .references(() => fenceOrderItems.id, { onDelete: "cascade" }),
    productCategoryId: integer("product_category_id").references(() => categories.id, { onDelete: "restrict" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "restrict" }),
    itemType: text("item_type"),
    amount: numeric("amount", { precision: 12, scale: 3 }).notNull().default("1"),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }),
    invoiceName: text("invoice_name"),
    sortOrder: integer("sort_order").notNull().default(0),
    ...auditColumns,
  },
  (table) => [index("fence_order_sub_products_item_idx").on(table.itemId), index("fence_order_sub_products_product_idx").on(table.productId)],
);

/** Other and assembly items (docs/domain.md#other-items): a product, or the virtual custom product (product null, with url/storable). */
export const fenceOrderOtherItems = pgTable(
  "fence_order_other_items",
  {
    id: identityId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "cascade" }),
    itemType: text("item_type").notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 3 }).notNull(),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }).notNull(),
    invoiceName: text("invoice_name"),
    url: text("url"),
    storable: boolean("storable"),
    sortOrder: integer("sort_order").notNull().default(0),
    ...auditColumns,
  },
  (table) => [index("fence_order_other_items_order_idx").on(table.orderId), index("fence_order_other_items_product_idx").on(table.productId, table.orderId)],
);

/** Files of an order (images and PDFs, docs/architecture.md#files: in the database, size-limited). */
export const fenceOrderFiles = pgTable(
  "fence_order_files",
  {
    id: identityId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    ...auditColumns,
  },
  (table) => [index("fence_order_files_order_idx").on(table.orderId)],
);

/**
 * docs/domain.md#offer-pdf: an order's offer PDF, cached per language (docs/architecture.md#files). `fingerprint` says what it
 * was made from; a different fingerprint, or `regenerate=true`, rebuilds it.
 */
export const fenceOfferPdfs = pgTable(
  "fence_offer_pdfs",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    fingerprint: text("fingerprint").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("fence_offer_pdfs_order_language").on(table.orderId, table.language)],
);

/**
 * docs/domain.md#ordered-material, decision 024: an order's material, its cut list summed per base product, part and
 * colour over every length, plus its sub-products and the other items bought in. Computed from the
 * items when stale (`fence_orders.material_at` null), so "ordered material" over thousands of
 * orders is one SQL sum instead of thousands of items through the engine.
 */
export const fenceOrderMaterial = pgTable(
  "fence_order_material",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "cascade" }),
    /** Null for a custom other item (named by `customName`). */
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    component: text("component").notNull(),
    color: text("color"),
    customName: text("custom_name"),
    amount: numeric("amount", { precision: 14, scale: 3 }).notNull(),
    runningMeters: numeric("running_meters", { precision: 16, scale: 3 }),
  },
  (table) => [index("fence_order_material_order_idx").on(table.orderId)],
);

/** docs/domain.md#default-promises: a template creates a promise when an order enters its trigger status. */
export const defaultPromises = pgTable("default_promises", {
  id: identityId(),
  statusId: integer("status_id")
    .notNull()
    .references(() => promiseStatuses.id, { onDelete: "restrict" }),
  promise: text("promise").notNull(),
  daysToDeadline: integer("days_to_deadline").notNull(),
  triggerOrderStatus: text("trigger_order_status").notNull(),
  ...auditColumns,
});

/** docs/domain.md#promise: a promise to a customer about an order. */
export const promises = pgTable(
  "promises",
  {
    id: identityId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => fenceOrders.id, { onDelete: "restrict" }),
    statusId: integer("status_id")
      .notNull()
      .references(() => promiseStatuses.id, { onDelete: "restrict" }),
    created: date("created").notNull(),
    deadline: date("deadline").notNull(),
    solved: date("solved"),
    resolved: boolean("resolved").notNull().default(false),
    promise: text("promise").notNull(),
    note: text("note"),
    issues: text("issues"),
    resolution: text("resolution"),
    /** The template that created it; one promise per order and template (created once, never twice). */
    defaultPromiseId: integer("default_promise_id").references(() => defaultPromises.id, { onDelete: "set null" }),
    ...auditColumns,
  },
  (table) => [
    index("promises_status_resolved_idx").on(table.statusId, table.resolved, table.deadline),
    index("promises_order_idx").on(table.orderId),
    uniqueIndex("promises_order_default_unique").on(table.orderId, table.defaultPromiseId),
  ],
);
