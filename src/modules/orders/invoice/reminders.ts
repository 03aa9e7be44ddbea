/**
 * Reminders (upomínky) of overdue documents (docs/decisions/080-overdue-and-reminders.md): the
 * first, the second and the last before collection, in that order, each once per document, only
 * while the document is overdue. Each records the day and what was left to pay then, which its PDF
 * prints (pdf/reminder.ts).
 */
import { asc, eq, sql } from "drizzle-orm";
import { invoiceReminders, users } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { translateDbError } from "@/lib/crud/service";
import { formatCzechDate, todayInPrague } from "@/lib/dates";
import { AppError, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { halereToNumeric, toHalere } from "@/lib/money";
import { parseInput } from "@/lib/validation";
import { halereOf, type InvoiceRow, kc, lockInvoice, paidOf } from "./common";
import { daysBetween, daysOverdueOf } from "./overdue";
import { type InvoiceReminder, REMINDER_LEVELS, type ReminderLevel, reminderInput } from "./schemas";

export interface ReminderOptions {
  /** The day the reminder is issued on (ISO); Prague's today unless a test names one. */
  today?: string;
}

type ReminderRow = typeof invoiceReminders.$inferSelect;

const reminderOf = (row: ReminderRow, dueDate: string, issuedBy: string | null): InvoiceReminder => ({
  id: row.id,
  invoiceId: row.invoiceId,
  level: row.level as ReminderLevel,
  issuedOn: row.issuedOn,
  remaining: kc(toHalere(row.remaining)),
  daysOverdue: daysBetween(dueDate, row.issuedOn),
  issuedBy,
});

/** A document's reminders, oldest first, with who issued each. */
export async function listInvoiceReminders(ctx: Ctx, invoice: Pick<InvoiceRow, "id" | "dueDate">): Promise<InvoiceReminder[]> {
  const rows = await ctx.db
    .select({ reminder: invoiceReminders, issuedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(invoiceReminders)
    .leftJoin(users, eq(users.id, invoiceReminders.createdBy))
    .where(eq(invoiceReminders.invoiceId, invoice.id))
    .orderBy(asc(invoiceReminders.level));
  return rows.map((row) => reminderOf(row.reminder, invoice.dueDate, row.issuedBy));
}

/** The level the next reminder takes after `issued` ones; null after the last. */
export const nextLevelAfter = (issued: readonly { level: number }[]): ReminderLevel | null =>
  REMINDER_LEVELS.find((level) => !issued.some((reminder) => reminder.level === level)) ?? null;

/**
 * Issues the reminder of `level` for an overdue document: refused unless the document is overdue
 * today, a level given out of order, or one already issued. A double click (the same idempotency
 * key) answers the first reminder; the unique index refuses a concurrent second one.
 */
export async function issueInvoiceReminder({ ctx, input, options = {} }: { ctx: Ctx; input: { id: number; values: unknown }; options?: ReminderOptions }): Promise<InvoiceReminder> {
  const values = parseInput(reminderInput, input.values ?? {});
  const today = options.today ?? todayInPrague();
  return withIdempotency({ ctx, key: values.idempotencyKey, operation: `invoices.reminder.${input.id}` }, async (tx) => {
    const row = await lockInvoice(tx, input.id);
    const remaining = halereOf(row.payable) - ((await paidOf(tx, [row.id])).get(row.id) ?? 0);
    if (daysOverdueOf(row, remaining, today) === null) throw AppError.fail(msg("reminders.notOverdue", { number: row.number, dueDate: formatCzechDate(row.dueDate) }));
    const issued = await tx.db.select({ level: invoiceReminders.level, issuedOn: invoiceReminders.issuedOn }).from(invoiceReminders).where(eq(invoiceReminders.invoiceId, row.id));
    const same = issued.find((reminder) => reminder.level === values.level);
    if (same) throw AppError.invalid({ level: msg("reminders.alreadyIssued", { level: values.level, date: formatCzechDate(same.issuedOn) }) });
    const next = nextLevelAfter(issued);
    if (next !== values.level) throw AppError.invalid({ level: next === null ? msg("reminders.noLevelLeft") : msg("reminders.levelOrder", { level: next }) });
    const [inserted] = await tx.db
      .insert(invoiceReminders)
      .values({ invoiceId: row.id, level: values.level, issuedOn: today, remaining: halereToNumeric(remaining), createdBy: tx.userId, updatedBy: tx.userId })
      .returning()
      .catch((error: unknown) => translateDbError(error, [{ field: "level", index: "invoice_reminders_level_unique", message: () => msg("reminders.alreadyIssued", { level: values.level, date: formatCzechDate(today) }) }]));
    const [who] = tx.userId === null ? [] : await tx.db.select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(eq(users.id, tx.userId));
    return reminderOf(inserted!, row.dueDate, who?.name ?? null);
  });
}

/** One reminder with its document's row; 404 when the reminder is not the document's. */
export async function readReminder(ctx: Ctx, input: { invoiceId: number; reminderId: number }): Promise<ReminderRow> {
  const [row] = await ctx.db.select().from(invoiceReminders).where(eq(invoiceReminders.id, input.reminderId)).limit(1);
  if (!row || row.invoiceId !== input.invoiceId) throw AppError.notFound();
  return row;
}
