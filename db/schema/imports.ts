import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { auditColumns } from "./columns";

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
