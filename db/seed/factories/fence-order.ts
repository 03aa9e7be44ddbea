/**
 * Fence orders: a valid header as the API takes it, an order made through the service (its date
 * rules, status history and default promises apply), an order with items saved through the items
 * tab's service, and a bare row for the tests that need a status without those side effects.
 */
import { fenceOrders } from "@db/schema";
import type { Ctx } from "@/lib/context";
import type { Db } from "@/lib/db";
import { createFenceOrder as createOrder, editOrderItems } from "@/modules/orders";
import { DEFAULT_DELIVERY_TEXT, DEFAULT_PAYMENT_RULES } from "@/modules/orders/fence-order/schemas";
import { createProduct } from "./catalogue";
import { validFenceItem } from "./fence-item";
import { nextNumber } from "./sequence";

/** A valid fence order header (docs/domain.md#fence-order-validation, with docs/domain.md#order-defaults) for service and HTTP tests. */
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

type Row = Record<string, unknown>;

/**
 * An order (through the service) with fence items and other items, saved through the items tab's
 * service (editItems), so the engine's rules apply. Items and other items are as the API takes them,
 * over `validFenceItem` and a line of 2 × 120 Kč; each gets a new product unless it names one
 * (`product`). Without lists: one fence item and one other item.
 */
export async function createFenceOrderWithItems(
  ctx: Ctx,
  values: { order?: Record<string, unknown>; items?: Row[]; otherItems?: Row[]; assemblyItems?: Row[] } = {},
): Promise<{ id: number; itemIds: number[]; otherItemIds: number[]; assemblyItemIds: number[] }> {
  const id = await createFenceOrder(ctx, values.order);
  const productOf = async (row: Row, name: string) => ("product" in row ? row.product : await createProduct(ctx.db, { name: `${name} ${nextNumber()}`, m2Price: "450.00", unitPrice: "120.00" }));
  const rows = async (list: Row[], prefix: string, defaults: Row, name: string) => {
    const made: Row[] = [];
    for (const [index, row] of list.entries()) made.push({ ...defaults, tmpId: `${prefix}-${index}`, ...row, product: await productOf(row, name) });
    return made;
  };
  const items = await rows(values.items ?? [{}], "item", validFenceItem, "Plotový panel");
  const otherItems = await rows(values.otherItems ?? [{}], "other", { amount: 2, unitPrice: 120 }, "Příslušenství");
  const assemblyItems = await rows(values.assemblyItems ?? [], "assembly", { amount: 1, unitPrice: 350 }, "Montáž");
  const { ids } = await editOrderItems({ ctx, input: { id, values: { items, otherItems, assemblyItems } } });
  const idsOf = (list: Row[]) => list.map((row) => ids.find((pair) => pair.tmpId === row.tmpId)!.id);
  return { id, itemIds: idsOf(items), otherItemIds: idsOf(otherItems), assemblyItemIds: idsOf(assemblyItems) };
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
