/**
 * The app's one way to send an e-mail (docs/decisions/078-e-mail.md): over SMTP when `SMTP_URL`
 * is set, else into `DATA_DIR/outbox` as .eml files. `send` checks the message (a bad address is
 * a translated AppError), then either reports what the SMTP server accepted or throws a
 * MailSendError that says whether a retry may help.
 */
import { createTransport } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { type Logger, silentLogger } from "../logger";
import { MailSendError, isTemporaryReply, toMailSendError } from "./errors";
import { checkMessage, composerOptions, type MailMessage } from "./message";
import { outboxDir, writeToOutbox } from "./outbox";
import { DEFAULT_SMTP_TIMEOUTS, describeSmtpUrl, type SmtpTimeouts, smtpOptions } from "./smtp-url";

export interface MailResult {
  transport: "smtp" | "outbox";
  /** The Message-ID the message went with (the caller's, or the one made up for it). */
  messageId: string;
  /** Recipients the SMTP server took; none for the outbox, where nothing is sent. */
  accepted: string[];
  /** Recipients the SMTP server refused while taking the others. */
  rejected: string[];
  /** Of `rejected`, those refused with a 4xx reply: a later attempt for them may succeed. */
  rejectedTemporarily: string[];
  /** The server's reply to the message (`250 OK: queued as …`). */
  response?: string;
  /** The outbox's .eml file. */
  file?: string;
  /** The outbox held this Message-ID already: its file is returned and nothing was written. */
  alreadyInOutbox?: boolean;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /** `signal`: a job being stopped aborts the send (a temporary MailSendError, code EABORT). */
  send(message: MailMessage, options?: { signal?: AbortSignal }): Promise<MailResult>;
  close(): void;
}

export interface MailerOptions {
  /** `SMTP_URL`; unset (or empty) writes to the outbox. */
  smtpUrl?: string;
  dataDir: string;
  logger?: Logger;
  /** Bounded waits of an SMTP send; 10 s to connect, 10 s for the greeting, 30 s of silence. */
  timeouts?: Partial<SmtpTimeouts>;
  /** The clock for the Date header and the outbox's file names. */
  now?: () => Date;
}

const aborted = () => new MailSendError({ temporary: true, code: "EABORT", detail: "The send was aborted" });

export function createMailer(options: MailerOptions): Mailer {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const smtpUrl = options.smtpUrl?.trim() || undefined;

  if (!smtpUrl) {
    logger.info("mail goes to the outbox (no SMTP_URL)", { dir: outboxDir(options.dataDir) });
    return {
      transport: "outbox",
      async send(message, sendOptions) {
        const checked = checkMessage(message);
        if (sendOptions?.signal?.aborted) throw aborted();
        const date = now();
        const eml = await new MailComposer(composerOptions(checked, date)).compile().build();
        const written = writeToOutbox(options.dataDir, checked.messageId, eml, date);
        logger.info("mail kept in the outbox", { messageId: checked.messageId, file: written.file, alreadyThere: written.alreadyThere || undefined });
        return {
          transport: "outbox",
          messageId: checked.messageId,
          accepted: [],
          rejected: [],
          rejectedTemporarily: [],
          file: written.file,
          alreadyInOutbox: written.alreadyThere,
        };
      },
      close() {},
    };
  }

  const transporter = createTransport(smtpOptions(smtpUrl, { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts }));
  logger.info("mail goes over SMTP", { server: describeSmtpUrl(smtpUrl) });
  return {
    transport: "smtp",
    async send(message, sendOptions) {
      const checked = checkMessage(message);
      let info;
      try {
        info = await transporter.sendMail({ ...composerOptions(checked, now()), xMailer: false, signal: sendOptions?.signal });
      } catch (error) {
        const failure = toMailSendError(error);
        logger.warn("mail not sent", {
          messageId: checked.messageId,
          temporary: failure.temporary,
          code: failure.code,
          responseCode: failure.responseCode,
          error: failure.message,
        });
        throw failure;
      }
      const rejected = (info.rejected ?? []).map(String);
      const rejectedTemporarily = (info.rejectedErrors ?? [])
        .filter((failure) => failure.recipient && failure.responseCode !== undefined && isTemporaryReply(failure.responseCode))
        .map((failure) => String(failure.recipient));
      logger.info("mail sent", { messageId: checked.messageId, accepted: info.accepted.length, rejected: rejected.length || undefined });
      return {
        transport: "smtp",
        messageId: checked.messageId,
        accepted: info.accepted.map(String),
        rejected,
        rejectedTemporarily,
        response: info.response,
      };
    },
    close() {
      transporter.close();
    },
  };
}
