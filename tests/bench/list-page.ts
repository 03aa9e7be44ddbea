/**
 * Figure 1: server time of the VAT list page with 1,000 rows and a page of 20, beside
 * the bare SQL of the same query. Run as a child of run.ts, once per database mode, so that
 * tests/helpers/db.ts picks PGlite or PostgreSQL from TEST_DATABASE_URL at import time.
 *
 *   bun tests/bench/list-page.ts [--warmup 50] [--runs 500]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { asc, count, sql } from "drizzle-orm";
import { vatRates } from "@db/schema";
import { findSessionUser } from "@/modules/auth/service";
import { vatService } from "@/modules/catalogue/vat/service";
import { createTestApp } from "../helpers/app";
import { measureInterleaved, type Stats } from "./lib";

export const ROWS = 1000;
export const PAGE_SIZE = 20;

export interface ListPageResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  rows: number;
  warmup: number;
  runs: number;
  statementsPerPage: number;
  statementsPerApi: number;
  statements: string[];
  page: Stats;
  api: Stats;
  service: Stats;
  session: Stats;
  sql: Stats;
  sqlSelect: Stats;
  sqlCount: Stats;
  healthz: Stats;
  pageBytes: number;
  apiBytes: number;
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

type PgliteClient = { query(q: string, params?: unknown[], options?: { rowMode?: "array" | "object" }): Promise<{ rows: unknown[] }> };
type PostgresClient = {
  unsafe(q: string, params?: unknown[], options?: { prepare?: boolean }): Promise<unknown[]> & { values(): Promise<unknown[][]> };
};

async function main() {
  const warmup = arg("--warmup", 50);
  const runs = arg("--runs", 500);
  const log = (text: string) => process.stderr.write(`  [list-page] ${text}\n`);

  const t = await createTestApp();
  try {
    const { db } = t.database;
    const kind = t.database.kind;

    // 1,000 VAT rows in total (the reference seed already holds a few).
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(vatRates);
    const missing = ROWS - n;
    if (missing > 0) {
      await db.insert(vatRates).values(
        Array.from({ length: missing }, (_, i) => ({ rate: (((i * 7919) % 10000) / 100).toFixed(2), active: i % 3 !== 0 })),
      );
    }
    await db.execute(sql`analyze vat_rates`);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(vatRates);

    const session = await t.login();
    const client = (db as unknown as { $client: PgliteClient & PostgresClient }).$client;
    const versionRows = kind === "pglite" ? (await client.query("select version() as v")).rows : await client.unsafe("select version() as v");
    const serverVersion = String((versionRows[0] as { v?: string } | undefined)?.v ?? "?").replace(/^(\S+ \S+).*$/s, "$1");

    // The two statements the service runs, exactly as drizzle spells them.
    const pageQuery = db.select().from(vatRates).orderBy(asc(vatRates.rate), asc(vatRates.id)).limit(PAGE_SIZE).offset(0).toSQL();
    const countQuery = db.select({ total: count() }).from(vatRates).toSQL();
    const raw =
      kind === "pglite"
        ? (q: { sql: string; params: unknown[] }) => client.query(q.sql, q.params, { rowMode: "array" })
        : (q: { sql: string; params: unknown[] }) => client.unsafe(q.sql, q.params, { prepare: false }).values();

    // Count the statements one request sends, by wrapping the client's entry point.
    const statements: string[] = [];
    const counted = async (work: () => Promise<unknown>) => {
      statements.length = 0;
      const key = kind === "pglite" ? "query" : "unsafe";
      const target = client as unknown as Record<string, (...args: unknown[]) => unknown>;
      const original = target[key]!;
      target[key] = function (this: unknown, ...args: unknown[]) {
        statements.push(String(args[0]).replace(/\s+/g, " ").slice(0, 110));
        return original.apply(this, args);
      };
      try {
        await work();
      } finally {
        target[key] = original;
      }
      return statements.length;
    };

    const page = async () => {
      const response = await session.page("/products/dph");
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET /products/dph answered ${response.status}`);
      return body;
    };
    const api = async () => {
      const response = await session.page(`/api/vat?size=${PAGE_SIZE}`);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET /api/vat answered ${response.status}`);
      return body;
    };

    // Sanity: the page shows 20 of 1,000 rows, the API answers 20 rows with total 1,000.
    const html = await page();
    const apiBody = JSON.parse(await api()) as { data: unknown[]; meta?: { total?: number } };
    if (apiBody.data.length !== PAGE_SIZE || apiBody.meta?.total !== ROWS || total !== ROWS) {
      throw new Error(`unexpected data: ${apiBody.data.length} rows, meta.total ${apiBody.meta?.total}, table ${total}`);
    }
    const statementsPerApi = await counted(api);
    const statementsPerPage = await counted(page);
    const pageStatements = [...statements];

    const input = { page: 1, size: PAGE_SIZE, filters: {} } as Parameters<typeof vatService.list>[0]["input"];

    log(`${kind}: ${total} VAT rows; ${warmup} warm-up + ${runs} measured rounds, the eight lines interleaved`);
    const measured = await measureInterleaved(
      {
        page,
        api,
        service: () => vatService.list({ ctx: t.ctx, input }),
        session: () => findSessionUser({ ctx: t.ctx, input: { token: session.token } }),
        sql: () => Promise.all([raw(pageQuery), raw(countQuery)]),
        sqlSelect: () => raw(pageQuery),
        sqlCount: () => raw(countQuery),
        healthz: async () => (await t.request("/healthz")).text(),
      },
      { warmup, runs },
    );
    const result: ListPageResult = {
      kind,
      serverVersion,
      rows: total,
      warmup,
      runs,
      statementsPerPage,
      statementsPerApi,
      statements: pageStatements,
      ...measured,
      pageBytes: Buffer.byteLength(html),
      apiBytes: Buffer.byteLength(JSON.stringify(apiBody)),
    };
    process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await t.close();
  }
}

await main();
