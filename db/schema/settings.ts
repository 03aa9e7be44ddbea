import { boolean, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, identityId, uniqueNameIndex } from "./columns";

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

/** Spec 02: delivery vans (vehicles on the planning board). SPZ is stored normalised: upper case, no spaces. */
export const deliveryVans = pgTable(
  "delivery_vans",
  {
    id: identityId(),
    name: text("name").notNull(),
    spz: text("spz").notNull(),
    ...auditColumns,
  },
  (table) => [uniqueIndex("delivery_vans_spz_unique").on(table.spz)],
);

export const translationGroups = pgTable("translation_groups", {
  id: identityId(),
  name: text("name").notNull(),
  ...auditColumns,
});
