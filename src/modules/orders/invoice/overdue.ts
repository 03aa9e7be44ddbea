/**
 * Overdue documents (docs/decisions/080-overdue-and-reminders.md): an OPEN final invoice or
 * proforma whose due date has passed (the day after it, in Prague) with something left to pay. One
 * rule, written once as SQL for the invoice list's filter and the baskets column's count and sum,
 * and once in code for a row already read (its days overdue).
 */
import { cachedRead, tableNames } from "@/lib/read-cache";
import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { OVERDUE_LIST_HREF } from "@views/orders/invoice-list";
import { invoicePayments, invoices } from "@db/schema";
import type { BasketLoader, Ctx } from "@/lib/context";
import { todayInPrague } from "@/lib/dates";
import { tFor } from "@/lib/i18n";
import { formatMoney, toHalere } from "@/lib/money";
import { subquery } from "@/lib/subquery";
import { kc } from "./common";

/** The kinds that ask the customer to pay: tax documents for payments and credit notes never fall due. */
export const PAYABLE_KINDS = ["FINAL", "PROFORMA"] as const;

/** The payments as the subquery names them: never the outer query's. */
const payment = alias(invoicePayments, "overdue_payment");

/**
 * What remains to pay on the outer row of `invoices`, in Kč (numeric). Built with the query builder
 * so the outer id stays qualified in any outer query (src/lib/subquery.ts).
 */
export const remainingSql: SQL<string> = sql<string>`(${invoices.payable} - coalesce(${subquery
  .select({ paid: sql`sum(${payment.amount})` })
  .from(payment)
  .where(eq(payment.invoiceId, invoices.id))}, 0))`;

/**
 * An open document that asks to pay: written with literals, exactly as the partial index
 * `invoices_open_due_idx` states it, so the planner can prove the index covers the query.
 */
const openPayableSql = sql.raw(`"invoices"."status" = 'OPEN' and "invoices"."kind" in ('FINAL', 'PROFORMA')`);

/** The row is overdue on `today` (ISO): open, payable, due before today, something left to pay. */
export const overdueSql = (today: string): SQL => and(openPayableSql, lt(invoices.dueDate, today), gt(remainingSql, sql`0`))!;

/** Whole days from `from` to `to` (ISO dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/** A row already read: its days overdue on `today`, or null when it is not overdue. */
export function daysOverdueOf(row: { kind: string; status: string; dueDate: string }, remainingHalere: number, today: string): number | null {
  if (row.status !== "OPEN" || !(PAYABLE_KINDS as readonly string[]).includes(row.kind) || remainingHalere <= 0) return null;
  const days = daysBetween(row.dueDate, today);
  return days > 0 ? days : null;
}

export interface OverdueSummary {
  count: number;
  /** What the overdue documents still ask, Kč. */
  remaining: number;
}

/** The count and the sum of what is left to pay, in one statement (the partial index by due date, the payments by their document). */
export const overdueTotalsQuery = (ctx: Ctx, today: string) =>
  ctx.db
    .select({ count: sql<number>`count(*)::int`, remaining: sql<string | null>`sum(${remainingSql})` })
    .from(invoices)
    .where(overdueSql(today));

const OVERDUE_TABLES = tableNames(invoices, invoicePayments);

/**
 * The index page and every page's baskets column show it: kept a few seconds, or until this
 * instance writes a document or a payment (src/lib/read-cache.ts); at 100,000 documents its sum
 * takes tens of milliseconds.
 */
export async function overdueSummary({ ctx, input = {} }: { ctx: Ctx; input?: { today?: string } }): Promise<OverdueSummary> {
  const today = input.today ?? todayInPrague();
  return cachedRead(ctx.db, `overdue:${today}`, OVERDUE_TABLES, async () => {
    const [row] = await overdueTotalsQuery(ctx, today);
    return { count: row?.count ?? 0, remaining: kc(row?.remaining ? toHalere(row.remaining) : 0) };
  });
}

/**
 * The baskets column's alert (docs/decisions/080-overdue-and-reminders.md): the count and the sum,
 * shown only while there is any; `today` is Prague's unless a test names the day.
 */
export const overdueInvoicesBasketOn = (today: () => string = todayInPrague): BasketLoader => async ({ ctx }) => {
  const { count, remaining } = await overdueSummary({ ctx, input: { today: today() } });
  if (!count) return [];
  const t = tFor(ctx.lang);
  return [{ id: -2, name: t("reminders.basket", { amount: formatMoney(remaining, ctx.lang) }) as string, href: OVERDUE_LIST_HREF, itemCount: count, common: false, alert: true }];
};

export const overdueInvoicesBasket = overdueInvoicesBasketOn();
