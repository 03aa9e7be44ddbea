import { sql } from "drizzle-orm";
import { foldedSql } from "../../src/lib/search-text";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { auditColumns, bytea, czechSortKeyColumn, czechSortKeyIndex, identityId } from "./columns";
import { eshops } from "./settings";

export { bytea };

export const vatRates = pgTable("vat_rates", {
  id: identityId(),
  rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
  active: boolean("active").notNull().default(true),
  ...auditColumns,
});

export const categories = pgTable(
  "categories",
  {
    id: identityId(),
    name: text("name").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    sortOrder: integer("sort_order").notNull().default(0),
    ...auditColumns,
  },
  (table) => [index("categories_parent_idx").on(table.parentId), check("categories_not_own_parent", sql`${table.parentId} is null or ${table.parentId} <> ${table.id}`)],
);

/**
 * The items editor's categories (docs/domain.md#editor-categories, settings): which categories' products
 * (and their subcategories') each of the editor's pickers offers: FENCE (fence items), OTHER (other
 * items), ASSEMBLY (assembly items). A category may feed several pickers; a deleted category leaves them.
 */
export const categoryEditorRoles = pgTable(
  "category_editor_roles",
  {
    role: text("role").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.role, table.categoryId] }), index("category_editor_roles_category_idx").on(table.categoryId)],
);

export const categoryParameters = pgTable(
  "category_parameters",
  {
    id: identityId(),
    name: text("name").notNull(),
    required: boolean("required").notNull().default(false),
    defaultValue: text("default_value"),
    /** docs/domain.md#category-parameters: blank, mm, cm, m, kg or g. */
    unit: text("unit").notNull().default(""),
    creationParameter: boolean("creation_parameter").notNull().default(false),
    titleAppending: boolean("title_appending").notNull().default(false),
    /**
     * What the fence engine reads this parameter as (its key in FENCE_PARAMETERS: `pieceHeight`…),
     * like a product's system_role: the engine finds it by role, so staff may rename it. Set by the
     * reference seed only; never changed or deleted (docs/decisions/035-engine-parameter-roles.md).
     */
    role: text("role"),
    ...auditColumns,
  },
  (table) => [uniqueIndex("category_parameters_role_unique").on(table.role)],
);

export const categoryParameterCategories = pgTable(
  "category_parameter_categories",
  {
    parameterId: integer("parameter_id")
      .notNull()
      .references(() => categoryParameters.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.parameterId, table.categoryId] }), index("cpc_category_idx").on(table.categoryId)],
);

export const products = pgTable(
  "products",
  {
    id: identityId(),
    name: text("name").notNull(),
    invoiceName: text("invoice_name"),
    vatId: integer("vat_id").references(() => vatRates.id, { onDelete: "restrict" }),
    storable: boolean("storable").notNull().default(true),
    /** Offered publicly: only an active product's images answer at /fot (docs/domain.md#public-photos, decision 059). */
    active: boolean("active").notNull().default(true),
    ean13: text("ean13"),
    url: text("url"),
    /** grams */
    weight: numeric("weight", { precision: 12, scale: 3 }).notNull().default("0"),
    /** pieces */
    scaleToleranceAmount: integer("scale_tolerance_amount").notNull().default(0),
    /** Base unit price without VAT, CZK. */
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }),
    /** Price per m² without VAT for fence products, CZK. */
    m2Price: numeric("m2_price", { precision: 14, scale: 2 }),
    /** Rows the application itself relies on (assembly products, the attention product). */
    systemRole: text("system_role"),
    /** Not painted after manufacture (galvanised hardware): its manufacture plan lines skip the painting (docs/domain.md#planning). */
    notForPainting: boolean("not_for_painting").notNull().default(false),
    /**
     * A manufactured variant (docs/decisions/019-items-tab-api.md#dynamic-products): the base product it was made from, and
     * its creation parameter values as a canonical key (JSON of [parameter id, value] pairs sorted
     * by id). One variant per base and values: the unique index below is the guarantee.
     */
    baseProductId: integer("base_product_id").references((): AnyPgColumn => products.id, { onDelete: "restrict" }),
    variantKey: text("variant_key"),
    /** The name without case or diacritics, what name searches match (src/lib/search-text.ts). */
    searchName: text("search_name").generatedAlwaysAs(sql.raw(foldedSql(`"name"`))),
    /** The name's Czech sort key, what the list sorts by (src/lib/czech-order.ts). */
    sortName: czechSortKeyColumn("sort_name", "name"),
    ...auditColumns,
  },
  (table) => [
    uniqueIndex("products_ean13_unique").on(table.ean13),
    uniqueIndex("products_system_role_unique").on(table.systemRole),
    uniqueIndex("products_variant_unique").on(table.baseProductId, table.variantKey),
    check("products_variant_complete", sql`(${table.baseProductId} is null) = (${table.variantKey} is null)`),
    // The list sorts by name (the Czech way, byte order on the key) a page at a time; without it every sort reads all 50,000 rows.
    czechSortKeyIndex("products_sort_name_idx", table.sortName, table.id),
    // Substring search on names (LIKE %…% on the folded name) needs a trigram index to stay fast at 50,000 products.
    index("products_search_name_trgm_idx").using("gin", sql`${table.searchName} gin_trgm_ops`),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.productId, table.categoryId] }), index("product_categories_category_idx").on(table.categoryId, table.productId)],
);

export const productParameterValues = pgTable(
  "product_parameter_values",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    parameterId: integer("parameter_id")
      .notNull()
      .references(() => categoryParameters.id, { onDelete: "restrict" }),
    value: text("value").notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.parameterId] })],
);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    name: text("name"),
    invoiceName: text("invoice_name"),
    description: text("description"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by"),
  },
  (table) => [primaryKey({ columns: [table.productId, table.lang] })],
);

export const productEshopPrices = pgTable(
  "product_eshop_prices",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    eshopId: integer("eshop_id")
      .notNull()
      .references(() => eshops.id, { onDelete: "restrict" }),
    price: numeric("price", { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.eshopId] })],
);

export const productImages = pgTable(
  "product_images",
  {
    id: identityId(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isMain: boolean("is_main").notNull().default(false),
    ...auditColumns,
  },
  (table) => [index("product_images_product_idx").on(table.productId, table.sortOrder)],
);
