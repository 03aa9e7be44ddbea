/**
 * Sending a document by e-mail (docs/decisions/081-sending-documents.md): the send form's pre-filled
 * message, queueing it (one log row and one job, once per idempotency key), and the log.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { sentEmails, users } from "@db/schema";
import type { Ctx, Lang } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { withIdempotency } from "@/lib/idempotency";
import { enqueueJob } from "@/lib/jobs/service";
import { newMessageId } from "@/lib/mail/message";
import { MAIL_BODY_MAX, MAIL_LANGUAGES, MAIL_SUBJECT_MAX, fillTemplate } from "@/modules/settings/email/schemas";
import { getMailSettings, mailSender } from "@/modules/settings/email/service";
import { type MailDocumentRef, mailDocument } from "./documents";
import { sendDocumentEmailJob } from "./job";

/** At most this many recipients a message. */
export const MAX_RECIPIENTS = 20;

export interface EmailDraft {
  ref: MailDocumentRef;
  documentNumber: string;
  language: Lang;
  /** As the form shows them: `a@x.cz, b@y.cz`. */
  recipients: string;
  subject: string;
  body: string;
  attachmentNames: string[];
}

const langOf = (value: unknown, fallback: Lang): Lang => ((MAIL_LANGUAGES as readonly unknown[]).includes(value) ? (value as Lang) : fallback);

/** The send form's message: the customer's address, the template in the customer's language (or `lang`), filled in. */
export async function emailDraft({ ctx, input }: { ctx: Ctx; input: { ref: MailDocumentRef; lang?: string } }): Promise<EmailDraft> {
  const facts = await mailDocument(input.ref.kind).facts(ctx, input.ref);
  const language = langOf(input.lang, facts.language);
  const [settings, values] = await Promise.all([getMailSettings({ ctx }), facts.values(language)]);
  const template = settings.templates[facts.template][language];
  return {
    ref: input.ref,
    documentNumber: facts.documentNumber,
    language,
    recipients: facts.recipients.join(", "),
    subject: fillTemplate(template.subject, values),
    body: fillTemplate(template.body, values),
    attachmentNames: facts.attachmentNames(language),
  };
}

const emailCheck = z.email();
const LINE_BREAK = /[\r\n]/;

/** `a@x.cz; b@y.cz, …` as a list, each address once; a field error names every one that is not an address. */
export function parseRecipients(text: string): string[] {
  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const address = part.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    addresses.push(address);
  }
  const bad = addresses.filter((address) => address.length > 254 || !emailCheck.safeParse(address).success);
  if (bad.length) throw AppError.invalid({ recipients: msg("mail.badAddress", { address: bad.join(", ") }) });
  if (addresses.length === 0) throw AppError.invalid({ recipients: msg("emailSending.noRecipient") });
  if (addresses.length > MAX_RECIPIENTS) throw AppError.invalid({ recipients: msg("emailSending.tooManyRecipients", { max: MAX_RECIPIENTS }) });
  return addresses;
}

export interface QueueEmailInput {
  ref: MailDocumentRef;
  recipients: string;
  subject: string;
  body: string;
  language: string;
  idempotencyKey?: string;
}

/**
 * Queues the message: a log row (status queued, the Message-ID fixed now) and the sending job, in
 * one transaction; the same idempotency key again answers the first row and queues nothing.
 * Refused by field (recipients, subject, body) or when no sender is set.
 */
export async function queueDocumentEmail({ ctx, input }: { ctx: Ctx; input: QueueEmailInput }): Promise<{ id: number; jobId: number }> {
  const fields: Record<string, Message> = {};
  let recipients: string[] = [];
  try {
    recipients = parseRecipients(input.recipients);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    Object.assign(fields, error.fields);
  }
  const subject = input.subject.trim();
  const body = input.body.replace(/\r\n/g, "\n").replace(/\s+$/, "");
  if (!subject) fields.subject = msg("validation.required");
  else if (subject.length > MAIL_SUBJECT_MAX) fields.subject = msg("validation.maxLength", { max: MAIL_SUBJECT_MAX });
  else if (LINE_BREAK.test(subject)) fields.subject = msg("emailSettings.lineBreak");
  if (!body) fields.body = msg("validation.required");
  else if (body.length > MAIL_BODY_MAX) fields.body = msg("validation.maxLength", { max: MAIL_BODY_MAX });
  if (Object.keys(fields).length) throw AppError.invalid(fields);
  const facts = await mailDocument(input.ref.kind).facts(ctx, input.ref);
  const sender = await mailSender({ ctx });
  const language = langOf(input.language, facts.language);
  return withIdempotency({ ctx, key: input.idempotencyKey, operation: "orders.sendDocumentEmail" }, async (tx) => {
    const [row] = await tx.db
      .insert(sentEmails)
      .values({
        documentKind: input.ref.kind,
        template: facts.template,
        orderId: facts.orderId,
        invoiceId: facts.invoiceId,
        documentNumber: facts.documentNumber,
        language,
        // Fixed now, for every attempt (decision 078): a random one, never a reused job id, so a
        // restored backup's ids cannot meet an older message's file in the outbox.
        messageId: newMessageId(sender.address),
        fromName: sender.name,
        fromAddress: sender.address,
        recipients,
        subject,
        body,
        createdBy: tx.userId,
        updatedBy: tx.userId,
      })
      .returning({ id: sentEmails.id });
    const job = await enqueueJob({ ctx: tx, input: { job: sendDocumentEmailJob, input: { emailId: row!.id } } });
    await tx.db.update(sentEmails).set({ jobId: job.id }).where(eq(sentEmails.id, row!.id));
    return { id: row!.id, jobId: job.id };
  });
}

export type SentEmailStatus = "queued" | "sent" | "failed" | "outbox";

export interface SentEmail {
  id: number;
  documentKind: string;
  template: string;
  orderId: number | null;
  invoiceId: number | null;
  documentNumber: string | null;
  recipients: string[];
  subject: string;
  status: SentEmailStatus;
  transport: "smtp" | "outbox" | null;
  attempts: number;
  /** The SMTP server's answer, or the outbox's file. */
  response: string | null;
  error: Message | null;
  rejected: string[];
  createdAt: string;
  sentAt: string | null;
  createdBy: string | null;
  messageId: string;
}

/** A stored failure (JSON of a message) as a message. */
export function storedError(text: string | null): Message | null {
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<Message>;
    if (typeof parsed.key === "string") return { key: parsed.key, values: parsed.values };
  } catch {
    // Not JSON: shown as the generic failure.
  }
  return { key: "job.failed" };
}

/** The log of an order (its offer and its invoices' messages) or of one invoice, the newest first. */
export async function listSentEmails({ ctx, input }: { ctx: Ctx; input: { orderId?: number; invoiceId?: number } }): Promise<SentEmail[]> {
  const where = input.invoiceId !== undefined ? eq(sentEmails.invoiceId, input.invoiceId) : eq(sentEmails.orderId, input.orderId ?? 0);
  const rows = await ctx.db
    .select({ email: sentEmails, by: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')` })
    .from(sentEmails)
    .leftJoin(users, eq(users.id, sentEmails.createdBy))
    .where(and(where))
    .orderBy(desc(sentEmails.id))
    .limit(200);
  return rows.map(({ email, by }) => ({
    id: email.id,
    documentKind: email.documentKind,
    template: email.template,
    orderId: email.orderId,
    invoiceId: email.invoiceId,
    documentNumber: email.documentNumber,
    recipients: email.recipients,
    subject: email.subject,
    status: email.status as SentEmailStatus,
    transport: email.transport as SentEmail["transport"],
    attempts: email.attempts,
    response: email.transport === "outbox" ? email.outboxFile : email.response,
    error: storedError(email.error),
    rejected: email.rejected ?? [],
    createdAt: email.createdAt.toISOString(),
    sentAt: email.sentAt?.toISOString() ?? null,
    createdBy: by,
    messageId: email.messageId,
  }));
}
