import { and, asc, count, eq, inArray } from "drizzle-orm";
import { basketItems, baskets, rackScaleUnknownReports, warehouseRackScales, warehouses } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService, czechOrder } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { type RackScale, rackScaleInput, type Warehouse, type WarehouseIconName, warehouseInput } from "./schemas";

const toWarehouse = (row: typeof warehouses.$inferSelect): Warehouse => ({
  id: row.id,
  name: row.name,
  expedition: row.expedition,
  icon: row.icon as WarehouseIconName,
});

/** docs/domain.md#warehouse: `/warehouse` CRUD. */
export const warehouseService = createCrudService({
  table: warehouses,
  input: warehouseInput,
  toEntity: toWarehouse,
  toValues: (input) => ({ name: input.name, expedition: input.expedition, icon: input.icon }),
  listFields: {
    id: { column: warehouses.id, filter: "number", sortable: true },
    name: { column: warehouses.name, filter: "text", sortable: true },
    expedition: { column: warehouses.expedition, filter: "boolean", sortable: true },
    icon: { column: warehouses.icon, sortable: true },
  },
  defaultSort: ["name", "asc"],
  unique: [{ field: "name", column: warehouses.name, index: "warehouses_name_unique" }],
  // Baskets name their warehouse by id without a foreign key (the common basket is warehouse 0):
  // a warehouse whose basket still holds lines stays; its empty baskets go with it.
  beforeDelete: async ({ ctx, id }) => {
    const [lines] = await ctx.db
      .select({ n: count(basketItems.id) })
      .from(basketItems)
      .innerJoin(baskets, eq(baskets.id, basketItems.basketId))
      .where(and(eq(baskets.type, "WAREHOUSE"), eq(baskets.warehouseId, id)));
    if ((lines?.n ?? 0) > 0) throw AppError.fail(msg("warehouse.inUseBasket", { count: lines!.n }));
    await ctx.db.delete(baskets).where(and(eq(baskets.type, "WAREHOUSE"), eq(baskets.warehouseId, id)));
  },
});

/** Every warehouse for tiles and selects, by name. */
export async function listAllWarehouses({ ctx }: { ctx: Ctx }): Promise<Warehouse[]> {
  const rows = await ctx.db.select().from(warehouses).orderBy(asc(czechOrder(warehouses.name)), asc(warehouses.id));
  return rows.map(toWarehouse);
}

/** Names of the given warehouses (e.g. for basket titles), by id. */
export async function warehouseNames({ ctx, ids }: { ctx: Ctx; ids: number[] }): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(inArray(warehouses.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const toRackScale = (row: typeof warehouseRackScales.$inferSelect): RackScale => ({
  id: row.id,
  name: row.name,
  extId: row.extId,
  lastWeight: row.lastWeight === null ? null : Number(row.lastWeight),
  lastWeightChange: row.lastWeightChange?.toISOString() ?? null,
  lastReadingAt: row.lastReadingAt?.toISOString() ?? null,
});

const extIdTaken = (input: { extId: number }) => msg("rackScale.extIdTaken", { extId: input.extId });

/** docs/domain.md#rack-scales: `/warehouseRackScale` CRUD; the weight columns belong to the scale feed (docs/domain.md#scale-feed). */
export const rackScaleService = createCrudService({
  table: warehouseRackScales,
  input: rackScaleInput,
  toEntity: toRackScale,
  toValues: (input) => ({ name: input.name, extId: input.extId }),
  listFields: {
    id: { column: warehouseRackScales.id, filter: "number", sortable: true },
    name: { column: warehouseRackScales.name, filter: "text", sortable: true },
    extId: { column: warehouseRackScales.extId, filter: "number", sortable: true },
    lastWeight: { column: warehouseRackScales.lastWeight, sortable: true },
    lastWeightChange: { column: warehouseRackScales.lastWeightChange, sortable: true },
    lastReadingAt: { column: warehouseRackScales.lastReadingAt, sortable: true },
  },
  defaultSort: ["extId", "asc"],
  // The refusal names the field and the number.
  unique: [{ field: "extId", column: warehouseRackScales.extId, index: "warehouse_rack_scales_ext_id_unique", message: extIdTaken }],
  // A reporting external id now registered leaves "reporting, not registered" (docs/domain.md#rack-scales).
  afterSave: async ({ ctx, input }) => {
    await ctx.db.delete(rackScaleUnknownReports).where(eq(rackScaleUnknownReports.extId, input.extId));
  },
});
