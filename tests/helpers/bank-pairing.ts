/**
 * Bank statements made for the pairing's tests (docs/decisions/079-bank-statement-pairing.md): a
 * GPC of the lines a test names (the header's balances zero, which the reader does not check,
 * docs/decisions/077-bank-statements.md), the camt.053 sample with another variable symbol, and
 * the order and documents of the worked example.
 */
import { eq } from "drizzle-orm";
import { invoices } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createInvoice } from "@/modules/orders/invoice/service";
import { gpcBytes, statementBytes } from "./bank-statements";
import { createFenceOrderWithItems } from "./factories";
import { setUpInvoicing } from "./invoices";

const OUR_ACCOUNT = "0000192000145399";

const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
const digits = (value: string | number, length: number) => String(value).padStart(length, "0");
const text = (value: string, length: number) => value.slice(0, length).padEnd(length, " ");

export interface GpcTestLine {
  /** The bank's transaction id (13 digits at most); "0" for none. */
  id: string;
  halere: number;
  /** 1 debit, 2 credit, 4 reversed debit, 5 reversed credit. */
  code?: "1" | "2" | "4" | "5";
  vs?: string;
  date: string;
  name?: string;
  /** ISO 4217 numeric with a leading zero: 0203 CZK, 0978 EUR. */
  currency?: string;
}

/** A GPC statement `number` of `date` with these lines (Windows-1250, CRLF). */
export function gpcStatement(number: number, date: string, lines: GpcTestLine[]): Uint8Array {
  const zero = `${"0".repeat(14)}+`;
  const header = `074${OUR_ACCOUNT}${text("Ohrada s.r.o.", 20)}${ddmmyy(date)}${zero}${zero}${zero}${zero}${digits(number, 3)}${ddmmyy(date)}${" ".repeat(14)}`;
  const records = lines.map(
    (line) =>
      `075${OUR_ACCOUNT}${"0".repeat(16)}${digits(line.id, 13)}${digits(line.halere, 12)}${line.code ?? "2"}${digits(line.vs ?? "0", 10)}00${"0".repeat(8)}${"0".repeat(10)}${ddmmyy(line.date)}${text(line.name ?? "", 20)}0${line.currency ?? "0203"}${ddmmyy(line.date)}`,
  );
  return gpcBytes([header, ...records]);
}

/** The camt.053 sample (statement 2026-03-007) with its first entry's 30 000,00 Kč carrying `symbol`. */
export const camtWithSymbol = (symbol: string): Uint8Array =>
  new Uint8Array(Buffer.from(Buffer.from(statementBytes("camt053-v02.xml")).toString("utf-8").replace("/VS2026200002/SS/KS0308", `/VS${symbol}/SS/KS0308`), "utf-8"));

/** The day the worked example's documents are issued: its proforma 2026200001 is the year's first. */
export const ISSUED_ON = "2026-03-02";

/**
 * The worked example (as the invoice PDF's test): an order of 54 726,07 Kč + 21 %, its deposit
 * proforma 6 621,85 Kč (10 % with VAT) issued on ISSUED_ON. Answers the order's and proforma's ids.
 */
export async function depositExample(ctx: Ctx, company = "Zahradnictví Ůlehla"): Promise<{ orderId: number; proformaId: number; number: string }> {
  const order = await createFenceOrderWithItems(ctx, { order: { company }, items: [], otherItems: [{ amount: 1, unitPrice: 54_726.07 }] });
  const proformaId = await createInvoice({ ctx, input: { orderId: order.id, proforma: true }, options: { today: ISSUED_ON } });
  const [row] = await ctx.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, proformaId));
  return { orderId: order.id, proformaId, number: row!.number };
}

export { setUpInvoicing };
