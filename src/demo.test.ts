import { expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { categories, defaultPromises, deliveryVans, fenceOrders, promises, eshops, products, supplierOrderLines, suppliers, users, warehouses, warehouseRackScales, workLogs, workTypes, workplaces } from "@db/schema";
import { seedDemo } from "@db/seed/demo";
import { testPasswordCost } from "./modules/auth/service";
import { useTestDatabase } from "../tests/helpers/service";

const t = useTestDatabase();

/** `npm start -- --demo` loads the whole demo company, and loading it again changes nothing. */
test("the demo company loads in order and is idempotent", async () => {
  const { ctx } = t;
  await seedDemo(ctx, { passwordCost: testPasswordCost });
  const counts = async () => {
    const tables = { users, eshops, fenceOrders, promises, defaultPromises, deliveryVans, categories, products, warehouses, warehouseRackScales, workplaces, workTypes, workLogs, suppliers, supplierOrderLines };
    const result: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) result[name] = (await t.db.select({ n: count() }).from(table))[0]!.n;
    return result;
  };
  const first = await counts();
  expect(first).toMatchObject({ warehouses: 3, warehouseRackScales: 12, workplaces: 5, workTypes: 20, deliveryVans: 6, suppliers: 8 });
  expect(first.users).toBeGreaterThanOrEqual(11);
  expect(first.workLogs).toBeGreaterThan(0);
  expect(first.products).toBeGreaterThanOrEqual(300);
  expect(first.fenceOrders).toBe(200);
  expect(first.promises).toBeGreaterThan(0);
  expect(first.defaultPromises).toBeGreaterThan(0);
  // Supplier orders get lines because the catalogue is seeded first.
  expect(first.supplierOrderLines).toBeGreaterThan(0);
  await seedDemo(ctx, { passwordCost: testPasswordCost });
  expect(await counts()).toEqual(first);
}, 60_000);
