/**
 * Stock as the warehouse tests set it up and read it back: a warehouse item's quantity
 * written straight into the table (the operations under test are the only other writers), read
 * back as the stored numeric text, and the transfer log's size.
 */
import { and, eq, sql } from "drizzle-orm";
import { basketItems, baskets, warehouseItems, warehouseTransferLogs } from "@db/schema";
import type { Db } from "@/lib/db";

export interface StockHelpers {
  /** Sets (or creates) the warehouse item's quantity, e.g. "10.000". */
  setStock(warehouseId: number, productId: number, quantity: string): Promise<void>;
  /** The stored quantity ("7.500"), or null when the warehouse has no item of the product. */
  stock(warehouseId: number, productId: number): Promise<string | null>;
  /** How many transfer-log rows there are. */
  logCount(): Promise<number>;
}

/** The helpers over a database read when called (a test file's database may be opened later). */
export function stockHelpers(db: () => Db): StockHelpers {
  return {
    async setStock(warehouseId, productId, quantity) {
      await db()
        .insert(warehouseItems)
        .values({ warehouseId, productId, quantity })
        .onConflictDoUpdate({ target: [warehouseItems.warehouseId, warehouseItems.productId], set: { quantity } });
    },
    async stock(warehouseId, productId) {
      const [row] = await db()
        .select({ quantity: warehouseItems.quantity })
        .from(warehouseItems)
        .where(and(eq(warehouseItems.warehouseId, warehouseId), eq(warehouseItems.productId, productId)));
      return row?.quantity ?? null;
    },
    async logCount() {
      const [row] = await db().select({ count: sql<number>`count(*)::int` }).from(warehouseTransferLogs);
      return Number(row!.count);
    },
  };
}

/** A user's common basket as product id → quantity (the manufacture list's and the saved baskets' loads land there). */
export async function commonBasketQuantities(db: Db, userId: number): Promise<Record<number, number>> {
  const rows = await db
    .select({ productId: basketItems.productId, quantity: basketItems.quantity })
    .from(basketItems)
    .innerJoin(baskets, eq(baskets.id, basketItems.basketId))
    .where(and(eq(baskets.userId, userId), eq(baskets.type, "COMMON")));
  return Object.fromEntries(rows.map((row) => [row.productId, Number(row.quantity)]));
}
