import { sql } from "drizzle-orm";
import { boolean, check, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, bytea, identityId, uniqueNameIndex } from "./columns";

export const eshops = pgTable("eshops", {
  id: identityId(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  ...auditColumns,
}, (table) => [uniqueNameIndex("eshops_name_unique", table.name)]);

export const shippingTypes = pgTable("shipping_types", {
  id: identityId(),
  name: text("name").notNull(),
  price: numeric("price", { precision: 14, scale: 2 }).notNull(),
  priceByDistance: boolean("price_by_distance").notNull().default(false),
  ...auditColumns,
}, (table) => [uniqueNameIndex("shipping_types_name_unique", table.name)]);

/** docs/domain.md#delivery-vans: delivery vans (vehicles on the planning board). SPZ is stored normalised: upper case, no spaces. */
export const deliveryVans = pgTable(
  "delivery_vans",
  {
    id: identityId(),
    name: text("name").notNull(),
    spz: text("spz").notNull(),
    /** An active van has its column on the planning grid; an inactive one only while it has plans in the range. */
    active: boolean("active").notNull().default(true),
    ...auditColumns,
  },
  (table) => [uniqueIndex("delivery_vans_spz_unique").on(table.spz)],
);

export const translationGroups = pgTable("translation_groups", {
  id: identityId(),
  name: text("name").notNull(),
  ...auditColumns,
});

/**
 * docs/domain.md#company-identity: the company's identity, one row (id 1) like invoice settings. The offer's and the
 * invoice's headers read it; the logo is stored here (PNG or SVG, size-limited by the service).
 */
export const companyIdentity = pgTable(
  "company_identity",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    street: text("street"),
    city: text("city"),
    postalCode: text("postal_code"),
    country: text("country"),
    ico: text("ico"),
    dic: text("dic"),
    vatPayer: boolean("vat_payer").notNull().default(true),
    phone: text("phone"),
    email: text("email"),
    web: text("web"),
    logo: bytea("logo"),
    logoMimeType: text("logo_mime_type"),
    offerValidityDays: integer("offer_validity_days").notNull().default(30),
    offerClosingText: text("offer_closing_text"),
    ...auditColumns,
  },
  (table) => [check("company_identity_single_row", sql`${table.id} = 1`)],
);

/**
 * docs/decisions/067-backup-and-restore.md: how many nightly backups an instance keeps in
 * DATA_DIR/backups (one row, id 1; 7 unless set).
 */
export const backupSettings = pgTable(
  "backup_settings",
  {
    id: integer("id").primaryKey(),
    keep: integer("keep").notNull().default(7),
    ...auditColumns,
  },
  (table) => [check("backup_settings_single_row", sql`${table.id} = 1`), check("backup_settings_keep", sql`${table.keep} between 1 and 90`)],
);
