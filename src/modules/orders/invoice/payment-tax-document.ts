/**
 * The tax document of a payment received on a proforma ("daňový doklad k přijaté platbě"): issued
 * for a VAT payer, dated the day the money came (docs/decisions/053-invoice-lines-and-payments.md).
 */
import type { Ctx } from "@/lib/context";
import { documentT, type InvoiceRow, setStatus } from "./common";
import { invoiceTotals, paymentParts } from "./formats/vat";
import { issueInvoice } from "./issue";
import { issuer } from "./parties";

/** The tax document of a payment on a proforma: the payment split per the proforma's rates, nothing left to pay. */
export async function issuePaymentTaxDocument(ctx: Ctx, proforma: InvoiceRow, amountHalere: number, paidOn: string, today: string): Promise<number> {
  const source = proforma.snapshot;
  const parts = paymentParts(amountHalere, invoiceTotals(source).recap);
  const description = documentT("invoices.line.receivedAdvance", { number: proforma.number }) as string;
  const company = await issuer(ctx);
  const issued = await issueInvoice({
    ctx,
    input: {
      snapshot: {
        ...source,
        kind: "PAYMENT_TAX_DOCUMENT",
        supplier: company.supplier,
        logo: company.logo,
        bank: company.bank,
        issuedBy: company.issuedBy,
        issueDate: today < paidOn ? paidOn : today,
        taxableSupplyDate: paidOn,
        dueDate: paidOn,
        payment: { ...source.payment, variableSymbol: proforma.number },
        note: documentT("invoices.taxDocumentNote", { number: proforma.number }) as string,
        lines: parts.map((part) => ({ description, quantity: 1, unit: documentT("invoices.unit.piece") as string, baseHalere: part.baseHalere, vatRate: part.vatRate, vatHalere: part.vatHalere })),
        deductions: [{ taxed: false, number: proforma.number, variableSymbol: proforma.number, amountHalere }],
        originalDocument: { number: proforma.number, issueDate: proforma.issueDate, uuid: proforma.uuid },
      },
      lineSources: parts.map(() => ({ source: "ADVANCE" as const, sourceId: null, itemPriceHalere: null })),
      proformaInvoiceId: proforma.id,
    },
  });
  await setStatus(ctx, issued.id, "CLOSED");
  return issued.id;
}
