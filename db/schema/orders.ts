import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { auditColumns, identityId } from "./columns";

export const promiseStatuses = pgTable("promise_statuses", {
  id: identityId(),
  name: text("name").notNull(),
  ...auditColumns,
});

/** One record, id 1 (spec 02): the company's bank details printed on invoices. */
export const invoiceSettings = pgTable(
  "invoice_settings",
  {
    id: integer("id").primaryKey(),
    bankAccount: text("bank_account").notNull(),
    iban: text("iban").notNull(),
    swift: text("swift").notNull(),
    ...auditColumns,
  },
  (table) => [check("invoice_settings_single_row", sql`${table.id} = 1`)],
);
