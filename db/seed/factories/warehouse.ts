/** Warehouses, rack scales and what a warehouse holds, through their services. */
import { eq } from "drizzle-orm";
import { warehouseItemRackScales, warehouseItems, warehouseRackScales, warehouseTransferLogs } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { addToBasket } from "@/modules/baskets/service";
import { rackScaleService, warehouseService } from "@/modules/warehouse/service";
import { createProduct } from "./catalogue";
import { serviceFactory } from "./service-factory";

export const createWarehouse = serviceFactory(warehouseService, (n) => ({ name: `Sklad ${n}`, expedition: false, icon: "fence" }));

const createScale = serviceFactory(rackScaleService, (n) => ({ name: `Regál ${n}`, extId: 100_000 + n }));

/**
 * A rack scale (unique extId); with `reading`, also the last weight the scale feed wrote (grams as
 * text, numeric(12,1)) and when: the form never writes those (docs/domain.md#scale-feed).
 */
export async function createRackScale(ctx: Ctx, values: { name?: string; extId?: number; reading?: { grams: string; at: Date } } = {}): Promise<number> {
  const { reading, ...scale } = values;
  const id = await createScale(ctx, scale);
  if (reading) await ctx.db.update(warehouseRackScales).set({ lastWeight: reading.grams, lastWeightChange: reading.at }).where(eq(warehouseRackScales.id, id));
  return id;
}

/**
 * A warehouse and the products it holds for `userId`: today that is the user's basket of the
 * warehouse (docs/domain.md#basket, type WAREHOUSE), the only per-warehouse quantity the schema has; the
 * stock feature's warehouse items will be made here too. Each line gets a new product unless it
 * names one. Without lines: two products, 2 and 5 pieces.
 */
export async function createWarehouseWithStock(
  ctx: Ctx,
  values: { userId: number; warehouse?: Record<string, unknown>; lines?: { productId?: number; quantity: number }[] },
): Promise<{ id: number; productIds: number[] }> {
  const id = await createWarehouse(ctx, values.warehouse);
  const owner = { ...ctx, userId: values.userId };
  const productIds: number[] = [];
  for (const line of values.lines ?? [{ quantity: 2 }, { quantity: 5 }]) {
    const productId = line.productId ?? (await createProduct(ctx.db));
    await addToBasket({ ctx: owner, input: { type: "WAREHOUSE", warehouseId: id, productId, amount: line.quantity } });
    productIds.push(productId);
  }
  return { id, productIds };
}

/**
 * A warehouse item (docs/domain.md#warehouses) as the stock operations leave it: the quantity is set directly here,
 * for tests and the demo only (the app changes it through production, stocktaking and transfer).
 * Numbers as numeric(14,3) text or numbers; `rackScales` attaches scales.
 */
export async function createWarehouseItem(
  ctx: Ctx,
  values: { warehouseId: number; productId?: number; quantity?: number | string; onTheWay?: number | string; requiredStockLevel?: number | string; rackScales?: number[] },
): Promise<number> {
  const productId = values.productId ?? (await createProduct(ctx.db));
  const [row] = await ctx.db
    .insert(warehouseItems)
    .values({
      warehouseId: values.warehouseId,
      productId,
      quantity: String(values.quantity ?? 0),
      onTheWay: String(values.onTheWay ?? 0),
      requiredStockLevel: String(values.requiredStockLevel ?? 0),
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    })
    .returning({ id: warehouseItems.id });
  if (values.rackScales?.length) await ctx.db.insert(warehouseItemRackScales).values(values.rackScales.map((rackScaleId) => ({ warehouseItemId: row!.id, rackScaleId })));
  return row!.id;
}

/** One transfer-log row (docs/domain.md#transfer-log), as a stock operation writes it; `createdAt` now unless given. */
export async function createTransferLog(
  ctx: Ctx,
  values: {
    productId: number;
    transferType: string;
    quantity: number | string;
    logGroup: string;
    targetWarehouseId?: number | null;
    sourceWarehouseId?: number | null;
    userId?: number | null;
    createdAt?: Date;
  },
): Promise<number> {
  const [row] = await ctx.db
    .insert(warehouseTransferLogs)
    .values({ ...values, quantity: String(values.quantity), userId: values.userId === undefined ? ctx.userId : values.userId })
    .returning({ id: warehouseTransferLogs.id });
  return row!.id;
}
