/**
 * The job that sends a queued document e-mail (docs/decisions/081-sending-documents.md, the steps of
 * docs/decisions/078-e-mail.md): it reads the log row, stops at once when the message already went
 * (a server took it, or the outbox keeps it), renders the attachments from the stored document,
 * sends with the Message-ID fixed at queue time and records the outcome in the row before the job
 * finishes. A temporary failure (the server down, a 4xx) is tried again up to SEND_EMAIL_MAX_ATTEMPTS
 * times, SEND_EMAIL_RETRY_MINUTES apart; a permanent one (a 5xx, a refused login, a bad address)
 * fails at once. The row says `queued` between attempts and `failed` after the last.
 */
import { basename } from "node:path";
import { eq } from "drizzle-orm";
import { sentEmails } from "@db/schema";
import type { Lang } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { defineJob } from "@/lib/jobs/define";
import { MailSendError } from "@/lib/mail/errors";
import { createMailer } from "@/lib/mail/mailer";
import type { MailAttachment } from "@/lib/mail/message";
import { type MailDocumentKind, mailDocument } from "./documents";

export const SEND_EMAIL_JOB = "orders.sendDocumentEmail";
export const SEND_EMAIL_MAX_ATTEMPTS = 5;
export const SEND_EMAIL_RETRY_MINUTES = 5;

/** An attachment that could not be rendered: tried again like a server that is down. */
class AttachmentError extends Error {
  constructor(cause: unknown) {
    super(`attachment not rendered: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Whether another attempt may help: not for a refusal of the message or a server's permanent answer. */
export const mailRetryable = (error: unknown) => !(error instanceof AppError) && !(error instanceof MailSendError && !error.temporary);

/** What the log row keeps of a failure, translated when shown. */
function failureMessage(error: unknown): Message {
  if (error instanceof MailSendError) return error.translatable;
  if (error instanceof AppError) return error.messages[0] ?? Object.values(error.fields)[0] ?? { key: "job.failed" };
  if (error instanceof AttachmentError) return msg("emailSending.renderFailed");
  return { key: "job.failed" };
}

export const sendDocumentEmailJob = defineJob<{ emailId: number }>({
  name: SEND_EMAIL_JOB,
  maxAttempts: SEND_EMAIL_MAX_ATTEMPTS,
  retryAfterMinutes: SEND_EMAIL_RETRY_MINUTES,
  retryable: mailRetryable,
  async run({ ctx, input, dataDir, smtpUrl, attempt, maxAttempts, signal, now }) {
    const [row] = await ctx.db.select().from(sentEmails).where(eq(sentEmails.id, input.emailId)).limit(1);
    // Already gone (decision 078, step 2): an attempt after the record says so sends nothing.
    if (!row || row.status === "sent" || row.status === "outbox") return;
    const record = (set: Partial<typeof sentEmails.$inferInsert>) =>
      ctx.db.update(sentEmails).set({ ...set, attempts: attempt, updatedAt: now }).where(eq(sentEmails.id, row.id));
    const lang = row.language as Lang;
    try {
      if (!smtpUrl && !dataDir) throw AppError.fail(msg("emailSending.noDataDir"));
      let attachments: MailAttachment[];
      try {
        attachments = await mailDocument(row.documentKind as MailDocumentKind).attachments(ctx, { kind: row.documentKind as MailDocumentKind, orderId: row.orderId, invoiceId: row.invoiceId }, lang);
      } catch (error) {
        throw error instanceof AppError ? error : new AttachmentError(error);
      }
      const mailer = createMailer({ smtpUrl, dataDir: dataDir ?? "" });
      try {
        const result = await mailer.send(
          { from: { name: row.fromName, address: row.fromAddress }, to: row.recipients, subject: row.subject, text: row.body, attachments, messageId: row.messageId },
          { signal },
        );
        // Recorded right after the send (decision 078, step 3): the only window for a second copy is a crash before this.
        await record({
          status: result.transport === "smtp" ? "sent" : "outbox",
          transport: result.transport,
          response: result.response ?? null,
          accepted: result.accepted,
          rejected: result.rejected,
          outboxFile: result.file ? basename(result.file) : null,
          error: null,
          sentAt: now,
        });
      } finally {
        mailer.close();
      }
    } catch (error) {
      const final = attempt >= maxAttempts || !mailRetryable(error);
      await record({ status: final ? "failed" : "queued", transport: smtpUrl ? "smtp" : "outbox", error: JSON.stringify(failureMessage(error)) });
      throw error;
    }
  },
});
