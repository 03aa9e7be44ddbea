/**
 * The order read model's light read of fence items (docs/decisions/048-order-read-model.md): what a
 * plan names of an item — its product type, the name shown (the manufactured variant's, else the
 * product's), its amount and place in the items tab — without parameters or the engine. Planning
 * reads items only through here (docs/decisions/064-planning-read-model-and-names.md): the order's
 * planning and its plan facts through `readOrderItems`, the grid and a card embed `orderItemsSql`
 * in their one statement.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { selectRows } from "@/lib/db";

export interface OrderItemHead {
  id: number;
  orderId: number;
  /** FENCE, GATE… (fence-item/product-types.ts). */
  productType: string;
  /** The manufactured variant's name, else the product's; null without a product. */
  name: string | null;
  amount: number;
  sortOrder: number;
}

/**
 * The fence items of the orders `orderIds` selects (a subquery, or a list built with `sql.join`),
 * as a derived table to alias: columns `id`, `order_id`, `product_type`, `name`, `amount`,
 * `sort_order`.
 */
export const orderItemsSql = (orderIds: SQL): SQL =>
  sql`(select i.id, i.order_id, i.product_type, coalesce(m.name, p.name) as name, i.amount, i.sort_order
       from fence_order_items i left join products p on p.id = i.product_id left join products m on m.id = i.manufactured_product_id
       where i.order_id in (${orderIds}))`;

/** The fence items of these orders, by order, then in the items tab's order. */
export async function readOrderItems(ctx: Ctx, orderIds: readonly number[]): Promise<OrderItemHead[]> {
  if (!orderIds.length) return [];
  const rows = await selectRows<{ id: number; order_id: number; product_type: string; name: string | null; amount: string; sort_order: number }>(
    ctx.db,
    sql`select * from ${orderItemsSql(sql.join(orderIds.map((id) => sql`${id}`), sql`, `))} items order by order_id, sort_order, id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    orderId: Number(row.order_id),
    productType: row.product_type,
    name: row.name,
    amount: Number(row.amount),
    sortOrder: Number(row.sort_order),
  }));
}
