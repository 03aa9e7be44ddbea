/**
 * A real SMTP server for the mail tests (smtp-server): on 127.0.0.1 and a free port, with a login,
 * no TLS (STARTTLS disabled, so nodemailer logs in over the plain local connection), every
 * message kept raw and parsed (mailparser). A message is in `received` before the server answers
 * 250, so a test reads it as soon as the send returns.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope: MAIL FROM and every RCPT TO the server took. */
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port` */
  url: string;
  received: ReceivedMail[];
  /** Logins tried, and those refused (a wrong user or password). */
  logins: number;
  refusedLogins: number;
  stop(): Promise<void>;
}

export interface TestSmtpServerOptions {
  user: string;
  pass: string;
  /** A recipient's refusal: the SMTP reply code and text, or null to take it. */
  refuseRecipient?: (address: string) => { code: number; text: string } | null;
  /** Listen on this port (a server started again where a stopped one was); default a free one. */
  port?: number;
}

export async function startSmtpServer(options: TestSmtpServerOptions): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const state = { logins: 0, refusedLogins: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      state.logins += 1;
      if (auth.username === options.user && auth.password === options.pass) return callback(null, { user: auth.username });
      state.refusedLogins += 1;
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address);
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass)}@127.0.0.1:${port}`,
    received,
    get logins() {
      return state.logins;
    },
    get refusedLogins() {
      return state.refusedLogins;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
