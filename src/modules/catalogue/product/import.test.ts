import { beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { categories, categoryParameterCategories, categoryParameters, productParameterValues, products } from "@db/schema";
import { ean13 } from "@/lib/ean13";
import { type ImportPreview, previewImport, proposedMapping, refusedRowsXlsx, runImport } from "@/lib/import/framework";
import type { ImportMapping } from "@/lib/import/mapping";
import { readImportFile } from "@/lib/import/read";
import { readFirstSheet } from "@/lib/xlsx/read";
import { getItemProductChoice } from "@/modules/orders/fence-item/choices";
import { fenceItemPrice } from "@/modules/orders/fence-item/pricing";
import { tableSnapshot } from "../../../../tests/helpers/table-snapshot";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { type WorkbookCell, workbookBytes } from "../../../../tests/helpers/workbook";
import { exportProductsXlsx } from "./export";
import { productImport } from "./import";

const t = useTestDatabase();

const CATALOGUE = ["products", "categories", "product_categories", "product_parameter_values"];
const HEADERS = ["Název", "Název na faktuře", "Kategorie", "DPH", "Cena za kus", "Cena za m²", "EAN", "Hmotnost (g)", "Skladový", "Výška lamely (mm)"];

const EAN = Array.from({ length: 9 }, (_, i) => ean13(`85900000${String(100 + i).padStart(4, "0")}`));
/** The same 12 digits with the check digit one off. */
const wrongEan = (() => {
  const good = ean13("859000000999");
  return `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
})();

/** A price list as an office keeps it: category paths, Czech headers, decimal commas, three bad rows. */
const PRICE_LIST: WorkbookCell[][] = [
  HEADERS,
  ["Lamela ocel 120", "Lamelová výplň", "Ploty > Lamelové > Ocel", 21, null, 1250, EAN[0]!, 4500, "ano", 120], // line 2
  ["Sloupek 60×60", null, "Ploty > Sloupky", "21 %", "1 250,50", null, EAN[1]!, "3 200,5", "ne", null], // 3
  ["Lamela ocel 150", null, "Ploty > Lamelové > Ocel", 21, null, "1 490,00", EAN[2]!, 5200, "ano", "150"], // 4
  ["Vrut do dřeva", null, "Spojovací materiál", 12, "3,20", null, EAN[3]!, 12, "ano", null], // 5
  ["Krytka sloupku", null, "Ploty > Sloupky", 21, 45, null, wrongEan, 80, null, null], // 6: check digit
  ["Pant", null, "Ploty > Sloupky", 17, 120, null, EAN[4]!, 300, null, null], // 7: no 17 % rate
  ["Brána posuvná", null, "Ploty", 21, -10, null, EAN[5]!, 0, null, null], // 8: negative price
  ["Lamela ocel 100", null, "Ploty > Lamelové > Ocel", 21, null, 1100, EAN[6]!, 4000, null, 100], // 9
];

async function tableOf(rows: WorkbookCell[][]) {
  return readImportFile({ fileName: "cenik.xlsx", data: await workbookBytes(rows) });
}

async function mappingFor(rows: WorkbookCell[][]): Promise<ImportMapping> {
  return proposedMapping(t.ctx, productImport, (await tableOf(rows)).headers);
}

async function preview(rows: WorkbookCell[][]): Promise<ImportPreview> {
  const table = await tableOf(rows);
  return previewImport({ ctx: t.ctx, kind: productImport, table, mapping: await mappingFor(rows), options: {} });
}

async function run(rows: WorkbookCell[][], confirmed = true): Promise<ImportPreview> {
  const table = await tableOf(rows);
  return runImport({ ctx: t.ctx, kind: productImport, table, mapping: await mappingFor(rows), options: { confirmed } });
}

const productByEan = async (code: string) => (await t.db.select().from(products).where(eq(products.ean13, code)))[0];

beforeAll(async () => {
  // The fence categories bring the engine's slat height, as the office sets them up.
  const [fences] = await t.db.insert(categories).values({ name: "Ploty" }).returning({ id: categories.id });
  const [slat] = await t.db.select({ id: categoryParameters.id }).from(categoryParameters).where(eq(categoryParameters.role, "pieceHeight"));
  await t.db.insert(categoryParameterCategories).values({ parameterId: slat!.id, categoryId: fences!.id });
});

describe("the products import", () => {
  test("the mapping is proposed from the Czech headers, the slat height included", async () => {
    const mapping = await mappingFor(PRICE_LIST);
    expect(mapping.columns).toEqual({ name: 0, invoiceName: 1, categories: 2, vat: 3, unitPrice: 4, m2Price: 5, ean13: 6, weight: 7, storable: 8, "parameter:vyskalamely": 9 });
  });

  test("the preview lists exactly the bad rows with their reasons and writes nothing", async () => {
    const before = await tableSnapshot(t.ctx);
    const result = await preview(PRICE_LIST);
    expect(result.counts).toEqual({ new: 5, changed: 0, unchanged: 0, refused: 3 });
    expect(result.refused.map((row) => ({ line: row.line, reasons: row.reasons.map((reason) => [reason.field, reason.message.key]) }))).toEqual([
      { line: 6, reasons: [["ean13", "product.eanCheckDigit"]] },
      { line: 7, reasons: [["vat", "import.products.vatUnknown"]] },
      { line: 8, reasons: [["unitPrice", "validation.min"]] },
    ]);
    // "Ploty" exists; the rest of the paths are to be created once confirmed.
    expect(result.confirm.map((message) => message.values?.path)).toEqual(["Ploty > Lamelové > Ocel", "Ploty > Sloupky", "Spojovací materiál"]);
    expect(await tableSnapshot(t.ctx)).toBe(before);
  });

  test("the refused rows as a workbook: the file's columns, a translated reason, the line", async () => {
    const table = await tableOf(PRICE_LIST);
    const result = await preview(PRICE_LIST);
    const { data } = await refusedRowsXlsx({ lang: "cs", table, preview: result });
    const sheet = readFirstSheet(data, { maxRows: 100, maxCells: 1000, maxPartBytes: 1 << 20, maxTotalBytes: 1 << 22 }, "all");
    expect(sheet.rows.map((row) => [row.cells.A, row.cells.K, row.cells.L])).toEqual([
      ["Název", "Důvod", "Řádek"],
      ["Krytka sloupku", "EAN-13: EAN-13 má špatnou kontrolní číslici (poslední číslici)", 6],
      ["Pant", "Sazba DPH: Sazba DPH 17 neexistuje", 7],
      ["Brána posuvná", "Cena za kus: Nejmenší hodnota je 0", 8],
    ]);
  });

  test("without the categories confirmed nothing is written", async () => {
    const before = await tableSnapshot(t.ctx, CATALOGUE);
    expect((await failureOf(run(PRICE_LIST, false))).messages[0]!.key).toBe("import.products.confirmCategories");
    expect(await tableSnapshot(t.ctx, CATALOGUE)).toBe(before);
  });

  test("a failure mid-way writes nothing", async () => {
    const before = await tableSnapshot(t.ctx);
    // The database refuses the fourth new product: the three before it and the categories go too.
    await t.db.execute(sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$ begin if new.name = 'Boom' then raise exception 'boom'; end if; return new; end $$`));
    await t.db.execute(sql.raw(`create trigger refuse_boom before insert on products for each row execute function refuse_boom()`));
    try {
      const rows = [...PRICE_LIST.slice(0, 4), ["Boom", null, "Ploty > Nové", 21, 1, null, EAN[7]!, 1, null, null], ...PRICE_LIST.slice(4)];
      await expect(run(rows)).rejects.toThrow();
    } finally {
      await t.db.execute(sql.raw(`drop trigger refuse_boom on products`));
      await t.db.execute(sql.raw(`drop function refuse_boom()`));
    }
    expect(await tableSnapshot(t.ctx)).toBe(before);
  });

  test("the import writes the accepted rows; the fence product prices in the items editor", async () => {
    const result = await run(PRICE_LIST);
    expect(result.counts).toEqual({ new: 5, changed: 0, unchanged: 0, refused: 3 });
    const post = await productByEan(EAN[1]!);
    expect(post).toMatchObject({ name: "Sloupek 60×60", unitPrice: "1250.50", m2Price: null, weight: "3200.500", storable: false });
    const screw = await productByEan(EAN[3]!);
    expect(screw).toMatchObject({ unitPrice: "3.20", storable: true, invoiceName: null });
    for (const code of [wrongEan, EAN[4]!, EAN[5]!]) expect(await productByEan(code)).toBeUndefined();

    // The worked example: m² price 1250, 2500 × 1530 → 4 781,25 a piece, slat height from the import.
    const slat = await productByEan(EAN[0]!);
    const choice = await getItemProductChoice({ ctx: t.ctx, input: { id: slat!.id } });
    expect(choice.m2Price).toBe(1250);
    expect(choice.parameters.pieceHeight).toBe(120);
    expect(fenceItemPrice({ m2price: choice.m2Price, length: 2500, height: 1530, amount: 1 }).unitPriceHalere).toBe(478_125);

    const paths = await t.db.select({ name: categories.name, parentId: categories.parentId }).from(categories);
    expect(paths.map((row) => row.name).sort()).toEqual(["Lamelové", "Ocel", "Ploty", "Sloupky", "Spojovací materiál"]);
  });

  test("the same file again changes nothing", async () => {
    const before = await tableSnapshot(t.ctx, CATALOGUE);
    const result = await run(PRICE_LIST);
    expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: 5, refused: 3 });
    expect(await tableSnapshot(t.ctx, CATALOGUE)).toBe(before);
  });

  test("a changed price is one update, never a duplicate; a fixed row comes in as new", async () => {
    const [{ n: before }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    const rows = PRICE_LIST.map((row) => [...row]);
    rows[1]![5] = "1 300"; // the slat's m² price
    rows[6]![3] = 21; // the hinge's rate fixed
    const result = await run(rows);
    expect(result.counts).toEqual({ new: 1, changed: 1, unchanged: 4, refused: 2 });
    const [{ n: after }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    expect(after).toBe(before + 1);
    expect((await productByEan(EAN[0]!))!.m2Price).toBe("1300.00");
  });

  test("rows matched by name within their category; a date where text belongs is refused", async () => {
    const rows: WorkbookCell[][] = [
      ["Název", "Kategorie", "Cena za kus"],
      ["Sloupek 60×60", "Ploty > Sloupky", 1400],
      ["Krytka", "Ploty > Sloupky", new Date("2026-01-02T00:00:00Z")],
    ];
    const table = await tableOf(rows);
    const mapping = await proposedMapping(t.ctx, productImport, table.headers);
    const result = await previewImport({ ctx: t.ctx, kind: productImport, table, mapping: { ...mapping, key: "name" }, options: {} });
    expect(result.counts).toEqual({ new: 0, changed: 1, unchanged: 0, refused: 1 });
    expect(result.refused[0]!.reasons.map((reason) => reason.message.key)).toEqual(["import.dateCell"]);
  });

  test("a blank cell changes nothing: the categories and the slat height stay", async () => {
    const slat = await productByEan(EAN[0]!);
    const before = await tableSnapshot(t.ctx, CATALOGUE);
    const rows: WorkbookCell[][] = [["EAN", "Kategorie", "Výška lamely", "Název na faktuře"], [EAN[0]!, null, null, null]];
    const result = await run(rows);
    expect(result.counts).toEqual({ new: 0, changed: 0, unchanged: 1, refused: 0 });
    expect(await tableSnapshot(t.ctx, CATALOGUE)).toBe(before);
    expect((await getItemProductChoice({ ctx: t.ctx, input: { id: slat!.id } })).parameters.pieceHeight).toBe(120);
  });

  test("a required category parameter: the row, the product or the default must give it; a new product takes the defaults", async () => {
    const [gates] = await t.db.insert(categories).values({ name: "Brány" }).returning({ id: categories.id });
    const [width] = await t.db.insert(categoryParameters).values({ name: "Šířka průjezdu", unit: "mm", required: true }).returning({ id: categoryParameters.id });
    const [colour] = await t.db.insert(categoryParameters).values({ name: "Barva", unit: "", required: true, defaultValue: "antracit" }).returning({ id: categoryParameters.id });
    await t.db.insert(categoryParameterCategories).values([
      { parameterId: width!.id, categoryId: gates!.id },
      { parameterId: colour!.id, categoryId: gates!.id },
    ]);
    const codes = [ean13("859000000801"), ean13("859000000802")];
    const rows: WorkbookCell[][] = [
      ["Název", "Kategorie", "DPH", "Cena za kus", "EAN", "Šířka průjezdu"],
      ["Brána posuvná 4 m", "Brány", 21, "24 990", codes[0]!, "4 000"], // line 2
      ["Brána křídlová", "Brány", 21, "18 990", codes[1]!, null], // 3: no width, none stored, no default
    ];
    const before = await tableSnapshot(t.ctx, CATALOGUE);
    const checked = await preview(rows);
    expect(checked.refused.map((row) => ({ line: row.line, reasons: row.reasons.map((reason) => [reason.field, reason.message.key, reason.message.values?.name]) }))).toEqual([
      { line: 3, reasons: [["parameter:sirkaprujezdu", "product.parameterRequired", "Šířka průjezdu"]] },
    ]);
    expect(await tableSnapshot(t.ctx, CATALOGUE)).toBe(before);
    expect((await run(rows)).counts).toEqual({ new: 1, changed: 0, unchanged: 0, refused: 1 });
    const gate = (await productByEan(codes[0]!))!;
    const values = await t.db.select({ id: productParameterValues.parameterId, value: productParameterValues.value }).from(productParameterValues).where(eq(productParameterValues.productId, gate.id));
    expect(new Map(values.map((row) => [row.id, row.value]))).toEqual(new Map([[width!.id, "4000"], [colour!.id, "antracit"]]));
    // The product now holds the width: a row without it changes nothing.
    expect((await run([["EAN", "Kategorie"], [codes[0]!, "Brány"]])).counts).toEqual({ new: 0, changed: 0, unchanged: 1, refused: 0 });
  });

  test("the mapping the user changed is remembered for the next file", async () => {
    const rows: WorkbookCell[][] = [["EAN", "Moje cena"], [EAN[1]!, 999]];
    const table = await tableOf(rows);
    const mapping: ImportMapping = { columns: { ean13: 0, unitPrice: 1 }, key: "ean13" };
    const result = await runImport({ ctx: t.ctx, kind: productImport, table, mapping, options: {} });
    expect(result.counts).toEqual({ new: 0, changed: 1, unchanged: 0, refused: 0 });
    expect(await proposedMapping(t.ctx, productImport, ["Poznámka", "Moje cena", "EAN"])).toEqual({ columns: { ean13: 2, unitPrice: 1 }, key: "ean13" });
  });

  test("round trip: export → edit one price in the workbook → import = one update", async () => {
    const exported = readImportFile({ fileName: "produkty.xlsx", data: (await exportProductsXlsx(t.ctx)).data });
    const priceColumn = exported.headers.indexOf("Cena za kus");
    const post = await productByEan(EAN[1]!);
    const rows = [exported.headers, ...exported.rows.map((row) => Array.from({ length: exported.headers.length }, (_, index) => (row.cells[index] ?? null) as WorkbookCell))];
    const edited = rows.find((row) => row[0] === post!.id)!;
    edited[priceColumn] = 1111;
    const before = (await t.db.select({ id: products.id }).from(products)).length;
    // The last import remembered EAN-13 as the key; the export's rows are matched by the product number.
    const table = await tableOf(rows);
    const mapping = { ...(await mappingFor(rows)), key: "id" };
    const result = await runImport({ ctx: t.ctx, kind: productImport, table, mapping, options: {} });
    expect(result.counts).toEqual({ new: 0, changed: 1, unchanged: before - 1, refused: 0 });
    expect((await productByEan(EAN[1]!))!.unitPrice).toBe("1111.00");
    expect((await t.db.select({ id: products.id }).from(products)).length).toBe(before);
    // The slat kept its slat height and its categories through the round trip.
    const slat = await getItemProductChoice({ ctx: t.ctx, input: { id: (await productByEan(EAN[0]!))!.id } });
    expect(slat.parameters.pieceHeight).toBe(120);
  });
});
