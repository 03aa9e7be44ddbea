/**
 * Gapless numbering (docs/decisions/052-invoice-numbering-and-snapshot.md): consecutive numbers per
 * year and series, none lost when an insert fails, none doubled when 50 invoices are issued at
 * once. Each test uses its own year, so the series never meet across tests.
 */
import { describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { invoiceLines, invoiceNumberSeries, invoices } from "@db/schema";
import { systemCtx, withTransaction } from "@/lib/context";
import { usingPostgres } from "../../../../tests/helpers/db";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { EXAMPLE_FINAL_INVOICE, EXAMPLE_PROFORMA } from "./formats/examples";
import type { InvoiceKind, InvoiceSnapshot } from "./formats/snapshot";
import { invoiceTotals } from "./formats/vat";
import { type IssueInvoiceInput, issueInvoice } from "./issue";
import { allocateInvoiceNumber } from "./numbering";

const t = useTestDatabase();

/** An example document of `kind` issued in `year`, not tied to an order. */
function draft(year: number, kind: InvoiceKind = "FINAL", example: InvoiceSnapshot = kind === "PROFORMA" ? EXAMPLE_PROFORMA : EXAMPLE_FINAL_INVOICE): IssueInvoiceInput {
  const { number: _number, uuid: _uuid, payment, ...rest } = example;
  return {
    snapshot: { ...rest, kind, orderId: null, issueDate: `${year}-03-02`, dueDate: `${year}-03-16`, taxableSupplyDate: kind === "PROFORMA" ? null : `${year}-03-02`, payment: { method: payment.method, constantSymbol: payment.constantSymbol } },
    lineSources: example.lines.map(() => ({ source: "ORDER_ITEM" as const, sourceId: null, itemPriceHalere: null })),
    originalInvoiceId: null,
  };
}

const issue = (input: IssueInvoiceInput) => issueInvoice({ ctx: t.ctx, input });
const numbersOf = async (year: number, kind: InvoiceKind) =>
  (await t.db.select({ number: invoices.number }).from(invoices).where(and(eq(invoices.year, year), eq(invoices.kind, kind)))).map((row) => row.number).sort();

describe("issuing a document", () => {
  test("stores the snapshot with its number, UUID and variable symbol, its totals and its lines", async () => {
    const issued = await issue(draft(2031));
    expect(issued.number).toBe("2031100001");
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(row!.snapshot).toEqual(issued.snapshot);
    expect(row!.snapshot.number).toBe("2031100001");
    expect(row!.snapshot.payment.variableSymbol).toBe("2031100001");
    expect(row!.uuid).toBe(issued.snapshot.uuid);
    expect(row!.status).toBe("OPEN");
    const totals = invoiceTotals(issued.snapshot);
    expect(Number(row!.total)).toBe(totals.totalHalere / 100);
    expect(Number(row!.payable)).toBe(totals.payableHalere / 100);
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, issued.id));
    expect(lines.map((line) => [line.position, Number(line.invoicedPrice) * 100])).toEqual(EXAMPLE_FINAL_INVOICE.lines.map((line, index) => [index + 1, line.baseHalere]));
  });
});

describe("gapless numbering", () => {
  test("consecutive numbers in a series; each series (kind and year) counts on its own", async () => {
    for (let index = 0; index < 3; index++) await issue(draft(2032));
    await issue(draft(2032, "PROFORMA"));
    await issue(draft(2033));
    await issue(draft(2032, "PROFORMA"));
    expect(await numbersOf(2032, "FINAL")).toEqual(["2032100001", "2032100002", "2032100003"]);
    expect(await numbersOf(2032, "PROFORMA")).toEqual(["2032200001", "2032200002"]);
    expect(await numbersOf(2033, "FINAL")).toEqual(["2033100001"]);
  });

  test("a failed insert leaves no gap: its number rolls back with it", async () => {
    await issue(draft(2034));
    // An order that does not exist: the invoice's foreign key refuses it after the number was taken.
    const failed = draft(2034);
    await expect(issue({ ...failed, snapshot: { ...failed.snapshot, orderId: 2_000_000_000 } })).rejects.toThrow();
    // And a transaction that fails after issuing.
    await expect(
      withTransaction(t.ctx, async (tx) => {
        await issueInvoice({ ctx: tx, input: draft(2034) });
        throw new Error("something later in the same transaction failed");
      }),
    ).rejects.toThrow("something later");
    await issue(draft(2034));
    expect(await numbersOf(2034, "FINAL")).toEqual(["2034100001", "2034100002"]);
  });

  test("a full series is refused with a readable message, and nothing is stored", async () => {
    await t.db.insert(invoiceNumberSeries).values({ year: 2035, kind: "CREDIT_NOTE", lastCounter: 99_999 });
    const error = await failureOf(issue({ ...draft(2035, "FINAL"), snapshot: { ...draft(2035).snapshot, kind: "CREDIT_NOTE", originalDocument: null } }));
    expect(error.messages[0]).toEqual({ key: "invoices.seriesFull", values: { year: 2035, max: 99_999 } });
    expect(await numbersOf(2035, "CREDIT_NOTE")).toEqual([]);
  });

  test("a number is only given inside the inserting transaction", async () => {
    await expect(allocateInvoiceNumber({ ctx: t.ctx, input: { kind: "FINAL", year: 2036 } })).rejects.toThrow("inside the transaction");
  });

  // On PGlite (one connection) the 50 transactions queue; on PostgreSQL they run at once on the pool and wait on the series row.
  test(`50 documents issued at once get 50 consecutive numbers, no gap, no duplicate${usingPostgres ? " (PostgreSQL)" : " (PGlite: one after another)"}`, async () => {
    const issued = await Promise.all(Array.from({ length: 50 }, () => issueInvoice({ ctx: systemCtx(t.db), input: draft(2037) })));
    const expected = Array.from({ length: 50 }, (_, index) => `20371${String(index + 1).padStart(5, "0")}`);
    expect(issued.map((document) => document.number).sort()).toEqual(expected);
    expect(await numbersOf(2037, "FINAL")).toEqual(expected);
    const [series] = await t.db.select().from(invoiceNumberSeries).where(and(eq(invoiceNumberSeries.year, 2037), eq(invoiceNumberSeries.kind, "FINAL")));
    expect(series!.lastCounter).toBe(50);
  }, 120_000);

  test.skipIf(!usingPostgres)("50 at once with every fifth failing after taking its number: the 40 that commit are 1–40 (PostgreSQL only)", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        withTransaction(systemCtx(t.db), async (tx) => {
          const document = await issueInvoice({ ctx: tx, input: draft(2038) });
          // Hold the series row a moment so the others queue behind it, then fail some.
          await tx.db.execute(sql`select pg_sleep(0.01)`);
          if (index % 5 === 4) throw new Error("rolled back");
          return document.number;
        }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected").length).toBe(10);
    expect(await numbersOf(2038, "FINAL")).toEqual(Array.from({ length: 40 }, (_, index) => `20381${String(index + 1).padStart(5, "0")}`));
  }, 120_000);
});
