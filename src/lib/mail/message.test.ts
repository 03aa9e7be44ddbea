/**
 * The message's checks and MIME encoding, SMTP_URL as configuration and as nodemailer's options,
 * and the password kept out of every log line and refusal (docs/decisions/078-e-mail.md).
 */
import { describe, expect, test } from "bun:test";
import MailComposer from "nodemailer/lib/mail-composer";
import { noteSecret } from "../../../tests/helpers/log-scan";
import { tinyPdf } from "../../../tests/helpers/tiny-pdf";
import { parseEnv } from "../../env";
import { AppError } from "../errors";
import { tFor, translateMessage } from "../i18n";
import { createLogger } from "../logger";
import { MailSendError, toMailSendError } from "./errors";
import { createMailer } from "./mailer";
import { checkMessage, composerOptions, type MailMessage } from "./message";
import { describeSmtpUrl, smtpOptions } from "./smtp-url";

const PASSWORD = "tajne-smtp-heslo";
noteSecret(PASSWORD);

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  from: { name: "Ploty Dvořák s.r.o.", address: "kancelar@ploty.example" },
  to: ["jan.novak@zakaznik.example"],
  subject: "Nabídka č. 2026100001 – Plot Dvořák",
  text: "Dobrý den.",
  attachments: [],
  ...overrides,
});

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("checking a message", () => {
  test("every bad field is named, with the address that is wrong", () => {
    const error = refusal(() =>
      checkMessage(
        message({
          from: { name: "Ploty\r\nBcc: x@y.example", address: "kancelar@ploty.example" },
          to: ["jan.novak@zakaznik.example", "jan.novak@", "eva@zakaznik.example"],
          cc: ["ucetni ploty.example"],
          replyTo: "obchod",
          subject: "  ",
          attachments: [{ fileName: "../faktura.pdf", contentType: "application/pdf", content: tinyPdf() }],
          messageId: "<bez zavinace>",
        }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.fields).toEqual({
      from: { key: "mail.badName", values: undefined },
      to: { key: "mail.badAddress", values: { address: "jan.novak@" } },
      cc: { key: "mail.badAddress", values: { address: "ucetni ploty.example" } },
      replyTo: { key: "mail.badAddress", values: { address: "obchod" } },
      subject: { key: "mail.noSubject", values: undefined },
      "attachments.0": { key: "mail.badFileName", values: { fileName: "../faktura.pdf" } },
      messageId: { key: "mail.badMessageId", values: { messageId: "<bez zavinace>" } },
    });
  });

  test("no recipient, and a subject with a line break (a header injection) are refused", () => {
    expect(refusal(() => checkMessage(message({ to: [] }))).fields.to?.key).toBe("mail.noRecipient");
    expect(refusal(() => checkMessage(message({ subject: "Nabídka\r\nBcc: x@y.example" }))).fields.subject?.key).toBe("mail.badSubject");
  });

  test("the refusals read in Czech and in English", () => {
    const bad = refusal(() => checkMessage(message({ to: ["jan.novak@"] }))).fields.to!;
    expect(translateMessage(tFor("cs"), bad)).toBe("„jan.novak@“ není platná e-mailová adresa.");
    expect(translateMessage(tFor("en"), bad)).toBe("“jan.novak@” is not a valid e-mail address.");
    for (const key of ["badName", "noRecipient", "noSubject", "badSubject", "badFileName", "badMessageId", "sendTemporary", "sendPermanent"]) {
      for (const lang of ["cs", "en"] as const) expect(tFor(lang)(`mail.${key}`)).not.toBe(`mail.${key}`);
    }
    const failure = new MailSendError({ temporary: true, code: "ESOCKET", detail: "connect ECONNREFUSED 127.0.0.1:25" });
    expect(translateMessage(tFor("cs"), failure.translatable)).toStartWith("E-mail se teď nepodařilo odeslat (connect ECONNREFUSED 127.0.0.1:25)");
  });

  test("a Message-ID without angle brackets gets them; a good message passes unchanged", () => {
    const checked = checkMessage(message({ messageId: " job-123@ohrada " }));
    expect(checked.messageId).toBe("<job-123@ohrada>");
    expect(checked.subject).toBe("Nabídka č. 2026100001 – Plot Dvořák");
  });
});

describe("the MIME", () => {
  test("diacritics in the subject and the display name are RFC 2047 words, the file name an RFC 2231 parameter", async () => {
    const checked = checkMessage(
      message({ attachments: [{ fileName: "Faktura 2026300001 – Žluťoučký.pdf", contentType: "application/pdf", content: tinyPdf() }] }),
    );
    const raw = (await new MailComposer(composerOptions(checked, new Date("2026-11-29T01:00:00Z"))).compile().build()).toString("latin1");
    expect(raw).not.toMatch(/[^\x00-\x7f]/);
    expect(raw).toContain("Subject: =?UTF-8?Q?Nab=C3=ADdka_=C4=8D=2E_2026100001_?=\r\n =?UTF-8?Q?=E2=80=93_Plot_Dvo=C5=99=C3=A1k?=\r\n");
    expect(raw).toContain("From: =?UTF-8?Q?Ploty_Dvo=C5=99=C3=A1k_s=2Er=2Eo=2E?=\r\n <kancelar@ploty.example>\r\n");
    // RFC 2231 for the file name, in parts; RFC 2047 in Content-Type's name for older readers.
    expect(raw).toContain("filename*0*=utf-8''Faktura%202026300001%20%E2%80%93%20%C5%BDl;\r\n filename*1*=u%C5%A5ou%C4%8Dk%C3%BD.pdf\r\n");
    expect(raw).toContain('name="=?UTF-8?Q?Faktura_2026300001_=E2=80=93_=C5=BDlu?=');
    expect(raw).toContain(`Message-ID: ${checked.messageId}\r\n`);
  });
});

describe("SMTP_URL", () => {
  test("configuration: unset means the outbox; smtp:// and smtps:// are taken; another scheme is refused without showing the password", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: `smtp://ohrada:${PASSWORD}@mail.example:587` }).SMTP_URL).toBe(`smtp://ohrada:${PASSWORD}@mail.example:587`);
    expect(parseEnv({ SMTP_URL: `smtps://ohrada:${PASSWORD}@mail.example` }).SMTP_URL).toBe(`smtps://ohrada:${PASSWORD}@mail.example`);
    let text = "";
    try {
      parseEnv({ SMTP_URL: `http://ohrada:${PASSWORD}@mail.example` });
    } catch (error) {
      text = (error as Error).message;
    }
    expect(text).toContain('SMTP_URL="http://ohrada:[redacted]@mail.example": must be a URL starting with smtp:// or smtps://');
    expect(text).not.toContain(PASSWORD);
    // A password nobody encoded ("/" and "@" in it) is cut up to the last "@" too.
    try {
      parseEnv({ SMTP_URL: `smtp://ohrada:ab/${PASSWORD}@x@mail.example` });
      text = "";
    } catch (error) {
      text = (error as Error).message;
    }
    expect(text).toContain('SMTP_URL="smtp://ohrada:[redacted]@mail.example"');
    expect(text).not.toContain(PASSWORD);
  });

  test("as nodemailer's options: default ports, TLS, the decoded login, bounded waits", () => {
    expect(smtpOptions(`smtp://ohrada:${PASSWORD}@mail.example`)).toMatchObject({
      host: "mail.example",
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: "ohrada", pass: PASSWORD },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    expect(smtpOptions("smtps://kancelar%40ploty.example:p%40ss%2Fword@mail.example")).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: "kancelar@ploty.example", pass: "p@ss/word" },
    });
    // A relay on this machine may go without TLS; no user, no login.
    expect(smtpOptions("smtp://127.0.0.1:25")).toMatchObject({ port: 25, requireTLS: false, auth: undefined });
    expect(describeSmtpUrl(`smtp://ohrada:${PASSWORD}@mail.example:587`)).toBe("smtp://ohrada@mail.example:587");
  });

  test("a URL with a password is redacted in every line: as a field, inside a message, inside an error", () => {
    const lines: string[] = [];
    const url = `smtp://ohrada:${PASSWORD}@mail.example:587`;
    for (const format of ["text", "json"] as const) {
      const logger = createLogger("debug", (line) => lines.push(line), format);
      logger.info(`mail: cannot reach ${url}`, { smtpUrl: url, error: new Error(`connect to ${url} failed`) });
      logger.warn("mail not sent", { error: toMailSendError(Object.assign(new Error(`Invalid login for ${url}`), { code: "EAUTH", responseCode: 535 })).message });
    }
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toContain(PASSWORD);
      expect(line).toContain("smtp://ohrada:[redacted]@mail.example:587");
    }
  });

  test("creating a mailer logs where mail goes, never the password", () => {
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: `smtp://ohrada:${PASSWORD}@mail.example:587`, dataDir: "/nonexistent", logger: createLogger("debug", (line) => lines.push(line)) });
    mailer.close();
    expect(mailer.transport).toBe("smtp");
    expect(lines.join("\n")).toContain("server=smtp://ohrada@mail.example:587");
    expect(lines.join("\n")).not.toContain(PASSWORD);
    // An empty SMTP_URL is the outbox, as an unset one.
    expect(createMailer({ smtpUrl: " ", dataDir: "/nonexistent" }).transport).toBe("outbox");
  });
});
