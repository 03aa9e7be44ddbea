import { expect, test } from "bun:test";
import { count, isNotNull } from "drizzle-orm";
import {
  categories,
  defaultPromises,
  deliveryVans,
  eshops,
  fenceOrderItems,
  fenceOrderOtherItems,
  fenceOrders,
  fenceOrderSubProducts,
  invoices,
  manufacturePlans,
  orderPlanItems,
  orderPlans,
  products,
  promises,
  rackScaleReadings,
  supplierOrderLines,
  suppliers,
  users,
  warehouseItems,
  warehouseRackScales,
  warehouses,
  warehouseTransferLogs,
  workLogs,
  workplaces,
  workTypes,
} from "@db/schema";
import { seedDemo } from "@db/seed/demo";
import { DEMO_INVOICED_ORDERS } from "@db/seed/demo/invoices";
import { testPasswordCost } from "./modules/auth/service";
import { PRODUCT_TYPES } from "./modules/orders/fence-item/engine";
import type { ItemsTab } from "./modules/orders/fence-item/schemas";
import { HOOK_TIMEOUT_MS, json, useTestApp } from "../tests/helpers/app";

const t = useTestApp();

/**
 * The demo company, loaded once for the file: every test that reads it awaits this promise, so none
 * runs on a half-loaded demo whatever the machine's load (a test that gave up on its limit does not
 * stop the load under the next one). The tests' limits are hang guards, never timing assertions.
 */
let loading: Promise<void> | null = null;
const demoLoaded = () => (loading ??= seedDemo(t.current.ctx, { passwordCost: testPasswordCost }));

/** `npm start -- --demo` loads the whole demo company, and loading it again changes nothing. */
test("the demo company loads in order and is idempotent", async () => {
  const { ctx } = t.current;
  const db = ctx.db;
  await demoLoaded();
  const counts = async () => {
    const tables = {
      users,
      eshops,
      fenceOrders,
      fenceOrderItems,
      fenceOrderSubProducts,
      fenceOrderOtherItems,
      orderPlans,
      orderPlanItems,
      manufacturePlans,
      invoices,
      promises,
      defaultPromises,
      deliveryVans,
      categories,
      products,
      warehouses,
      warehouseRackScales,
      warehouseItems,
      warehouseTransferLogs,
      rackScaleReadings,
      workplaces,
      workTypes,
      workLogs,
      suppliers,
      supplierOrderLines,
    };
    const result: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) result[name] = (await db.select({ n: count() }).from(table))[0]!.n;
    result.variants = (await db.select({ n: count() }).from(products).where(isNotNull(products.baseProductId)))[0]!.n;
    return result;
  };
  const first = await counts();
  expect(first).toMatchObject({ warehouses: 3, warehouseRackScales: 12, workplaces: 5, workTypes: 20, deliveryVans: 6, suppliers: 8 });
  expect(first.users).toBeGreaterThanOrEqual(11);
  expect(first.workLogs).toBeGreaterThan(0);
  // The warehouses hold stock with months of transfer history, and the rack scales have readings.
  expect(first.warehouseItems).toBeGreaterThan(50);
  expect(first.warehouseTransferLogs).toBeGreaterThan(first.warehouseItems!);
  expect(first.rackScaleReadings).toBeGreaterThan(0);
  expect(first.products).toBeGreaterThanOrEqual(300);
  expect(first.fenceOrders).toBe(200);
  // Every order's items tab is filled: fence items with sub-products, other and assembly items, and their variants.
  expect(first.fenceOrderItems).toBeGreaterThan(400);
  expect(first.fenceOrderSubProducts).toBeGreaterThan(first.fenceOrderItems!);
  expect(first.fenceOrderOtherItems).toBeGreaterThan(200);
  expect(first.variants).toBeGreaterThan(100);
  expect(first.promises).toBeGreaterThan(0);
  // Planning: the 30 planned and 25 closed orders on the grid, the planned ones with a manufacture plan.
  expect(first.orderPlans).toBe(55);
  expect(first.orderPlanItems).toBeGreaterThanOrEqual(55);
  expect(first.manufacturePlans).toBeGreaterThan(20);
  // 24 deposit proformas, all but every fifth paid (each with its payment tax document), final invoices for the closed ones.
  expect(first.invoices).toBeGreaterThan(24 + 20);
  const kinds = await db.select({ kind: invoices.kind, n: count() }).from(invoices).groupBy(invoices.kind);
  expect(Object.fromEntries(kinds.map((row) => [row.kind, row.n]))).toMatchObject({ PROFORMA: DEMO_INVOICED_ORDERS, PAYMENT_TAX_DOCUMENT: 20 });
  expect(Object.fromEntries(kinds.map((row) => [row.kind, row.n])).FINAL).toBeGreaterThan(0);
  expect(first.defaultPromises).toBeGreaterThan(0);
  // Supplier orders get lines because the catalogue is seeded first.
  expect(first.supplierOrderLines).toBeGreaterThan(0);
  await seedDemo(ctx, { passwordCost: testPasswordCost });
  expect(await counts()).toEqual(first);
}, HOOK_TIMEOUT_MS);

/** A new user opens any demo order and sees a priced offer: GET /items answers valid items and a non-zero summary. */
test("every demo order's items tab answers priced, valid items of every product type", async () => {
  await demoLoaded();
  const admin = await t.current.login();
  const ids = (await t.current.ctx.db.select({ id: fenceOrders.id }).from(fenceOrders)).map((row) => row.id);
  expect(ids).toHaveLength(200);
  const types = new Set<string>();
  for (const id of ids) {
    const response = await admin.api(`/api/orders/fenceOrder/${id}/items`);
    expect(response.status).toBe(200);
    const tab = (await json<{ data: ItemsTab }>(response)).data;
    expect(tab.items.length).toBeGreaterThan(0);
    expect(tab.items.filter((item) => !item.validation.valid).map((item) => item.validation.errors)).toEqual([]);
    expect(tab.summary.priceWithoutVat).toBeGreaterThan(0);
    expect(tab.summary.vat).toBeGreaterThan(0);
    expect(tab.summary.total).toBeGreaterThan(tab.summary.priceWithoutVat);
    for (const item of tab.items) types.add(item.productType!);
  }
  expect([...types].sort()).toEqual([...PRODUCT_TYPES].sort());
}, HOOK_TIMEOUT_MS);
