/**
 * A reminder's PDF (docs/decisions/080-overdue-and-reminders.md): rendered from the document's
 * stored snapshot and what the reminder recorded (its day and the rest to pay then), so it prints
 * the same whenever it is asked for. `renderReminderPdf` is the piece other code calls (an e-mail
 * attaches it); `reminderPdf` answers `GET /orders/invoices/:id/reminders/:reminderId/pdf`.
 */
import { eq } from "drizzle-orm";
import { invoices, users } from "@db/schema";
import type { Ctx, Lang } from "@/lib/context";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { toHalere } from "@/lib/money";
import type { PdfImage } from "@/lib/pdf/logo";
import { renderPdf } from "@/lib/pdf/render";
import type { InvoiceSnapshot } from "../formats/snapshot";
import { logoOfSnapshot } from "../logo";
import { readReminder } from "../reminders";
import type { ReminderLevel } from "../schemas";
import { type ReminderFacts, reminderContent } from "./reminder-content";
import type { InvoicePdf } from "./service";

/** The reminder's PDF in `lang`: the document's snapshot, the reminder's facts, the logo the snapshot names. */
export function renderReminderPdf(snapshot: InvoiceSnapshot, reminder: ReminderFacts, lang: Lang, logo: PdfImage | null = null): Promise<Uint8Array> {
  return renderPdf(() => import("./reminder-document").then((m) => m.ReminderDocument), { reminder: reminderContent(snapshot, reminder, lang), logo });
}

export const reminderPdfFileName = (number: string, level: ReminderLevel, lang: Lang) => tFor(lang)("reminderPdf.fileName", { number, level }) as string;

/** One reminder of the document as a PDF in the caller's language; 404 unless the reminder is the document's. */
export async function reminderPdf({ ctx, input }: { ctx: Ctx; input: { invoiceId: number; reminderId: number } }): Promise<Omit<InvoicePdf, "cached">> {
  const reminder = await readReminder(ctx, input);
  const [row] = await ctx.db.select({ snapshot: invoices.snapshot }).from(invoices).where(eq(invoices.id, reminder.invoiceId));
  if (!row) throw AppError.notFound();
  const [who] = reminder.createdBy === null ? [] : await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, reminder.createdBy));
  const level = reminder.level as ReminderLevel;
  const facts: ReminderFacts = { level, issuedOn: reminder.issuedOn, remainingHalere: toHalere(reminder.remaining), issuedBy: who ? `${who.firstName} ${who.lastName}`.trim() : null };
  const pdf = await renderReminderPdf(row.snapshot, facts, ctx.lang, await logoOfSnapshot(ctx, row.snapshot));
  return { fileName: reminderPdfFileName(row.snapshot.number, level, ctx.lang), pdf };
}
