/**
 * The products import at 20,000 rows (docs/decisions/075-spreadsheet-import.md, Memory): a price
 * list as an office keeps it, read, previewed and imported in one transaction, then imported again
 * (no change). Prints each step's time and how far the process's resident memory rose above where
 * it stood before the file was read (sampled every 20 ms, at each step's end, and the process's
 * maxRSS); the garbage collector runs between steps. Targets: ≤ 60 s and ≤ 200 MB for the read,
 * preview and import together. Run alone: `bun tests/bench/import-products.ts` (PGlite;
 * PostgreSQL with TEST_DATABASE_URL); `npm run bench` runs it in both. Nothing here asserts a figure.
 *
 * PGlite runs as the app runs it, in a data directory on disk: the tests' in-memory PGlite keeps
 * the database's files in JavaScript arrays that are copied as they grow, so 20,000 products
 * inserted by plain SQL alone raise its resident memory by ~330 MB there (~50 MB on disk).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { categories, categoryParameterCategories, categoryParameters } from "@db/schema";
import { seedReference } from "@db/seed/reference";
import { systemCtx } from "@/lib/context";
import { type Database, migrate, openPglite } from "@/lib/db";
import { ean13 } from "@/lib/ean13";
import { previewImport, proposedMapping, runImport } from "@/lib/import/framework";
import { readImportFile } from "@/lib/import/read";
import { productImport } from "@/modules/catalogue/product/import";
import { createTestDatabase, spreadIdSequences } from "../helpers/db";
import { type WorkbookCell, workbookBytes } from "../helpers/workbook";
import { numberArgument } from "./child";

export interface ImportStep {
  ms: number;
  /** The highest resident memory seen during the step, above the base. */
  peakGrowthBytes: number;
}

export interface ImportProductsResult {
  kind: "pglite" | "postgres";
  rows: number;
  xlsxBytes: number;
  read: ImportStep;
  preview: ImportStep;
  import: ImportStep;
  /** The same file imported again (every row unchanged): not part of the target. */
  again: ImportStep;
  /** Read + preview + import. */
  totalMs: number;
  /** The highest resident memory over read + preview + import, above the base. */
  peakGrowthBytes: number;
  counts: Record<string, number>;
  againCounts: Record<string, number>;
}

const ROWS = numberArgument("--rows", 20_000);
const PATHS = ["Ploty > Lamelové > Ocel", "Ploty > Lamelové > Hliník", "Ploty > Sloupky", "Brány > Posuvné", "Brány > Křídlové", "Spojovací materiál > Vruty"];
const log = (text: string) => process.stderr.write(`  [import] ${text}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function priceList(): WorkbookCell[][] {
  const rows: WorkbookCell[][] = [["Název", "Název na faktuře", "Kategorie", "Sazba DPH", "Cena za kus", "Cena za m²", "EAN-13", "Hmotnost (g)", "Skladový", "Výška lamely (mm)"]];
  for (let i = 0; i < ROWS; i++) {
    const path = PATHS[i % PATHS.length]!;
    const fence = path.startsWith("Ploty > Lamelové");
    rows.push([`Položka ceníku číslo ${i + 1}`, `Položka ${i + 1}`, path, i % 5 ? 21 : 12, fence ? null : `${100 + (i % 900)},50`, fence ? `1 ${250 + (i % 50)},00` : null, ean13(String(859_100_000_000 + i)), 1000 + i, i % 7 ? "ano" : "ne", fence ? 100 + (i % 3) * 10 : null]);
  }
  return rows;
}

/** PostgreSQL: a fresh database from the tests' template; PGlite: a fresh data directory on disk. */
async function openBenchDatabase(): Promise<{ database: Database; close(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    return { database, close: () => database.destroy() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "ohrada-import-bench-"));
  const database = await openPglite({ dataDir });
  await migrate(database);
  await spreadIdSequences(database);
  await seedReference(systemCtx(database.db));
  return {
    database,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(database: Database): Promise<ImportProductsResult> {
  const ctx = systemCtx(database.db);
  const [fences] = await ctx.db.insert(categories).values({ name: "Ploty" }).returning({ id: categories.id });
  const [slat] = await ctx.db.select({ id: categoryParameters.id }).from(categoryParameters).where(eq(categoryParameters.role, "pieceHeight"));
  await ctx.db.insert(categoryParameterCategories).values({ parameterId: slat!.id, categoryId: fences!.id });
  const data = await workbookBytes(priceList());
  log(`${ROWS} rows, ${(data.byteLength / 1024 / 1024).toFixed(2)} MB xlsx (${database.kind}${database.kind === "pglite" ? ", data directory on disk" : ""})`);

  Bun.gc(true);
  const base = process.memoryUsage().rss;
  // maxRSS (the process's highest so far) catches a peak inside a synchronous step (the read) that
  // no timer can sample, when the step raised it.
  const maxRss = () => process.resourceUsage().maxRSS * 1024;
  let peak = base;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 20);
  const step = async <T>(name: string, work: () => Promise<T> | T): Promise<{ value: T; step: ImportStep }> => {
    peak = process.memoryUsage().rss;
    const maxRssBefore = maxRss();
    const started = performance.now();
    const value = await work();
    const ms = performance.now() - started;
    sample();
    if (maxRss() > maxRssBefore) peak = Math.max(peak, maxRss());
    const result = { ms, peakGrowthBytes: Math.max(0, peak - base) };
    log(`${name}: ${(ms / 1000).toFixed(2)} s, peak +${mb(result.peakGrowthBytes)}`);
    Bun.gc(true);
    return { value, step: result };
  };
  try {
    const read = await step("read", () => readImportFile({ fileName: "cenik.xlsx", data }));
    const table = read.value;
    const mapping = await proposedMapping(ctx, productImport, table.headers);
    const preview = await step("preview", () => previewImport({ ctx, kind: productImport, table, mapping, options: {} }));
    const run = await step("import", () => runImport({ ctx, kind: productImport, table, mapping, options: { confirmed: true } }));
    const again = await step("the same file again", () => runImport({ ctx, kind: productImport, table, mapping, options: {} }));
    const totalMs = read.step.ms + preview.step.ms + run.step.ms;
    const peakGrowthBytes = Math.max(read.step.peakGrowthBytes, preview.step.peakGrowthBytes, run.step.peakGrowthBytes);
    log(`read + preview + import: ${(totalMs / 1000).toFixed(2)} s (target ≤ 60 s); memory +${mb(peakGrowthBytes)} (target ≤ 200 MB)`);
    log(`counts: ${JSON.stringify(run.value.counts)}; again: ${JSON.stringify(again.value.counts)}`);
    return {
      kind: database.kind,
      rows: ROWS,
      xlsxBytes: data.byteLength,
      read: read.step,
      preview: preview.step,
      import: run.step,
      again: again.step,
      totalMs,
      peakGrowthBytes,
      counts: run.value.counts,
      againCounts: again.value.counts,
    };
  } finally {
    clearInterval(timer);
  }
}

if (import.meta.main) {
  const { database, close } = await openBenchDatabase();
  try {
    const result = await measure(database);
    process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await close();
  }
}
