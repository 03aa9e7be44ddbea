import { sql } from "drizzle-orm";
import { type AnyPgColumn, customType, index, integer, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { czechSortKeySql } from "../../src/lib/czech-order";

/** Every business table records when and by whom it was created and last changed. */
export const auditColumns = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer("created_by"),
  updatedBy: integer("updated_by"),
};

export const identityId = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

/**
 * The Czech sort key of a text column (`source` is its SQL name), kept by the database: big
 * tables sort by it through an index instead of computing it per row (src/lib/czech-order.ts).
 */
export const czechSortKeyColumn = (name: string, source: string) => text(name).generatedAlwaysAs(sql.raw(czechSortKeySql(`"${source}"`)));

/** The index a list's sort by a Czech sort key walks, a page at a time, ties by id. */
export const czechSortKeyIndex = (name: string, key: AnyPgColumn, id: AnyPgColumn) => index(name).on(sql`${key} collate "C"`, id);

/**
 * A name unique whatever its case, as the services check it (`lower(name)`, src/lib/crud/service.ts),
 * within the rows that share the `scope` column (a work type's workplace). The index is the
 * guarantee when two requests check at once; the service maps its violation to the same refusal.
 */
export const uniqueNameIndex = (name: string, column: AnyPgColumn, scope?: AnyPgColumn) =>
  scope ? uniqueIndex(name).on(scope, sql`lower(${column})`) : uniqueIndex(name).on(sql`lower(${column})`);

/** Files (order files, product images, cached PDFs, the logo) live in the database: a backup is one dump. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});
