/**
 * Bench figure (docs/domain.md#invoices): the invoice list at 100,000 invoices, filtered by status and an issue-date
 * range, newest first, a page of 20. Server time in process through app.request() as a logged-in
 * user, the JSON API and the page, beside the bare SQL of the same work (the statements the list
 * sends, captured and replayed through the raw client). Target: median ≤ 15 ms.
 *
 * One proforma is issued through the service; the rest are cloned from it in SQL (its snapshot,
 * totals and order), three issuing years of final invoices and proformas, half of them closed, so
 * the seed takes seconds. A thousand payments sit beside them (the list sums a page's payments).
 *
 *   bun tests/bench/invoices.ts [--warmup 20] [--runs 100]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { sql } from "drizzle-orm";
import { createInvoice, invoiceService } from "@/modules/orders/invoice/service";
import { createInvoiceOrder, setUpInvoicing } from "../helpers/invoices";
import { runBenchChild } from "./child";
import { measureInterleaved, type Stats } from "./lib";
import { brief } from "./sql-capture";

export const INVOICES = 100_000;
export const INVOICE_LIST_TARGET_MS = 15;
/** The filter measured: open documents issued in the first quarter of the last year. */
export const INVOICE_FILTER = { status: "OPEN", from: "2026-01-01", to: "2026-03-31" } as const;

export interface InvoicesResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  warmup: number;
  runs: number;
  api: Stats;
  page: Stats;
  sql: Stats;
  statements: number;
  invoices: number;
  /** Rows the filter matches (the count the pager shows). */
  matches: number;
}

const log = (text: string) => process.stderr.write(`  [invoices] ${text}\n`);

await runBenchChild({ warmup: 20, runs: 100 }, async ({ t, client, warmup, runs }): Promise<InvoicesResult> => {
  const db = t.ctx.db;
  const session = await t.login();
  const ctx = { ...t.ctx, userId: session.user.id };
  await setUpInvoicing(ctx);
  const order = await createInvoiceOrder(ctx);
  const template = await createInvoice({ ctx, input: { orderId: order.id, proforma: true }, options: { today: "2026-01-02" } });
  log(`${client.kind}: cloning invoice ${template} into ${INVOICES} documents`);
  // g = 3k + r: year 2024 + r, counter k + 1, so (year, counter) and the number are unique whatever the kind.
  await db.execute(sql`
    insert into invoices (kind, number, year, counter, uuid, order_id, status, issue_date, due_date, taxable_supply_date, snapshot, total, payable)
    select s.kind, (s.year::text || case s.kind when 'FINAL' then '1' else '2' end || lpad(s.counter::text, 5, '0')), s.year, s.counter, gen_random_uuid(), t.order_id,
           case when (s.g / 3) % 2 = 0 then 'OPEN' else 'CLOSED' end, s.issue, s.issue + 14, case s.kind when 'FINAL' then s.issue + 14 end, t.snapshot, t.total, t.payable
    from invoices t,
         lateral (select g, 2024 + g % 3 as year, g / 3 + 1 + 1000 as counter, case when g % 4 = 0 then 'PROFORMA' else 'FINAL' end as kind,
                         make_date(2024 + g % 3, 1, 1) + ((g / 3) % 365) as issue
                  from generate_series(1, ${INVOICES - 1}) g) s
    where t.id = ${template}`);
  await db.execute(sql`insert into invoice_payments (invoice_id, amount, paid_on) select id, 100, issue_date from invoices where id % 100 = 0`);
  await db.execute(sql`analyze`);

  const input = { page: 1, size: 20, sort: "created,desc", filters: { ...INVOICE_FILTER } };
  const first = await invoiceService.list({ ctx, input });
  if (first.rows.length !== 20) throw new Error(`the filter found ${first.rows.length} rows, not a page`);
  log(`${first.meta.total} matches; the first ${first.rows[0]!.invoiceNumber} issued ${first.rows[0]!.created}`);
  const query = new URLSearchParams(INVOICE_FILTER).toString();
  const tasks = {
    api: async () => {
      const response = await session.api(`/api/orders/invoices?${query}`);
      await response.text();
      if (response.status !== 200) throw new Error(`the API answered ${response.status}`);
    },
    page: async () => {
      const response = await session.page(`/orders/invoices?${query}`);
      await response.text();
      if (response.status !== 200) throw new Error(`the page answered ${response.status}`);
    },
  };
  const captured = (await client.capture(() => invoiceService.list({ ctx, input }))).statements;
  for (const statement of captured) {
    const started = performance.now();
    await client.run(statement);
    log(`  ${(performance.now() - started).toFixed(1)} ms  ${brief(statement.sql, 120)}`);
    if (process.env.EXPLAIN) log(await client.explainAnalyze(statement));
  }
  log(`${warmup} warm-up + ${runs} measured rounds, interleaved`);
  const measured = await measureInterleaved({ ...tasks, sql: () => client.replay(captured) }, { warmup, runs });
  return {
    kind: client.kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    api: measured.api,
    page: measured.page,
    sql: measured.sql,
    statements: captured.length,
    invoices: INVOICES,
    matches: first.meta.total,
  };
});
