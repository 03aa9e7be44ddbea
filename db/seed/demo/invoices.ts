/**
 * Demo invoices (docs/decisions/053-invoice-lines-and-payments.md): the deposit proforma of the
 * planned and closed orders with the latest order dates (those that ask for a deposit), issued on the order date and most of them
 * paid a week later (so their payment tax documents exist), and a final invoice deducting it for
 * the closed ones. Through the invoice service, each on its own day (`today`), so the numbers,
 * dates and totals are what the office would have made; only while there are no invoices.
 */
import { and, count, desc, gt, inArray, isNotNull } from "drizzle-orm";
import { fenceOrders, invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { addDays, todayInPrague } from "@/lib/dates";
import { createInvoice, getInvoice, recordInvoicePayment } from "@/modules/orders";

/** How many orders get invoices: enough for the list to page, few enough for a quick first start. */
export const DEMO_INVOICED_ORDERS = 24;

export async function seedDemoInvoices(ctx: Ctx): Promise<{ invoices: number }> {
  const [existing] = await ctx.db.select({ n: count() }).from(invoices);
  if (Number(existing?.n ?? 0) > 0) return { invoices: 0 };
  const orders = await ctx.db
    .select({ id: fenceOrders.id, status: fenceOrders.status, orderDate: fenceOrders.orderDate })
    .from(fenceOrders)
    .where(and(inArray(fenceOrders.status, ["PLANNED", "CLOSED"]), isNotNull(fenceOrders.orderDate), gt(fenceOrders.paymentRuleConfirmation, 0)))
    .orderBy(desc(fenceOrders.orderDate), desc(fenceOrders.id))
    .limit(DEMO_INVOICED_ORDERS);
  const today = todayInPrague();
  const notAfterToday = (iso: string) => (iso > today ? today : iso);
  let made = 0;
  // Oldest first, so the numbers follow the dates.
  for (const [index, order] of orders.reverse().entries()) {
    const issued = notAfterToday(order.orderDate!);
    const proforma = await createInvoice({ ctx, input: { orderId: order.id, proforma: true }, options: { today: issued } });
    made++;
    // Every fifth deposit is still unpaid: the planning grid's mark shows it.
    if (index % 5 === 4) continue;
    const paidOn = notAfterToday(addDays(issued, 7));
    const { remainingToPay } = await getInvoice({ ctx, input: { id: proforma } });
    const detail = await recordInvoicePayment({ ctx, input: { id: proforma, values: { payment: { amount: remainingToPay, paidOn } } }, options: { today: paidOn } });
    made += detail.payments.filter((payment) => payment.taxDocument).length;
    if (order.status !== "CLOSED") continue;
    const invoicedOn = notAfterToday(addDays(paidOn, 21));
    await createInvoice({ ctx, input: { orderId: order.id, proforma: false, linkedProformas: [proforma] }, options: { today: invoicedOn } });
    made++;
  }
  return { invoices: made };
}
