import { integer, timestamp } from "drizzle-orm/pg-core";

/** Every business table records when and by whom it was created and last changed. */
export const auditColumns = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer("created_by"),
  updatedBy: integer("updated_by"),
};

export const identityId = () => integer("id").primaryKey().generatedByDefaultAsIdentity();
