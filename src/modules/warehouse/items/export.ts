/**
 * docs/domain.md#warehouse-exports: warehouse exports as real xlsx (src/lib/xlsx/sheet.ts): Czech (or the caller's)
 * headers, numbers as number cells. One sheet per warehouse, rows as the warehouse page lists them.
 */
import { asc } from "drizzle-orm";
import { warehouses } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { czechOrder } from "@/lib/crud/service";
import { AppError } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { parseInput } from "@/lib/validation";
import { tablesToXlsx, XLSX_NUMBER, type XlsxColumn, type XlsxSheet } from "@/lib/xlsx/sheet";
import { exportStockInput, oneWarehouseInput, variantParametersText, type WarehouseItemRow } from "./schemas";
import { allWarehouseItems } from "./service";

export interface XlsxFile {
  fileName: string;
  bytes: Uint8Array;
}

const textOf = (ctx: Ctx) => {
  const t = tFor(ctx.lang);
  return (key: string, values?: Record<string, unknown>) => t(`stockView.${key}`, values) as string;
};

/** The columns of the page, in its order (the reorder marker as a yes/no word). */
function stockColumns(text: ReturnType<typeof textOf>): XlsxColumn[] {
  return [
    { key: "productId", header: text("productId"), width: 10, numFmt: "0" },
    { key: "product", header: text("product"), width: 48 },
    { key: "quantity", header: text("quantity"), width: 12, numFmt: XLSX_NUMBER },
    { key: "onTheWay", header: text("onTheWay"), width: 12, numFmt: XLSX_NUMBER },
    { key: "requiredStockLevel", header: text("requiredStockLevel"), width: 14, numFmt: XLSX_NUMBER },
    { key: "scaleQuantity", header: text("scaleQuantity"), width: 14, numFmt: "0" },
    { key: "reorder", header: text("reorder"), width: 12 },
    { key: "parameters", header: text("parameters"), width: 36 },
  ];
}

const stockRow = (row: WarehouseItemRow, yes: string, lang: Ctx["lang"]) => ({
  cells: {
    productId: row.product.id,
    product: row.product.name,
    parameters: variantParametersText(row.parameters, lang),
    quantity: row.quantity,
    onTheWay: row.onTheWay,
    requiredStockLevel: row.requiredStockLevel,
    scaleQuantity: row.scaleQuantity,
    reorder: row.reorder ? yes : "",
  },
});

/** The warehouses to export: the one asked for, or all of them by name. */
async function chosenWarehouses(ctx: Ctx, id: number | undefined): Promise<{ id: number; name: string }[]> {
  const all = await ctx.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(asc(czechOrder(warehouses.name)), asc(warehouses.id));
  return id === undefined ? all : all.filter((warehouse) => warehouse.id === id);
}

async function stockWorkbook(ctx: Ctx, chosen: { id: number; name: string }[], view: { filters?: Record<string, string>; sort?: string }): Promise<Uint8Array> {
  const text = textOf(ctx);
  const yes = tFor(ctx.lang)("table.yes") as string;
  const columns = stockColumns(text);
  const sheets: XlsxSheet[] = [];
  for (const warehouse of chosen) {
    const rows = await allWarehouseItems({ ctx, input: { warehouseId: warehouse.id, filters: view.filters, sort: view.sort } });
    // Two warehouses whose names cut to the same 31 characters would clash: the id keeps them apart.
    sheets.push({ name: `${warehouse.id} ${warehouse.name}`, columns, rows: rows.map((row) => stockRow(row, yes, ctx.lang)) });
  }
  if (!sheets.length) sheets.push({ name: text("sheetAll"), columns, rows: [] });
  return tablesToXlsx({ title: text("sheetAll"), sheets });
}

/** GET /warehouse/export?id=: one warehouse, with the page's filters and order when given. 404 for no such warehouse. */
export async function exportWarehouseXlsx({ ctx, input }: { ctx: Ctx; input: { query: Record<string, unknown>; filters?: Record<string, string>; sort?: string } }): Promise<XlsxFile> {
  const { id } = parseInput(oneWarehouseInput, input.query);
  const [warehouse] = await chosenWarehouses(ctx, id);
  if (!warehouse) throw AppError.notFound();
  return { fileName: `${textOf(ctx)("fileName")}-${warehouse.id}.xlsx`, bytes: await stockWorkbook(ctx, [warehouse], { filters: input.filters, sort: input.sort }) };
}

/** POST /warehouse/exportToExcel: the chosen warehouse, or every warehouse (a sheet each) when none is chosen. */
export async function exportStockXlsx({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<XlsxFile> {
  const { warehouse } = parseInput(exportStockInput, input);
  const chosen = await chosenWarehouses(ctx, warehouse);
  if (warehouse !== undefined && !chosen.length) throw AppError.notFound();
  const text = textOf(ctx);
  return { fileName: `${text("fileName")}${warehouse === undefined ? "" : `-${warehouse}`}.xlsx`, bytes: await stockWorkbook(ctx, chosen, {}) };
}

/**
 * GET /warehouse/exportToExcelManufacture?id=: what manufacture should make for one warehouse, the
 * items marked for reorder with the amount that brings them to the required level
 * (required − quantity − on the way).
 */
export async function exportManufactureXlsx({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<XlsxFile> {
  const { id } = parseInput(oneWarehouseInput, input);
  const rows = (await allWarehouseItems({ ctx, input: { warehouseId: id } })).filter((row) => row.reorder);
  const text = textOf(ctx);
  const bytes = await tablesToXlsx({
    title: text("manufactureSheet"),
    sheets: [
      {
        name: text("manufactureSheet"),
        columns: [
          { key: "productId", header: text("productId"), width: 10, numFmt: "0" },
          { key: "product", header: text("product"), width: 48 },
          { key: "quantity", header: text("quantity"), width: 12, numFmt: XLSX_NUMBER },
          { key: "onTheWay", header: text("onTheWay"), width: 12, numFmt: XLSX_NUMBER },
          { key: "requiredStockLevel", header: text("requiredStockLevel"), width: 14, numFmt: XLSX_NUMBER },
          { key: "toMake", header: text("toMake"), width: 12, numFmt: XLSX_NUMBER },
        ],
        rows: rows.map((row) => ({
          cells: {
            productId: row.product.id,
            product: row.product.name,
            quantity: row.quantity,
            onTheWay: row.onTheWay,
            requiredStockLevel: row.requiredStockLevel,
            // In thousandths, as stored, so 0.3 − 0.1 − 0.2 is 0, not 5.5e-17.
            toMake: (Math.round(row.requiredStockLevel * 1000) - Math.round(row.quantity * 1000) - Math.round(row.onTheWay * 1000)) / 1000,
          },
        })),
      },
    ],
  });
  return { fileName: `${text("fileNameManufacture")}-${id}.xlsx`, bytes };
}
