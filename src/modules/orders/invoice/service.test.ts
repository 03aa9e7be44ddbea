import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { companyIdentity, fenceOrders } from "@db/schema";
import { INVOICE_ORDER_BASE, INVOICE_ORDER_DEPOSIT, INVOICE_ORDER_TOTAL, createInvoiceOrder, setUpInvoicing } from "../../../../tests/helpers/invoices";
import { failureOf, fieldKeys, useTestDatabase } from "../../../../tests/helpers/service";
import { isOrderDepositPaid, ordersWithDepositPaid } from "./deposit";
import { quickShareHalere, shareProportionally, withinRemaining } from "./lines";
import {
  createCreditNote,
  createInvoice,
  getInvoice,
  getInvoiceDraft,
  invoiceService,
  listOrderInvoices,
  markInvoiceAsPaid,
  recordInvoicePayment,
} from "./service";

const t = useTestDatabase();
const TODAY = "2026-03-02";
const on = { today: TODAY };

const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value * 100, 0)) / 100;

describe("line arithmetic", () => {
  test("quick shares: a share of the remaining price rounded to 0,10 Kč, 100 % exactly the remaining price", () => {
    expect(quickShareHalere(688_500, 30)).toBe(206_550);
    expect(quickShareHalere(86_970, 30)).toBe(26_090);
    expect(quickShareHalere(86_970, 40)).toBe(34_790);
    expect(quickShareHalere(86_970, 100)).toBe(86_970);
    expect(quickShareHalere(12_345, 40)).toBe(4_940);
    expect(quickShareHalere(-100_000, 30)).toBe(-30_000);
    // 99 % of 0,09 Kč rounds to 0,10 Kč, beyond the line: it stays at the line's remaining price.
    expect(quickShareHalere(9, 99)).toBe(9);
  });

  test("an invoiced price lies between 0 and the remaining price, a discount's below 0", () => {
    expect(withinRemaining(100, 100)).toBe(true);
    expect(withinRemaining(101, 100)).toBe(false);
    expect(withinRemaining(-1, 100)).toBe(false);
    expect(withinRemaining(-50, -100)).toBe(true);
    expect(withinRemaining(-101, -100)).toBe(false);
    expect(withinRemaining(0, 0)).toBe(true);
  });

  test("a proportional share adds up to the total exactly", () => {
    const shares = shareProportionally(71_047, [688_500, 86_970, 35_000, -100_000]);
    expect(shares).toEqual([68_850, 8_697, 3_500, -10_000]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(71_047);
  });
});

describe("invoices of an order", () => {
  test("the draft: one line per order line with its price, nothing invoiced yet; quick 30 %", async () => {
    await setUpInvoicing(t.ctx);
    const order = await createInvoiceOrder(t.ctx);
    const draft = await getInvoiceDraft({ ctx: t.ctx, input: { orderId: order.id, proforma: false, ...on } });
    expect(draft.items.map((line) => [line.source, line.sourceId, line.itemPrice, line.invoiced, line.remaining, line.suggested])).toEqual([
      ["ORDER_ITEM", order.itemId, 6885, 0, 6885, 6885],
      ["OTHER_ITEM", order.otherItemId, 869.7, 0, 869.7, 869.7],
      ["ASSEMBLY_ITEM", order.assemblyItemId, 350, 0, 350, 350],
      ["DISCOUNT", null, -1000, 0, -1000, -1000],
    ]);
    expect(draft.remaining).toBe(INVOICE_ORDER_BASE / 100);
    expect(draft.orderTotal).toBe(INVOICE_ORDER_TOTAL / 100);
    expect(draft.confirmationAmount).toBe(INVOICE_ORDER_DEPOSIT / 100);
    expect(draft.dueDate).toBe("2026-03-16");
    expect(draft.dateOfTaxableSupply).toBe("2026-03-16");
    const quick = await getInvoiceDraft({ ctx: t.ctx, input: { orderId: order.id, proforma: false, share: 30, ...on } });
    expect(quick.items.map((line) => line.suggested)).toEqual([2065.5, 260.9, 105, -300]);
  });

  test("the remaining price after two partial invoices (30 %, then 40 % of what remained)", async () => {
    const order = await createInvoiceOrder(t.ctx);
    for (const share of [30, 40]) {
      const draft = await getInvoiceDraft({ ctx: t.ctx, input: { orderId: order.id, proforma: false, share, ...on } });
      await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: false, items: draft.items.map((line) => ({ source: line.source, sourceId: line.sourceId, invoicedPrice: line.suggested })) }, options: on });
    }
    const draft = await getInvoiceDraft({ ctx: t.ctx, input: { orderId: order.id, proforma: false, ...on } });
    // 6 885 − 2 065,50 − 1 927,80; 869,70 − 260,90 − 243,50; 350 − 105 − 98; −1 000 + 300 + 280.
    expect(draft.items.map((line) => [line.invoiced, line.remaining])).toEqual([
      [3993.3, 2891.7],
      [504.4, 365.3],
      [203, 147],
      [-580, -420],
    ]);
    // Beyond the remaining price: refused on its line, nothing issued.
    const before = (await listOrderInvoices({ ctx: t.ctx, input: { orderId: order.id } })).invoices.length;
    const refused = await failureOf(
      createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: false, items: [{ source: "ORDER_ITEM", sourceId: order.itemId, invoicedPrice: 2891.71 }] }, options: on }),
    );
    expect(fieldKeys(refused)).toEqual({ "items.0.invoicedPrice": "invoices.overRemaining" });
    expect((await listOrderInvoices({ ctx: t.ctx, input: { orderId: order.id } })).invoices).toHaveLength(before);
    // A line the order does not have, and nothing at all to invoice.
    const foreign = await failureOf(createInvoice({ ctx: t.ctx, input: { orderId: order.id, items: [{ source: "ORDER_ITEM", sourceId: 999_999, invoicedPrice: 1 }] }, options: on }));
    expect(fieldKeys(foreign)).toEqual({ "items.0.source": "invoices.lineNotOnOrder" });
    const nothing = await failureOf(createInvoice({ ctx: t.ctx, input: { orderId: order.id, items: [{ source: "ORDER_ITEM", sourceId: order.itemId, invoicedPrice: 0 }] }, options: on }));
    expect(nothing.messages[0]!.key).toBe("invoices.nothingToInvoice");
  });

  test("deposit proforma, its payments and tax documents, the final invoice deducting it, mark as paid, credit note", async () => {
    const order = await createInvoiceOrder(t.ctx);
    expect(await isOrderDepositPaid({ ctx: t.ctx, input: { orderId: order.id } })).toBe(false);

    // The deposit: the order's confirmation share (10 %) with VAT, to the haléř.
    const proformaId = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true }, options: on });
    const proforma = await getInvoice({ ctx: t.ctx, input: { id: proformaId } });
    expect(proforma).toMatchObject({ kind: "PROFORMA", status: "OPEN", created: TODAY, dueDate: "2026-03-16", dateOfTaxableSupply: null, total: 859.67, payable: 859.67, remainingToPay: 859.67 });
    expect(proforma.invoiceNumber).toMatch(/^2026200\d{3}$/);
    expect(proforma.base).toBe(710.47);
    expect(sum(proforma.items.map((line) => line.invoicedPrice))).toBe(710.47);

    // Paid before the proforma was issued (02.03.2026), or in year 1: refused, nothing recorded.
    const early = await failureOf(recordInvoicePayment({ ctx: t.ctx, input: { id: proformaId, values: { payment: { amount: 100, paidOn: "2026-03-01" } } }, options: on }));
    expect(early.fields["payment.paidOn"]).toEqual({ key: "invoices.paidBeforeIssue", values: { date: "02.03.2026" } });
    const yearOne = await failureOf(recordInvoicePayment({ ctx: t.ctx, input: { id: proformaId, values: { payment: { amount: 100, paidOn: "0001-01-01" } } }, options: on }));
    expect(fieldKeys(yearOne)).toEqual({ "payment.paidOn": "validation.dateRange" });
    expect((await getInvoice({ ctx: t.ctx, input: { id: proformaId } })).payments).toEqual([]);

    // A partial payment: its tax document (DUZP the payment date), the rest still open.
    const afterFirst = await recordInvoicePayment({ ctx: t.ctx, input: { id: proformaId, values: { payment: { amount: "100,00", paidOn: TODAY } } }, options: on });
    expect(afterFirst).toMatchObject({ status: "OPEN", paid: 100, remainingToPay: 759.67 });
    const firstTax = await getInvoice({ ctx: t.ctx, input: { id: afterFirst.payments[0]!.taxDocument!.id } });
    expect(firstTax).toMatchObject({ kind: "PAYMENT_TAX_DOCUMENT", status: "CLOSED", dateOfTaxableSupply: TODAY, total: 100, payable: 0, proformaInvoiceId: proformaId });
    // Split shora and kept: 82,64 + 17,36 = 100,00 (82,64 × 21 % zdola would be 17,35 and the document 99,99).
    expect(firstTax.recap).toEqual([{ vatRate: 21, base: 82.64, vat: 17.36, total: 100, claimedBase: 0, claimedVat: 0, differenceBase: 82.64, differenceVat: 17.36 }]);
    // More than remains: refused, nothing recorded.
    const over = await failureOf(recordInvoicePayment({ ctx: t.ctx, input: { id: proformaId, values: { payment: { amount: 759.68, paidOn: TODAY } } }, options: on }));
    expect(fieldKeys(over)).toEqual({ "payment.amount": "invoices.overpaid" });
    const future = await failureOf(recordInvoicePayment({ ctx: t.ctx, input: { id: proformaId, values: { payment: { amount: 1, paidOn: "2026-03-03" } } }, options: on }));
    expect(fieldKeys(future)).toEqual({ "payment.paidOn": "invoices.paidInFuture" });
    // The rest closes it: partial payments add up.
    const paid = await recordInvoicePayment({ ctx: t.ctx, input: { id: proformaId, values: { payment: { amount: 759.67, paidOn: TODAY } } }, options: on });
    expect(paid).toMatchObject({ status: "CLOSED", paid: 859.67, remainingToPay: 0 });
    expect(paid.payments.map((payment) => payment.amount)).toEqual([100, 759.67]);
    expect(await isOrderDepositPaid({ ctx: t.ctx, input: { orderId: order.id } })).toBe(true);
    expect(await ordersWithDepositPaid({ ctx: t.ctx, input: { orderIds: [order.id, order.id + 1_000_000] } })).toEqual(new Set([order.id]));

    // The final invoice: everything, the paid proforma deducted per rate (its two tax documents).
    const draft = await getInvoiceDraft({ ctx: t.ctx, input: { orderId: order.id, proforma: false, ...on } });
    expect(draft.linkableProformas).toEqual([{ id: proformaId, invoiceNumber: proforma.invoiceNumber, total: 859.67, paid: 859.67 }]);
    const finalId = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: false, linkedProformas: [proformaId] }, options: on });
    const final = await getInvoice({ ctx: t.ctx, input: { id: finalId } });
    expect(final).toMatchObject({ kind: "FINAL", status: "OPEN", total: 8596.69, payable: 7737.02, deducted: 859.67, linkedProformas: [{ id: proformaId, invoiceNumber: proforma.invoiceNumber }] });
    expect(final.recap).toEqual([{ vatRate: 21, base: 7104.7, vat: 1491.99, total: 8596.69, claimedBase: 710.47, claimedVat: 149.2, differenceBase: 6394.23, differenceVat: 1342.79 }]);
    // The recap equals the lines to the haléř.
    expect(sum(final.items.map((line) => line.invoicedPrice))).toBe(final.recap[0]!.base);
    expect(sum(final.items.map((line) => line.vat))).toBe(final.recap[0]!.vat);
    expect(sum(final.items.map((line) => line.total))).toBe(final.total);
    expect((await getInvoice({ ctx: t.ctx, input: { id: proformaId } })).linkedTo).toEqual({ id: finalId, invoiceNumber: final.invoiceNumber });
    // The proforma is deducted once.
    const twice = await failureOf(createInvoice({ ctx: t.ctx, input: { orderId: order.id, items: [], linkedProformas: [proformaId] }, options: on }));
    expect(twice.status).toBe(422);

    // Mark as paid: the rest today, closed; a second click changes nothing.
    const marked = await markInvoiceAsPaid({ ctx: t.ctx, input: { id: finalId }, options: on });
    expect(marked).toMatchObject({ status: "CLOSED", paid: 7737.02, remainingToPay: 0 });
    expect(marked.payments).toEqual([{ id: marked.payments[0]!.id, amount: 7737.02, paidOn: TODAY, note: null, taxDocument: null, source: "manual", statementLine: null, recordedBy: null }]);
    expect((await markInvoiceAsPaid({ ctx: t.ctx, input: { id: finalId }, options: on })).payments).toHaveLength(1);

    // Never deleted: a 422 that says why.
    const deleted = await failureOf(invoiceService.remove({ ctx: t.ctx, input: { id: finalId } }));
    expect(deleted.messages[0]).toEqual({ key: "invoices.neverDeleted", values: { number: final.invoiceNumber } });

    // The credit note: the invoice negated, its lines free to invoice again, the proforma free to link again.
    const creditId = await createCreditNote({ ctx: t.ctx, input: { id: finalId, values: {} }, options: on });
    const credit = await getInvoice({ ctx: t.ctx, input: { id: creditId } });
    expect(credit).toMatchObject({ kind: "CREDIT_NOTE", status: "CLOSED", total: -8596.69, payable: -7737.02, originalInvoiceId: finalId, dateOfTaxableSupply: TODAY });
    expect(credit.invoiceNumber).toMatch(/^2026400\d{3}$/);
    expect(credit.recap).toEqual([{ vatRate: 21, base: -7104.7, vat: -1491.99, total: -8596.69, claimedBase: -710.47, claimedVat: -149.2, differenceBase: -6394.23, differenceVat: -1342.79 }]);
    expect((await getInvoice({ ctx: t.ctx, input: { id: finalId } })).creditNote).toEqual({ id: creditId, invoiceNumber: credit.invoiceNumber });
    expect((await getInvoiceDraft({ ctx: t.ctx, input: { orderId: order.id, proforma: false, ...on } })).remaining).toBe(7104.7);
    const again = await failureOf(createCreditNote({ ctx: t.ctx, input: { id: finalId, values: {} }, options: on }));
    expect(again.messages[0]!.key).toBe("invoices.alreadyCredited");
    expect((await failureOf(createCreditNote({ ctx: t.ctx, input: { id: proformaId, values: {} }, options: on }))).messages[0]!.key).toBe("invoices.creditNoteOnlyFinal");

    const tab = await listOrderInvoices({ ctx: t.ctx, input: { orderId: order.id } });
    expect(tab.invoices.map((invoice) => invoice.kind)).toEqual(["PROFORMA", "PAYMENT_TAX_DOCUMENT", "PAYMENT_TAX_DOCUMENT", "FINAL", "CREDIT_NOTE"]);
    expect(tab).toMatchObject({ orderBase: 7104.7, remainingBase: 7104.7, depositPaid: true });
  });

  test("two final invoices issued at once cannot both take a line's remaining price; a retried payment applies once", async () => {
    const order = await createInvoiceOrder(t.ctx);
    const whole = { orderId: order.id, items: [{ source: "ORDER_ITEM", sourceId: order.itemId, invoicedPrice: 6885 }] };
    const results = await Promise.allSettled([createInvoice({ ctx: t.ctx, input: whole, options: on }), createInvoice({ ctx: t.ctx, input: whole, options: on })]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(fieldKeys(refused.reason)).toEqual({ "items.0.invoicedPrice": "invoices.overRemaining" });

    const id = (results.find((result) => result.status === "fulfilled") as PromiseFulfilledResult<number>).value;
    const payment = { payment: { amount: 100, paidOn: TODAY, idempotencyKey: `payment-${id}-retry` } };
    await recordInvoicePayment({ ctx: t.ctx, input: { id, values: payment }, options: on });
    const again = await recordInvoicePayment({ ctx: t.ctx, input: { id, values: payment }, options: on });
    expect(again.payments.map((row) => row.amount)).toEqual([100]);
    expect((await getInvoice({ ctx: t.ctx, input: { id } })).paid).toBe(100);
  });

  test("the snapshot stored at issue never changes when the company or the order does", async () => {
    const order = await createInvoiceOrder(t.ctx);
    const id = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true }, options: on });
    const before = (await getInvoice({ ctx: t.ctx, input: { id } })).snapshot;
    expect(before.supplier.name).toBe("Ploty Ťuhýk s.r.o.");
    expect(before.customer).toMatchObject({ name: "Zahradnictví Ůlehla", street: "Horní 118", city: "Žďár nad Sázavou" });
    expect(before.bank).toEqual({ accountNumber: "19-2000145399/0800", iban: "CZ6508000000192000145399", swift: "GIBACZPX" });
    await t.db.update(companyIdentity).set({ name: "Jiná firma a.s.", street: "Nová 1" }).where(eq(companyIdentity.id, 1));
    await t.db.update(fenceOrders).set({ company: "Někdo jiný", discountAmount: "5000.00" }).where(eq(fenceOrders.id, order.id));
    expect((await getInvoice({ ctx: t.ctx, input: { id } })).snapshot).toEqual(before);
    await setUpInvoicing(t.ctx);
  });

  test("a company that is not a VAT payer: no VAT, no recap, the text, no payment tax documents", async () => {
    await setUpInvoicing(t.ctx, { vatPayer: false });
    try {
      const order = await createInvoiceOrder(t.ctx);
      const proformaId = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true }, options: on });
      const proforma = await getInvoice({ ctx: t.ctx, input: { id: proformaId } });
      // 10 % of the base, no VAT on it.
      expect(proforma).toMatchObject({ total: 710.47, payable: 710.47, vat: 0, recap: [] });
      expect(proforma.snapshot.vatPayer).toBe(false);
      expect(proforma.snapshot.note).toStartWith("Nejsem plátce DPH.");
      expect(proforma.items.every((line) => line.vatRate === 0)).toBe(true);
      const paid = await markInvoiceAsPaid({ ctx: t.ctx, input: { id: proformaId }, options: on });
      expect(paid.payments.map((payment) => payment.taxDocument)).toEqual([null]);
      const finalId = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, linkedProformas: [proformaId] }, options: on });
      const final = await getInvoice({ ctx: t.ctx, input: { id: finalId } });
      expect(final).toMatchObject({ total: 7104.7, payable: 6394.23, deducted: 710.47, recap: [] });
      expect(final.snapshot.deductions).toEqual([{ taxed: false, number: proforma.invoiceNumber, variableSymbol: proforma.invoiceNumber, amountHalere: 71_047 }]);
      const kinds = (await listOrderInvoices({ ctx: t.ctx, input: { orderId: order.id } })).invoices.map((invoice) => invoice.kind);
      expect(kinds).toEqual(["PROFORMA", "FINAL"]);
    } finally {
      await setUpInvoicing(t.ctx);
    }
  });

  test("the list filters by status, kind, date range and customer, newest first", async () => {
    const order = await createInvoiceOrder(t.ctx, { company: "Filtrovaná Žirafa s.r.o." });
    const id = await createInvoice({ ctx: t.ctx, input: { orderId: order.id, proforma: true }, options: { today: "2026-02-10" } });
    const list = (filters: Record<string, string>) => invoiceService.list({ ctx: t.ctx, input: { page: 1, size: 20, filters } });
    const found = await list({ customer: "zirafa", status: "OPEN", kind: "PROFORMA", from: "2026-02-01", to: "2026-02-28" });
    expect(found.rows.map((row) => row.id)).toEqual([id]);
    expect(found.rows[0]).toMatchObject({ customer: "Filtrovaná Žirafa s.r.o.", orderId: order.id, remainingToPay: 859.67 });
    expect((await list({ customer: "zirafa", to: "2026-02-09" })).rows).toEqual([]);
    expect((await list({ customer: "zirafa", status: "CLOSED" })).rows).toEqual([]);
    expect((await list({ kind: "NONSENSE" })).rows).toEqual([]);
    expect((await list({ from: "2026-02-31" })).rows).toEqual([]);
    expect(found.meta.sort).toBe("created,desc");
  });
});
