/**
 * Invoices' fixtures (docs/domain.md#invoices): the company and invoice settings documents are issued under,
 * and an order whose lines have round, known prices, shared by the service, HTTP, browser tests
 * and the bench.
 *
 * The order (VAT 21 %, payment rules 10 / 55 / 35): a fence item of 10 000 × 1 530 mm at
 * 450 Kč/m² (6 885,00 Kč), an other line of 3 × 289,90 Kč (869,70 Kč), an assembly line of
 * 350,00 Kč and a 1 000,00 Kč discount: 7 104,70 Kč without VAT, 1 491,99 Kč VAT, 8 596,69 Kč in
 * all; the confirmation stage (10 %) is 859,67 Kč with VAT.
 */
import { eq } from "drizzle-orm";
import { fenceOrders } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { saveInvoiceSettings } from "@/modules/orders/service";
import { createFenceOrderWithItems } from "./factories";
import { saveOfferCompany } from "./fence-offer";

export const INVOICE_BANK = { bankAccount: "19-2000145399/0800", iban: "CZ6508000000192000145399", swift: "GIBACZPX" };

/** The company identity (a VAT payer unless told) and invoice settings with a bank account, transfer, constant symbol 0308. */
export async function setUpInvoicing(ctx: Ctx, options: { vatPayer?: boolean } = {}): Promise<void> {
  await saveOfferCompany(ctx.db, { vatPayer: options.vatPayer ?? true });
  await saveInvoiceSettings({ ctx, input: { ...INVOICE_BANK, paymentMethod: "TRANSFER", constantSymbol: "0308", issuedBy: "Jiří Šťastný" } });
}

/** What the order's lines cost without VAT, haléře, in the draft's order. */
export const INVOICE_ORDER_LINES = { fence: 688_500, other: 86_970, assembly: 35_000, discount: -100_000 } as const;
export const INVOICE_ORDER_BASE = 710_470;
export const INVOICE_ORDER_TOTAL = 859_669;
export const INVOICE_ORDER_DEPOSIT = 85_967;

export interface InvoiceOrder {
  id: number;
  itemId: number;
  otherItemId: number;
  assemblyItemId: number;
}

/** The order above, through the services (its items through the items tab's). */
export async function createInvoiceOrder(ctx: Ctx, order: Record<string, unknown> = {}): Promise<InvoiceOrder> {
  const made = await createFenceOrderWithItems(ctx, {
    order: { firstName: "Řehoř", lastName: "Šťastný", company: "Zahradnictví Ůlehla", street: "Horní 118", city: "Žďár nad Sázavou", postalCode: "591 01", ...order },
    items: [{}],
    otherItems: [{ amount: 3, unitPrice: 289.9 }],
    assemblyItems: [{ amount: 1, unitPrice: 350 }],
  });
  await ctx.db.update(fenceOrders).set({ discountAmount: "1000.00", discountDescription: "Sleva za včasnou objednávku" }).where(eq(fenceOrders.id, made.id));
  return { id: made.id, itemId: made.itemIds[0]!, otherItemId: made.otherItemIds[0]!, assemblyItemId: made.assemblyItemIds[0]! };
}
