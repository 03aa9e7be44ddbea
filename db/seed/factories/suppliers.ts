/** Suppliers and supplier orders, through their services; an order's lines as the basket would leave them. */
import { supplierOrderLines } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { supplierOrderService } from "@/modules/suppliers/orders/service";
import { supplierService } from "@/modules/suppliers/supplier/service";
import { nextNumber } from "./sequence";
import { serviceFactory } from "./service-factory";

export const createSupplier = serviceFactory(supplierService, (n) => ({ name: `Dodavatel ${n} s.r.o.`, email: `objednavky${n}@dodavatel.example.cz` }));

/**
 * A supplier order (a new supplier unless `supplier` names one) with its lines. Lines have no
 * service of their own (an order gets them from a basket), so they are written as that does.
 */
export async function createSupplierOrder(
  ctx: Ctx,
  values: { name?: string; supplier?: number; note?: string | null; lines?: { productId: number; quantity: number }[] } = {},
): Promise<number> {
  const { lines = [], ...header } = values;
  const id = await supplierOrderService.create({
    ctx,
    input: { name: `Objednávka ${nextNumber()}`, note: null, ...header, supplier: header.supplier ?? (await createSupplier(ctx)) },
  });
  if (lines.length) {
    await ctx.db.insert(supplierOrderLines).values(lines.map((line) => ({ orderId: id, productId: line.productId, quantity: line.quantity.toFixed(3) })));
  }
  return id;
}
