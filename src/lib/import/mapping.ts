/**
 * Column → field mapping of the spreadsheet import (docs/decisions/075-spreadsheet-import.md):
 * proposed from the header texts (Czech or English, any case and diacritics, a unit in brackets
 * ignored), changed by the user, and remembered per kind by the header texts it was read from.
 */
import { eq } from "drizzle-orm";
import { importMappings } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { foldText } from "@/lib/search-text";

export interface ImportField {
  key: string;
  /** The field's name as shown (a message key's text or a parameter's own name). */
  label: string;
  /** Header texts it is recognised by; compared folded (`headerKey`). */
  aliases: readonly string[];
}

/** Field → column index (0-based) of the file at hand; a field left out is not imported. */
export type ColumnMapping = Record<string, number>;

export interface ImportMapping {
  columns: ColumnMapping;
  /** The field rows are matched by (a kind's key choices), null for the kind's default. */
  key: string | null;
}

/** "Cena za m² (Kč)" → "cenazam2": folded, a bracketed unit dropped, only letters and digits kept. */
export function headerKey(text: string): string {
  return foldText(text.replace(/\([^)]*\)|\[[^\]]*\]/g, "").replace(/²/g, "2").replace(/³/g, "3"))
    .replace(/[^a-z0-9]/g, "");
}

/**
 * The proposal: each field takes the first column whose header matches one of its aliases or its
 * label; a column serves one field; a remembered header text (`remembered`) wins over the aliases.
 */
export function proposeMapping(headers: readonly string[], fields: readonly ImportField[], remembered?: Record<string, string>): ColumnMapping {
  const keys = headers.map(headerKey);
  const used = new Set<number>();
  const mapping: ColumnMapping = {};
  const take = (field: string, wanted: readonly string[]) => {
    const folded = new Set(wanted.map(headerKey).filter(Boolean));
    const index = keys.findIndex((key, column) => !used.has(column) && folded.has(key));
    if (index < 0) return false;
    mapping[field] = index;
    used.add(index);
    return true;
  };
  for (const field of fields) {
    const header = remembered?.[field.key];
    if (header !== undefined) take(field.key, [header]);
  }
  for (const field of fields) if (mapping[field.key] === undefined) take(field.key, [field.label, ...field.aliases]);
  return mapping;
}

/** The remembered mapping of a kind as header texts, or null. */
export async function loadMapping(ctx: Ctx, kind: string): Promise<{ columns: Record<string, string>; key: string | null } | null> {
  const [row] = await ctx.db.select({ mapping: importMappings.mapping }).from(importMappings).where(eq(importMappings.kind, kind));
  return row?.mapping ?? null;
}

/** Remembers a mapping by the header texts of its columns (a file with its columns moved maps the same). */
export async function saveMapping(ctx: Ctx, kind: string, headers: readonly string[], mapping: ImportMapping): Promise<void> {
  const columns: Record<string, string> = {};
  for (const [field, index] of Object.entries(mapping.columns)) {
    const header = headers[index];
    if (header) columns[field] = header;
  }
  const value = { columns, key: mapping.key };
  await ctx.db
    .insert(importMappings)
    .values({ kind, mapping: value, createdBy: ctx.userId, updatedBy: ctx.userId })
    .onConflictDoUpdate({ target: importMappings.kind, set: { mapping: value, updatedAt: new Date(), updatedBy: ctx.userId } });
}
