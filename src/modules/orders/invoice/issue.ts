/**
 * Issuing a document: its number allocated, its snapshot completed (number, UUID, variable
 * symbol) and stored with its totals and lines, all in one transaction
 * (docs/decisions/052-invoice-numbering-and-snapshot.md). What goes into the snapshot — read from
 * the order, the company identity and invoice settings — is the caller's; this only makes it
 * permanent. An issued document is never changed or deleted afterwards.
 */
import { invoiceLines, invoices } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { halereToNumeric } from "@/lib/money";
import { allocateInvoiceNumber } from "./numbering";
import type { InvoiceSnapshot } from "./formats/snapshot";
import { type InvoiceTotals, invoiceTotals } from "./formats/vat";

import type { InvoiceLineSource } from "./line-sources";

export { INVOICE_LINE_SOURCES, type InvoiceLineSource } from "./line-sources";

export interface IssueInvoiceInput {
  /** The snapshot without what issuing gives it; the variable symbol defaults to the number. */
  snapshot: Omit<InvoiceSnapshot, "number" | "uuid" | "payment"> & { payment: Omit<InvoiceSnapshot["payment"], "variableSymbol"> & { variableSymbol?: string } };
  /** One per snapshot line, in the same order. */
  lineSources: { source: InvoiceLineSource; sourceId: number | null; itemPriceHalere: number | null }[];
  originalInvoiceId?: number | null;
  proformaInvoiceId?: number | null;
}

export interface IssuedInvoice {
  id: number;
  number: string;
  snapshot: InvoiceSnapshot;
  totals: InvoiceTotals;
}

/** Stores a new document with the next number of its series in the issue date's year. */
export async function issueInvoice({ ctx, input }: { ctx: Ctx; input: IssueInvoiceInput }): Promise<IssuedInvoice> {
  if (input.lineSources.length !== input.snapshot.lines.length) throw new RangeError("One line source per snapshot line");
  return withTransaction(ctx, async (tx) => {
    const draft = input.snapshot;
    const year = Number(draft.issueDate.slice(0, 4));
    const { number, counter } = await allocateInvoiceNumber({ ctx: tx, input: { kind: draft.kind, year } });
    const snapshot: InvoiceSnapshot = {
      ...draft,
      number,
      uuid: crypto.randomUUID(),
      payment: { ...draft.payment, variableSymbol: draft.payment.variableSymbol ?? number },
    };
    const totals = invoiceTotals(snapshot);
    const [row] = await tx.db
      .insert(invoices)
      .values({
        kind: snapshot.kind,
        number,
        year,
        counter,
        uuid: snapshot.uuid,
        orderId: snapshot.orderId,
        issueDate: snapshot.issueDate,
        dueDate: snapshot.dueDate,
        taxableSupplyDate: snapshot.taxableSupplyDate,
        note: snapshot.note,
        originalInvoiceId: input.originalInvoiceId ?? null,
        proformaInvoiceId: input.proformaInvoiceId ?? null,
        snapshot,
        total: halereToNumeric(totals.totalHalere),
        payable: halereToNumeric(totals.payableHalere),
        createdBy: tx.userId,
        updatedBy: tx.userId,
      })
      .returning({ id: invoices.id });
    const id = row!.id;
    if (snapshot.lines.length) {
      await tx.db.insert(invoiceLines).values(
        snapshot.lines.map((line, index) => {
          const source = input.lineSources[index]!;
          return {
            invoiceId: id,
            position: index + 1,
            source: source.source,
            sourceId: source.sourceId,
            description: line.description,
            quantity: String(line.quantity),
            unit: line.unit,
            itemPrice: source.itemPriceHalere === null ? null : halereToNumeric(source.itemPriceHalere),
            invoicedPrice: halereToNumeric(line.baseHalere),
            vatRate: String(line.vatRate),
            createdBy: tx.userId,
            updatedBy: tx.userId,
          };
        }),
      );
    }
    return { id, number, snapshot, totals };
  });
}
