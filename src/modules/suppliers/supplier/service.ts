import { asc, count, eq } from "drizzle-orm";
import { supplierOrders, suppliers } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService, czechOrder } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { type Supplier, supplierInput } from "./schemas";

export const supplierService = createCrudService({
  table: suppliers,
  input: supplierInput,
  toEntity: (row): Supplier => ({ id: row.id, name: row.name, email: row.email }),
  toValues: (input) => ({ name: input.name, email: input.email }),
  listFields: {
    id: { column: suppliers.id, filter: "number", sortable: true },
    name: { column: suppliers.name, filter: "text", sortable: true },
    email: { column: suppliers.email, filter: "text", sortable: true },
  },
  defaultSort: ["name", "asc"],
  // The foreign key refuses it too; this names the reason and the count.
  beforeDelete: async ({ ctx, id }) => {
    const [row] = await ctx.db.select({ orders: count() }).from(supplierOrders).where(eq(supplierOrders.supplierId, id));
    const orders = Number(row?.orders ?? 0);
    if (orders > 0) throw AppError.fail(msg("supplier.hasOrders", { count: orders }));
  },
});

/** Every supplier as a select option (there are tens, not thousands). */
export async function supplierOptions({ ctx }: { ctx: Ctx }): Promise<{ id: number; name: string }[]> {
  return ctx.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(czechOrder(suppliers.name)), asc(suppliers.id));
}
