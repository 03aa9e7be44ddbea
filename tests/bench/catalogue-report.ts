/** Printing of the catalogue figures (tests/bench/catalogue.ts) for run.ts: the section and its summary rows. */
import type { CatalogueResult, Figure, SqlFigure } from "./catalogue";
import { heading, kb, ms, type Stats, table } from "./lib";

export interface CatalogueMode {
  label: string;
  result: CatalogueResult;
}

const thousands = (n: number) => n.toLocaleString("en").replace(/,/g, " ");
const ratio = (x: Stats, sql: SqlFigure) => `${(x.median / sql.stats.median).toFixed(1)}×`;
const verdict = (f: Figure) => (f.target === null ? "" : f.stats.median <= f.target ? `≤ ${f.target} ms ok` : `OVER ${f.target} ms`);
/** A difference of medians; below 0.1 ms it is noise. */
const approx = (x: number) => (x < 0.1 ? "≈ 0" : `≈ ${ms(x)}`);

function row(label: string, s: Stats, sql: SqlFigure | null, extra: { statements?: number; bytes?: number; verdict?: string } = {}): string[] {
  return [
    label,
    ms(s.median),
    ms(s.p95),
    ms(s.min),
    sql ? ratio(s, sql) : "",
    extra.statements === undefined ? "" : String(extra.statements),
    extra.bytes === undefined ? "" : kb(extra.bytes),
    extra.verdict ?? "",
  ];
}

export function printCatalogue(modes: CatalogueMode[], failures: string[]): void {
  heading("5. Catalogue: products list at 50,000 products, category tree of 2,000, label PDF");
  if (!modes.length && !failures.length) {
    console.log("  not measured");
    return;
  }
  const first = modes[0]?.result;
  if (first) {
    console.log(
      `  in process through app.request() as a logged-in user (cookie), body read to the end; ${first.warmup} warm-up then ${first.runs} measured rounds,\n` +
        "  lines interleaved; ÷ SQL = median over the bare SQL median, where bare SQL replays through the raw client exactly the statements\n" +
        "  the service sends for that list or tree (parallel ones in parallel); stmts = statements per request, session and layout included",
    );
  }
  for (const { label, result: r } of modes) {
    const sql = r.sql;
    const f = (key: string) => r.figures.find((figure) => figure.key === key)!;
    const fig = (key: string) => {
      const x = f(key);
      return row(x.label, x.stats, sql[x.sqlKey] ?? null, { statements: x.statements, bytes: x.bytes, verdict: verdict(x) });
    };
    const bare = (s: SqlFigure) => row(`  bare SQL (${s.statements.length} statement${s.statements.length === 1 ? "" : "s"})`, s.stats, s);
    console.log(
      `\n  ${label} — ${r.serverVersion}; ${thousands(r.products)} products; generated in ${((r.generateMs.treeA + r.generateMs.products) / 1000).toFixed(1)} s ` +
        `(${r.categoriesA} categories + products + ANALYZE), then ${thousands(r.categoriesB - r.categoriesA)} more categories in ${(r.generateMs.treeB / 1000).toFixed(1)} s`,
    );
    console.log(
      `  name filter "${r.filters.name}": ${thousands(sql.name?.matches ?? 0)} matches; categories=${r.filters.categories} (${r.filters.categoryNames.join(" · ")}): ` +
        `${r.filters.expandedTo} ids with descendants, ${thousands(sql.categories?.matches ?? 0)} matches`,
    );
    console.log(
      table(
        ["what", "median", "p95", "min", "÷ SQL", "stmts", "size", "target"],
        [
          [`with ${r.categoriesA} categories:`, "", "", "", "", "", "", ""],
          fig("namePage"),
          fig("nameFragment"),
          fig("nameApi"),
          row("  productService.list() (drizzle, no HTTP)", sql.name!.service, sql.name!),
          bare(sql.name!),
          fig("categoriesPage"),
          fig("categoriesFragment"),
          fig("categoriesApi"),
          row("  productService.list() (drizzle, no HTTP)", sql.categories!.service, sql.categories!),
          bare(sql.categories!),
          [`with ${thousands(r.categoriesB)} categories:`, "", "", "", "", "", "", ""],
          fig("treeApi"),
          fig("treePage"),
          row("  listCategoriesWithChildren() (no HTTP)", sql.tree!.service, sql.tree!),
          bare(sql.tree!),
          fig("categoriesPageBigTree"),
          ["label PDF:", "", "", "", "", "", "", ""],
          row(`GET /products/:id/label.pdf (${r.pdf.code})`, r.pdf.stats, null, { bytes: r.pdf.bytes }),
          row("  productLabelPdf() (no HTTP)", r.pdf.service, null),
          ["session lookup (in every request above)", ms(r.session.median), ms(r.session.p95), ms(r.session.min), "", "", "", ""],
        ],
      ),
    );
    console.log(`  label PDF: median of ${r.pdfRuns} after 3 warm-up renders; no target given`);

    // Where the time goes, once per list or tree with a figure over its target.
    for (const key of Object.keys(sql)) {
      const over = r.figures.filter((x) => x.sqlKey === key && x.target !== null && x.stats.median > x.target);
      if (!over.length) continue;
      const s = sql[key]!;
      console.log(`\n  OVER target: ${s.label} — where the time goes (medians; bare SQL ${ms(s.stats.median)}, drizzle + service on top ${approx(s.service.median - s.stats.median)}, session ${ms(r.session.median)}):`);
      for (const x of over) {
        const rest = x.stats.median - s.service.median - r.session.median;
        console.log(`    ${x.path.padEnd(60)} ${ms(x.stats.median).padStart(9)}; render + Hono + the request's other statements ${approx(rest)} (${x.statements} statements, ${kb(x.bytes)})`);
      }
      console.log("    each statement of the service alone (median of 20):");
      for (const st of [...s.statements].sort((a, b) => b.median - a.median)) console.log(`      ${ms(st.median).padStart(9)}  ${st.sql}`);
      const slow = s.statements.find((st) => st.explain);
      const worst = Math.max(...over.map((x) => x.stats.median));
      if (slow && s.stats.median >= worst / 4) {
        console.log("    EXPLAIN (ANALYZE, BUFFERS) of the slowest (timings inflated by EXPLAIN's own per-row clock reads):");
        console.log(slow.explain!.replace(/^/gm, "      | "));
      }
      for (const w of s.whatIf ?? []) {
        console.log(`    what-if (not app code): ${w.label}: ${ms(w.median)} instead of ${ms(w.baseline)}\n      ${w.sql}`);
      }
      if (slow && s.stats.median < worst / 4) {
        console.log(`    the SQL is under a quarter of the time (its plan: ${slow.explain!.split("\n")[0]!.replace(/\s+/g, " ").slice(0, 90)}…); the rest is building and rendering`);
      }
    }
  }
  for (const failure of failures) console.log(`\n  ! ${failure}`);
}

export function catalogueSummaryRows(modes: CatalogueMode[]): string[][] {
  const rows: string[][] = [];
  for (const { label, result: r } of modes) {
    for (const key of ["namePage", "nameApi", "categoriesPage", "categoriesApi", "treeApi", "treePage"]) {
      const x = r.figures.find((figure) => figure.key === key);
      if (!x) continue;
      const s = r.sql[x.sqlKey]!;
      rows.push([`GET ${x.path.split(" ")[0]} · ${label}`, ms(x.stats.median), `${ratio(x.stats, s)} bare SQL ${ms(s.stats.median)}`, verdict(x)]);
    }
    rows.push([`GET /products/:id/label.pdf · ${label}`, ms(r.pdf.stats.median), `median of ${r.pdfRuns}`, ""]);
  }
  return rows;
}
