import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customers, fenceOrders } from "@db/schema";
import { validFenceOrder } from "../../../../tests/helpers/factories/fence-order";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { createFenceOrder, customerLookup, getFenceOrder, updateFenceOrder } from "../fence-order/service";
import { customerDocuments, customerService, findCustomerMatch, upsertCustomer } from "./service";

const t = useTestDatabase();
const order = { ...validFenceOrder, firstName: "Eva", lastName: "Malá", phone: "+420 602 333 444", email: "Eva.Mala@Example.cz", city: "Tábor" };
const orderCustomerId = async (id: number) => (await t.db.select({ customerId: fenceOrders.customerId }).from(fenceOrders).where(eq(fenceOrders.id, id)))[0]!.customerId;
const contact = async (id: number) => (await t.db.select().from(customers).where(eq(customers.id, id)))[0]!;

describe("customer directory", () => {
  test("by hand: a valid contact is saved; a wrong IČO check digit, a taken IČO, no name and no way to reach are refused", async () => {
    const id = await customerService.create({ ctx: t.ctx, input: { company: "Ploty Hrubý s.r.o.", ico: "2708 2440", phone: "731 000 111", language: "en" } });
    const saved = await customerService.get({ ctx: t.ctx, input: { id } });
    expect(saved).toMatchObject({ company: "Ploty Hrubý s.r.o.", ico: "27082440", phone: "731 000 111", language: "en", lastName: null });
    expect((await failureOf(customerService.create({ ctx: t.ctx, input: { company: "Jiná", ico: "27082441", phone: "1234567" } }))).fields).toEqual({ ico: expect.objectContaining({ key: "fenceOrder.validation.ico" }) });
    expect((await failureOf(customerService.create({ ctx: t.ctx, input: { company: "Jiná", ico: "27082440" } }))).fields).toEqual({ ico: expect.objectContaining({ key: "customer.validation.icoTaken" }) });
    const refused = await failureOf(customerService.create({ ctx: t.ctx, input: { firstName: "Jan" } }));
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual(["lastName", "phone"]);
    expect((await customerService.list({ ctx: t.ctx, input: { page: 1, size: 20, filters: { ico: "27082440" } } })).meta.total).toBe(1);
  });

  test("upsert (what an import calls): matched by IČO, else e-mail, else phone; the same row twice changes nothing", async () => {
    const row = { firstName: "Karel", lastName: "Dub", company: "Dub a syn", ico: "25596641", phone: "+420 603 100 200", email: "karel@dub.cz" };
    const first = await upsertCustomer({ ctx: t.ctx, input: row });
    expect(first.action).toBe("created");
    expect(await upsertCustomer({ ctx: t.ctx, input: row })).toEqual({ id: first.id, action: "unchanged" });
    expect(await upsertCustomer({ ctx: t.ctx, input: { ...row, phone: "603 999 888", email: "obchod@dub.cz" } })).toEqual({ id: first.id, action: "updated" });
    expect((await contact(first.id)).phone).toBe("603 999 888");
    // Without an IČO: the e-mail finds it; then the phone.
    expect(await upsertCustomer({ ctx: t.ctx, input: { lastName: "Dub", email: " obchod@dub.cz" } })).toEqual({ id: first.id, action: "unchanged" });
    // What a row leaves empty the contact keeps: an import never erases.
    expect(await contact(first.id)).toMatchObject({ ico: "25596641", company: "Dub a syn", firstName: "Karel", email: "obchod@dub.cz" });
    const byPhone = await upsertCustomer({ ctx: t.ctx, input: { lastName: "Lípa", phone: "+420 777 555 444" } });
    expect((await upsertCustomer({ ctx: t.ctx, input: { lastName: "Lípová", phone: "777555444" } })).id).toBe(byPhone.id);
    // Another company's IČO never takes a contact that has its own IČO through a shared e-mail.
    const other = await upsertCustomer({ ctx: t.ctx, input: { company: "Jiná firma", ico: "45274649", email: "obchod@dub.cz" } });
    expect(other.action).toBe("created");
    expect(other.id).not.toBe(first.id);
    expect((await findCustomerMatch({ ctx: t.ctx, input: { ico: "45274649" } }))?.company).toBe("Jiná firma");
    expect((await failureOf(upsertCustomer({ ctx: t.ctx, input: { company: "X", ico: "12345678" } }))).fields).toHaveProperty("ico");
  });

  test("each saved order files its customer in the directory; a new phone on a known customer updates the contact", async () => {
    const before = (await t.db.select().from(customers)).length;
    const first = await createFenceOrder({ ctx: t.ctx, input: order });
    const customerId = await orderCustomerId(first);
    expect(customerId).not.toBeNull();
    expect(await contact(customerId!)).toMatchObject({ firstName: "Eva", lastName: "Malá", phone: "+420 602 333 444", email: "Eva.Mala@Example.cz", city: "Tábor" });
    // The same customer (by e-mail) on a new order with a new phone: one contact, the phone updated.
    const second = await createFenceOrder({ ctx: t.ctx, input: { ...order, email: "eva.mala@example.cz", phone: "608 123 456" } });
    expect(await orderCustomerId(second)).toBe(customerId);
    expect((await contact(customerId!)).phone).toBe("608 123 456");
    expect((await t.db.select().from(customers)).length).toBe(before + 1);
    // Editing an order with a new phone updates it too; what the order leaves empty the contact keeps.
    await t.db.update(customers).set({ company: "Malá zahrada", language: "en" }).where(eq(customers.id, customerId!));
    const current = await getFenceOrder({ ctx: t.ctx, input: { id: first } });
    await updateFenceOrder({ ctx: t.ctx, input: { id: first, values: { ...current, phone: "+420 720 000 001" } } });
    expect(await contact(customerId!)).toMatchObject({ phone: "+420 720 000 001", company: "Malá zahrada", language: "en" });
    const documents = await customerDocuments({ ctx: t.ctx, input: { id: customerId! } });
    expect(documents.orders.map((row) => row.id)).toEqual([second, first]);
  });

  test("the order form's lookup finds an imported customer in the directory by IČO, phone, e-mail and name, before earlier orders", async () => {
    const imported = await upsertCustomer({
      ctx: t.ctx,
      input: { firstName: "Jiří", lastName: "Šťastný", company: "Zahrady Šťastný", ico: "00006947", phone: "+420 739 321 654", email: "jiri@stastny.cz", street: "Polní 5", city: "Kolín", postalCode: "28002" },
    });
    for (const input of [{ ico: "000 06 947" }, { phone: "739321654" }, { email: "JIRI@stastny.cz" }, { lastName: "stastny" }, { company: "zahrady šťastný" }]) {
      const found = await customerLookup({ ctx: t.ctx, input });
      expect(found).toMatchObject({ customerId: imported.id, orderId: null, firstName: "Jiří", company: "Zahrady Šťastný", ico: "00006947", postalCode: "280 02" });
    }
    expect(await customerLookup({ ctx: t.ctx, input: { phone: "739 321 655" } })).toBeNull();
  });
});
