import { boolean, numeric, pgTable } from "drizzle-orm/pg-core";
import { auditColumns, identityId } from "./columns";

export const vatRates = pgTable("vat_rates", {
  id: identityId(),
  rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
  active: boolean("active").notNull().default(true),
  ...auditColumns,
});
