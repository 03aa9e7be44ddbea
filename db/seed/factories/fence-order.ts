/**
 * Fence orders: a valid header as the API takes it, an order made through the service (its date
 * rules, status history and default promises apply), an order with items, and a bare row for the
 * tests that need a status without those side effects.
 */
import { fenceOrderItems, fenceOrderOtherItems, fenceOrders } from "@db/schema";
import type { Ctx } from "@/lib/context";
import type { Db } from "@/lib/db";
import { createFenceOrder as createOrder } from "@/modules/orders/fence-order/service";
import { DEFAULT_DELIVERY_TEXT, DEFAULT_PAYMENT_RULES } from "@/modules/orders/fence-order/schemas";
import { createProduct } from "./catalogue";
import { nextNumber } from "./sequence";

/** A valid fence order header (spec 02 §5, §9 defaults) for service and HTTP tests. */
export const validFenceOrder = {
  firstName: "Jan",
  lastName: "Novák",
  phone: "+420 777 123 456",
  email: "jan.novak@example.cz",
  paymentRuleConfirmation: 10,
  paymentRuleDelivery: 55,
  paymentRuleCompletion: 35,
  delivery: "výroba 1–14 týdnů, montáž 1–7 dní",
  vat: 21,
  offerDate: "2026-03-01",
};

/** A price offer through the service (validated, with its AUTO history row); `values` as the API takes them. */
export async function createFenceOrder(ctx: Ctx, values: Record<string, unknown> = {}): Promise<number> {
  const n = nextNumber();
  return createOrder({ ctx, input: { ...validFenceOrder, lastName: `Novák ${n}`, email: `zakaznik${n}@example.cz`, ...values } });
}

type ItemValues = Partial<typeof fenceOrderItems.$inferInsert>;
type OtherItemValues = Partial<typeof fenceOrderOtherItems.$inferInsert>;

/**
 * An order (through the service) with fence items and other items. Items have no service yet (the
 * items editor is to come), so they are written as rows; each gets a new product unless it names
 * one (or `productId: null`). Without lists: one fence panel and one other item.
 */
export async function createFenceOrderWithItems(
  ctx: Ctx,
  values: { order?: Record<string, unknown>; items?: ItemValues[]; otherItems?: OtherItemValues[] } = {},
): Promise<{ id: number; itemIds: number[]; otherItemIds: number[] }> {
  const id = await createFenceOrder(ctx, values.order);
  const audit = { createdBy: ctx.userId, updatedBy: ctx.userId };
  const productOf = async (item: { productId?: number | null }) =>
    "productId" in item ? (item.productId ?? null) : await createProduct(ctx.db, { name: `Plotový panel ${nextNumber()}`, m2Price: "450.00" });
  const items = values.items ?? [{ height: "1530", length: "10000" }];
  const itemRows = [];
  for (const [index, item] of items.entries()) {
    itemRows.push({ productType: "FENCE", amount: "1", m2Price: "450.00", sortOrder: index, ...item, productId: await productOf(item), orderId: id, ...audit });
  }
  const otherItems = values.otherItems ?? [{}];
  const otherRows = [];
  for (const [index, item] of otherItems.entries()) {
    otherRows.push({ itemType: "OTHER", amount: "2", unitPrice: "120.00", sortOrder: index, ...item, productId: await productOf(item), orderId: id, ...audit });
  }
  const itemIds = itemRows.length ? (await ctx.db.insert(fenceOrderItems).values(itemRows).returning({ id: fenceOrderItems.id })).map((row) => row.id) : [];
  const otherItemIds = otherRows.length
    ? (await ctx.db.insert(fenceOrderOtherItems).values(otherRows).returning({ id: fenceOrderOtherItems.id })).map((row) => row.id)
    : [];
  return { id, itemIds, otherItemIds };
}

/**
 * A bare header row with only the required columns (payment rules 10/55/35, VAT 21), in any
 * status, with no history and no default promises: for tests of what reacts to a status.
 */
export async function insertFenceOrderRow(db: Db, values: Partial<typeof fenceOrders.$inferInsert> = {}): Promise<number> {
  const n = nextNumber();
  const [row] = await db
    .insert(fenceOrders)
    .values({
      status: "PRICE_OFFER",
      firstName: "Petr",
      lastName: `Dvořák ${n}`,
      phone: `+420 777 ${String(Math.floor(n / 1000) % 1000).padStart(3, "0")} ${String(n % 1000).padStart(3, "0")}`,
      email: `zakaznik${n}@example.cz`,
      ...DEFAULT_PAYMENT_RULES,
      delivery: DEFAULT_DELIVERY_TEXT,
      vat: "21",
      ...values,
    })
    .returning({ id: fenceOrders.id });
  return row!.id;
}
