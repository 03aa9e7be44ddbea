/**
 * Catalogue figures: the products list with 50,000 products (a page of 20, filtered by name and by
 * three mid-tree categories with their descendants), the category tree of 2,000 nodes
 * (`/api/category/allWithChildren` and the tree page), and the label PDF. Server time in
 * process through app.request() as a logged-in user, beside the bare SQL of the same statements.
 * Run as a child of run.ts once per database mode (tests/helpers/db.ts reads TEST_DATABASE_URL
 * at import time), in its own database from createTestDatabase.
 *
 *   bun tests/bench/catalogue.ts [--warmup 10] [--runs 100] [--pdf-runs 20]
 *
 * Prints progress on stderr and one `BENCH_RESULT {json}` line on stdout.
 *
 * Phase A: 50,000 products over a 200-category tree (10 roots, 40 mids, 150 leaves), the list
 * figures. Phase B: 1,800 more categories (2,000 in all), the tree figures and the products page
 * again, now with the 2,000-node tree in its filter column. Then the label PDF.
 */
import { eq } from "drizzle-orm";
import { products, vatRates } from "@db/schema";
import { findSessionUser } from "@/modules/auth/service";
import { categoryTree, listCategoriesWithChildren } from "@/modules/catalogue/category/service";
import { productLabelPdf } from "@/modules/catalogue/product/label.service";
import { productService } from "@/modules/catalogue/product/service";
import { createTestApp } from "../helpers/app";
import { createProduct } from "../helpers/factories/catalogue";
import { ean13 } from "@/lib/ean13";
import { addCategories, addProducts, analyze } from "./catalogue-data";
import { measureInterleaved, stats, type Stats } from "./lib";
import { brief, type SqlClient, type Statement, sqlClient } from "./sql-capture";

export const PRODUCTS = 50_000;
export const CATEGORIES_A = 200;
export const CATEGORIES_B = 2_000;
export const PAGE_SIZE = 20;
export const LIST_TARGET_MS = 10;
export const TREE_TARGET_MS = 20;

export interface StatementTiming {
  sql: string;
  median: number;
  /** EXPLAIN (ANALYZE, BUFFERS), filled in for the slowest statement of a figure over target. */
  explain?: string;
}

export interface Figure {
  key: string;
  label: string;
  path: string;
  target: number | null;
  stats: Stats;
  /** The bare SQL it is compared with (key into `sql`). */
  sqlKey: string;
  bytes: number;
  statements: number;
}

export interface SqlFigure {
  key: string;
  label: string;
  stats: Stats;
  /** Service-level time (drizzle and the service's own work, no HTTP) for "where it goes". */
  service: Stats;
  statements: StatementTiming[];
  matches?: number;
  /** Measured alternatives to the slow count (not app code), filled in when a figure is over target. */
  whatIf?: { label: string; sql: string; median: number; baseline: number }[];
}

export interface CatalogueResult {
  kind: "pglite" | "postgres";
  serverVersion: string;
  products: number;
  categoriesA: number;
  categoriesB: number;
  generateMs: { treeA: number; products: number; treeB: number };
  warmup: number;
  runs: number;
  pdfRuns: number;
  filters: { name: string; categories: string; categoryNames: string[]; expandedTo: number };
  session: Stats;
  figures: Figure[];
  sql: Record<string, SqlFigure>;
  pdf: { stats: Stats; service: Stats; bytes: number; code: string };
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}

const log = (text: string) => process.stderr.write(`  [catalogue] ${text}\n`);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** A median of `runs` after 3 unmeasured. */
async function medianOf(work: () => Promise<unknown>, runs: number): Promise<number> {
  for (let i = 0; i < 3; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return stats(samples).median;
}

/** Each statement alone, a median of `runs`, slowest first. */
async function perStatement(client: SqlClient, statements: Statement[], runs: number): Promise<StatementTiming[]> {
  const timings: StatementTiming[] = [];
  for (const statement of statements) {
    for (let i = 0; i < 3; i++) await client.run(statement);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await client.run(statement);
      samples.push(performance.now() - started);
    }
    timings.push({ sql: brief(statement.sql, 160), median: stats(samples).median });
  }
  return timings;
}

async function main() {
  const warmup = arg("--warmup", 10);
  const runs = arg("--runs", 100);
  const pdfRuns = arg("--pdf-runs", 20);

  const t = await createTestApp();
  try {
    const client = sqlClient(t.database);
    const kind = client.kind;
    const serverVersion = await client.serverVersion();
    const [vat] = await t.database.db.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.rate, "21.00"));
    if (!vat) throw new Error("VAT 21 % is not seeded");

    // ---- phase A: 50,000 products over 200 categories ----------------------------------------
    log(`${kind}: generating ${CATEGORIES_A} categories and ${PRODUCTS.toLocaleString("en")} products (insert … select … generate_series)`);
    const [treeA, treeAMs] = await timed(() => addCategories(client, { prefix: "", roots: 10, midsPerRoot: 4, leaves: CATEGORIES_A - 50 }));
    const [, productsMs] = await timed(async () => {
      await addProducts(client, { n: PRODUCTS, leafIds: treeA.leaves, vatId: vat.id });
      await analyze(client);
    });
    // One real product with a valid EAN-13 and Czech letters, for the label.
    const labelId = await createProduct(t.database.db, {
      name: "Panel 3D 1530×2500 mm, Ø 4 mm, RAL 6005 zelená – řezaný, šťavnatě žlutý kůň",
      invoiceName: "Svařovaný panel 3D 1530/2500 Ø4 RAL 6005",
      ean13: ean13("859567899999"),
      unitPrice: "689.00",
      categoryIds: [treeA.leaves[0]!],
    });
    const [{ total } = { total: 0 }] = (await client.exec("select count(*)::int as total from products")) as { total: number }[];
    log(`${kind}: ${total} products, ${treeA.roots.length + treeA.mids.length + treeA.leaves.length} categories in ${Math.round(treeAMs + productsMs)} ms`);

    const session = await t.login();
    // Three mid-tree categories (each with its leaves below), spread over the tree.
    const chosen = [treeA.mids[3]!, treeA.mids[17]!, treeA.mids[30]!];
    const categoriesParam = chosen.join(";");
    const nameParam = "panel";
    const categoryNames = ((await client.exec(`select name from categories where id in (${chosen.join(", ")}) order by id`)) as { name: string }[]).map(
      (row) => row.name,
    );

    const get = (path: string, headers: Record<string, string> = {}) => async () => {
      const response = await session.page(path, { headers });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 300)}`);
      return body;
    };
    const fragment = { "HX-Request": "true", "HX-Target": "list-product" };
    const listInput = (filters: Record<string, string>) => ({ ctx: t.ctx, input: { page: 1, size: PAGE_SIZE, filters } });

    const requests = {
      namePage: get(`/products?name=${nameParam}`),
      nameFragment: get(`/products?name=${nameParam}`, fragment),
      nameApi: get(`/api/products?name=${nameParam}&size=${PAGE_SIZE}`),
      categoriesPage: get(`/products?categories=${encodeURIComponent(categoriesParam)}`),
      categoriesFragment: get(`/products?categories=${encodeURIComponent(categoriesParam)}`, fragment),
      categoriesApi: get(`/api/products?categories=${encodeURIComponent(categoriesParam)}&size=${PAGE_SIZE}`),
    };

    // Sanity: 20 rows of the expected totals.
    const nameList = await productService.list(listInput({ name: nameParam }));
    const categoryList = await productService.list(listInput({ categories: categoriesParam }));
    if (nameList.rows.length !== PAGE_SIZE || categoryList.rows.length !== PAGE_SIZE) throw new Error("a filtered list did not fill a page");
    const apiBody = JSON.parse(await requests.categoriesApi()) as { data: unknown[]; meta?: { total?: number } };
    if (apiBody.data.length !== PAGE_SIZE || apiBody.meta?.total !== categoryList.meta.total) throw new Error(`API answered ${apiBody.data.length} rows, total ${apiBody.meta?.total}`);
    const expandedTo = (await client.exec(`with recursive d(id) as (select id from categories where id in (${chosen.join(", ")}) union select c.id from categories c join d on c.parent_id = d.id) select id from d`)).length;

    // The statements of each list as the service sends them, and of each whole request.
    const nameSql = await client.capture(() => productService.list(listInput({ name: nameParam })));
    const categoriesSql = await client.capture(() => productService.list(listInput({ categories: categoriesParam })));
    const countOf = async (work: () => Promise<unknown>) => (await client.capture(work)).statements.length;
    const requestInfo = async (work: () => Promise<string>) => {
      let bytes = 0;
      const statements = await countOf(async () => {
        bytes = Buffer.byteLength(await work());
      });
      return { bytes, statements };
    };

    log(`${kind}: list figures, ${warmup} warm-up + ${runs} measured rounds, interleaved`);
    const listMeasured = await measureInterleaved(
      {
        ...requests,
        nameService: () => productService.list(listInput({ name: nameParam })),
        categoriesService: () => productService.list(listInput({ categories: categoriesParam })),
        nameSql: () => client.replay(nameSql.statements),
        categoriesSql: () => client.replay(categoriesSql.statements),
        session: () => findSessionUser({ ctx: t.ctx, input: { token: session.token } }),
      },
      { warmup, runs },
    );

    const figures: Figure[] = [];
    const figure = async (key: keyof typeof requests | string, label: string, path: string, target: number | null, s: Stats, sqlKey: string, work: () => Promise<string>) => {
      figures.push({ key, label, path, target, stats: s, sqlKey, ...(await requestInfo(work)) });
    };
    await figure("namePage", "products page, name filter", `/products?name=${nameParam}`, LIST_TARGET_MS, listMeasured.namePage, "name", requests.namePage);
    await figure("nameFragment", "  htmx table fragment (filter/paging swap)", `/products?name=${nameParam} (HX-Target: list-product)`, LIST_TARGET_MS, listMeasured.nameFragment, "name", requests.nameFragment);
    await figure("nameApi", "  JSON API", `/api/products?name=${nameParam}&size=20`, LIST_TARGET_MS, listMeasured.nameApi, "name", requests.nameApi);
    await figure("categoriesPage", "products page, 3 categories", `/products?categories=${categoriesParam}`, LIST_TARGET_MS, listMeasured.categoriesPage, "categories", requests.categoriesPage);
    await figure(
      "categoriesFragment",
      "  htmx table fragment (filter/paging swap)",
      `/products?categories=${categoriesParam} (HX-Target: list-product)`,
      LIST_TARGET_MS,
      listMeasured.categoriesFragment,
      "categories",
      requests.categoriesFragment,
    );
    await figure("categoriesApi", "  JSON API", `/api/products?categories=${categoriesParam}&size=20`, LIST_TARGET_MS, listMeasured.categoriesApi, "categories", requests.categoriesApi);

    const sql: Record<string, SqlFigure> = {
      name: {
        key: "name",
        label: "product list, name filter",
        stats: listMeasured.nameSql,
        service: listMeasured.nameService,
        statements: await perStatement(client, nameSql.statements, 20),
        matches: nameList.meta.total,
      },
      categories: {
        key: "categories",
        label: "product list, 3 categories",
        stats: listMeasured.categoriesSql,
        service: listMeasured.categoriesService,
        statements: await perStatement(client, categoriesSql.statements, 20),
        matches: categoryList.meta.total,
      },
    };

    // ---- phase B: 2,000 categories ---------------------------------------------------------
    log(`${kind}: adding ${CATEGORIES_B - CATEGORIES_A} categories (${CATEGORIES_B} in all)`);
    const [, treeBMs] = await timed(async () => {
      await addCategories(client, { prefix: "Archiv ", roots: 10, midsPerRoot: 9, leaves: CATEGORIES_B - CATEGORIES_A - 100 });
      await analyze(client);
    });
    const [{ n: categoryCount } = { n: 0 }] = (await client.exec("select count(*)::int as n from categories")) as { n: number }[];
    if (categoryCount !== CATEGORIES_B) throw new Error(`expected ${CATEGORIES_B} categories, found ${categoryCount}`);
    const treeRequests = {
      treeApi: get("/api/category/allWithChildren"),
      treePage: get("/products/category"),
      categoriesPageBigTree: requests.categoriesPage,
    };
    const treeApiBody = JSON.parse(await treeRequests.treeApi()) as { data: { children: unknown[] }[] };
    const countNodes = (nodes: { children: unknown[] }[]): number => nodes.reduce((n, node) => n + 1 + countNodes(node.children as { children: unknown[] }[]), 0);
    if (countNodes(treeApiBody.data) !== CATEGORIES_B) throw new Error(`allWithChildren answered ${countNodes(treeApiBody.data)} nodes`);
    const treeSql = await client.capture(() => listCategoriesWithChildren({ ctx: t.ctx }));

    log(`${kind}: tree figures, ${warmup} warm-up + ${runs} measured rounds, interleaved`);
    const treeMeasured = await measureInterleaved(
      {
        ...treeRequests,
        treeService: () => listCategoriesWithChildren({ ctx: t.ctx }),
        treeBuild: () => categoryTree({ ctx: t.ctx }),
        treeSql: () => client.replay(treeSql.statements),
      },
      { warmup, runs },
    );
    await figure("treeApi", "category tree JSON (allWithChildren)", "/api/category/allWithChildren", TREE_TARGET_MS, treeMeasured.treeApi, "tree", treeRequests.treeApi);
    await figure("treePage", "category tree page", "/products/category", TREE_TARGET_MS, treeMeasured.treePage, "tree", treeRequests.treePage);
    await figure(
      "categoriesPageBigTree",
      "products page, 3 categories, 2,000-node filter tree",
      `/products?categories=${categoriesParam}`,
      null,
      treeMeasured.categoriesPageBigTree,
      "categories",
      treeRequests.categoriesPageBigTree,
    );
    sql.tree = {
      key: "tree",
      label: "category tree",
      stats: treeMeasured.treeSql,
      service: treeMeasured.treeService,
      statements: await perStatement(client, treeSql.statements, 20),
    };

    // ---- the label PDF ------------------------------------------------------------------------
    log(`${kind}: label PDF, 3 warm-up + ${pdfRuns} measured`);
    const pdfPath = `/products/${labelId}/label.pdf`;
    const pdfRequest = async () => {
      const response = await session.page(pdfPath);
      const body = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200 || response.headers.get("Content-Type")?.includes("pdf") !== true) throw new Error(`GET ${pdfPath} answered ${response.status}`);
      return body;
    };
    const first = await pdfRequest();
    const pdfMeasured = await measureInterleaved(
      { pdf: pdfRequest, pdfService: () => productLabelPdf({ ctx: t.ctx, input: { productId: labelId } }) },
      { warmup: 3, runs: pdfRuns },
    );
    const [labelRow] = await t.database.db.select({ ean13: products.ean13 }).from(products).where(eq(products.id, labelId));

    // ---- where the time goes, for the figures over target -------------------------------------
    for (const f of figures) {
      if (f.target === null || f.stats.median <= f.target) continue;
      const s = sql[f.sqlKey]!;
      const source = f.sqlKey === "name" ? nameSql : f.sqlKey === "categories" ? categoriesSql : treeSql;
      const slowest = s.statements.reduce((best, timing, i) => (timing.median > s.statements[best]!.median ? i : best), 0);
      if (!s.statements[slowest] || s.statements[slowest]!.explain) continue;
      s.statements[slowest]!.explain = await client.explainAnalyze(source.statements[slowest]!);
      // What-ifs for the list's count(*), the statement that dominates a filtered list.
      const countIndex = source.statements.findIndex((st) => /^\s*select count\(\*\)/i.test(st.sql));
      const countStatement = source.statements[countIndex];
      if (!countStatement || f.sqlKey === "tree") continue;
      const baseline = s.statements[countIndex]!.median;
      const setting = "random_page_cost = 1.1";
      s.whatIf = [
        {
          label: `the same count with ${setting} (costing for SSD or memory rather than spinning disks)`,
          sql: brief(countStatement.sql, 120),
          median: await medianOf(() => client.runWithSetting(setting, countStatement), 20),
          baseline,
        },
      ];
      if (f.sqlKey === "categories") {
        const ids = countStatement.params.filter((p): p is number => typeof p === "number" && Number.isInteger(p));
        const linkCount = { sql: `select count(distinct product_id) from product_categories where category_id in (${ids.join(", ")})`, params: [] };
        s.whatIf.push({ label: "counted from the link table alone (no products join)", sql: brief(linkCount.sql, 120), median: await medianOf(() => client.run(linkCount), 20), baseline });
      }
    }

    const result: CatalogueResult = {
      kind,
      serverVersion,
      products: total,
      categoriesA: CATEGORIES_A,
      categoriesB: categoryCount,
      generateMs: { treeA: treeAMs, products: productsMs, treeB: treeBMs },
      warmup,
      runs,
      pdfRuns,
      filters: { name: nameParam, categories: categoriesParam, categoryNames, expandedTo },
      session: listMeasured.session,
      figures,
      sql,
      pdf: { stats: pdfMeasured.pdf, service: pdfMeasured.pdfService, bytes: first.length, code: labelRow?.ean13 ? `EAN-13 ${labelRow.ean13}` : `Code 128 P${labelId}` },
    };
    process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await t.close();
  }
}

await main();
