import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customers, fenceOrders } from "@db/schema";
import { validFenceOrder } from "../../../../tests/helpers/factories/fence-order";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { createFenceOrder, customerLookup, getFenceOrder, listFenceOrders } from "./service";

const t = useTestDatabase();
const order = { ...validFenceOrder, firstName: "Eva", lastName: "Malá", phone: "+420 602 333 444", email: "Eva.Mala@Example.cz" };

describe("fence order service", () => {
  test("customer lookup: the phone's last nine digits (with or without +420), the e-mail in any case; needs one key", async () => {
    const id = await createFenceOrder({ ctx: t.ctx, input: { ...order, city: "Tábor" } });
    // The saved order filed its customer in the directory, which the lookup asks first.
    const [{ customerId }] = (await t.db.select({ customerId: fenceOrders.customerId }).from(fenceOrders).where(eq(fenceOrders.id, id))) as [{ customerId: number }];
    expect((await customerLookup({ ctx: t.ctx, input: { phone: "602 333 444" } }))?.customerId).toBe(customerId);
    expect(await customerLookup({ ctx: t.ctx, input: { phone: "602 333 445" } })).toBeNull();
    expect((await customerLookup({ ctx: t.ctx, input: { phone: "+420602333444" } }))?.customerId).toBe(customerId);
    expect((await customerLookup({ ctx: t.ctx, input: { email: "eva.mala@example.CZ" } }))?.city).toBe("Tábor");
    // A phone nobody has does not hide a matching e-mail.
    expect((await customerLookup({ ctx: t.ctx, input: { phone: "777 000 000", email: "eva.mala@example.cz" } }))?.customerId).toBe(customerId);
    expect((await failureOf(customerLookup({ ctx: t.ctx, input: {} }))).kind).toBe("fail");
    // Without the contact, earlier orders answer as before the directory.
    await t.db.delete(customers).where(eq(customers.id, customerId));
    expect(await customerLookup({ ctx: t.ctx, input: { phone: "602 333 444" } })).toMatchObject({ orderId: id, customerId: null, city: "Tábor" });
    expect((await customerLookup({ ctx: t.ctx, input: { email: "eva.mala@example.CZ" } }))?.orderId).toBe(id);
  });

  test("a page of orders reads only the entity's columns, and each row is the order as its own read answers it", async () => {
    const id = await createFenceOrder({
      ctx: t.ctx,
      input: { ...order, company: "Ploty s.r.o.", ico: "27074358", city: "Tábor", deliveryAddress: true, deliveryCity: "Písek", deliveryStreet: "Nábřeží 3", deliveryPostalCode: "397 01", note: "Zvonek nefunguje", vat: 12 },
    });
    const { rows } = await listFenceOrders({ ctx: t.ctx, input: { page: 1, size: 20, filters: { id: String(id) } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(await getFenceOrder({ ctx: t.ctx, input: { id } }));
    expect(rows[0]).toMatchObject({ company: "Ploty s.r.o.", deliveryCity: "Písek", note: "Zvonek nefunguje", vat: 12, fileCount: 0, openPromiseCount: 0 });
  });
});
