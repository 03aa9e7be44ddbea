/**
 * An outgoing e-mail as the app describes it, checked and turned into nodemailer's options
 * (docs/decisions/078-e-mail.md). nodemailer builds the MIME: non-ASCII subjects and display
 * names as RFC 2047 encoded words, attachment file names as RFC 2231 parameters.
 */
import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import type { MailComposerOptions } from "nodemailer/lib/mail-composer";
import { AppError, type Message, msg } from "../errors";

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  from: MailAddress;
  /** Plain addresses (`jan@example.cz`), one or more. */
  to: string[];
  cc?: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments: MailAttachment[];
  /**
   * The Message-ID (`<job-123@ohrada>`): a caller that may send the same message again (a job's
   * retry) passes the same one on every attempt, so the copies can be recognised. Made up when
   * missing.
   */
  messageId?: string;
}

const emailCheck = z.email();
const isAddress = (value: string) => value.length <= 254 && emailCheck.safeParse(value).success;
const LINE_BREAK = /[\r\n]/;
/** `<left@right>` without spaces or further angle brackets (RFC 5322 msg-id, loosely). */
const MESSAGE_ID = /^<[^\s<>@]+@[^\s<>@]+>$/;

/** A message id in its angle brackets; `job-123@ohrada` is taken as `<job-123@ohrada>`. */
export function normaliseMessageId(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith("<") ? trimmed : `<${trimmed}>`;
}

/** A new unique Message-ID in the sender's domain. */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split("@").pop() || "ohrada";
  return `<${randomUUID()}@${domain}>`;
}

/**
 * The message's refusals, by field, as translated keys: every bad address is named. Returns the
 * message with its Message-ID settled (the caller's, normalised, or a new one).
 */
export function checkMessage(message: MailMessage): MailMessage & { messageId: string } {
  const fields: Record<string, Message> = {};
  const badAddress = (field: string, address: string) => {
    fields[field] ??= msg("mail.badAddress", { address });
  };
  if (!isAddress(message.from.address)) badAddress("from", message.from.address);
  if (LINE_BREAK.test(message.from.name)) fields.from ??= msg("mail.badName");
  if (message.to.length === 0) fields.to = msg("mail.noRecipient");
  for (const address of message.to) if (!isAddress(address)) badAddress("to", address);
  for (const address of message.cc ?? []) if (!isAddress(address)) badAddress("cc", address);
  if (message.replyTo !== undefined && !isAddress(message.replyTo)) badAddress("replyTo", message.replyTo);
  if (!message.subject.trim()) fields.subject = msg("mail.noSubject");
  else if (LINE_BREAK.test(message.subject)) fields.subject = msg("mail.badSubject");
  message.attachments.forEach((attachment, index) => {
    if (!attachment.fileName.trim() || /[\r\n/\\]/.test(attachment.fileName)) {
      fields[`attachments.${index}`] ??= msg("mail.badFileName", { fileName: attachment.fileName });
    }
  });
  const messageId = message.messageId === undefined ? newMessageId(message.from.address) : normaliseMessageId(message.messageId);
  if (messageId.length > 250 || !MESSAGE_ID.test(messageId)) fields.messageId = msg("mail.badMessageId", { messageId: message.messageId });
  if (Object.keys(fields).length) throw AppError.invalid(fields);
  return { ...message, messageId };
}

/** nodemailer's options for a checked message: the same for SMTP and for the outbox's .eml. */
export function composerOptions(message: MailMessage & { messageId: string }, date = new Date()): MailComposerOptions {
  return {
    from: { name: message.from.name, address: message.from.address },
    to: message.to,
    cc: message.cc?.length ? message.cc : undefined,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    date,
    attachments: message.attachments.map((attachment) => ({
      filename: attachment.fileName,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
    })),
    // Nothing is read from a path or a URL: a message carries its bytes.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * A file-name-safe form of a Message-ID: its letters, digits, dots and dashes, and a short hash of
 * the exact id so two ids that differ only in other characters never share a name.
 */
export function messageIdForFileName(messageId: string): string {
  const readable = messageId
    .replace(/^<|>$/g, "")
    .replace(/[^A-Za-z0-9.-]+/g, "_")
    .slice(0, 80);
  const hash = createHash("sha256").update(messageId).digest("hex").slice(0, 10);
  return `${readable}-${hash}`;
}
