/** The demo fence orders: every status in its count, ages up to 120 days, valid customers, items, files, promises; idempotent. */
import { describe, expect, test } from "bun:test";
import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { fenceOrderFiles, fenceOrderItems, fenceOrderOtherItems, fenceOrders, fenceOrderStatusHistory, promises } from "@db/schema";
import { isValidDic, isValidIco, normalizePostalCode } from "@/lib/company-ids";
import { addDays, todayInPrague } from "@/lib/dates";
import { detectFileKind } from "@/lib/uploads";
import { FENCE_ORDER_STATUSES } from "@/modules/orders/fence-order/schemas";
import { useTestDatabase } from "../../../tests/helpers/service";
import { seedDemoCatalogue } from "./catalogue";
import { DEMO_FENCE_ORDER_COUNTS, icoFrom, seedDemoFenceOrders } from "./fence-orders";
import { seedDemoOrders } from "./orders";

const t = useTestDatabase();

const countOf = async (table: PgTable) => Number((await t.db.select({ n: count() }).from(table))[0]?.n ?? 0);

let seeded = false;
async function seed() {
  if (seeded) return;
  await seedDemoCatalogue(t.ctx);
  await seedDemoOrders(t.ctx);
  expect((await seedDemoFenceOrders(t.ctx)).orders).toBe(200);
  seeded = true;
}

describe("demo fence orders", () => {
  test("about 200 orders, every status in its count", async () => {
    await seed();
    const rows = await t.db.select({ status: fenceOrders.status, n: count() }).from(fenceOrders).groupBy(fenceOrders.status);
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    expect(byStatus).toEqual(DEMO_FENCE_ORDER_COUNTS);
    expect(Object.keys(DEMO_FENCE_ORDER_COUNTS)).toEqual([...FENCE_ORDER_STATUSES]);
  });

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
    const itemOrders = await t.db.selectDistinct({ status: fenceOrders.status }).from(fenceOrderItems).innerJoin(fenceOrders, eq(fenceOrders.id, fenceOrderItems.orderId));
    expect(itemOrders.map((row) => row.status)).not.toContain("PRICE_OFFER");
    expect(await countOf(fenceOrderItems)).toBeGreaterThan(100);
    expect(await t.db.select({ n: count() }).from(fenceOrderOtherItems).where(eq(fenceOrderOtherItems.itemType, "ASSEMBLY"))).not.toEqual([{ n: 0 }]);
    const files = await t.db.select({ mimeType: fenceOrderFiles.mimeType, data: fenceOrderFiles.data, size: fenceOrderFiles.size }).from(fenceOrderFiles);
    expect(files.length).toBeGreaterThan(20);
    expect(new Set(files.map((file) => file.mimeType))).toEqual(new Set(["image/png", "application/pdf"]));
    expect(files.every((file) => detectFileKind(file.data) !== null && file.data.byteLength === file.size)).toBe(true);
    expect(await countOf(promises)).toBeGreaterThan(10);
  });

  test("a second run changes nothing", async () => {
    await seed();
    const before = [await countOf(fenceOrders), await countOf(fenceOrderStatusHistory), await countOf(fenceOrderItems), await countOf(fenceOrderFiles), await countOf(promises)];
    expect((await seedDemoFenceOrders(t.ctx)).orders).toBe(0);
    expect([await countOf(fenceOrders), await countOf(fenceOrderStatusHistory), await countOf(fenceOrderItems), await countOf(fenceOrderFiles), await countOf(promises)]).toEqual(before);
  });
});
