/**
 * `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://user:pass@host:465`) as nodemailer's SMTP
 * options, with bounded waits (docs/decisions/078-e-mail.md).
 */
import type { SMTPTransportOptions } from "nodemailer/lib/smtp-transport";
import { isLoopbackHost } from "../net";

export interface SmtpTimeouts {
  /** Waiting for the TCP (and TLS) connection. */
  connectionMs: number;
  /** Waiting for the server's greeting once connected. */
  greetingMs: number;
  /** Silence on an open connection. */
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

export function smtpOptions(smtpUrl: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): SMTPTransportOptions {
  const url = new URL(smtpUrl);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("SMTP_URL must start with smtp:// or smtps://");
  const secure = url.protocol === "smtps:";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    // A password never crosses the network in clear text: smtp:// to another machine must
    // upgrade with STARTTLS or the send fails; on this machine a relay without TLS is allowed.
    requireTLS: !secure && !isLoopbackHost(host),
    auth: user ? { user, pass } : undefined,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
    logger: false,
    debug: false,
  };
}

/** Where mail goes, for a log line: the URL without its password. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.username ? `${url.username}@` : ""}${url.host}`;
}
