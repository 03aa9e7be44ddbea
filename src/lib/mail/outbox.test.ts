/** Without SMTP_URL every message becomes an .eml file in DATA_DIR/outbox (docs/decisions/078-e-mail.md). */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { simpleParser } from "mailparser";
import { tinyPdf } from "../../../tests/helpers/tiny-pdf";
import { createMailer } from "./mailer";
import type { MailMessage } from "./message";

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "ohrada-mail-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const invoice = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  from: { name: "Ploty Dvořák s.r.o.", address: "fakturace@ploty.example" },
  to: ["jan.novak@zakaznik.example", "eva.svobodova@zakaznik.example"],
  subject: "Nabídka č. 2026100001 – Plot Dvořák",
  text: "Dobrý den, v příloze je faktura.",
  attachments: [{ fileName: "Faktura 2026300001 – Žluťoučký.pdf", contentType: "application/pdf", content: tinyPdf() }],
  ...overrides,
});

const at = new Date("2026-11-29T01:45:02.123Z");

describe("the outbox", () => {
  test("one .eml in DATA_DIR/outbox (made when missing) that reads back with the subject and the attachment", async () => {
    const dataDir = newDataDir();
    const mailer = createMailer({ dataDir, now: () => at });
    expect(mailer.transport).toBe("outbox");
    const result = await mailer.send(invoice({ messageId: "<job-123@ohrada>" }));

    // Nothing pretends to be sent: no server took any recipient.
    expect(result).toMatchObject({ transport: "outbox", messageId: "<job-123@ohrada>", accepted: [], rejected: [], alreadyInOutbox: false });
    const files = readdirSync(join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(result.file).toBe(join(dataDir, "outbox", files[0]!));
    // Date and time first (UTC), then the message id in safe characters and a hash of the exact id.
    expect(files[0]).toMatch(/^20261129-014502-job-123_ohrada-[0-9a-f]{10}\.eml$/);

    const parsed = await simpleParser(readFileSync(result.file!));
    expect(parsed.subject).toBe("Nabídka č. 2026100001 – Plot Dvořák");
    expect(parsed.messageId).toBe("<job-123@ohrada>");
    expect(parsed.from?.value).toEqual([{ name: "Ploty Dvořák s.r.o.", address: "fakturace@ploty.example" }]);
    const to = Array.isArray(parsed.to) ? parsed.to : [parsed.to];
    expect(to.flatMap((list) => list?.value.map((entry) => entry.address) ?? [])).toEqual(["jan.novak@zakaznik.example", "eva.svobodova@zakaznik.example"]);
    expect(parsed.date?.toISOString()).toBe("2026-11-29T01:45:02.000Z");
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe("Faktura 2026300001 – Žluťoučký.pdf");
    expect(new Uint8Array(parsed.attachments[0]!.content)).toEqual(tinyPdf());
  });

  test("the same Message-ID again (a retry) writes no second file and returns the first", async () => {
    const dataDir = newDataDir();
    let clock = at;
    const mailer = createMailer({ dataDir, now: () => clock });
    const first = await mailer.send(invoice({ messageId: "<job-123@ohrada>" }));
    clock = new Date("2026-11-29T01:50:00Z");
    const again = await mailer.send(invoice({ messageId: "job-123@ohrada" }));
    expect(again).toMatchObject({ transport: "outbox", file: first.file, alreadyInOutbox: true });
    const other = await mailer.send(invoice({ messageId: "<job-124@ohrada>" }));
    expect(other.alreadyInOutbox).toBe(false);
    expect(readdirSync(join(dataDir, "outbox")).sort()).toEqual([basename(first.file!), basename(other.file!)].sort());
  });

  test("ids that differ only in characters a file name cannot hold get files of their own", async () => {
    const dataDir = newDataDir();
    const mailer = createMailer({ dataDir, now: () => at });
    const one = await mailer.send(invoice({ messageId: "<a/b@ohrada>" }));
    const two = await mailer.send(invoice({ messageId: "<a_b@ohrada>" }));
    expect(two.alreadyInOutbox).toBe(false);
    expect(one.file).not.toBe(two.file);
    expect(basename(one.file!)).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  test("without a Message-ID one is made up in the sender's domain, a new one per message", async () => {
    const dataDir = newDataDir();
    const mailer = createMailer({ dataDir, now: () => at });
    const one = await mailer.send(invoice());
    const two = await mailer.send(invoice());
    expect(one.messageId).toMatch(/^<[0-9a-f-]{36}@ploty\.example>$/);
    expect(two.messageId).not.toBe(one.messageId);
    expect(readdirSync(join(dataDir, "outbox"))).toHaveLength(2);
  });

  test("a file is written under a temporary dot-name and renamed: a leftover of a crash is not a message", async () => {
    const dataDir = newDataDir();
    const mailer = createMailer({ dataDir, now: () => at });
    await mailer.send(invoice({ messageId: "<job-1@ohrada>" }));
    // What a crash between write and rename would leave behind:
    writeFileSync(join(dataDir, "outbox", ".crashed.tmp"), "half a messa");
    const again = await mailer.send(invoice({ messageId: "<job-2@ohrada>" }));
    expect(again.alreadyInOutbox).toBe(false);
    const messages = readdirSync(join(dataDir, "outbox")).filter((name) => name.endsWith(".eml"));
    expect(messages).toHaveLength(2);
    expect(readdirSync(join(dataDir, "outbox")).filter((name) => name.endsWith(".tmp"))).toEqual([".crashed.tmp"]);
  });

  test("an aborted send writes nothing and may be tried again", async () => {
    const dataDir = newDataDir();
    const mailer = createMailer({ dataDir, now: () => at });
    await expect(mailer.send(invoice(), { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: "EABORT", temporary: true });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  test("a bad address writes nothing and names the address", async () => {
    const dataDir = newDataDir();
    const mailer = createMailer({ dataDir, now: () => at });
    await expect(mailer.send(invoice({ cc: ["ucetni(at)ploty.example"] }))).rejects.toMatchObject({
      status: 422,
      fields: { cc: { key: "mail.badAddress", values: { address: "ucetni(at)ploty.example" } } },
    });
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
