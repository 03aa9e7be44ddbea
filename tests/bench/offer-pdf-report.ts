/** Printing of the offer PDF figures for run.ts: the offer PDF (tests/bench/offer-pdf.ts). */
import { CACHED_TARGET_MS, type OfferPdfResult, UNCACHED_TARGET_MS } from "./offer-pdf";
import { heading, inProcessMethod, kb, ms, table } from "./lib";

export interface OfferPdfMode {
  label: string;
  result: OfferPdfResult;
}

const verdict = (median: number, target: number) => (median <= target ? `≤ ${target} ms ok` : `OVER ${target} ms`);

export function printOfferPdf(modes: OfferPdfMode[], failures: string[]): void {
  heading("10. Offer PDF: an order with 30 fence items, each drawn");
  const first = modes[0]?.result;
  if (first) console.log(inProcessMethod(first, "the cached answer's one statement (fingerprint + cache row)"));
  for (const { label, result: r } of modes) {
    console.log(`\n  ${label} — ${r.serverVersion}; ${r.items} fence items, ${r.pages} pages, ${kb(r.bytes)}`);
    const row = (name: string, s: OfferPdfResult["cached"], target?: number) => [name, ms(s.median), ms(s.p95), ms(s.min), s.cpu === undefined ? "" : ms(s.cpu), target === undefined ? "" : verdict(s.median, target)];
    console.log(
      table(
        ["what", "median", "p95", "min", "CPU/run", "target"],
        [
          row("GET /pdf/fenceOffer/:id?regenerate=true (uncached)", r.uncached, UNCACHED_TARGET_MS),
          row("  fenceOfferPdf({regenerate}) (no HTTP)", r.service),
          row("GET /pdf/fenceOffer/:id (cached)", r.cached, CACHED_TARGET_MS),
          row("  fenceOfferPdf() from the cache (no HTTP)", r.cachedService),
          row(`  bare SQL: the fingerprint with the cache row (${r.statements} statement)`, r.fingerprintSql),
          row(`  bare SQL: the uncached offer's ${r.uncachedStatements.length} statements`, r.uncachedSql),
        ],
      ),
    );
    console.log(`  an uncached offer's statements: ${r.uncachedStatements.join(", ")}`);
  }
  if (first) console.log(`  the statement: ${first.sql.slice(0, 240)}…`);
  for (const failure of failures) console.log(`  ! ${failure}`);
}

export function offerPdfSummaryRows(modes: OfferPdfMode[]): string[][] {
  return modes.flatMap(({ label, result: r }) => [
    [`offer PDF, 30 items, uncached · ${label}`, ms(r.uncached.median), `render + reads; ${r.pages} pages`, verdict(r.uncached.median, UNCACHED_TARGET_MS)],
    [`offer PDF, cached · ${label}`, ms(r.cached.median), `bare SQL ${ms(r.fingerprintSql.median)}`, verdict(r.cached.median, CACHED_TARGET_MS)],
  ]);
}
