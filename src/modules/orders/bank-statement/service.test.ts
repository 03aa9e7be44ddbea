/**
 * Pairing a bank statement with invoices (docs/decisions/079-bank-statement-pairing.md): the
 * preview writes nothing; the confirm pays through addPayment (the proforma's tax document, the
 * order's deposit mark); partial, over and unmatched lines; pairing by hand and dismissal; a
 * statement uploaded twice or two overlapping pair each transaction once; a retried confirm.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { bankStatementLines, bankStatements, invoicePayments, invoices } from "@db/schema";
import { statementBytes } from "../../../../tests/helpers/bank-statements";
import { camtWithSymbol, depositExample, gpcStatement, ISSUED_ON } from "../../../../tests/helpers/bank-pairing";
import { setUpInvoicing } from "../../../../tests/helpers/invoices";
import { failureOf, fieldKeys, useTestDatabase } from "../../../../tests/helpers/service";
import { isOrderDepositPaid, ordersWithDepositPaid } from "../invoice/deposit";
import { createInvoice, getInvoice } from "../invoice/service";
import { nameWords } from "./service";
import { confirmBankStatement, dismissStatementLine, getBankStatement, pairStatementLine, uploadBankStatement } from "./service";

const t = useTestDatabase();
/** The day the statements are read on: after every line but one (a line of 2026-03-20 is clamped to it). */
const on = { today: "2026-03-10" };

const paymentCount = async () => (await t.db.select({ n: count() }).from(invoicePayments))[0]!.n;
const lineCount = async () => (await t.db.select({ n: count() }).from(bankStatementLines))[0]!.n;
const upload = (fileName: string, data: Uint8Array) => uploadBankStatement({ ctx: t.ctx, input: { fileName, data } });
const outcomes = (view: Awaited<ReturnType<typeof getBankStatement>>) => view.lines.map((line) => [line.lineNumber, line.outcome, line.document?.number ?? null, line.paid, line.overpayment]);
const totalOf = (view: Awaited<ReturnType<typeof getBankStatement>>, outcome: string) => view.totals.find((total) => total.outcome === outcome);

let example: { orderId: number; proformaId: number; number: string };
let finalId: number;
let finalNumber: string;

beforeAll(async () => {
  await setUpInvoicing(t.ctx);
  example = await depositExample(t.ctx);
});

describe("a GPC statement pays the deposit proforma", () => {
  test("2026200001 asks 6 621,85 Kč; the preview says PAID and writes nothing; the confirm pays it, issues its tax document 5 472,60 + 1 149,25 (21 %), and the order's deposit turns paid", async () => {
    expect(example.number).toBe("2026200001");
    const proforma = await getInvoice({ ctx: t.ctx, input: { id: example.proformaId } });
    expect(proforma.payable).toBe(6621.85);

    const id = await upload("vypis-2026-03.gpc", statementBytes("vypis-2026-03.gpc"));
    const preview = await getBankStatement({ ctx: t.ctx, input: { id }, options: on });
    expect(preview.state).toBe("UPLOADED");
    expect(preview.statementNumber).toBe("7");
    expect(preview.statementDate).toBe("2026-03-31");
    // Line 2 names 2026200003 (no such document), 3 is a debit, 4 the bank's reversal of a credit.
    expect(outcomes(preview)).toEqual([
      [1, "PAID", "2026200001", 6621.85, 0],
      [2, "UNMATCHED", null, 0, 0],
      [3, "UNMATCHED", null, 0, 0],
      [4, "UNMATCHED", null, 0, 0],
    ]);
    expect(preview.lines.map((line) => line.reason?.key ?? null)).toEqual([null, "bankPairing.reason.noDocument", "bankPairing.reason.debit", "bankPairing.reason.reversal"]);
    expect(preview.lines[0]!.remainingAfter).toBe(0);
    expect(totalOf(preview, "PAID")).toEqual({ outcome: "PAID", count: 1, amount: 6621.85 });
    // 12 100,00 + 1 815,00 + 100,00
    expect(totalOf(preview, "UNMATCHED")).toEqual({ outcome: "UNMATCHED", count: 3, amount: 14015 });
    expect(await paymentCount()).toBe(0);
    expect(await lineCount()).toBe(0);
    expect(await isOrderDepositPaid({ ctx: t.ctx, input: { orderId: example.orderId } })).toBe(false);

    expect(await confirmBankStatement({ ctx: t.ctx, input: { id }, options: on })).toEqual({ stored: 4, payments: 1, alreadyConfirmed: false });
    const paid = await getInvoice({ ctx: t.ctx, input: { id: example.proformaId } });
    expect(paid.status).toBe("CLOSED");
    expect(paid.remainingToPay).toBe(0);
    expect(paid.payments).toHaveLength(1);
    const [payment] = paid.payments;
    expect(payment).toMatchObject({ amount: 6621.85, paidOn: "2026-03-02", source: "statement", statementLine: { statementId: id, statementNumber: "7", statementDate: "2026-03-31", lineNumber: 1 } });
    const taxDocument = await getInvoice({ ctx: t.ctx, input: { id: payment!.taxDocument!.id } });
    expect(taxDocument.kind).toBe("PAYMENT_TAX_DOCUMENT");
    expect(taxDocument.dateOfTaxableSupply).toBe("2026-03-02");
    expect(taxDocument.recap.map((row) => [row.vatRate, row.base, row.vat])).toEqual([[21, 5472.6, 1149.25]]);
    // The deposit mark: the order's tab and the planning card read these.
    expect(await isOrderDepositPaid({ ctx: t.ctx, input: { orderId: example.orderId } })).toBe(true);
    expect([...(await ordersWithDepositPaid({ ctx: t.ctx, input: { orderIds: [example.orderId] } }))]).toEqual([example.orderId]);

    // The statement as stored: what each line did.
    const confirmed = await getBankStatement({ ctx: t.ctx, input: { id }, options: on });
    expect(confirmed.state).toBe("CONFIRMED");
    expect(outcomes(confirmed)).toEqual([
      [1, "PAID", "2026200001", 6621.85, 0],
      [2, "UNMATCHED", null, 0, 0],
      [3, "UNMATCHED", null, 0, 0],
      [4, "UNMATCHED", null, 0, 0],
    ]);
    // Only a customer's payment in CZK can be paired by hand; the debit and the reversal are dismissed.
    expect(confirmed.lines.map((line) => line.pairable)).toEqual([false, true, false, false]);
  });

  test("a retried confirm writes nothing; the same statement uploaded again is all KNOWN and pairs 0 new payments", async () => {
    const [first] = await t.db.select({ id: bankStatements.id }).from(bankStatements).limit(1);
    const payments = await paymentCount();
    expect(await confirmBankStatement({ ctx: t.ctx, input: { id: first!.id }, options: on })).toEqual({ stored: 0, payments: 0, alreadyConfirmed: true });

    const again = await upload("vypis-2026-03.gpc", statementBytes("vypis-2026-03.gpc"));
    const preview = await getBankStatement({ ctx: t.ctx, input: { id: again }, options: on });
    expect(preview.lines.map((line) => line.outcome)).toEqual(["KNOWN", "KNOWN", "KNOWN", "KNOWN"]);
    expect(totalOf(preview, "KNOWN")).toEqual({ outcome: "KNOWN", count: 4, amount: 20636.85 });
    expect(await confirmBankStatement({ ctx: t.ctx, input: { id: again }, options: on })).toEqual({ stored: 0, payments: 0, alreadyConfirmed: false });
    expect(await paymentCount()).toBe(payments);
  });
});

describe("a camt.053 statement pays part of a final invoice", () => {
  test("the final invoice asks 59 596,69 Kč; a line of 30 000,00 Kč with its number paid 30 000,00, 29 596,69 left, still OPEN", async () => {
    finalId = await createInvoice({ ctx: t.ctx, input: { orderId: example.orderId, proforma: false, linkedProformas: [example.proformaId] }, options: { today: ISSUED_ON } });
    const final = await getInvoice({ ctx: t.ctx, input: { id: finalId } });
    finalNumber = final.invoiceNumber;
    expect(final.payable).toBe(59596.69);

    const id = await upload("camt.xml", camtWithSymbol(finalNumber));
    const preview = await getBankStatement({ ctx: t.ctx, input: { id }, options: on });
    expect(preview.statementNumber).toBe("2026-03-007");
    expect(preview.lines[0]).toMatchObject({ outcome: "PARTIAL", document: { id: finalId, number: finalNumber }, paid: 30000, remainingAfter: 29596.69 });
    // 6 621,85 for 2026200001, already paid by the GPC (another bank's id): not paid twice.
    expect(preview.lines[1]).toMatchObject({ outcome: "UNMATCHED", reason: { key: "bankPairing.reason.closed", values: { number: "2026200001" } } });
    // The line of 2026-03-20 is paid "today" at the latest (here 2026-03-10), but its symbol names nothing.
    await confirmBankStatement({ ctx: t.ctx, input: { id }, options: on });
    const after = await getInvoice({ ctx: t.ctx, input: { id: finalId } });
    expect([after.status, after.paid, after.remainingToPay]).toEqual(["OPEN", 30000, 29596.69]);
    expect(after.payments.map((payment) => [payment.amount, payment.paidOn, payment.source])).toEqual([[30000, "2026-03-05", "statement"]]);
  });
});

describe("unmatched lines, overpayments, pairing by hand", () => {
  let second: { orderId: number; proformaId: number; number: string };
  let statementId: number;
  const lineId = async (lineNumber: number) => (await getBankStatement({ ctx: t.ctx, input: { id: statementId }, options: on })).lines.find((line) => line.lineNumber === lineNumber)!.id!;

  test("over: the rest paid and the difference flagged; VS 123 unmatched with suggestions by amount and by name; EUR, before issue and the same document twice", async () => {
    second = await depositExample(t.ctx, "Kovárna Šťastný s.r.o.");
    expect(second.number).toBe("2026200002");
    statementId = await upload(
      "vypis-8.gpc",
      gpcStatement(8, "2026-03-09", [
        // 7 000,00 for 6 621,85: OVER, 378,15 flagged.
        { id: "5001", halere: 700_000, vs: second.number, date: "2026-03-06", name: "Kovárna Šťastný" },
        // The same document again: it is paid by the line above.
        { id: "5002", halere: 10_000, vs: second.number, date: "2026-03-06", name: "Kovárna Šťastný" },
        // VS 123: no such document; 29 596,69 + 100,00 from a name like the final invoice's customer.
        { id: "5003", halere: 2_969_669, vs: "123", date: "2026-03-07", name: "ZAHRADNICTVI ULEHLA" },
        // No symbol, the final invoice's remaining amount exactly: suggested by amount.
        { id: "5004", halere: 2_959_669, date: "2026-03-07", name: "Neznamy Platce" },
        { id: "5005", halere: 50_000, vs: finalNumber, date: "2026-03-07", currency: "0978" },
        { id: "5006", halere: 50_000, vs: finalNumber, date: "2026-03-01" },
      ]),
    );
    const preview = await getBankStatement({ ctx: t.ctx, input: { id: statementId }, options: on });
    expect(outcomes(preview)).toEqual([
      [1, "OVER", "2026200002", 6621.85, 378.15],
      [2, "UNMATCHED", "2026200002", 0, 0],
      [3, "UNMATCHED", null, 0, 0],
      [4, "UNMATCHED", null, 0, 0],
      [5, "UNMATCHED", null, 0, 0],
      [6, "UNMATCHED", finalNumber, 0, 0],
    ]);
    expect(preview.lines.map((line) => line.reason?.key ?? null)).toEqual([
      null,
      "bankPairing.reason.closed",
      "bankPairing.reason.noDocument",
      "bankPairing.reason.noSymbol",
      "bankPairing.reason.currency",
      "bankPairing.reason.beforeIssue",
    ]);
    expect(preview.lines[5]!.reason!.values).toEqual({ number: finalNumber, date: "02.03.2026" });
    expect(totalOf(preview, "OVER")).toEqual({ outcome: "OVER", count: 1, amount: 7000 });
    // EUR is counted, not summed in Kč: 100,00 + 29 696,69 + 29 596,69 + 500,00.
    expect(totalOf(preview, "UNMATCHED")).toEqual({ outcome: "UNMATCHED", count: 5, amount: 59893.38 });

    await confirmBankStatement({ ctx: t.ctx, input: { id: statementId }, options: on });
    const proforma = await getInvoice({ ctx: t.ctx, input: { id: second.proformaId } });
    expect([proforma.status, proforma.paid]).toEqual(["CLOSED", 6621.85]);
    expect(proforma.overpayments).toEqual([{ statementId, statementNumber: "8", statementDate: "2026-03-09", lineNumber: 1, amount: 378.15 }]);

    const stored = await getBankStatement({ ctx: t.ctx, input: { id: statementId }, options: on });
    const byLine = new Map(stored.lines.map((line) => [line.lineNumber, line]));
    expect(byLine.get(3)!.suggestions.map((s) => [s.number, s.why, s.remaining])).toEqual([[finalNumber, "name", 29596.69]]);
    expect(byLine.get(4)!.suggestions.map((s) => [s.number, s.why])).toEqual([[finalNumber, "amount"]]);
    expect(byLine.get(5)!.pairable).toBe(false);
  });

  test("paired by hand in one click: the final invoice's 29 596,69 paid, 100,00 flagged, CLOSED; the line is MANUAL and cannot be paired twice", async () => {
    const id = await lineId(3);
    expect(await pairStatementLine({ ctx: t.ctx, input: { statementId, lineId: id, values: { invoiceId: String(finalId) } }, options: on })).toEqual({ id: finalId, number: finalNumber });
    const final = await getInvoice({ ctx: t.ctx, input: { id: finalId } });
    expect([final.status, final.paid, final.remainingToPay]).toEqual(["CLOSED", 59596.69, 0]);
    expect(final.payments.at(-1)).toMatchObject({ amount: 29596.69, paidOn: "2026-03-07", source: "statement", statementLine: { lineNumber: 3, statementNumber: "8" } });
    expect(final.overpayments.map((line) => [line.lineNumber, line.amount])).toEqual([[3, 100]]);
    const [line] = await t.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id));
    expect([line!.outcome, line!.invoiceId, line!.overpayment]).toEqual(["MANUAL", finalId, "100.00"]);
    const twice = await failureOf(pairStatementLine({ ctx: t.ctx, input: { statementId, lineId: id, values: { invoiceId: String(finalId) } }, options: on }));
    expect(twice.messages[0]).toEqual({ key: "bankPairing.notUnmatched", values: { line: 3 } });
  });

  test("pairing a closed document, an unknown number or a foreign-currency line is refused, nothing written", async () => {
    const payments = await paymentCount();
    const closed = await failureOf(pairStatementLine({ ctx: t.ctx, input: { statementId, lineId: await lineId(4), values: { number: finalNumber } }, options: on }));
    expect(closed.messages[0]!.key).toBe("invoices.alreadyClosed");
    const unknown = await failureOf(pairStatementLine({ ctx: t.ctx, input: { statementId, lineId: await lineId(4), values: { number: "2026100999" } }, options: on }));
    expect(fieldKeys(unknown)).toEqual({ number: "bankPairing.noSuchDocument" });
    const euro = await failureOf(pairStatementLine({ ctx: t.ctx, input: { statementId, lineId: await lineId(5), values: { invoiceId: String(second.proformaId) } }, options: on }));
    expect(euro.messages[0]!.key).toBe("bankPairing.notPayment");
    expect(await paymentCount()).toBe(payments);
  });

  test("dismissed with a reason (required); a dismissed line is dealt with", async () => {
    const id = await lineId(5);
    const blank = await failureOf(dismissStatementLine({ ctx: t.ctx, input: { statementId, lineId: id, values: { reason: "  " } } }));
    expect(fieldKeys(blank)).toEqual({ reason: "validation.required" });
    await dismissStatementLine({ ctx: t.ctx, input: { statementId, lineId: id, values: { reason: "Platba v eurech, vrácena" } } });
    const [line] = await t.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id));
    expect([line!.outcome, line!.dismissReason]).toEqual(["DISMISSED", "Platba v eurech, vrácena"]);
  });
});

describe("each transaction once", () => {
  test("two statements overlapping in days: the shared transaction is KNOWN in the second; lines without an id are known by statement, line, amount and day", async () => {
    const third = await depositExample(t.ctx, "Pila Dřevo");
    const shared = { id: "7002", halere: 100_000, vs: third.number, date: "2026-03-08" };
    const first = await upload("a.gpc", gpcStatement(9, "2026-03-08", [{ id: "7001", halere: 50_000, vs: third.number, date: "2026-03-07" }, shared, { id: "0", halere: 20_000, vs: third.number, date: "2026-03-08" }]));
    await confirmBankStatement({ ctx: t.ctx, input: { id: first }, options: on });
    expect((await getInvoice({ ctx: t.ctx, input: { id: third.proformaId } })).paid).toBe(1700);

    const overlapping = await upload("b.gpc", gpcStatement(10, "2026-03-09", [shared, { id: "7003", halere: 30_000, vs: third.number, date: "2026-03-09" }]));
    const preview = await getBankStatement({ ctx: t.ctx, input: { id: overlapping }, options: on });
    expect(preview.lines.map((line) => line.outcome)).toEqual(["KNOWN", "PARTIAL"]);
    await confirmBankStatement({ ctx: t.ctx, input: { id: overlapping }, options: on });
    expect((await getInvoice({ ctx: t.ctx, input: { id: third.proformaId } })).paid).toBe(2000);

    // The first statement again: its id-less line is known by its statement, line, amount and day.
    const again = await upload("a.gpc", gpcStatement(9, "2026-03-08", [{ id: "7001", halere: 50_000, vs: third.number, date: "2026-03-07" }, shared, { id: "0", halere: 20_000, vs: third.number, date: "2026-03-08" }]));
    expect((await getBankStatement({ ctx: t.ctx, input: { id: again }, options: on })).lines.map((line) => line.outcome)).toEqual(["KNOWN", "KNOWN", "KNOWN"]);
  });

  test("two confirms at once (a double click, two instances): one pays, the other finds it confirmed; a day after today is paid today", async () => {
    const fourth = await depositExample(t.ctx, "Truhlářství Lípa");
    const id = await upload("d.gpc", gpcStatement(12, "2026-03-12", [{ id: "9101", halere: 100_000, vs: fourth.number, date: "2026-03-12" }]));
    const payments = await paymentCount();
    const results = await Promise.all([confirmBankStatement({ ctx: t.ctx, input: { id }, options: on }), confirmBankStatement({ ctx: t.ctx, input: { id }, options: on })]);
    expect(results.map((result) => result.alreadyConfirmed).sort()).toEqual([false, true]);
    expect(results.map((result) => result.payments).sort()).toEqual([0, 1]);
    expect(await paymentCount()).toBe(payments + 1);
    // The statement's line of 12.03. read on 10.03.: the payment is dated the day it was recorded.
    expect((await getInvoice({ ctx: t.ctx, input: { id: fourth.proformaId } })).payments.map((payment) => [payment.amount, payment.paidOn])).toEqual([[1000, "2026-03-10"]]);
  });

  test("a payment typed by hand is source manual; a tax document takes no payment from a statement", async () => {
    const [taxDocument] = await t.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.kind, "PAYMENT_TAX_DOCUMENT")).limit(1);
    const id = await upload("c.gpc", gpcStatement(11, "2026-03-09", [{ id: "8001", halere: 100, vs: taxDocument!.number, date: "2026-03-09" }]));
    const preview = await getBankStatement({ ctx: t.ctx, input: { id }, options: on });
    expect(preview.lines[0]!.reason!.key).toBe("bankPairing.reason.notPayable");
  });
});

describe("names", () => {
  test("folded words without legal forms: the payer's 'ZAHRADNICTVI ULEHLA' and the customer's 'Zahradnictví Ůlehla, s.r.o.' share their words", () => {
    expect(nameWords("Zahradnictví Ůlehla, s.r.o.")).toEqual(["zahradnictvi", "ulehla"]);
    expect(nameWords("ZAHRADNICTVI ULEHLA")).toEqual(["zahradnictvi", "ulehla"]);
    expect(nameWords("Jan Novák a.s.")).toEqual(["jan", "novak"]);
  });
});
