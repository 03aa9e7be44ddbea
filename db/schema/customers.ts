import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, boolean } from "drizzle-orm/pg-core";
import { phoneKeySql } from "../../src/lib/phone";
import { auditColumns, czechSortKeyColumn, czechSortKeyIndex, identityId } from "./columns";

/** A customer's billing and delivery columns, the same on an order and on a directory contact (they map one to one). */
export const customerAddressColumns = () => ({
  company: text("company"),
  ico: text("ico"),
  dic: text("dic"),
  street: text("street"),
  city: text("city"),
  postalCode: text("postal_code"),
  deliveryAddress: boolean("delivery_address").notNull().default(false),
  deliveryCompany: text("delivery_company"),
  deliveryFirstName: text("delivery_first_name"),
  deliveryLastName: text("delivery_last_name"),
  deliveryStreet: text("delivery_street"),
  deliveryCity: text("delivery_city"),
  deliveryPostalCode: text("delivery_postal_code"),
});

/**
 * docs/domain.md#customers: the customer directory, one contact per customer. Its fields are the
 * order's customer and delivery fields (db/schema/orders.ts `fence_orders`) one to one, so a contact
 * fills an order and an order's customer becomes or updates a contact (docs/decisions/074-customer-directory.md).
 */
export const customers = pgTable(
  "customers",
  {
    id: identityId(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    email: text("email"),
    ...customerAddressColumns(),
    /** The language of the documents made for the customer (offers, invoices): cs or en. */
    language: text("language").notNull().default("cs"),
    note: text("note"),
    sortLastName: czechSortKeyColumn("sort_last_name", "last_name"),
    sortCompany: czechSortKeyColumn("sort_company", "company"),
    ...auditColumns,
  },
  (table) => [
    // One contact per company: the IČO is the key an order and an import match by first.
    uniqueIndex("customers_ico_unique").on(table.ico).where(sql`${table.ico} is not null`),
    // Not unique: two firms may share a bookkeeper's e-mail, a household one phone (decision 074).
    index("customers_email_idx").on(sql`lower(${table.email})`),
    index("customers_phone_key_idx").on(phoneKeySql(table.phone), table.id),
    czechSortKeyIndex("customers_sort_last_name_idx", table.sortLastName, table.id),
    czechSortKeyIndex("customers_sort_company_idx", table.sortCompany, table.id),
    check("customers_language", sql`${table.language} in ('cs', 'en')`),
  ],
);
