/**
 * Supplier orders (docs/domain.md#supplier-orders): the generic CRUD over supplier_orders, the
 * order's lines, and "Create from basket", which turns the caller's COMMON basket into an order.
 */
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { products, supplierOrderLines, supplierOrders, suppliers } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { createCrudService, matchesText } from "@/lib/crud/service";
import { formatCzechDate, todayInPrague } from "@/lib/dates";
import { AppError, msg } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { parseInput } from "@/lib/validation";
import { clearBasket, listBasketItems } from "@/modules/baskets/service";
import { ORDER_NAME_MAX, orderFromBasketInput, type SupplierOrder, type SupplierOrderDetail, type SupplierOrderLine, supplierOrderInput } from "./schemas";

const COMMON_BASKET = { type: "COMMON" } as const;

/** The supplier an order is for; an unknown one refuses the `supplier` field. */
export async function findSupplier(ctx: Ctx, id: number): Promise<{ id: number; name: string }> {
  const [supplier] = await ctx.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id));
  if (!supplier) throw AppError.invalid({ supplier: msg("supplierOrder.supplierNotFound") });
  return supplier;
}

export const supplierOrderService = createCrudService({
  table: supplierOrders,
  input: supplierOrderInput,
  toEntity: (row): SupplierOrder => ({
    id: row.id,
    name: row.name,
    // The name and the count come from enrich, for a whole page in one go.
    supplier: { id: row.supplierId, name: "" },
    note: row.note,
    lineCount: 0,
    createdAt: row.createdAt.toISOString(),
  }),
  toValues: (input) => ({ name: input.name, supplierId: input.supplier, note: input.note ?? null }),
  listFields: {
    id: { column: supplierOrders.id, filter: "number", sortable: true },
    name: { column: supplierOrders.name, filter: "text", sortable: true },
    supplierId: { column: supplierOrders.supplierId, filter: "number", sortable: true },
    // The list's supplier filter matches the supplier's name.
    supplier: {
      where: (value) =>
        sql`${supplierOrders.supplierId} in (select ${suppliers.id} from ${suppliers} where ${matchesText(suppliers.name, value)})`,
    },
    createdAt: { column: supplierOrders.createdAt, sortable: true },
  },
  defaultSort: ["id", "desc"],
  validate: async ({ ctx, input }) => {
    await findSupplier(ctx, input.supplier);
  },
  enrich: async ({ ctx, entities }) => {
    if (!entities.length) return entities;
    const supplierIds = [...new Set(entities.map((order) => order.supplier.id))];
    const orderIds = entities.map((order) => order.id);
    const [names, counts] = await Promise.all([
      ctx.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(inArray(suppliers.id, supplierIds)),
      ctx.db
        .select({ orderId: supplierOrderLines.orderId, lines: count() })
        .from(supplierOrderLines)
        .where(inArray(supplierOrderLines.orderId, orderIds))
        .groupBy(supplierOrderLines.orderId),
    ]);
    const nameOf = new Map(names.map((row) => [row.id, row.name]));
    const countOf = new Map(counts.map((row) => [row.orderId, Number(row.lines)]));
    return entities.map((order) => ({
      ...order,
      supplier: { id: order.supplier.id, name: nameOf.get(order.supplier.id) ?? "" },
      lineCount: countOf.get(order.id) ?? 0,
    }));
  },
});

/** The order's lines, in the order they were added. */
export async function listSupplierOrderLines({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<SupplierOrderLine[]> {
  const rows = await ctx.db
    .select({ id: supplierOrderLines.id, productId: products.id, name: products.name, ean13: products.ean13, quantity: supplierOrderLines.quantity })
    .from(supplierOrderLines)
    .innerJoin(products, eq(products.id, supplierOrderLines.productId))
    .where(eq(supplierOrderLines.orderId, input.id))
    .orderBy(asc(supplierOrderLines.id));
  return rows.map((row) => ({ id: row.id, product: { id: row.productId, name: row.name, ean13: row.ean13 }, quantity: Number(row.quantity) }));
}

/** One order with its lines (the detail view and `GET /api/suppliers/orders/:id`). */
export async function getSupplierOrderDetail({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<SupplierOrderDetail> {
  const order = await supplierOrderService.get({ ctx, input });
  return { ...order, lines: await listSupplierOrderLines({ ctx, input }) };
}

/** "Objednávka Ferona a.s. 07.03.2026" (today in Prague), in the caller's language. */
export function defaultOrderName(ctx: Ctx, supplierName: string, today = todayInPrague()): string {
  const name = tFor(ctx.lang)("supplierOrder.defaultName", { supplier: supplierName, date: formatCzechDate(today) }) as string;
  return name.slice(0, ORDER_NAME_MAX);
}

/** One line of a new supplier order: a product and its quantity (pieces, at most 3 decimals, as numeric text). */
export interface NewSupplierOrderLine {
  productId: number;
  quantity: string;
}

/**
 * The one way a supplier order with lines is inserted (from the basket, from ordered material's
 * short lines): in the caller's transaction, the header for the supplier (found by `findSupplier`
 * first), named as given or "Objednávka <supplier> <dd.mm.yyyy>", then its lines in their order.
 * The caller refuses an empty order before; the id of the new order.
 */
export async function insertSupplierOrder(tx: Ctx, order: { supplier: { id: number; name: string }; name?: string | null; lines: readonly NewSupplierOrderLine[] }): Promise<number> {
  const { supplier } = order;
  const [row] = await tx.db
    .insert(supplierOrders)
    .values({ name: order.name ?? defaultOrderName(tx, supplier.name), supplierId: supplier.id, createdBy: tx.userId, updatedBy: tx.userId })
    .returning({ id: supplierOrders.id });
  if (order.lines.length) await tx.db.insert(supplierOrderLines).values(order.lines.map((line) => ({ orderId: row!.id, productId: line.productId, quantity: line.quantity })));
  return row!.id;
}

/**
 * docs/domain.md#supplier-orders: one transaction that reads the caller's COMMON basket (product
 * and quantity per line), creates the order for the chosen supplier with those lines and, when
 * `clearBasket` is set, empties the basket. An empty basket is refused and nothing is written.
 */
export async function createOrderFromBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<number> {
  const values = parseInput(orderFromBasketInput, input);
  return withTransaction(ctx, async (tx) => {
    const supplier = await findSupplier(tx, values.supplier);
    const items = await listBasketItems({ ctx: tx, input: COMMON_BASKET });
    if (items.length === 0) throw AppError.fail(msg("supplierOrder.basketEmpty"));
    const id = await insertSupplierOrder(tx, {
      supplier,
      name: values.name,
      lines: items.map((item) => ({ productId: item.shopProduct.id, quantity: item.quantity.toFixed(3) })),
    });
    if (values.clearBasket) await clearBasket({ ctx: tx, input: COMMON_BASKET });
    return id;
  });
}
