/**
 * Sending over SMTP to a real SMTP server started here (tests/helpers/smtp-server.ts), what
 * arrived read back with mailparser (docs/decisions/078-e-mail.md).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { noteSecret } from "../../../tests/helpers/log-scan";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../../../tests/helpers/smtp-server";
import { createLogger } from "../logger";
import { createTransport } from "nodemailer";
import { MailSendError, toMailSendError } from "./errors";
import { createMailer } from "./mailer";
import { checkMessage, composerOptions, type MailMessage } from "./message";
import { smtpOptions } from "./smtp-url";
import { tinyPdf } from "../../../tests/helpers/tiny-pdf";

const USER = "ohrada";
const PASSWORD = "posta-heslo-7";
noteSecret(PASSWORD);

const REFUSED_PERMANENTLY = "neexistuje@plot.example";
const REFUSED_TEMPORARILY = "plna-schranka@plot.example";

let server: TestSmtpServer;
const lines: string[] = [];
const logger = createLogger("debug", (line) => lines.push(line));

beforeAll(async () => {
  server = await startSmtpServer({
    user: USER,
    pass: PASSWORD,
    refuseRecipient: (address) =>
      address === REFUSED_PERMANENTLY
        ? { code: 550, text: "5.1.1 Mailbox does not exist" }
        : address === REFUSED_TEMPORARILY
          ? { code: 451, text: "4.2.2 Mailbox full, try again later" }
          : null,
  });
});
afterAll(async () => {
  await server.stop();
});

const offer = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  from: { name: "Ploty Dvořák s.r.o.", address: "kancelar@ploty.example" },
  to: ["jan.novak@zakaznik.example", "eva.svobodova@zakaznik.example"],
  subject: "Nabídka č. 2026100001 – Plot Dvořák",
  text: "Dobrý den,\nv příloze posíláme nabídku na plot.\nS pozdravem, Ploty Dvořák",
  attachments: [],
  ...overrides,
});

const lastReceived = (): ReceivedMail => {
  const mail = server.received.at(-1);
  if (!mail) throw new Error("the server received nothing");
  return mail;
};

async function failureOf(promise: Promise<unknown>): Promise<MailSendError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MailSendError) return error;
    throw error;
  }
  throw new Error("expected the send to fail");
}

describe("sending over SMTP", () => {
  test("the subject and the sender's name with Czech diacritics arrive as written, to both recipients", async () => {
    const mailer = createMailer({ smtpUrl: server.url, dataDir: "/nonexistent", logger });
    const loginsBefore = server.logins;
    const result = await mailer.send(offer({ cc: ["ucetni@ploty.example"], replyTo: "obchod@ploty.example", html: "<p>Dobrý den, posíláme <b>nabídku</b>.</p>" }));

    expect(result.transport).toBe("smtp");
    expect(result.accepted).toEqual(["jan.novak@zakaznik.example", "eva.svobodova@zakaznik.example", "ucetni@ploty.example"]);
    expect(result.rejected).toEqual([]);
    expect(result.file).toBeUndefined();
    expect(server.logins).toBe(loginsBefore + 1);

    const mail = lastReceived();
    expect(mail.rcptTo).toEqual(["jan.novak@zakaznik.example", "eva.svobodova@zakaznik.example", "ucetni@ploty.example"]);
    expect(mail.mailFrom).toBe("kancelar@ploty.example");
    expect(mail.parsed.subject).toBe("Nabídka č. 2026100001 – Plot Dvořák");
    expect(mail.parsed.from?.value).toEqual([{ name: "Ploty Dvořák s.r.o.", address: "kancelar@ploty.example" }]);
    expect(mail.parsed.replyTo?.value[0]?.address).toBe("obchod@ploty.example");
    expect(mail.parsed.text?.trim()).toBe("Dobrý den,\nv příloze posíláme nabídku na plot.\nS pozdravem, Ploty Dvořák");
    expect(mail.parsed.html).toContain("posíláme <b>nabídku</b>");
    expect(mail.parsed.messageId).toBe(result.messageId);
    // Headers travel as 7-bit text: the diacritics are encoded words, not raw bytes.
    const head = mail.raw.subarray(0, mail.raw.indexOf("\r\n\r\n")).toString("latin1");
    expect(head).not.toMatch(/[^\x00-\x7f]/);
    expect(head).toMatch(/^Subject: =\?UTF-8\?[QB]\?/im);
  });

  test("a PDF attachment arrives byte for byte, its Czech file name intact", async () => {
    const mailer = createMailer({ smtpUrl: server.url, dataDir: "/nonexistent", logger });
    const pdf = tinyPdf();
    await mailer.send(
      offer({
        to: ["jan.novak@zakaznik.example"],
        subject: "Faktura 2026300001",
        attachments: [{ fileName: "Faktura 2026300001 – Žluťoučký.pdf", contentType: "application/pdf", content: pdf }],
      }),
    );
    const [attachment, ...others] = lastReceived().parsed.attachments;
    expect(others).toHaveLength(0);
    expect(attachment?.filename).toBe("Faktura 2026300001 – Žluťoučký.pdf");
    expect(attachment?.contentType).toBe("application/pdf");
    expect(new Uint8Array(attachment!.content)).toEqual(pdf);
  });

  test("the caller's Message-ID goes out unchanged, the same on a second attempt", async () => {
    const mailer = createMailer({ smtpUrl: server.url, dataDir: "/nonexistent", logger });
    const first = await mailer.send(offer({ to: ["jan.novak@zakaznik.example"], messageId: "<job-123@ohrada>" }));
    const firstArrived = lastReceived();
    const second = await mailer.send(offer({ to: ["jan.novak@zakaznik.example"], messageId: "job-123@ohrada" }));
    expect(first.messageId).toBe("<job-123@ohrada>");
    expect(second.messageId).toBe("<job-123@ohrada>");
    expect(firstArrived.parsed.messageId).toBe("<job-123@ohrada>");
    expect(lastReceived().parsed.messageId).toBe("<job-123@ohrada>");
  });

  test("a recipient refused among others: the rest are sent and the result names the refused one", async () => {
    const mailer = createMailer({ smtpUrl: server.url, dataDir: "/nonexistent", logger });
    const before = server.received.length;
    const result = await mailer.send(offer({ to: ["jan.novak@zakaznik.example", REFUSED_PERMANENTLY, REFUSED_TEMPORARILY] }));
    expect(result.accepted).toEqual(["jan.novak@zakaznik.example"]);
    expect(result.rejected).toEqual([REFUSED_PERMANENTLY, REFUSED_TEMPORARILY]);
    expect(result.rejectedTemporarily).toEqual([REFUSED_TEMPORARILY]);
    expect(server.received.length).toBe(before + 1);
    expect(lastReceived().rcptTo).toEqual(["jan.novak@zakaznik.example"]);
  });

  test("550 for the recipient: a permanent failure, nothing arrives", async () => {
    const mailer = createMailer({ smtpUrl: server.url, dataDir: "/nonexistent", logger });
    const before = server.received.length;
    const failure = await failureOf(mailer.send(offer({ to: [REFUSED_PERMANENTLY] })));
    expect(failure.temporary).toBe(false);
    expect(failure.responseCode).toBe(550);
    expect(failure.code).toBe("EENVELOPE");
    expect(failure.rejected).toEqual([REFUSED_PERMANENTLY]);
    expect(failure.translatable.key).toBe("mail.sendPermanent");
    expect(server.received.length).toBe(before);
  });

  test("451 for the recipient: a temporary failure", async () => {
    const mailer = createMailer({ smtpUrl: server.url, dataDir: "/nonexistent", logger });
    const failure = await failureOf(mailer.send(offer({ to: [REFUSED_TEMPORARILY] })));
    expect(failure.temporary).toBe(true);
    expect(failure.responseCode).toBe(451);
    expect(failure.translatable.key).toBe("mail.sendTemporary");
  });

  test("a wrong password: refused by the server (535), permanent, and the password is in no log line", async () => {
    const wrong = server.url.replace(encodeURIComponent(PASSWORD), "spatne-heslo-99");
    noteSecret("spatne-heslo-99");
    const mailer = createMailer({ smtpUrl: wrong, dataDir: "/nonexistent", logger });
    const refusedBefore = server.refusedLogins;
    const failure = await failureOf(mailer.send(offer()));
    expect(server.refusedLogins).toBe(refusedBefore + 1);
    expect(failure.code).toBe("EAUTH");
    expect(failure.responseCode).toBe(535);
    expect(failure.temporary).toBe(false);
    expect(lines.join("\n")).not.toContain("spatne-heslo-99");
  });

  test("where TLS is required (another machine) and the server offers no STARTTLS: permanent, and no login is tried", async () => {
    // smtp:// to a host other than this machine requires STARTTLS (smtpOptions); the test server
    // is on this machine, so the requirement is set here the way smtpOptions sets it there.
    const transporter = createTransport({ ...smtpOptions(server.url), requireTLS: true });
    const loginsBefore = server.logins;
    const failure = await failureOf(transporter.sendMail(composerOptions(checkMessage(offer()))).catch((error) => Promise.reject(toMailSendError(error))));
    expect(failure.code).toBe("ETLS");
    expect(failure.temporary).toBe(false);
    expect(server.logins).toBe(loginsBefore);
  });

  test("a bad address is refused before connecting, with a translated message naming it", async () => {
    const mailer = createMailer({ smtpUrl: server.url, dataDir: "/nonexistent", logger });
    const before = server.received.length;
    await expect(mailer.send(offer({ to: ["jan.novak@zakaznik.example", "jan novak@"] }))).rejects.toMatchObject({
      fields: { to: { key: "mail.badAddress", values: { address: "jan novak@" } } },
    });
    expect(server.received.length).toBe(before);
  });

  test("every line logged while sending names the server without the password", () => {
    expect(lines.length).toBeGreaterThan(0);
    const text = lines.join("\n");
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(encodeURIComponent(PASSWORD));
    expect(text).toContain(`server=smtp://${USER}@127.0.0.1:${server.port}`);
  });
});

describe("when a send cannot finish", () => {
  test("a stopped server: a temporary failure (connection refused), long before the connection timeout", async () => {
    const stopped = await startSmtpServer({ user: USER, pass: PASSWORD });
    await stopped.stop();
    const mailer = createMailer({ smtpUrl: stopped.url, dataDir: "/nonexistent", logger });
    const started = performance.now();
    const failure = await failureOf(mailer.send(offer()));
    // The default connection timeout is 10 s: a refused connection answers at once.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(failure.temporary).toBe(true);
    expect(failure.code).toBe("ESOCKET");
    expect(failure.message).toContain("ECONNREFUSED");
    expect(failure.translatable.key).toBe("mail.sendTemporary");
  });

  test("an aborted send (a job being stopped): temporary, nothing arrives", async () => {
    const mailer = createMailer({ smtpUrl: server.url, dataDir: "/nonexistent", logger });
    const before = server.received.length;
    const failure = await failureOf(mailer.send(offer(), { signal: AbortSignal.abort() }));
    expect(failure.code).toBe("EABORT");
    expect(failure.temporary).toBe(true);
    expect(server.received.length).toBe(before);
  });

  test("a server that takes the connection and never greets: the greeting timeout ends it, temporary", async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const mailer = createMailer({ smtpUrl: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`, dataDir: "/nonexistent", logger, timeouts: { greetingMs: 300 } });
      const failure = await failureOf(mailer.send(offer()));
      expect(failure.temporary).toBe(true);
      expect(failure.code).toBe("ETIMEDOUT");
      expect(sockets.length).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
