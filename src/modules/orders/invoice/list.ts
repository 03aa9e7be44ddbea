/**
 * The invoice list (`GET /api/orders/invoices`: its filters, sorting and the SQL behind them), a
 * document's summary row, and the order's invoices tab.
 */
import { asc, eq, getTableColumns, gte, lte, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService, matchesText } from "@/lib/crud/service";
import { isValidIsoDate } from "@/lib/dates";
import { readBoolean } from "@/lib/zod-fields";
import { readOrderSnapshot } from "../order-snapshot/service";
import { halereOf, type InvoiceRow, kc, paidOf } from "./common";
import { isOrderDepositPaid } from "./deposit";
import { remainingLines } from "./order-lines";
import { daysOverdueOf, overdueSql } from "./overdue";
import { invoiceCreateInput, type InvoiceStatus, type InvoiceSummary, type OrderInvoices } from "./schemas";

const customerSql = sql`(${invoices.snapshot} -> 'customer' ->> 'name')`;

const dateBound = (compare: typeof gte) => (value: string) => (isValidIsoDate(value) ? compare(invoices.issueDate, value) : sql`false`);

const oneOf = (column: AnyPgColumn, allowed: readonly string[]) => (value: string) => (allowed.includes(value) ? eq(column, value) : sql`false`);

/** A document's row as lists show it; `today` (ISO) counts its days overdue (none without it). */
export function summaryOf(row: InvoiceRow, paidHalere: number, today?: string): InvoiceSummary {
  const payable = halereOf(row.payable);
  const remaining = row.status === "CLOSED" ? 0 : Math.max(payable - paidHalere, 0);
  return {
    id: row.id,
    invoiceNumber: row.number,
    proforma: row.kind === "PROFORMA",
    kind: row.kind as InvoiceSummary["kind"],
    status: row.status as InvoiceStatus,
    orderId: row.orderId,
    customer: row.snapshot.customer.name,
    created: row.issueDate,
    dueDate: row.dueDate,
    dateOfTaxableSupply: row.taxableSupplyDate,
    total: Number(row.total),
    payable: kc(payable),
    paid: kc(paidHalere),
    remainingToPay: kc(remaining),
    daysOverdue: today === undefined ? null : daysOverdueOf(row, remaining, today),
    originalInvoiceId: row.originalInvoiceId,
    proformaInvoiceId: row.proformaInvoiceId,
  };
}

/** Rows carry their paid sums under this key until `enrich` reads them for the page. */
const ROW = Symbol("row");
type Listed = InvoiceSummary & { [ROW]?: InvoiceRow };

export const listService = createCrudService({
  table: invoices,
  input: invoiceCreateInput,
  toEntity: (row): Listed => Object.assign(summaryOf(row, 0), { [ROW]: row }),
  toValues: () => ({}),
  listFields: {
    id: { column: invoices.id, filter: "number", sortable: true },
    invoiceNumber: { column: invoices.number, sortKey: invoices.number, filter: "text", sortable: true },
    proforma: { column: invoices.kind, where: (value) => (value === "true" ? eq(invoices.kind, "PROFORMA") : value === "false" ? ne(invoices.kind, "PROFORMA") : sql`false`) },
    kind: { column: invoices.kind, sortKey: invoices.kind, where: oneOf(invoices.kind, ["FINAL", "PROFORMA", "PAYMENT_TAX_DOCUMENT", "CREDIT_NOTE"]), sortable: true },
    status: { column: invoices.status, sortKey: invoices.status, where: oneOf(invoices.status, ["OPEN", "CLOSED"]), sortable: true },
    // "po splatnosti": open, payable, due before today, something left (docs/decisions/080-overdue-and-reminders.md).
    overdue: { where: (value, at) => (readBoolean(value) ? overdueSql(at.today) : undefined) },
    orderId: { column: invoices.orderId, filter: "number", sortable: true },
    customer: { where: (value) => matchesText(customerSql, value) },
    from: { where: dateBound(gte) },
    to: { where: dateBound(lte) },
    created: { column: invoices.issueDate, sortable: true },
    dueDate: { column: invoices.dueDate, sortable: true },
    dateOfTaxableSupply: { column: invoices.taxableSupplyDate, sortable: true },
    total: { column: invoices.total, sortable: true },
    payable: { column: invoices.payable, sortable: true },
  },
  defaultSort: ["created", "desc"],
  // Of the snapshot (the lines, both parties, the totals: kilobytes a document) the list shows the customer's name only.
  listColumns: { ...getTableColumns(invoices), snapshot: sql<InvoiceRow["snapshot"]>`jsonb_build_object('customer', jsonb_build_object('name', ${customerSql}))`
    .mapWith((value: unknown) => (typeof value === "string" ? JSON.parse(value) : value))
    .as("snapshot") },
  // A broad filter counts a page, not a scan: the pager says "1 000+" (as the fence order list does).
  countCap: 1000,
  enrich: async ({ ctx, entities, at }) => {
    const paid = await paidOf(ctx, entities.map((entity) => entity.id));
    return entities.map((entity) => summaryOf((entity as Listed)[ROW]!, paid.get(entity.id) ?? 0, at.today));
  },
});

/** The order's documents (its tab 4, `GET /api/orders/invoices?orderId=`), oldest first. */
export async function listOrderInvoices({ ctx, input }: { ctx: Ctx; input: { orderId: number } }): Promise<OrderInvoices> {
  const snapshot = await readOrderSnapshot(ctx, input.orderId);
  const [rows, lines, depositPaid] = await Promise.all([
    ctx.db.select().from(invoices).where(eq(invoices.orderId, input.orderId)).orderBy(asc(invoices.issueDate), asc(invoices.id)),
    remainingLines(ctx, snapshot),
    isOrderDepositPaid({ ctx, input }),
  ]);
  const paid = await paidOf(ctx, rows.map((row) => row.id));
  return {
    orderId: input.orderId,
    invoices: rows.map((row) => summaryOf(row, paid.get(row.id) ?? 0)),
    orderBase: kc(lines.reduce((sum, line) => sum + line.priceHalere, 0)),
    remainingBase: kc(lines.reduce((sum, line) => sum + line.remainingHalere, 0)),
    depositPaid,
  };
}
