/**
 * Gapless invoice numbers (docs/decisions/052-invoice-numbering-and-snapshot.md): one counter row
 * per year and series, raised by the transaction that inserts the invoice. The upsert locks the
 * row, so a concurrent insert waits until the first commits (and then counts on from it) or rolls
 * back (and then takes the same number): no gap, no duplicate, whatever fails.
 */
import { sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatInvoiceNumber, MAX_COUNTER } from "./formats/numbers";
import type { InvoiceKind } from "./formats/snapshot";

export interface AllocatedNumber {
  number: string;
  year: number;
  counter: number;
}

/**
 * The next number of the kind's series in `year`. Only inside the transaction that inserts the
 * invoice: the number must roll back with it.
 */
export async function allocateInvoiceNumber({ ctx, input }: { ctx: Ctx; input: { kind: InvoiceKind; year: number } }): Promise<AllocatedNumber> {
  if (!ctx.inTransaction) throw new Error("allocateInvoiceNumber runs inside the transaction that inserts the invoice (withTransaction)");
  const { kind, year } = input;
  const [row] = await selectRows<{ last_counter: number }>(
    ctx.db,
    sql`insert into invoice_number_series (year, kind, last_counter) values (${year}, ${kind}, 1)
        on conflict (year, kind) do update set last_counter = invoice_number_series.last_counter + 1
        where invoice_number_series.last_counter < ${MAX_COUNTER}
        returning last_counter`,
  );
  // No row: the update's condition refused, the series is full for the year.
  if (!row) throw AppError.fail({ key: "invoices.seriesFull", values: { year, max: MAX_COUNTER } });
  const counter = Number(row.last_counter);
  return { number: formatInvoiceNumber({ year, kind, counter }), year, counter };
}
