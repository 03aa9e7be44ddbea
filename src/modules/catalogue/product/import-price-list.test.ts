/**
 * A 3,000-product price list as an office keeps it (category paths, Czech headers, decimal commas,
 * slat heights) with three bad rows: the preview lists exactly those, the import writes the rest,
 * the same file again writes nothing. Times are printed, never asserted.
 */
import { beforeAll, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { categories, categoryParameterCategories, categoryParameters, products } from "@db/schema";
import { ean13 } from "@/lib/ean13";
import { previewImport, proposedMapping, runImport } from "@/lib/import/framework";
import { readImportFile } from "@/lib/import/read";
import { tableSnapshot } from "../../../../tests/helpers/table-snapshot";
import { useTestDatabase } from "../../../../tests/helpers/service";
import { type WorkbookCell, workbookBytes } from "../../../../tests/helpers/workbook";
import { productImport } from "./import";

const t = useTestDatabase();
const COUNT = 3000;
const PATHS = ["Ploty > Lamelové > Ocel", "Ploty > Lamelové > Hliník", "Ploty > Sloupky", "Brány > Posuvné", "Brány > Křídlové", "Spojovací materiál > Vruty", "Spojovací materiál > Kotvy"];
const BAD = { 101: "product.eanCheckDigit", 1502: "import.products.vatUnknown", 2999: "validation.min" } as Record<number, string>;

function priceList(): WorkbookCell[][] {
  const rows: WorkbookCell[][] = [["Název", "Kategorie", "Sazba DPH", "Cena za kus", "Cena za m²", "EAN-13", "Hmotnost (g)", "Výška lamely (mm)"]];
  for (let i = 0; i < COUNT; i++) {
    const line = i + 2;
    const path = PATHS[i % PATHS.length]!;
    const fence = path.startsWith("Ploty > Lamelové");
    let code = ean13(String(859_000_000_000 + i));
    if (line === 101) code = `${code.slice(0, 12)}${(Number(code[12]) + 1) % 10}`;
    const price = line === 2999 ? "-1,00" : `${100 + (i % 900)},${String(i % 100).padStart(2, "0")}`;
    rows.push([`Položka ${i + 1}`, path, line === 1502 ? "17 %" : i % 5 === 0 ? "12 %" : 21, fence ? null : price, fence ? (line === 2999 ? price : `1 ${250 + (i % 50)},00`) : null, code, 1000 + i, fence ? 100 + (i % 3) * 10 : null]);
  }
  return rows;
}

beforeAll(async () => {
  const [fences] = await t.db.insert(categories).values({ name: "Ploty" }).returning({ id: categories.id });
  const [slat] = await t.db.select({ id: categoryParameters.id }).from(categoryParameters).where(eq(categoryParameters.role, "pieceHeight"));
  await t.db.insert(categoryParameterCategories).values({ parameterId: slat!.id, categoryId: fences!.id });
});

test("3,000 products: the preview lists exactly the bad rows, the import writes the rest, again nothing", async () => {
  const table = readImportFile({ fileName: "cenik.xlsx", data: await workbookBytes(priceList()) });
  const mapping = await proposedMapping(t.ctx, productImport, table.headers);
  expect(Object.keys(mapping.columns).length).toBe(8);

  let started = performance.now();
  const preview = await previewImport({ ctx: t.ctx, kind: productImport, table, mapping, options: {} });
  console.log(`preview of ${COUNT} rows: ${Math.round(performance.now() - started)} ms`);
  expect(preview.counts).toEqual({ new: COUNT - 3, changed: 0, unchanged: 0, refused: 3 });
  expect(preview.refused.map((row) => [row.line, row.reasons.map((reason) => reason.message.key)])).toEqual(Object.entries(BAD).map(([line, key]) => [Number(line), [key]]));

  started = performance.now();
  const result = await runImport({ ctx: t.ctx, kind: productImport, table, mapping, options: { confirmed: true } });
  console.log(`import of ${COUNT} rows: ${Math.round(performance.now() - started)} ms`);
  expect(result.counts.new).toBe(COUNT - 3);
  const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql`${products.name} like 'Položka %'`)) as [{ n: number }];
  expect(n).toBe(COUNT - 3);

  const before = await tableSnapshot(t.ctx, ["products", "categories", "product_categories", "product_parameter_values"]);
  started = performance.now();
  const again = await runImport({ ctx: t.ctx, kind: productImport, table, mapping, options: {} });
  console.log(`the same ${COUNT} rows again: ${Math.round(performance.now() - started)} ms`);
  expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: COUNT - 3, refused: 3 });
  expect(await tableSnapshot(t.ctx, ["products", "categories", "product_categories", "product_parameter_values"])).toBe(before);
}, 120_000);
