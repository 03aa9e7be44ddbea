/**
 * A file uploaded to the import, kept between its steps (docs/decisions/075-spreadsheet-import.md):
 * read once on upload (a bad file is refused there, nothing kept), then read again at each step.
 */
import { and, eq, lt } from "drizzle-orm";
import { importUploads } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { cleanFileName } from "@/lib/uploads";
import { type ImportTable, readImportFile } from "./read";

/** An upload left behind (the user went away mid-way) goes at the next upload after this. */
const KEPT_MS = 24 * 60 * 60 * 1000;

export async function storeUpload(ctx: Ctx, kind: string, file: { fileName: string; data: Uint8Array }): Promise<{ id: number; table: ImportTable }> {
  const table = readImportFile(file);
  await ctx.db.delete(importUploads).where(lt(importUploads.createdAt, new Date(Date.now() - KEPT_MS)));
  const [row] = await ctx.db
    .insert(importUploads)
    .values({ kind, fileName: cleanFileName(file.fileName), data: file.data, createdBy: ctx.userId, updatedBy: ctx.userId })
    .returning({ id: importUploads.id });
  return { id: row!.id, table };
}

/** The user's own upload of this kind, read; 404 for any other. */
export async function loadUpload(ctx: Ctx, kind: string, id: number): Promise<{ fileName: string; table: ImportTable }> {
  const [row] = await ctx.db
    .select({ fileName: importUploads.fileName, data: importUploads.data, createdBy: importUploads.createdBy })
    .from(importUploads)
    .where(and(eq(importUploads.id, id), eq(importUploads.kind, kind)));
  if (!row || row.createdBy !== ctx.userId) throw AppError.notFound();
  return { fileName: row.fileName, table: readImportFile({ fileName: row.fileName, data: row.data }) };
}

/** Imported: the file is not needed any more. */
export async function dropUpload(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.delete(importUploads).where(eq(importUploads.id, id));
}
