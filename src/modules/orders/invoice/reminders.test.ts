/**
 * Overdue documents and their reminders (docs/decisions/080-overdue-and-reminders.md): the list's
 * filter and days overdue, the index tile and the baskets column, the reminder's rules, and the
 * reminder's PDF read back with poppler, zbarimg and qpdf. "Today" is always given to the services
 * (`options.today`, the list's `today`); the pages' own today is only used relative to itself.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { invoiceReminders } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { listInputFromQuery } from "@/lib/crud/list-query";
import { addDays, formatCzechDate, todayInPrague } from "@/lib/dates";
import { selectRows } from "@/lib/db";
import { formatMoney } from "@/lib/money";
import { createFenceOrderWithItems } from "../../../../tests/helpers/factories";
import { flat, popplerText } from "../../../../tests/helpers/fence-offer";
import { setUpInvoicing } from "../../../../tests/helpers/invoices";
import { issueSnapshot, qrCodesOf } from "../../../../tests/helpers/invoice-documents";
import { useTestApp } from "../../../../tests/helpers/app";
import { failureOf, fieldKeys } from "../../../../tests/helpers/service";
import { EXAMPLE_CREDIT_NOTE, EXAMPLE_FINAL_INVOICE, EXAMPLE_PROFORMA } from "./formats/examples";
import { hasValidCrc, parseSpayd } from "./formats/spayd";
import { listService } from "./list";
import { daysBetween, overdueInvoicesBasketOn, overdueSummary, overdueTotalsQuery } from "./overdue";
import { reminderPdf } from "./pdf/reminder";
import { issueInvoiceReminder } from "./reminders";
import { createInvoice, getInvoice, markInvoiceAsPaid, recordInvoicePayment } from "./service";

const app = useTestApp();
const ctx = () => app.current.ctx;
const nbsp = (text: string) => text.replace(/\u00a0/g, " ");
const money = (kc: number) => nbsp(formatMoney(kc, "cs"));

beforeAll(() => setUpInvoicing(app.current.ctx));

/**
 * docs/decisions/062-invoice-pdf-paper.md's worked example through the services, issued on
 * 02.03.2026 (due 16.03.2026): supply 54 726,07 + 11 492,47, the paid advance 6 621,85 deducted,
 * 59 596,69 Kč to pay; then 30 000,00 Kč paid on 10.03.2026, so 29 596,69 Kč are left.
 */
async function workedExample(): Promise<{ id: number; number: string }> {
  const on = { today: "2026-03-02" };
  const order = await createFenceOrderWithItems(ctx(), { order: { company: "Zahradnictví Ůlehla" }, items: [], otherItems: [{ amount: 1, unitPrice: 54_726.07 }] });
  const proformaId = await createInvoice({ ctx: ctx(), input: { orderId: order.id, proforma: true }, options: on });
  await pay(proformaId, "6 621,85", on.today);
  const id = await createInvoice({ ctx: ctx(), input: { orderId: order.id, proforma: false, linkedProformas: [proformaId] }, options: on });
  const issued = await getInvoice({ ctx: ctx(), input: { id } });
  expect([issued.payable, issued.dueDate]).toEqual([59_596.69, "2026-03-16"]);
  await pay(id, "30 000,00", "2026-03-10");
  return { id, number: issued.invoiceNumber };
}

/** The overdue filter's rows on `today`. */
async function overdueRows(today: string) {
  const input = { ...listInputFromQuery({ overdue: "true", size: "500" }, ["overdue"]), today };
  return (await listService.list({ ctx: ctx(), input })).rows;
}

const pay = (id: number, amount: number | string, paidOn: string) =>
  recordInvoicePayment({ ctx: ctx(), input: { id, values: { payment: { amount, paidOn } } }, options: { today: paidOn } });

const remind = (id: number, level: number, today: string, key?: string, as: Ctx = ctx()) =>
  issueInvoiceReminder({ ctx: as, input: { id, values: { level, idempotencyKey: key ?? crypto.randomUUID() } }, options: { today } });

test("days between two dates count calendar days across months and the DST change", () => {
  expect(daysBetween("2026-03-16", "2026-04-02")).toBe(17);
  expect(daysBetween("2026-10-20", "2026-11-02")).toBe(13);
  expect(daysBetween("2026-06-03", "2026-06-03")).toBe(0);
  expect(daysBetween("2026-06-04", "2026-06-03")).toBe(-1);
});

// First in the file: the pages count what is overdue on the real today, so only these documents
// (dated relative to it) may exist yet.
describe("the index tile, the baskets column and the list page", () => {
  test("two overdue documents of four: “Po splatnosti: 2 doklady, …” on the index and in the baskets column, both in the filtered list with their days", async () => {
    const today = todayInPrague();
    const session = await app.current.login();
    const dated = (issue: number, due: number) => ({ issueDate: addDays(today, issue), dueDate: addDays(today, due), taxableSupplyDate: addDays(today, issue) });
    const unpaid = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, dated(-40, -10));
    const partly = await issueSnapshot(ctx(), EXAMPLE_PROFORMA, { ...dated(-30, -1), taxableSupplyDate: null });
    await pay(partly.id, 1_000, addDays(today, -20));
    const dueToday = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, dated(-14, 0));
    const paid = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, dated(-40, -5));
    await markInvoiceAsPaid({ ctx: ctx(), input: { id: paid.id }, options: { today: addDays(today, -1) } });

    const remaining = (unpaid.totals.payableHalere + partly.totals.payableHalere - 1_000_00) / 100;
    expect(await overdueSummary({ ctx: ctx(), input: { today } })).toEqual({ count: 2, remaining });

    const index = await (await session.page("/index")).text();
    expect(index).toContain('data-overdue-count="2"');
    expect(nbsp(index)).toContain(`Po splatnosti: 2 doklady, ${money(remaining)}`);
    expect(index).toMatch(/href="\/orders\/invoices\?overdue=true&amp;sort=dueDate,asc"[^>]*data-alert="true"><span>Po splatnosti \([^)]+\)<\/span><span class="basket-count badge-alert">2<\/span>/);
    expect(nbsp(index)).toContain(`Po splatnosti (${money(remaining)})`);

    const list = await (await session.page("/orders/invoices?overdue=true&sort=dueDate,asc")).text();
    const ids = [...list.matchAll(/data-invoice-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(ids).toEqual([unpaid.id, partly.id]);
    expect(list).toContain('id="invoices-overdue"');
    expect(list).toMatch(/id="invoices-overdue"[^>]*checked/);
    expect(list).toMatch(/data-days-overdue="10"[^>]*>10 dní<\/span>/);
    expect(list).toMatch(/data-days-overdue="1"[^>]*>1 den<\/span>/);
    expect(dueToday.id).not.toBe(paid.id);

    // Issue the first reminder from the invoice's page, see it listed, and open its PDF.
    const detail = await (await session.page(`/orders/invoices/${unpaid.id}`)).text();
    expect(detail).toContain("10 dní po splatnosti");
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(detail.slice(detail.indexOf("reminder-form")))![1]!;
    const posted = await session.page(`/orders/invoices/${unpaid.id}/reminders`, { form: { level: "1", idempotencyKey: key } });
    expect(posted.status).toBe(303);
    const again = await session.page(`/orders/invoices/${unpaid.id}/reminders`, { form: { level: "1", idempotencyKey: key } });
    expect(again.status).toBe(303);
    const after = await (await session.page(`/orders/invoices/${unpaid.id}`)).text();
    expect(after.match(/data-reminder-level="1"/g)).toHaveLength(1);
    expect(after).toContain("Jana Nováková");
    expect(after).toContain("Vystavit: 2. upomínka");
    const [reminder] = await app.current.database.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, unpaid.id));
    const pdf = await session.page(`/orders/invoices/${unpaid.id}/reminders/${reminder!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toContain(`upominka-1-${unpaid.number}.pdf`);
    // Another document's reminder id under this document is not found.
    expect((await session.page(`/orders/invoices/${partly.id}/reminders/${reminder!.id}/pdf`)).status).toBe(404);

    // A fresh key for a level issued already: refused with a toast, nothing written.
    const refused = await session.page(`/orders/invoices/${unpaid.id}/reminders`, { form: { level: "1", idempotencyKey: crypto.randomUUID() } });
    expect(refused.status).toBe(303);
    const flashed = /ohrada_flash=([^;]+)/.exec(refused.headers.get("Set-Cookie") ?? "")![1]!;
    expect(JSON.parse(decodeURIComponent(decodeURIComponent(flashed)))).toEqual([{ kind: "fail", text: `Upomínka 1. stupně už byla vystavena dne ${formatCzechDate(today)}.` }]);
    // The API: the next level with the key in the header; the same key again answers the same reminder.
    const apiKey = crypto.randomUUID();
    const second = await session.api(`/api/orders/invoices/${unpaid.id}/reminders`, { method: "POST", json: { level: 2 }, headers: { "Idempotency-Key": apiKey } });
    expect(second.status).toBe(201);
    const answered = ((await second.json()) as { data: { level: number; remaining: number; daysOverdue: number } }).data;
    expect(answered).toMatchObject({ level: 2, remaining: unpaid.totals.payableHalere / 100, daysOverdue: 10 });
    const repeated = await session.api(`/api/orders/invoices/${unpaid.id}/reminders`, { method: "POST", json: { level: 2 }, headers: { "Idempotency-Key": apiKey } });
    expect(((await repeated.json()) as { data: unknown }).data).toEqual(answered);
    expect(await app.current.database.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, unpaid.id))).toHaveLength(2);
  }, 30_000);
});

describe("what is overdue", () => {
  test("the worked example, 59 596,69 Kč with 30 000,00 Kč paid: not overdue on its due date 16.03.2026, 1 day on 17.03. with 29 596,69 Kč left, 17 days on 02.04.2026", async () => {
    const invoice = await workedExample();
    expect((await overdueRows("2026-03-16")).find((row) => row.id === invoice.id)).toBeUndefined();
    expect((await overdueRows("2026-03-17")).find((row) => row.id === invoice.id)).toMatchObject({ remainingToPay: 29_596.69, daysOverdue: 1 });
    expect((await overdueRows("2026-04-02")).find((row) => row.id === invoice.id)).toMatchObject({ payable: 59_596.69, paid: 30_000, remainingToPay: 29_596.69, daysOverdue: 17 });
    expect(await getInvoice({ ctx: ctx(), input: { id: invoice.id }, options: { today: "2026-04-02" } })).toMatchObject({ daysOverdue: 17, nextReminderLevel: 1, reminders: [] });
    expect(await getInvoice({ ctx: ctx(), input: { id: invoice.id }, options: { today: "2026-03-16" } })).toMatchObject({ daysOverdue: null, nextReminderLevel: null });
    // Not before the due date has passed.
    expect((await failureOf(remind(invoice.id, 1, "2026-03-16"))).messages[0]?.key).toBe("reminders.notOverdue");
    // The rest paid: never overdue again.
    await pay(invoice.id, "29 596,69", "2026-04-03");
    expect((await overdueRows("2026-12-31")).find((row) => row.id === invoice.id)).toBeUndefined();
    expect((await failureOf(remind(invoice.id, 1, "2026-12-31"))).messages[0]?.key).toBe("reminders.notOverdue");
  });

  test("a paid document is never overdue, nor a credit note, nor a tax document for a payment", async () => {
    const invoice = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE);
    await markInvoiceAsPaid({ ctx: ctx(), input: { id: invoice.id }, options: { today: "2026-05-21" } });
    const proforma = await issueSnapshot(ctx(), EXAMPLE_PROFORMA);
    await markInvoiceAsPaid({ ctx: ctx(), input: { id: proforma.id }, options: { today: "2026-03-10" } });
    const credit = await issueSnapshot(ctx(), EXAMPLE_CREDIT_NOTE, {}, { originalInvoiceId: invoice.id });
    const ids = (await overdueRows("2027-01-01")).map((row) => row.id);
    for (const id of [invoice.id, proforma.id, credit.id]) expect(ids).not.toContain(id);
    expect((await failureOf(remind(invoice.id, 1, "2027-01-01"))).messages[0]?.key).toBe("reminders.notOverdue");
    expect((await failureOf(remind(credit.id, 1, "2027-01-01"))).messages[0]?.key).toBe("reminders.notOverdue");
  });

  test("the count and the sum for a few documents in 2024: 3 overdue on 31.12.2024, 2 of them on 15.10.2024", async () => {
    const in2024 = (issueDate: string, dueDate: string) => ({ issueDate, dueDate, taxableSupplyDate: issueDate });
    const a = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, in2024("2024-09-01", "2024-09-15"));
    await pay(a.id, 10_000.5, "2024-09-10");
    const b = await issueSnapshot(ctx(), EXAMPLE_PROFORMA, { ...in2024("2024-09-20", "2024-10-04"), taxableSupplyDate: null });
    const c = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, in2024("2024-11-01", "2024-11-15"));
    const paid = await issueSnapshot(ctx(), EXAMPLE_FINAL_INVOICE, in2024("2024-09-01", "2024-09-15"));
    await markInvoiceAsPaid({ ctx: ctx(), input: { id: paid.id }, options: { today: "2024-09-30" } });

    // The example asks 83 270,93 Kč: 73 270,43 Kč are left after 10 000,50 Kč; the proforma asks its whole total, 9 252,33 Kč.
    expect([a.totals.payableHalere, b.totals.payableHalere, c.totals.payableHalere]).toEqual([8_327_093, 925_233, 8_327_093]);
    // 73 270,43 + 9 252,33 = 82 522,76; with the third, + 83 270,93 = 165 793,69.
    expect(await overdueSummary({ ctx: ctx(), input: { today: "2024-10-15" } })).toEqual({ count: 2, remaining: 82_522.76 });
    expect(await overdueSummary({ ctx: ctx(), input: { today: "2024-12-31" } })).toEqual({ count: 3, remaining: 165_793.69 });
    expect(await overdueSummary({ ctx: ctx(), input: { today: "2024-09-15" } })).toEqual({ count: 0, remaining: 0 });

    const basket = overdueInvoicesBasketOn(() => "2024-12-31");
    const [entry] = await basket({ ctx: ctx(), userId: 1 });
    expect(entry).toMatchObject({ itemCount: 3, alert: true, href: "/orders/invoices?overdue=true&sort=dueDate,asc" });
    expect(nbsp(entry!.name)).toBe("Po splatnosti (165 793,69 Kč)");
    expect(await overdueInvoicesBasketOn(() => "2024-09-15")({ ctx: ctx(), userId: 1 })).toEqual([]);
  });

  test("the count reads the partial index of open documents by due date, and each document's payments by their index", async () => {
    await app.current.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await selectRows<Record<string, string>>(tx as never, sql`explain (costs off) ${overdueTotalsQuery({ ...ctx(), db: tx as never }, "2026-04-02")}`);
      const plan = rows.map((row) => Object.values(row)[0]).join("\n");
      expect(plan).toContain("invoices_open_due_idx");
      expect(plan).toContain("invoice_payments_invoice_idx");
    });
  });
});

describe("reminders", () => {
  test("levels in order, one each: a second “1. upomínka” is refused, the same click twice issues one, and the level 3 is the last", async () => {
    const invoice = await workedExample();
    const session = await app.current.login();
    const as = { ...ctx(), userId: session.user.id };

    expect(fieldKeys(await failureOf(remind(invoice.id, 2, "2026-04-02")))).toEqual({ level: "reminders.levelOrder" });
    const key = crypto.randomUUID();
    const first = await remind(invoice.id, 1, "2026-04-02", key, as);
    expect(first).toMatchObject({ level: 1, issuedOn: "2026-04-02", remaining: 29_596.69, daysOverdue: 17, issuedBy: "Jana Nováková" });
    // A double click: the same key answers the same reminder and writes nothing.
    expect(await remind(invoice.id, 1, "2026-04-02", key, as)).toEqual(first);
    expect(fieldKeys(await failureOf(remind(invoice.id, 1, "2026-04-03")))).toEqual({ level: "reminders.alreadyIssued" });
    expect(fieldKeys(await failureOf(remind(invoice.id, 3, "2026-04-03")))).toEqual({ level: "reminders.levelOrder" });
    expect(fieldKeys(await failureOf(remind(invoice.id, 4, "2026-04-03")))).toEqual({ level: "validation.invalid" });

    // Another 5 000,00 Kč paid: the second reminder asks the new rest.
    await pay(invoice.id, 5_000, "2026-04-05");
    expect(await remind(invoice.id, 2, "2026-04-13")).toMatchObject({ level: 2, remaining: 24_596.69, daysOverdue: 28 });
    expect(await remind(invoice.id, 3, "2026-04-27")).toMatchObject({ level: 3, remaining: 24_596.69, daysOverdue: 42 });
    expect(fieldKeys(await failureOf(remind(invoice.id, 3, "2026-04-28")))).toEqual({ level: "reminders.alreadyIssued" });
    const detail = await getInvoice({ ctx: ctx(), input: { id: invoice.id }, options: { today: "2026-04-28" } });
    expect(detail.reminders.map((reminder) => [reminder.level, reminder.issuedOn, reminder.remaining])).toEqual([
      [1, "2026-04-02", 29_596.69],
      [2, "2026-04-13", 24_596.69],
      [3, "2026-04-27", 24_596.69],
    ]);
    expect(detail.nextReminderLevel).toBeNull();
    const stored = await app.current.database.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id));
    expect(stored).toHaveLength(3);
    expect(stored.find((row) => row.level === 1)?.createdBy).toBe(session.user.id);
  });

  test("the reminder's PDF: the document's number and dates, 29 596,69 Kč to pay, 17 days, the level's Czech text; its QR Platba asks exactly that with the number as VS; qpdf finds it sound", async () => {
    const invoice = await workedExample();
    const reminder = await remind(invoice.id, 1, "2026-04-02");
    const { pdf, fileName } = await reminderPdf({ ctx: ctx(), input: { invoiceId: invoice.id, reminderId: reminder.id } });
    expect(fileName).toBe(`upominka-1-${invoice.number}.pdf`);

    const text = flat(await popplerText(pdf, { layout: true }));
    for (const part of [
      "1. upomínka",
      `k dokladu č. ${invoice.number}`,
      "Datum upomínky: 02.04.2026",
      "Doklad vystaven: 02.03.2026",
      "Datum splatnosti: 16.03.2026",
      "Dnů po splatnosti: 17",
      `Faktura – daňový doklad č. ${invoice.number}`,
      "Částka dokladu k úhradě 59 596,69 Kč",
      "Uhrazeno 30 000,00 Kč",
      "Zbývá uhradit 29 596,69 Kč",
      `Variabilní symbol ${invoice.number}`,
      "Zahradnictví Ůlehla",
      "Ploty Ťuhýk s.r.o.",
      "674 01 Třebíč",
      "Dovolujeme si Vás upozornit, že k datu této upomínky neevidujeme úplnou úhradu",
      "je 17 dní po splatnosti",
    ])
      expect(text).toContain(part);

    const codes = await qrCodesOf(pdf, 200);
    expect(codes).toHaveLength(1);
    const fields = parseSpayd(codes[0]!)!;
    expect(fields.get("AM")).toBe("29596.69");
    expect(fields.get("X-VS")).toBe(invoice.number);
    expect(codes[0]).toContain("AM:29596.69");
    expect(codes[0]).toContain(`X-VS:${invoice.number}`);
    expect(hasValidCrc(codes[0]!)).toBe(true);

    const checked = await qpdfCheck(pdf);
    expect(checked.code).toBe(0);
    expect(checked.out).toContain("No syntax or stream encoding errors");

    const english = flat(await popplerText((await reminderPdf({ ctx: { ...ctx(), lang: "en" }, input: { invoiceId: invoice.id, reminderId: reminder.id } })).pdf, { layout: true }));
    expect(english).toContain("First reminder");
    expect(english).toContain("Left to pay");
    expect(english).toContain("Days overdue: 17");
  }, 30_000);
});

/** `qpdf --check` of the PDF (it reads a file). */
async function qpdfCheck(pdf: Uint8Array): Promise<{ code: number; out: string }> {
  const file = `${process.env.TMPDIR ?? "/tmp"}/ohrada-reminder-${crypto.randomUUID()}.pdf`;
  await Bun.write(file, pdf);
  try {
    const process = Bun.spawn(["qpdf", "--check", file], { stdout: "pipe", stderr: "pipe" });
    const [out, code] = await Promise.all([new Response(process.stdout).text(), process.exited]);
    return { code, out };
  } finally {
    await Bun.file(file).delete();
  }
}
