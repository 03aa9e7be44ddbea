/**
 * Sending documents by e-mail (docs/decisions/081-sending-documents.md) over HTTP and the job runner, against
 * a real SMTP server (tests/helpers/smtp-server.ts): Settings → E-mail, the offer and an invoice
 * arriving with their PDF (qpdf, pdftotext) and ISDOC (xmllint against the ISDOC XSD), the outbox
 * without SMTP_URL, a server down (retried, then failed; recovered: exactly one copy), a
 * permanent refusal (not retried), a form sent twice (one message).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { customers, fenceOrders, invoices, jobs, sentEmails } from "@db/schema";
import { addDays } from "@/lib/dates";
import { createJobRunner } from "@/lib/jobs/runner";
import { enqueueJob } from "@/lib/jobs/service";
import { silentLogger } from "@/lib/logger";
import { formatMoney } from "@/lib/money";
import { EXAMPLE_FINAL_INVOICE } from "@/modules/orders/invoice/formats/examples";
import { reminderPdfFileName } from "@/modules/orders/invoice/pdf/reminder";
import { issueInvoiceReminder } from "@/modules/orders/invoice/reminders";
import type { IssuedInvoice } from "@/modules/orders/invoice/issue";
import { SEND_EMAIL_MAX_ATTEMPTS, SEND_EMAIL_RETRY_MINUTES, sendDocumentEmailJob } from "@/modules/orders/mail/job";
import { queueDocumentEmail } from "@/modules/orders/mail/service";
import { type Session, useTestApp } from "../helpers/app";
import { noteSecret } from "../helpers/log-scan";
import { createOfferOrder, flat, popplerText, saveOfferCompany } from "../helpers/fence-offer";
import { issueSnapshot } from "../helpers/invoice-documents";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { ISDOC_SCHEMA, schemaErrors, XMLLINT_MISSING } from "../fixtures/xsd/xmllint";

const dataDir = mkdtempSync(join(tmpdir(), "ohrada-mail-"));
const t = useTestApp({ dataDir });
const SMTP_USER = "ohrada";
const SMTP_PASS = "heslo-smtp-pro-testy";
// The suite's log scan fails if it ever shows up in a log line or an answer (tests/helpers/log-scan.ts).
noteSecret(SMTP_PASS);
let admin: Session;
let server: TestSmtpServer;
let invoice: IssuedInvoice;
let offerOrderId: number;

beforeAll(async () => {
  server = await startSmtpServer({ user: SMTP_USER, pass: SMTP_PASS, refuseRecipient: (address) => (address.startsWith("neexistuje@") ? { code: 550, text: "5.1.1 No such user" } : null) });
  admin = await t.current.login({ admin: true });
  await saveOfferCompany(t.current.database.db);
  invoice = await issueSnapshot(t.current.ctx, EXAMPLE_FINAL_INVOICE, { customer: { ...EXAMPLE_FINAL_INVOICE.customer, email: "ucetni@zakaznik.cz" } });
  offerOrderId = (await createOfferOrder(t.current.ctx, { items: 1, order: { email: "rehor@zahradnictvi.cz" } })).id;
}, 60_000);

afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The sending job run as the app's runner would, at `at`, over SMTP (`smtpUrl`) or into DATA_DIR/outbox. */
const runJobs = (at: Date, smtpUrl?: string) => createJobRunner({ database: t.current.database, jobs: [sendDocumentEmailJob], logger: silentLogger, dataDir, smtpUrl }).runDue(at);
const outcomes = async (at: Date, smtpUrl?: string) => (await runJobs(at, smtpUrl)).map((outcome) => outcome.outcome);
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const logRow = async (id: number) => (await t.current.database.db.select().from(sentEmails).where(eq(sentEmails.id, id)))[0]!;

/** The form's fields as the send page pre-fills them. */
async function formOf(path: string): Promise<Record<string, string>> {
  const html = await (await admin.page(path)).text();
  const value = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
  const body = /<textarea[^>]*name="body"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1] ?? "";
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return { recipients: decode(value("recipients")), subject: decode(value("subject")), body: decode(body), language: value("language"), idempotencyKey: value("idempotencyKey") };
}

/** qpdf's structural check of the PDF: "ok", or what it found. */
async function qpdfCheck(pdf: Uint8Array): Promise<string> {
  const file = join(dataDir, `check-${crypto.randomUUID()}.pdf`);
  await Bun.write(file, pdf);
  try {
    const process = Bun.spawn(["qpdf", "--check", file], { stdout: "pipe", stderr: "pipe" });
    const [out, errors, code] = await Promise.all([new Response(process.stdout).text(), new Response(process.stderr).text(), process.exited]);
    return code === 0 ? "ok" : `${out}${errors}`;
  } finally {
    rmSync(file, { force: true });
  }
}

const attachment = (mail: ReceivedMail, suffix: string) => mail.parsed.attachments.find((file) => file.filename?.endsWith(suffix));

describe("Settings → E-mail", () => {
  test("says messages go to the outbox without SMTP_URL; the sender is the company's until saved; a template with an unknown placeholder is refused by field; a save keeps it and the preview fills it", async () => {
    const page = await (await admin.page("/settings/email")).text();
    expect(page).toContain("uloženo do složky outbox, neodesláno");
    expect(page).toContain(join(dataDir, "outbox"));
    expect(page).toContain('value="obchod@ploty-tuhyk.cz"');
    expect(page).toContain("Zálohová faktura č. {{documentNumber}} – {{companyName}}");
    // The preview: the sample values, Czech money and date.
    expect(page).toContain("Zálohová faktura č. 2026100042 – Ploty Ťuhýk s.r.o.");
    expect(page).toContain("12\u00a0345,50\u00a0Kč");

    const form = { senderName: "Ploty Ťuhýk – fakturace", senderAddress: "fakturace@ploty-tuhyk.cz", "invoice.cs.subject": "Faktura {{documentNumber}} ({{castka}})" };
    const refused = await admin.page("/settings/email", { form });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Neznámý zástupný symbol {{castka}}");

    const saved = await admin.page("/settings/email", { form: { ...form, "invoice.cs.subject": "Faktura č. {{documentNumber}} – žádost o úhradu {{amount}}" } });
    expect(saved.status).toBe(303);
    const after = await (await admin.page("/settings/email")).text();
    expect(after).toContain("Faktura č. 2026100042 – žádost o úhradu 12\u00a0345,50\u00a0Kč");
    expect(after).toContain('value="Ploty Ťuhýk – fakturace"');

    const worker = await t.current.login();
    expect((await worker.page("/settings/email")).status).toBe(403);

    // With SMTP_URL: the server named, never its password.
    t.current.deps.smtpUrl = server.url;
    try {
      const smtp = await (await admin.page("/settings/email")).text();
      expect(smtp).toContain(`E-maily se odesílají přes SMTP server smtp://${SMTP_USER}@127.0.0.1:${server.port} (SMTP_URL).`);
      expect(smtp).not.toContain(SMTP_PASS);
      expect(smtp).not.toContain("neodesláno");
    } finally {
      t.current.deps.smtpUrl = undefined;
    }
  });
});

describe("an invoice and the offer over SMTP", () => {
  test("the invoice's form is pre-filled from the customer and the template; sent, the message arrives with its subject, recipients, the PDF and the ISDOC; the log says sent", async () => {
    const form = await formOf(`/orders/invoices/${invoice.id}/email`);
    expect(form.recipients).toBe("ucetni@zakaznik.cz");
    expect(form.subject).toBe(`Faktura č. ${invoice.number} – žádost o úhradu ${formatMoney(invoice.totals.payableHalere / 100, "cs")}`);
    expect(form.body).toContain(`variabilní symbol ${invoice.number}`);
    expect(form.language).toBe("cs");

    const posted = await admin.page(`/orders/invoices/${invoice.id}/email`, { form: { ...form, recipients: "ucetni@zakaznik.cz; Jednatel@Zakaznik.cz, ucetni@zakaznik.cz", subject: "Faktura – Žluťoučký kůň úpěl ďábelské ódy" } });
    expect(posted.status).toBe(303);
    expect(await outcomes(later(0), server.url)).toEqual(["done"]);

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.parsed.subject).toBe("Faktura – Žluťoučký kůň úpěl ďábelské ódy");
    // Each address once (case aside); nodemailer writes a domain in lower case.
    expect(mail.rcptTo).toEqual(["ucetni@zakaznik.cz", "Jednatel@zakaznik.cz"]);
    expect(mail.parsed.from?.value[0]).toEqual({ name: "Ploty Ťuhýk – fakturace", address: "fakturace@ploty-tuhyk.cz" });
    const pdf = new Uint8Array(attachment(mail, ".pdf")!.content);
    expect(attachment(mail, ".pdf")!.filename).toBe(`doklad-${invoice.number}.pdf`);
    expect(await qpdfCheck(pdf)).toBe("ok");
    expect(await popplerText(pdf)).toContain(invoice.number);
    const isdoc = attachment(mail, ".isdoc")!;
    expect(isdoc.filename).toBe(`${invoice.number}.isdoc`);
    if (!XMLLINT_MISSING) expect(await schemaErrors(new Uint8Array(isdoc.content), ISDOC_SCHEMA)).toBe("");

    const [row] = await t.current.database.db.select().from(sentEmails).where(eq(sentEmails.invoiceId, invoice.id));
    expect(row).toMatchObject({ status: "sent", transport: "smtp", attempts: 1, recipients: ["ucetni@zakaznik.cz", "Jednatel@Zakaznik.cz"] });
    expect(mail.parsed.messageId).toBe(row!.messageId);
    const page = await (await admin.page(`/orders/invoices/${invoice.id}`)).text();
    expect(page).toContain("Odeslané e-maily");
    expect(page).toContain('data-status="sent"');
    expect(page).toContain("Faktura – Žluťoučký kůň úpěl ďábelské ódy");
    expect(page).toContain("Jana Nováková");
    expect(page).toContain(`/orders/invoices/${invoice.id}/email`);
  }, 60_000);

  test("the document's newest reminder goes with the reminder's PDF, asking what remained that day", async () => {
    const ctx = { ...t.current.ctx, userId: admin.user.id };
    const [due] = await t.current.database.db.select({ dueDate: invoices.dueDate }).from(invoices).where(eq(invoices.id, invoice.id));
    const reminder = await issueInvoiceReminder({ ctx, input: { id: invoice.id, values: { level: 1 } }, options: { today: addDays(due!.dueDate, 17) } });
    expect(reminder).toMatchObject({ level: 1, daysOverdue: 17 });
    const page = await (await admin.page(`/orders/invoices/${invoice.id}`)).text();
    expect(page).toContain(`href="/orders/invoices/${invoice.id}/reminders/email"`);
    const form = await formOf(`/orders/invoices/${invoice.id}/reminders/email`);
    expect(form.subject).toBe(`Upomínka: faktura č. ${invoice.number} po splatnosti`);
    expect(form.body).toContain(`zbývá uhradit ${formatMoney(reminder.remaining, "cs")}`);
    expect(form.recipients).toBe("ucetni@zakaznik.cz");

    server.received.length = 0;
    expect((await admin.page(`/orders/invoices/${invoice.id}/reminders/email`, { form })).status).toBe(303);
    expect(await outcomes(later(0), server.url)).toEqual(["done"]);
    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.parsed.subject).toBe(form.subject);
    const pdf = attachment(mail, ".pdf")!;
    expect(pdf.filename).toBe(reminderPdfFileName(invoice.number, 1, "cs"));
    expect(mail.parsed.attachments).toHaveLength(1);
    expect(await qpdfCheck(new Uint8Array(pdf.content))).toBe("ok");
    const text = flat(await popplerText(new Uint8Array(pdf.content)));
    expect(text).toContain(invoice.number);
    expect(text).toContain(flat(formatMoney(reminder.remaining, "cs")));
    const [row] = await t.current.database.db.select().from(sentEmails).where(eq(sentEmails.subject, form.subject!));
    expect(row).toMatchObject({ status: "sent", documentKind: "reminder", invoiceId: invoice.id });
  }, 60_000);

  test("the offer goes in the customer's language of documents (English): its template, its PDF; the order's log shows it", async () => {
    const [order] = await t.current.database.db.select({ customerId: fenceOrders.customerId }).from(fenceOrders).where(eq(fenceOrders.id, offerOrderId));
    await t.current.database.db.update(customers).set({ language: "en" }).where(eq(customers.id, order!.customerId!));
    const form = await formOf(`/orders/fenceOrder/${offerOrderId}/email`);
    expect(form.language).toBe("en");
    expect(form.recipients).toBe("rehor@zahradnictvi.cz");
    expect(form.subject).toBe(`Quotation no. ${offerOrderId} – Ploty Ťuhýk s.r.o.`);
    expect(form.body).toContain("Dear Zahradnictví Ůlehla,");
    expect(form.body).toMatch(/for CZK\u00a0[\d,]+\.\d\d \(VAT included\)\. The offer is valid until \d\d\.\d\d\.\d{4}\./);
    const czech = await formOf(`/orders/fenceOrder/${offerOrderId}/email?lang=cs`);
    expect(czech.subject).toBe(`Cenová nabídka č. ${offerOrderId} – Ploty Ťuhýk s.r.o.`);

    server.received.length = 0;
    expect((await admin.page(`/orders/fenceOrder/${offerOrderId}/email`, { form })).status).toBe(303);
    expect(await outcomes(later(0), server.url)).toEqual(["done"]);
    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.parsed.subject).toBe(form.subject);
    const pdf = attachment(mail, ".pdf")!;
    expect(pdf.filename).toBe(`offer-${offerOrderId}.pdf`);
    expect(await qpdfCheck(new Uint8Array(pdf.content))).toBe("ok");
    expect(flat(await popplerText(new Uint8Array(pdf.content)))).toContain(`Offer no. ${offerOrderId}`);

    // The order's Invoices tab lists it under the documents.
    const tab = await (await admin.page(`/orders/fenceOrder/${offerOrderId}/tab/4`, { headers: { "HX-Request": "true" } })).text();
    expect(tab).toContain("Odeslané e-maily");
    expect(tab).toContain('data-status="sent"');
    expect(tab).toContain(`nabídka ${offerOrderId}`);
  }, 60_000);
});

describe("without SMTP_URL", () => {
  test("one .eml in DATA_DIR/outbox, and the log says kept in the outbox, not sent; a second run of the job writes nothing more", async () => {
    const before = readdirSafe();
    const { id, jobId } = await queueDocumentEmail({ ctx: { ...t.current.ctx, userId: admin.user.id }, input: { ref: { kind: "invoice", orderId: null, invoiceId: invoice.id }, recipients: "ucetni@zakaznik.cz", subject: "Faktura do outboxu", body: "Dobrý den,\npříloha.", language: "cs" } });
    expect(await outcomes(later(0))).toEqual(["done"]);
    const files = readdirSafe().filter((name) => !before.includes(name));
    expect(files).toHaveLength(1);
    expect(files[0]).toEndWith(".eml");
    expect(await logRow(id)).toMatchObject({ status: "outbox", transport: "outbox", outboxFile: files[0], sentAt: expect.any(Date) });
    const page = await (await admin.page(`/orders/invoices/${invoice.id}`)).text();
    expect(page).toContain("uloženo do složky outbox (neodesláno)");
    // The same message's job again (a retry after a lost answer): the record says it is kept, nothing is written.
    await enqueueJob({ ctx: t.current.ctx, input: { job: sendDocumentEmailJob, input: { emailId: id } } });
    expect(await outcomes(later(0))).toEqual(["done"]);
    expect(readdirSafe().filter((name) => !before.includes(name))).toHaveLength(1);
    expect(jobId).toBeGreaterThan(0);
    // The send page says so before anything is sent.
    expect(await (await admin.page(`/orders/invoices/${invoice.id}/email`)).text()).toContain("SMTP_URL není nastaveno: zpráva se neodešle, uloží se do složky outbox.");
  }, 30_000);
});

const readdirSafe = () => {
  try {
    return readdirSync(join(dataDir, "outbox"));
  } catch {
    return [];
  }
};

const queue = (subject: string, recipients = "ucetni@zakaznik.cz") =>
  queueDocumentEmail({ ctx: { ...t.current.ctx, userId: admin.user.id }, input: { ref: { kind: "invoice", orderId: null, invoiceId: invoice.id }, recipients, subject, body: "Dobrý den,\nv příloze doklad.", language: "cs" } });

describe("a server that is down, and one that refuses", () => {
  test("down: the attempt fails and is retried later; once the server is back, the retry sends exactly one copy", async () => {
    const flaky = await startSmtpServer({ user: SMTP_USER, pass: SMTP_PASS });
    const { port, url } = flaky;
    await flaky.stop();
    const { id } = await queue("Doklad přes výpadek");
    expect(await outcomes(later(0), url)).toEqual(["retry"]);
    const waiting = await logRow(id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(JSON.parse(waiting.error!).key).toBe("mail.sendTemporary");
    expect(await (await admin.page(`/orders/invoices/${invoice.id}`)).text()).toContain(`čeká na další pokus (1. z ${SEND_EMAIL_MAX_ATTEMPTS} selhal)`);
    // Not due before its pause is over.
    expect(await outcomes(later(SEND_EMAIL_RETRY_MINUTES - 1), url)).toEqual([]);

    const back = await startSmtpServer({ user: SMTP_USER, pass: SMTP_PASS, port });
    try {
      expect(await outcomes(later(SEND_EMAIL_RETRY_MINUTES + 1), url)).toEqual(["done"]);
      expect(await outcomes(later(3 * SEND_EMAIL_RETRY_MINUTES), url)).toEqual([]);
      expect(back.received.map((mail) => mail.parsed.subject)).toEqual(["Doklad přes výpadek"]);
      expect(await logRow(id)).toMatchObject({ status: "sent", attempts: 2, error: null });
    } finally {
      await back.stop();
    }
  }, 30_000);

  test("down for every attempt: retried up to the most, then the log says failed with the reason", async () => {
    const gone = await startSmtpServer({ user: SMTP_USER, pass: SMTP_PASS });
    await gone.stop();
    const { id, jobId } = await queue("Doklad, který neodejde");
    const seen: string[] = [];
    for (let attempt = 0; attempt < SEND_EMAIL_MAX_ATTEMPTS; attempt++) seen.push(...(await outcomes(later(attempt * (SEND_EMAIL_RETRY_MINUTES + 1)), gone.url)));
    expect(seen).toEqual(["retry", "retry", "retry", "retry", "failed"]);
    expect(await logRow(id)).toMatchObject({ status: "failed", attempts: SEND_EMAIL_MAX_ATTEMPTS });
    const [job] = await t.current.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: "failed", attempts: SEND_EMAIL_MAX_ATTEMPTS });
    const page = await (await admin.page(`/orders/invoices/${invoice.id}`)).text();
    expect(page).toContain("neodesláno (chyba)");
    expect(page).toContain("E-mail se teď nepodařilo odeslat");
  }, 30_000);

  test("a permanent refusal (550 for the only recipient) fails at once, not retried", async () => {
    server.received.length = 0;
    const { id, jobId } = await queue("Doklad pro neexistující adresu", "neexistuje@zakaznik.cz");
    expect(await outcomes(later(0), server.url)).toEqual(["failed"]);
    expect(await outcomes(later(SEND_EMAIL_RETRY_MINUTES + 1), server.url)).toEqual([]);
    expect(server.received).toHaveLength(0);
    const row = await logRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(JSON.parse(row.error!).key).toBe("mail.sendPermanent");
    const [job] = await t.current.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
  }, 30_000);
});

describe("the send form", () => {
  test("sent twice with its key, it queues one message and one job", async () => {
    const form = await formOf(`/orders/invoices/${invoice.id}/email`);
    const count = async () => (await t.current.database.db.select({ id: sentEmails.id }).from(sentEmails)).length;
    const before = await count();
    const first = await admin.page(`/orders/invoices/${invoice.id}/email`, { form });
    const second = await admin.page(`/orders/invoices/${invoice.id}/email`, { form });
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(await count()).toBe(before + 1);
    server.received.length = 0;
    expect(await outcomes(later(0), server.url)).toEqual(["done"]);
    expect(server.received).toHaveLength(1);
  }, 30_000);

  test("every bad address is named, an empty subject refused; nothing queued", async () => {
    const form = await formOf(`/orders/invoices/${invoice.id}/email`);
    const refused = await admin.page(`/orders/invoices/${invoice.id}/email`, { form: { ...form, recipients: "ucetni@zakaznik.cz; jan.novak; pavel@", subject: " " } });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("„jan.novak, pavel@“ není platná e-mailová adresa.");
    expect(html).toContain("field-invalid");
    expect(await outcomes(later(0), server.url)).toEqual([]);
  });
});
