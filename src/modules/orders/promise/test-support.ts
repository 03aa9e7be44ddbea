/** Test data for promise tests: an order row with only the required columns, and a promise status. Not a test file. */
import { fenceOrders, promiseStatuses } from "@db/schema";
import type { Ctx } from "@/lib/context";

let counter = 0;

/** A fence order with the minimal required columns (payment rules 10/55/35, VAT 21). */
export async function insertTestOrder(ctx: Ctx, values: { status?: string; firstName?: string; lastName?: string; phone?: string } = {}): Promise<number> {
  counter++;
  const [row] = await ctx.db
    .insert(fenceOrders)
    .values({
      status: values.status ?? "PRICE_OFFER",
      firstName: values.firstName ?? "Petr",
      lastName: values.lastName ?? `Dvořák ${counter}`,
      phone: values.phone ?? `+420 777 000 ${String(counter).padStart(3, "0")}`,
      email: `zakaznik${counter}@example.cz`,
      paymentRuleConfirmation: 10,
      paymentRuleDelivery: 55,
      paymentRuleCompletion: 35,
      delivery: "výroba 1-14 týdnů, montáž 1-7 dní",
      vat: "21",
    })
    .returning({ id: fenceOrders.id });
  return row!.id;
}

export async function insertTestPromiseStatus(ctx: Ctx, name = `Stav ${++counter}`): Promise<number> {
  const [row] = await ctx.db.insert(promiseStatuses).values({ name }).returning({ id: promiseStatuses.id });
  return row!.id;
}
