/**
 * A send that failed, and whether trying the same message again may help
 * (docs/decisions/078-e-mail.md): temporary for the network (refused, reset, timed out, no DNS
 * answer, an aborted send) and for a 4xx reply; permanent for a 5xx reply (a rejected recipient, a refused login)
 * and for anything the configuration or the message itself causes.
 */
import { isPermanentResponseCode } from "nodemailer/lib/errors";
import { type Message, msg } from "../errors";
import { scrubText } from "../logger";

/**
 * nodemailer's error codes that say nothing against the message: the connection failed, or the
 * send was aborted (a job being stopped hands its work back).
 */
const RETRYABLE_CODES = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "EPROXY", "EABORT"]);

export interface NodemailerFailure extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  permanent?: boolean;
  rejected?: string[];
}

export class MailSendError extends Error {
  override readonly name = "MailSendError";
  /** True when a later attempt with the same message may succeed (a network fault, a 4xx reply). */
  readonly temporary: boolean;
  /** nodemailer's code (`ECONNECTION`, `EENVELOPE`, `EAUTH`…). */
  readonly code: string;
  /** The SMTP reply code that refused it, when a server answered. */
  readonly responseCode?: number;
  /** Recipients the server refused, when it refused every one. */
  readonly rejected: string[];

  constructor(init: { temporary: boolean; code: string; responseCode?: number; rejected?: string[]; detail: string; cause?: unknown }) {
    super(scrubText(init.detail), { cause: init.cause });
    this.temporary = init.temporary;
    this.code = init.code;
    this.responseCode = init.responseCode;
    this.rejected = init.rejected ?? [];
  }

  /** The refusal in the user's language, for a job's error or a page. */
  get translatable(): Message {
    return msg(this.temporary ? "mail.sendTemporary" : "mail.sendPermanent", { detail: this.message });
  }
}

/** Whether an SMTP reply code leaves room for a retry: 4xx (and 503, a session out of step) yes, 5xx no. */
export const isTemporaryReply = (responseCode: number) => !isPermanentResponseCode(responseCode);

/** nodemailer's failure as a MailSendError that says whether a retry may help. */
export function toMailSendError(error: unknown): MailSendError {
  const failure = (error instanceof Error ? error : new Error(String(error))) as NodemailerFailure;
  const code = failure.code ?? "EUNKNOWN";
  const responseCode = typeof failure.responseCode === "number" ? failure.responseCode : undefined;
  const temporary = responseCode !== undefined ? isTemporaryReply(responseCode) : RETRYABLE_CODES.has(code);
  const detail = [failure.message, failure.response && !failure.message.includes(failure.response) ? failure.response : undefined].filter(Boolean).join(": ");
  return new MailSendError({ temporary, code, responseCode, rejected: failure.rejected, detail, cause: error });
}
