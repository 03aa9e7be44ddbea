/**
 * Bench figures (docs/domain.md#offer-pdf): the offer PDF of an order with 30 fence items (fences, gates, wickets and
 * two-wing gates in turn, each with its drawing; accessories, an other and an assembly line,
 * shipping and a discount), server time in process through app.request() as a logged-in user:
 *
 * - uncached: GET /pdf/fenceOffer/:id?regenerate=true, read, priced, laid out, rendered and
 *   stored (target median ≤ 150 ms);
 * - cached: GET /pdf/fenceOffer/:id, the stored PDF behind an unchanged fingerprint (target ≤ 5 ms);
 * - beside them the bare SQL of the cached answer's one statement (the fingerprint with the cache
 *   row), replayed through the raw client, and the service alone (no HTTP);
 * - the statements of one uncached offer (each table read once, through the order's one
 *   reader) and their bare SQL, replayed as the service sent them (the PDF's upsert included).
 *
 * The cached figures are measured apart from the uncached ones, four times as many rounds.
 *
 * Run as a child of run.ts once per database mode:
 *
 *   bun tests/bench/offer-pdf.ts [--warmup 5] [--runs 30]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 */
import { fenceOfferPdf } from "@/modules/orders/fence-offer/service";
import { createOfferOrder, saveOfferCompany } from "../helpers/fence-offer";
import { runBenchChild } from "./child";
import { statementSubject } from "./sql-capture";
import { measureInterleaved, type Stats } from "./lib";

export const OFFER_ITEMS = 30;
export const UNCACHED_TARGET_MS = 150;
export const CACHED_TARGET_MS = 5;

export interface OfferPdfResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  warmup: number;
  runs: number;
  items: number;
  pages: number;
  bytes: number;
  uncached: Stats;
  cached: Stats;
  /** fenceOfferPdf({regenerate: true}) without HTTP. */
  service: Stats;
  /** fenceOfferPdf() from the cache, without HTTP. */
  cachedService: Stats;
  /** The cached answer's statement, bare. */
  fingerprintSql: Stats;
  statements: number;
  sql: string;
  /** The statements of one uncached offer, bare, and what each reads or writes. */
  uncachedSql: Stats;
  uncachedStatements: string[];
}


const log = (text: string) => process.stderr.write(`  [offer PDF] ${text}\n`);

// Only as a child of run.ts: its report imports the targets above, and must not run the figure itself.
if (import.meta.main) await runBenchChild({ warmup: 5, runs: 30 }, async ({ t, client, warmup, runs }): Promise<OfferPdfResult> => {
  const session = await t.login();
  const ctx = { ...t.ctx, userId: session.user.id };
  await saveOfferCompany(ctx.db);
  const { id } = await createOfferOrder(ctx, { items: OFFER_ITEMS });

  let bytes = 0;
  let pages = 0;
  const get = async (query: string) => {
    const response = await session.page(`/pdf/fenceOffer/${id}${query}`);
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`GET /pdf/fenceOffer/${id}${query} answered ${response.status}`);
    bytes = body.byteLength;
    return body;
  };
  const first = await get("?regenerate=true");
  pages = (new TextDecoder("latin1").decode(first).match(/\/Type \/Page\b/g) ?? []).length;

  const captured = await client.capture(() => fenceOfferPdf({ ctx, input: { orderId: id } }));
  if ((captured.result as { cached: boolean }).cached !== true) throw new Error("the offer was not answered from the cache");
  const statements = captured.statements;
  const building = (await client.capture(() => fenceOfferPdf({ ctx, input: { orderId: id, regenerate: true } }))).statements;

  log(`${client.kind}: ${OFFER_ITEMS} fence items, ${pages} pages, ${(bytes / 1024).toFixed(0)} KB; ${warmup} warm-up + ${runs} measured rounds, interleaved`);
  // Two groups: the renders' garbage would otherwise be collected during the cached answers' rounds.
  const built = await measureInterleaved({ uncached: () => get("?regenerate=true"), service: () => fenceOfferPdf({ ctx, input: { orderId: id, regenerate: true } }) }, { warmup, runs });
  const fromCache = await measureInterleaved(
    { cached: () => get(""), cachedService: () => fenceOfferPdf({ ctx, input: { orderId: id } }), fingerprintSql: () => client.replay(statements) },
    { warmup: warmup * 4, runs: runs * 4 },
  );
  const bare = await measureInterleaved({ uncachedSql: () => client.replay(building) }, { warmup, runs });
  const measured = { ...built, ...fromCache, ...bare };
  return {
    kind: client.kind,
    serverVersion: await client.serverVersion(),
    warmup,
    runs,
    items: OFFER_ITEMS,
    pages,
    bytes,
    ...measured,
    statements: statements.length,
    sql: statements.map((statement) => statement.sql.replace(/\s+/g, " ")).join("; "),
    uncachedStatements: building.map((statement) => statementSubject(statement.sql)),
  };
});
