import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { auditColumns, bytea, identityId } from "./columns";

/**
 * The spreadsheet import's remembered mapping, one row per kind (`products`, `customers`…):
 * which header text each field was read from and the matching key the user chose
 * (docs/decisions/075-spreadsheet-import.md).
 */
export const importMappings = pgTable("import_mappings", {
  kind: text("kind").primaryKey(),
  /** `{ columns: { field: header text }, key: field }`. */
  mapping: jsonb("mapping").$type<{ columns: Record<string, string>; key: string | null }>().notNull(),
  ...auditColumns,
});

/**
 * A file uploaded to the import, kept between its steps (mapping, preview, import) so the browser
 * sends it once; in the database, so any instance answers the next step. Older than a day, it goes
 * at the next upload (docs/decisions/075-spreadsheet-import.md).
 */
export const importUploads = pgTable("import_uploads", {
  id: identityId(),
  kind: text("kind").notNull(),
  fileName: text("file_name").notNull(),
  data: bytea("data").notNull(),
  ...auditColumns,
});
