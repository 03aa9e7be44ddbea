/**
 * An order's files (docs/domain.md#order-files, tab 3): images and PDFs, each at most 20 MB, typed by content
 * (src/lib/uploads.ts) and stored as bytea in fence_order_files. One refused file refuses the
 * whole upload and nothing is stored.
 */
import { and, asc, eq } from "drizzle-orm";
import { fenceOrderFiles, fenceOrders } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { isRowId } from "@/lib/crud/service";
import { AppError } from "@/lib/errors";
import { checkFiles, IMAGE_KINDS, type IncomingFile, MB, type UploadRules } from "@/lib/uploads";

/** docs/domain.md#order-files: jpg, png, webp or PDF, each at most 20 MB, checked by content. */
export const ORDER_FILE_RULES: UploadRules = { kinds: [...IMAGE_KINDS, "pdf"], maxBytes: 20 * MB, maxFiles: 10, field: "files" };

export interface OrderFile {
  id: number;
  orderId: number;
  fileName: string;
  mimeType: string;
  size: number;
  isImage: boolean;
  createdAt: Date;
  /** Download (attachment; inline for images). */
  url: string;
  /** Inline bytes for an image preview (docs/domain.md#order-files: /orders/fenceOrder/upload?load={id}). */
  previewUrl: string;
}

export interface OrderFileBytes {
  id: number;
  orderId: number;
  fileName: string;
  mimeType: string;
  size: number;
  data: Uint8Array;
}

export const orderFileUrl = (orderId: number, fileId: number) => `/orders/fenceOrder/${orderId}/files/${fileId}`;
export const orderFilePreviewUrl = (fileId: number) => `/orders/fenceOrder/upload?load=${fileId}`;
export const isImageType = (mimeType: string) => mimeType.startsWith("image/");

const infoColumns = {
  id: fenceOrderFiles.id,
  orderId: fenceOrderFiles.orderId,
  fileName: fenceOrderFiles.fileName,
  mimeType: fenceOrderFiles.mimeType,
  size: fenceOrderFiles.size,
  createdAt: fenceOrderFiles.createdAt,
};

type InfoRow = { id: number; orderId: number; fileName: string; mimeType: string; size: number; createdAt: Date };

const toOrderFile = (row: InfoRow): OrderFile => ({
  ...row,
  isImage: isImageType(row.mimeType),
  url: orderFileUrl(row.orderId, row.id),
  previewUrl: orderFilePreviewUrl(row.id),
});

/** An id from a path or a caller: not a row id means there is no such record. */
function existingId(id: number): number {
  if (!isRowId(id)) throw AppError.notFound();
  return id;
}

/** NOT_FOUND unless the order exists; `lock` holds its row for the rest of the transaction. */
async function requireOrder(ctx: Ctx, orderId: number, lock = false): Promise<void> {
  const query = ctx.db.select({ id: fenceOrders.id }).from(fenceOrders).where(eq(fenceOrders.id, existingId(orderId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw AppError.notFound();
}

/** The order's files, oldest first (without their bytes). */
export async function listOrderFiles({ ctx, input }: { ctx: Ctx; input: { orderId: number } }): Promise<OrderFile[]> {
  await requireOrder(ctx, input.orderId);
  const rows = await ctx.db
    .select(infoColumns)
    .from(fenceOrderFiles)
    .where(eq(fenceOrderFiles.orderId, input.orderId))
    .orderBy(asc(fenceOrderFiles.createdAt), asc(fenceOrderFiles.id));
  return rows.map(toOrderFile);
}

/** Stores the files in the order given; one refused file stores none. */
export async function addOrderFiles({ ctx, input }: { ctx: Ctx; input: { orderId: number; files: IncomingFile[] } }): Promise<OrderFile[]> {
  await requireOrder(ctx, input.orderId);
  const files = checkFiles(input.files, ORDER_FILE_RULES);
  return withTransaction(ctx, async (tx) => {
    await requireOrder(tx, input.orderId, true);
    const added: OrderFile[] = [];
    // One row per statement: ten 20 MB files in one statement would be 200 MB of parameters.
    for (const file of files) {
      const [row] = await tx.db
        .insert(fenceOrderFiles)
        .values({
          orderId: input.orderId,
          fileName: file.fileName,
          mimeType: file.mimeType,
          size: file.size,
          data: file.data,
          createdBy: tx.userId,
          updatedBy: tx.userId,
        })
        .returning(infoColumns);
      added.push(toOrderFile(row!));
    }
    return added;
  });
}

/** One file with its bytes; with `orderId`, only when it belongs to that order. */
export async function getOrderFile({ ctx, input }: { ctx: Ctx; input: { fileId: number; orderId?: number } }): Promise<OrderFileBytes> {
  const conditions = [eq(fenceOrderFiles.id, existingId(input.fileId))];
  if (input.orderId !== undefined) conditions.push(eq(fenceOrderFiles.orderId, existingId(input.orderId)));
  const [row] = await ctx.db
    .select({ ...infoColumns, data: fenceOrderFiles.data })
    .from(fenceOrderFiles)
    .where(and(...conditions));
  if (!row) throw AppError.notFound();
  const { createdAt: _createdAt, ...file } = row;
  return file;
}

/** Deletes a file (of the order, when given); answers the order id it belonged to. */
export async function deleteOrderFile({ ctx, input }: { ctx: Ctx; input: { fileId: number; orderId?: number } }): Promise<number> {
  const conditions = [eq(fenceOrderFiles.id, existingId(input.fileId))];
  if (input.orderId !== undefined) conditions.push(eq(fenceOrderFiles.orderId, existingId(input.orderId)));
  const [row] = await ctx.db.delete(fenceOrderFiles).where(and(...conditions)).returning({ orderId: fenceOrderFiles.orderId });
  if (!row) throw AppError.notFound();
  return row.orderId;
}

/** "1,2 MB", "340 kB", "512 B" (Czech decimal comma). */
export function formatFileSize(size: number): string {
  if (size >= MB) return `${(Math.round((size / MB) * 10) / 10).toLocaleString("cs-CZ")} MB`;
  if (size >= 1024) return `${Math.round(size / 1024).toLocaleString("cs-CZ")} kB`;
  return `${size} B`;
}
