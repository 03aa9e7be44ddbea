/** A warehouse's barcode (docs/domain.md#barcodes): the Code 128 `W<id>` image that the menu box opens. */
import { eq } from "drizzle-orm";
import { warehouses } from "@db/schema";
import { barcodePng } from "@/lib/barcode";
import type { Ctx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { warehouseCode } from "./schemas";

/** The PNG of one warehouse's code; NOT_FOUND for a warehouse that does not exist. */
export async function warehouseBarcodePng({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<Uint8Array> {
  const [warehouse] = await ctx.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, input.id)).limit(1);
  if (!warehouse) throw AppError.notFound();
  return barcodePng("code128", warehouseCode(warehouse.id), { scale: 3, includeText: false });
}
