import { describe, expect, test } from "bun:test";
import { validFenceOrder } from "../../../../tests/helpers/factories/fence-order";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { createFenceOrder, customerLookup } from "./service";

const t = useTestDatabase();
const order = { ...validFenceOrder, firstName: "Eva", lastName: "Malá", phone: "+420 602 333 444", email: "Eva.Mala@Example.cz" };

describe("fence order service", () => {
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
