import { describe, expect, test } from "bun:test";
import { fenceOrderItems, fenceOrderOtherItems, fenceOrderSubProducts, products } from "@db/schema";
import { validFenceOrder } from "../../../../tests/helpers/factories/fence-order";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { checkOrderItems } from "../fence-item/service";
import { changeFenceOrderStatus, createFenceOrder, customerLookup, orderedMaterial } from "./service";

const t = useTestDatabase();
const order = { ...validFenceOrder, firstName: "Eva", lastName: "Malá", phone: "+420 602 333 444", email: "Eva.Mala@Example.cz" };

describe("fence order service", () => {
  test("ordered material sums items, sub-products and other items of confirmed and material-ordered orders", async () => {
    const ctx = t.ctx;
    const [post, slat] = await t.db.insert(products).values([{ name: "Sloupek 60x60" }, { name: "Lamela 100" }]).returning();
    const confirmed = await createFenceOrder({ ctx, input: { ...order, orderDate: "2026-03-02" } });
    const materialOrder = await createFenceOrder({ ctx, input: order });
    await changeFenceOrderStatus({ ctx, input: { id: materialOrder, status: "MATERIAL_ORDER" } });
    const offer = await createFenceOrder({ ctx, input: order });
    const [item] = await t.db.insert(fenceOrderItems).values({ orderId: confirmed, productType: "FENCE", productId: slat!.id, amount: "3" }).returning();
    await t.db.insert(fenceOrderSubProducts).values({ itemId: item!.id, productId: post!.id, amount: "4" });
    await t.db.insert(fenceOrderOtherItems).values({ orderId: materialOrder, itemType: "OTHER", productId: post!.id, amount: "2", unitPrice: "100" });
    await t.db.insert(fenceOrderOtherItems).values({ orderId: offer, itemType: "OTHER", productId: post!.id, amount: "50", unitPrice: "100" });
    expect(await orderedMaterial({ ctx })).toEqual([
      { productId: slat!.id, name: "Lamela 100", amount: 3 },
      { productId: post!.id, name: "Sloupek 60x60", amount: 6 },
    ]);
    expect((await checkOrderItems({ ctx, input: { id: confirmed } })).count).toBe(1);
    expect((await checkOrderItems({ ctx, input: { id: offer } })).count).toBe(1);
    expect((await checkOrderItems({ ctx, input: { id: materialOrder } })).count).toBe(1);
  });

  test("customer lookup: the phone's last nine digits (with or without +420), the e-mail in any case; needs one key", async () => {
    const id = await createFenceOrder({ ctx: t.ctx, input: { ...order, city: "Tábor" } });
    expect((await customerLookup({ ctx: t.ctx, input: { phone: "602 333 444" } }))?.orderId).toBe(id);
    expect(await customerLookup({ ctx: t.ctx, input: { phone: "602 333 445" } })).toBeNull();
    expect((await customerLookup({ ctx: t.ctx, input: { phone: "+420602333444" } }))?.orderId).toBe(id);
    expect((await customerLookup({ ctx: t.ctx, input: { email: "eva.mala@example.CZ" } }))?.city).toBe("Tábor");
    // A phone nobody has does not hide a matching e-mail.
    expect((await customerLookup({ ctx: t.ctx, input: { phone: "777 000 000", email: "eva.mala@example.cz" } }))?.orderId).toBe(id);
    expect((await failureOf(customerLookup({ ctx: t.ctx, input: {} }))).kind).toBe("fail");
  });
});
