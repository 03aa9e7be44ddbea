/**
 * The demo fence orders: every status in its count, ages up to 120 days, valid customers, files,
 * promises, and every order's items tab priced through the engine; idempotent.
 */
import { describe, expect, test } from "bun:test";
import { count, eq, isNotNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { fenceOrderFiles, fenceOrderItems, fenceOrderOtherItems, fenceOrders, fenceOrderStatusHistory, fenceOrderSubProducts, products, promises } from "@db/schema";
import { isValidDic, isValidIco, normalizePostalCode } from "@/lib/company-ids";
import { addDays, todayInPrague } from "@/lib/dates";
import { detectFileKind } from "@/lib/uploads";
import { PRODUCT_TYPES } from "@/modules/orders/fence-item/engine";
import { checkOrderItems, getOrderItems } from "@/modules/orders/fence-item/service";
import type { ItemsTab } from "@/modules/orders/fence-item/schemas";
import { FENCE_ORDER_STATUSES } from "@/modules/orders/fence-order/schemas";
import { HOOK_TIMEOUT_MS, useTestDatabase } from "../../../tests/helpers/service";
import { createShipping } from "../factories";
import { seedDemoCatalogue } from "./catalogue";
import { demoOrderTab, readDemoItemsCatalogue } from "./fence-order-items";
import { DEMO_FENCE_ORDER_COUNTS, icoFrom, seedDemoFenceOrders } from "./fence-orders";
import { seedDemoOrders } from "./orders";
import { seededRandom } from "./random";

const t = useTestDatabase();

const countOf = async (table: PgTable) => Number((await t.db.select({ n: count() }).from(table))[0]?.n ?? 0);

/**
 * The demo's catalogue and orders, loaded once for the file: every test awaits this one promise, so a
 * test that gave up on its limit under a busy machine leaves the load running for the next one
 * instead of starting a second load beside it.
 */
let seeding: Promise<void> | null = null;
const seed = () => (seeding ??= seedOnce());
async function seedOnce() {
  // The shipping types of the demo's settings, which the orders' items tabs choose from.
  for (const [name, price, priceByDistance] of [
    ["Osobní odběr", 0, false],
    ["Doprava vlastním vozem", 28, true],
    ["Dopravce – paleta", 1490, false],
  ] as const) {
    await createShipping(t.ctx, { name, price, priceByDistance });
  }
  await seedDemoCatalogue(t.ctx);
  await seedDemoOrders(t.ctx);
  expect(await seedDemoFenceOrders(t.ctx)).toEqual({ orders: 200, withItems: 200 });
}

/** Every order's items tab as GET /api/orders/fenceOrder/:id/items answers it (its service), read once. */
let tabs: Promise<ItemsTab[]> | null = null;
const allTabs = () => (tabs ??= readAllTabs());
async function readAllTabs(): Promise<ItemsTab[]> {
  await seed();
  const ids = (await t.db.select({ id: fenceOrders.id }).from(fenceOrders).orderBy(fenceOrders.id)).map((row) => row.id);
  const read: ItemsTab[] = [];
  for (const id of ids) read.push(await getOrderItems({ ctx: t.ctx, input: { id } }));
  return read;
}

describe("demo fence orders", () => {
  test("about 200 orders, every status in its count", async () => {
    await seed();
    const rows = await t.db.select({ status: fenceOrders.status, n: count() }).from(fenceOrders).groupBy(fenceOrders.status);
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    expect(byStatus).toEqual(DEMO_FENCE_ORDER_COUNTS);
    expect(Object.keys(DEMO_FENCE_ORDER_COUNTS)).toEqual([...FENCE_ORDER_STATUSES]);
    // The first to await the load: its limit is a hang guard, never a timing assertion.
  }, HOOK_TIMEOUT_MS);

  test("ages: open orders 60, 80 and 90+ days old exist; dates follow the status rules", async () => {
    await seed();
    const today = todayInPrague();
    const rows = await t.db.select().from(fenceOrders);
    const open = rows.filter((row) => row.status !== "CLOSED" && row.orderDate);
    const age = (iso: string) => Math.round((Date.parse(today) - Date.parse(iso)) / 86_400_000);
    expect(open.some((row) => age(row.orderDate!) >= 60 && age(row.orderDate!) < 80)).toBe(true);
    expect(open.some((row) => age(row.orderDate!) >= 80 && age(row.orderDate!) < 90)).toBe(true);
    expect(open.some((row) => age(row.orderDate!) >= 90)).toBe(true);
    expect(rows.every((row) => !row.orderDate || age(row.orderDate) <= 120)).toBe(true);
    for (const row of rows) {
      expect(row.offerDate).not.toBeNull();
      if (row.orderDate) expect(row.deadline).toBe(addDays(row.orderDate, 77));
      if (row.status === "PRICE_OFFER") expect([row.measurementDate, row.orderDate]).toEqual([null, null]);
      if (row.status === "MEASURED") expect(row.measurementDate !== null && row.orderDate === null).toBe(true);
      if (["ORDER_CONFIRMATION", "MATERIAL_ORDER", "PLANNED", "CLOSED"].includes(row.status)) expect(row.orderDate).not.toBeNull();
    }
  });

  test("customers: +420 phones, e-mails, valid IČO and DIČ for companies, PSČ, payment rules and VAT", async () => {
    await seed();
    const rows = await t.db.select().from(fenceOrders);
    expect(rows.every((row) => /^\+420 \d{3} \d{3} \d{3}$/.test(row.phone) && /^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]+$/.test(row.email))).toBe(true);
    const companies = rows.filter((row) => row.ico);
    expect(companies.length).toBeGreaterThan(5);
    expect(companies.every((row) => isValidIco(row.ico!) && isValidDic(row.dic!) && row.company)).toBe(true);
    expect(rows.every((row) => normalizePostalCode(row.postalCode!) === row.postalCode)).toBe(true);
    expect(rows.every((row) => row.paymentRuleConfirmation + row.paymentRuleDelivery + row.paymentRuleCompletion === 100)).toBe(true);
    expect(rows.filter((row) => row.paymentRuleConfirmation === 10).length).toBeGreaterThan(150);
    expect(new Set(rows.map((row) => Number(row.vat)))).toEqual(new Set([12, 21]));
    expect(rows.some((row) => row.deliveryAddress && row.deliveryCity)).toBe(true);
    expect(rows.some((row) => row.priorityOrder)).toBe(true);
    expect(rows.some((row) => row.note)).toBe(true);
    expect(isValidIco(icoFrom(2_534_567))).toBe(true);
  });

  test("history ends in the order's status; items, files and promises are there", async () => {
    await seed();
    const mismatched = await t.db.execute(sql`
      select o.id from fence_orders o
      where o.status <> (select h.to_status from fence_order_status_history h where h.order_id = o.id order by h.at desc, h.id desc limit 1)`);
    expect((mismatched as unknown as { rows?: unknown[] }).rows ?? mismatched).toHaveLength(0);
    // Every order, price offers included, holds its priced items.
    const itemOrders = await t.db.selectDistinct({ id: fenceOrderItems.orderId }).from(fenceOrderItems);
    expect(itemOrders).toHaveLength(200);
    expect(await countOf(fenceOrderItems)).toBeGreaterThan(400);
    expect(await t.db.select({ n: count() }).from(fenceOrderOtherItems).where(eq(fenceOrderOtherItems.itemType, "ASSEMBLY"))).not.toEqual([{ n: 0 }]);
    const files = await t.db.select({ mimeType: fenceOrderFiles.mimeType, data: fenceOrderFiles.data, size: fenceOrderFiles.size }).from(fenceOrderFiles);
    expect(files.length).toBeGreaterThan(20);
    expect(new Set(files.map((file) => file.mimeType))).toEqual(new Set(["image/png", "application/pdf"]));
    expect(files.every((file) => detectFileKind(file.data) !== null && file.data.byteLength === file.size)).toBe(true);
    expect(await countOf(promises)).toBeGreaterThan(10);
  });

  test("a second run changes nothing", async () => {
    await seed();
    const counts = async () => Promise.all([fenceOrders, fenceOrderStatusHistory, fenceOrderItems, fenceOrderSubProducts, fenceOrderOtherItems, fenceOrderFiles, promises, products].map(countOf));
    const before = await counts();
    expect(await seedDemoFenceOrders(t.ctx)).toEqual({ orders: 0, withItems: 0 });
    expect(await counts()).toEqual(before);
  });
});

describe("the demo orders' items tabs", () => {
  test("every item is valid without a hint, and the Common tab warns about none of the orders", async () => {
    for (const tab of await allTabs()) {
      expect(tab.items.length).toBeGreaterThan(0);
      for (const item of tab.items) {
        expect({ order: tab.orderId, item: item.id, errors: item.validation.errors, hints: item.validation.hints }).toEqual({ order: tab.orderId, item: item.id, errors: [], hints: [] });
        expect(item.unitPrice).toBeGreaterThan(0);
      }
      expect(await checkOrderItems({ ctx: t.ctx, input: { id: tab.orderId } })).toMatchObject({ invalid: [] });
    }
  }, HOOK_TIMEOUT_MS);

  test("every summary is priced: items, VAT and total non-zero, the total with VAT the sum of its parts", async () => {
    for (const tab of await allTabs()) {
      const { totals, summary } = tab;
      expect(totals.fenceItems).toBeGreaterThan(0);
      expect(summary.priceWithoutVat).toBeGreaterThan(0);
      expect(summary.vat).toBeGreaterThan(0);
      expect(Math.round((summary.priceWithoutVat + summary.vat) * 100)).toBe(Math.round(summary.total * 100));
      expect(summary.priceWithoutVat).toBe(totals.totalWithShipping);
      const order = (await t.db.select({ vat: fenceOrders.vat }).from(fenceOrders).where(eq(fenceOrders.id, tab.orderId)))[0]!;
      expect(summary.vatRate).toBe(Number(order.vat));
      // A discount never eats the offer.
      expect(totals.discount).toBeLessThan(totals.total / 5);
    }
  });

  test("every product type appears, each with realistic sizes, in the system's RAL colours", async () => {
    const items = (await allTabs()).flatMap((tab) => tab.items);
    const byType = Object.fromEntries(PRODUCT_TYPES.map((type) => [type, items.filter((item) => item.productType === type)]));
    for (const type of PRODUCT_TYPES) expect({ type, n: byType[type]!.length >= 5 }).toEqual({ type, n: true });
    expect(new Set(items.map((item) => item.color))).toEqual(new Set(["RAL 7016", "RAL 9005", "RAL 8017", "RAL 9006", "RAL 6005"]));
    for (const item of byType.FENCE!) expect(item.length! <= 2500 && item.height! >= 1000 && item.height! <= 2000).toBe(true);
    for (const item of [...byType.WICKET!, ...byType.TWO_WING_WICKET!]) expect(item.length! >= 1000 && item.length! <= 2200).toBe(true);
    for (const item of [...byType.GATE!, ...byType.RAIL_GATE!]) expect(item.length! >= item.openingSize!).toBe(true);
    for (const item of [...byType.TWO_WING_GATE!, ...byType.TWO_WING_WICKET!]) expect(item.wicketPartWidth! + item.solidPartWidth!).toBe(item.length!);
    // Slats were counted with the product's slat height.
    expect(items.filter((item) => item.productType !== "CUSTOM").every((item) => item.slatCount! > 0 && item.tail! >= 0)).toBe(true);
    // Fences come in several fields, often with a shorter end field.
    expect(byType.FENCE!.some((item) => item.amount! >= 6)).toBe(true);
    expect(byType.FENCE!.some((item) => item.amount === 1 && item.length! < 2500)).toBe(true);
  });

  test("each item is made as a variant of its product for its size and colour, reused where they repeat", async () => {
    const items = (await allTabs()).flatMap((tab) => tab.items);
    expect(items.every((item) => item.manufacturedProduct !== null && item.manufacturedProduct.name.startsWith(`${item.product!.name} RAL `))).toBe(true);
    const variants = await t.db.select({ id: products.id, baseProductId: products.baseProductId }).from(products).where(isNotNull(products.baseProductId));
    expect(new Set(items.map((item) => item.manufacturedProduct!.id)).size).toBe(variants.length);
    expect(variants.length).toBeLessThan(items.length);
    const base = new Map(variants.map((row) => [row.id, row.baseProductId]));
    expect(items.every((item) => base.get(item.manufacturedProduct!.id) === item.product!.id)).toBe(true);
  });

  test("sub-products: posts, caps and footings with the fences, hardware with gates and wickets, each of its category", async () => {
    const tabs = await allTabs();
    const lines = tabs.flatMap((tab) => tab.items.flatMap((item) => item.subProducts.map((line) => ({ item, line }))));
    const categoryNames = new Set(lines.map(({ line }) => line.productCategory?.name));
    for (const name of ["Hliníkové sloupky", "Krytky sloupků", "Betonové patky a základy", "Panty", "Zámky a kování", "Pohony bran", "Vozíky a kolejnice"]) expect(categoryNames).toContain(name);
    // Each line's product is filed in the category it is listed under, and priced.
    const filed = await t.db.execute(sql`
      select count(*)::int as n from fence_order_sub_products s
      where not exists (select 1 from product_categories pc where pc.product_id = s.product_id and pc.category_id = s.product_category_id)`);
    expect(((filed as unknown as { rows?: { n: number }[] }).rows ?? (filed as unknown as { n: number }[]))[0]!.n).toBe(0);
    expect(lines.every(({ line }) => line.unitPrice! > 0 && line.amount > 0 && line.totalPrice! > 0)).toBe(true);
    // A fence of n fields stands on n + 1 posts, in its colour.
    for (const { item, line } of lines.filter(({ item, line }) => item.productType === "FENCE" && item.amount! > 1 && line.productCategory?.name === "Hliníkové sloupky")) {
      expect(line.amount).toBe(item.amount! + 1);
      expect(line.product!.name).toContain(item.color!);
    }
  });

  test("other and assembly items, shipping and discounts: assembly as the tab offers it, priced from Cena montáže", async () => {
    const tabs = await allTabs();
    const assembled = tabs.filter((tab) => tab.assemblyItems.length);
    expect(assembled.length).toBeGreaterThan(150);
    for (const tab of assembled) {
      for (const offered of tab.suggestedAssembly) {
        expect(tab.assemblyItems).toContainEqual(expect.objectContaining({ product: offered.product, amount: offered.amount, unitPrice: offered.unitPrice }));
      }
    }
    expect(tabs.filter((tab) => tab.otherItems.length).length).toBeGreaterThan(40);
    expect(tabs.some((tab) => tab.otherItems.some((line) => line.attention))).toBe(true);
    expect(tabs.some((tab) => tab.otherItems.some((line) => line.product.id === -1 && line.invoiceName))).toBe(true);
    expect(tabs.every((tab) => tab.shippingType !== null && tab.shippingPrice !== null)).toBe(true);
    expect(tabs.filter((tab) => tab.shippingType!.priceByDistance).every((tab) => tab.shippingDistance! > 0 && tab.shippingPrice! > 0)).toBe(true);
    const discounted = tabs.filter((tab) => tab.discountAmount);
    expect(discounted.length).toBeGreaterThan(10);
    expect(discounted.every((tab) => tab.discountDescription && tab.discountAmount! % 100 === 0)).toBe(true);
  });

  test("the tabs are drawn from the seeded generator: the same catalogue gives the same tabs", async () => {
    await seed();
    const catalogue = await readDemoItemsCatalogue(t.ctx);
    const draw = () => {
      const random = seededRandom(7);
      const counters = { gates: 0 };
      return FENCE_ORDER_STATUSES.map((status) => demoOrderTab(random, catalogue, { status }, counters));
    };
    expect(draw()).toEqual(draw());
  });
});
