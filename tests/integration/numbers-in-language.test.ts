/**
 * Numbers in the page's language (docs/decisions/046): the pages a person reads show
 * numbers and money in the page's language (decision 046): `1 234,5` and `1 234,50 Kč` in Czech,
 * `1,234.5` and `CZK 1,234.50` in English. One Czech and one English user read the same data.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { eshops, products } from "@db/schema";
import { type Session, useTestApp } from "../helpers/app";
import { createFenceCategory, createFenceOrderWithItems, createFenceProduct, createProduct, createWarehouse, createWarehouseItem, FENCE_1_PARAMETERS, fence1Item } from "../helpers/factories";
import { html, okJson } from "./support";

const t = useTestApp();
let czech: Session;
let english: Session;
let productId: number;
let warehouseId: number;
let orderId: number;

/** Numbers group digits with a no-break space in Czech: compared as a plain one. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

beforeAll(async () => {
  czech = await t.current.login();
  english = await t.current.login();
  expect((await english.api("/api/me/language", { method: "PUT", json: { lang: "en" } })).status).toBe(200);
  const ctx = { ...t.current.ctx, userId: czech.user.id };
  await ctx.db.insert(eshops).values({ name: "Brány a branky", url: "https://brany.example" });
  productId = await createProduct(ctx.db, { name: "Lamela 1234" });
  await ctx.db.update(products).set({ unitPrice: "1234.50" }).where(eq(products.id, productId));
  warehouseId = await createWarehouse(ctx, { name: "Sklad čísel" });
  await createWarehouseItem(ctx, { warehouseId, productId, quantity: "1234.5", onTheWay: 0, requiredStockLevel: 2 });
  const category = await createFenceCategory(ctx.db, { name: "Ploty čísel" });
  const fence = await createFenceProduct(ctx.db, category, FENCE_1_PARAMETERS, { name: "Plot čísel" });
  ({ id: orderId } = await createFenceOrderWithItems(ctx, { items: [{ ...fence1Item(fence), tmpId: "a" }], otherItems: [{ amount: 2, unitPrice: 1290 }] }));
});

describe("numbers in the page's language", () => {
  test("the product's prices tab: the base price in the e-shop hint, and the input reads back in either language", async () => {
    const cs = plain(await html(await czech.page(`/products/${productId}?tab=prices`)));
    expect(cs).toContain("stejná jako základní (1 234,50 Kč)");
    expect(cs).toContain('value="1 234,50"');
    const en = plain(await html(await english.page(`/products/${productId}?tab=prices`)));
    expect(en).toContain("same as the base price (CZK 1,234.50)");
    // No grouping comma in an input: it would read back as a decimal comma.
    expect(en).toContain('value="1234.50"');
    expect(en).not.toContain("1 234,50");
  });

  test("the items tab's total", async () => {
    const summary = (await okJson(await czech.api(`/api/orders/fenceOrder/${orderId}/items`))).data.summary as { total: number };
    expect(summary.total).toBeGreaterThan(1000);
    const [whole, fraction] = summary.total.toFixed(2).split(".");
    const grouped = (separator: string) => whole!.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
    const cs = plain(await html(await czech.page(`/orders/fenceOrder/${orderId}?tab=1`)));
    expect(cs).toContain(`${grouped(" ")},${fraction} Kč`);
    const en = plain(await html(await english.page(`/orders/fenceOrder/${orderId}?tab=1`)));
    expect(en).toContain(`CZK ${grouped(",")}.${fraction}`);
    expect(en).not.toContain(`${grouped(" ")},${fraction} Kč`);
  });

  test("a warehouse page's quantity", async () => {
    const cs = plain(await html(await czech.page(`/warehouse/${warehouseId}`)));
    expect(cs).toContain(">1 234,5<");
    const en = plain(await html(await english.page(`/warehouse/${warehouseId}`)));
    expect(en).toContain(">1,234.5<");
    expect(en).not.toContain("1 234,5");
  });
});
