/**
 * The products import at 20,000 rows (docs/decisions/075-spreadsheet-import.md): a price list as
 * an office keeps it, read, previewed and imported in one transaction, then imported again (no
 * change). Prints the time of each step and how far the process's resident memory rose above
 * where it stood before the file was read (sampled every 20 ms). Targets: ≤ 60 s and ≤ 200 MB for
 * the read, preview and import together. Run alone: `bun tests/bench/import-products.ts`
 * (PGlite; PostgreSQL with TEST_DATABASE_URL). Nothing here asserts a figure.
 */
import { eq } from "drizzle-orm";
import { categories, categoryParameterCategories, categoryParameters } from "@db/schema";
import { ean13 } from "@/lib/ean13";
import { previewImport, proposedMapping, runImport } from "@/lib/import/framework";
import { readImportFile } from "@/lib/import/read";
import { productImport } from "@/modules/catalogue/product/import";
import { type WorkbookCell, workbookBytes } from "../helpers/workbook";
import { numberArgument, runBenchChild } from "./child";

const ROWS = numberArgument("--rows", 20_000);
const PATHS = ["Ploty > Lamelové > Ocel", "Ploty > Lamelové > Hliník", "Ploty > Sloupky", "Brány > Posuvné", "Brány > Křídlové", "Spojovací materiál > Vruty"];
const log = (text: string) => process.stderr.write(`  [import] ${text}\n`);

function priceList(): WorkbookCell[][] {
  const rows: WorkbookCell[][] = [["Název", "Název na faktuře", "Kategorie", "Sazba DPH", "Cena za kus", "Cena za m²", "EAN-13", "Hmotnost (g)", "Skladový", "Výška lamely (mm)"]];
  for (let i = 0; i < ROWS; i++) {
    const path = PATHS[i % PATHS.length]!;
    const fence = path.startsWith("Ploty > Lamelové");
    rows.push([`Položka ceníku číslo ${i + 1}`, `Položka ${i + 1}`, path, i % 5 ? 21 : 12, fence ? null : `${100 + (i % 900)},50`, fence ? `1 ${250 + (i % 50)},00` : null, ean13(String(859_100_000_000 + i)), 1000 + i, i % 7 ? "ano" : "ne", fence ? 100 + (i % 3) * 10 : null]);
  }
  return rows;
}

await runBenchChild({ warmup: 0, runs: 1 }, async ({ t }) => {
  const ctx = t.ctx;
  const [fences] = await ctx.db.insert(categories).values({ name: "Ploty" }).returning({ id: categories.id });
  const [slat] = await ctx.db.select({ id: categoryParameters.id }).from(categoryParameters).where(eq(categoryParameters.role, "pieceHeight"));
  await ctx.db.insert(categoryParameterCategories).values({ parameterId: slat!.id, categoryId: fences!.id });
  const data = await workbookBytes(priceList());
  log(`${ROWS} rows, ${(data.byteLength / 1024 / 1024).toFixed(2)} MB xlsx (${t.database.kind})`);

  Bun.gc(true);
  const base = process.memoryUsage().rss;
  let peak = base;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 20);
  const step = async <T>(name: string, work: () => Promise<T> | T): Promise<{ value: T; ms: number }> => {
    const started = performance.now();
    const value = await work();
    sample();
    const ms = performance.now() - started;
    log(`${name}: ${(ms / 1000).toFixed(2)} s, peak +${((peak - base) / 1024 / 1024).toFixed(0)} MB`);
    return { value, ms };
  };
  const read = await step("read", () => readImportFile({ fileName: "cenik.xlsx", data }));
  const table = read.value;
  const mapping = await proposedMapping(ctx, productImport, table.headers);
  const preview = await step("preview", () => previewImport({ ctx, kind: productImport, table, mapping, options: {} }));
  const run = await step("import", () => runImport({ ctx, kind: productImport, table, mapping, options: { confirmed: true } }));
  const again = await step("the same file again", () => runImport({ ctx, kind: productImport, table, mapping, options: {} }));
  clearInterval(timer);
  const totalMs = read.ms + preview.ms + run.ms;
  log(`read + preview + import: ${(totalMs / 1000).toFixed(2)} s (target ≤ 60 s); memory +${((peak - base) / 1024 / 1024).toFixed(0)} MB (target ≤ 200 MB)`);
  log(`counts: ${JSON.stringify(run.value.counts)}; again: ${JSON.stringify(again.value.counts)}`);
  return { kind: t.database.kind, rows: ROWS, readMs: read.ms, previewMs: preview.ms, importMs: run.ms, againMs: again.ms, peakGrowthBytes: peak - base, counts: run.value.counts };
});
