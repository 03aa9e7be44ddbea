/**
 * The opening stock import (docs/domain.md#imports, docs/decisions/075-spreadsheet-import.md):
 * rows of warehouse (name or number), product (EAN-13 or product number) and quantity; each row
 * sets the product's quantity in that warehouse to the file's value, written as one stock
 * operation per warehouse with its own log group (docs/domain.md#transfer-log). A row whose
 * quantity is already there is unchanged, so the same file imported twice moves nothing.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { products, warehouseItems, warehouses } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import type { CheckedRow, ImportKind, MappedRow, RowReason } from "@/lib/import/framework";
import type { ImportField } from "@/lib/import/mapping";
import type { ImportCell } from "@/lib/import/read";
import { tFor } from "@/lib/i18n";
import { foldText } from "@/lib/search-text";
import { issueFields } from "@/lib/validation";
import { tablesToXlsx, XLSX_NUMBER } from "@/lib/xlsx/sheet";
import { decimalField } from "@/lib/zod-fields";
import { notStorableMessage } from "@/modules/baskets/service";
import { MAX_AMOUNT } from "@/modules/baskets/schemas";
import { STOCK_DECIMALS } from "./schemas";
import { numericTextToThousandths, productCode, setOpeningStock } from "./service";

export const STOCK_IMPORT_KIND = "stock";

export const STOCK_IMPORT_FIELDS = ["warehouse", "product", "quantity"] as const;
type StockField = (typeof STOCK_IMPORT_FIELDS)[number];

/** Header texts each field is known by, besides its Czech and English labels (folded when compared). */
const ALIASES: Record<StockField, string[]> = {
  warehouse: ["Sklad", "Název skladu", "Číslo skladu", "Warehouse", "Store"],
  product: ["Produkt", "EAN", "EAN13", "EAN-13", "Čárový kód", "Kód", "Kód produktu", "Číslo produktu", "Product", "Product code", "Product number", "Code", "Barcode"],
  quantity: ["Množství", "Počet", "Stav", "Skladem", "Počáteční stav", "Quantity", "Qty", "Stock", "Opening stock"],
};

/** A quantity as the forms take it: three decimals, a decimal comma, never below zero (zero empties the item). */
const quantityInput = z.object({ quantity: decimalField({ min: 0, max: MAX_AMOUNT, places: STOCK_DECIMALS }) });

interface StockPlan {
  warehouseId: number;
  productId: number;
  thousandths: number;
}

export async function stockFields(ctx: Ctx): Promise<ImportField[]> {
  const t = tFor(ctx.lang);
  const other = tFor(ctx.lang === "cs" ? "en" : "cs");
  return STOCK_IMPORT_FIELDS.map((key) => ({ key, label: t(`stockImport.${key}`), aliases: [other(`stockImport.${key}`), ...ALIASES[key]] }));
}

const reason = (field: string | null, message: Message): RowReason => ({ field, message });
const cellText = (cell: ImportCell | undefined) => (cell === undefined ? "" : String(cell).trim());

async function checkStock({ ctx, rows, mapping }: { ctx: Ctx; rows: MappedRow[]; mapping: { columns: Record<string, number> } }) {
  const t = tFor(ctx.lang);
  for (const field of STOCK_IMPORT_FIELDS) {
    if (mapping.columns[field] === undefined) throw AppError.fail(msg("import.keyNotMapped", { field: t(`stockImport.${field}`) }));
  }
  const [warehouseRows, productRows] = await Promise.all([
    ctx.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(asc(warehouses.id)),
    ctx.db.select({ id: products.id, name: products.name, ean13: products.ean13, storable: products.storable }).from(products),
  ]);
  const warehouseById = new Map(warehouseRows.map((row) => [row.id, row]));
  const warehousesByName = new Map<string, number[]>();
  for (const row of warehouseRows) warehousesByName.set(foldText(row.name.trim()), [...(warehousesByName.get(foldText(row.name.trim())) ?? []), row.id]);
  const productById = new Map(productRows.map((row) => [row.id, row]));
  const productByEan = new Map(productRows.flatMap((row) => (row.ean13 ? [[row.ean13, row] as const] : [])));

  /** A number that is a warehouse's id is that warehouse; else the one warehouse of that name. */
  const warehouseOf = (cell: ImportCell | undefined): { id: number } | { refused: Message } => {
    const text = cellText(cell);
    if (!text) return { refused: msg("validation.required") };
    if (/^\d{1,9}$/.test(text) && warehouseById.has(Number(text))) return { id: Number(text) };
    const named = warehousesByName.get(foldText(text)) ?? [];
    if (named.length === 1) return { id: named[0]! };
    return { refused: named.length ? msg("stockImport.warehouseAmbiguous", { name: text }) : msg("stockImport.warehouseUnknown", { name: text }) };
  };

  const checked: { row: MappedRow; plan?: StockPlan; reasons: RowReason[] }[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const reasons: RowReason[] = [];
    const warehouse = warehouseOf(row.values.warehouse);
    if ("refused" in warehouse) reasons.push(reason("warehouse", warehouse.refused));
    let productId: number | undefined;
    const code = row.values.product === undefined || typeof row.values.product === "boolean" || row.values.product instanceof Date ? null : productCode(row.values.product);
    if (row.values.product === undefined) reasons.push(reason("product", msg("validation.required")));
    else if (!code) reasons.push(reason("product", msg("stockImport.productInvalid", { code: cellText(row.values.product) })));
    else {
      const product = code.by === "id" ? productById.get(code.id) : productByEan.get(code.ean13);
      if (!product) reasons.push(reason("product", msg("stockImport.productUnknown", { code: code.by === "id" ? code.id : code.ean13 })));
      else if (!product.storable) reasons.push(reason("product", notStorableMessage(product.name)));
      else productId = product.id;
    }
    const quantity = quantityInput.safeParse({ quantity: row.values.quantity instanceof Date ? "" : row.values.quantity });
    if (!quantity.success) for (const [field, message] of Object.entries(issueFields(quantity.error.issues))) reasons.push(reason(field, message));
    if ("id" in warehouse && productId !== undefined) {
      const key = `${warehouse.id}:${productId}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) reasons.push(reason(null, msg("import.duplicateKey", { line: earlier })));
      else seen.set(key, row.line);
    }
    const plan = !reasons.length && "id" in warehouse && productId !== undefined && quantity.success ? { warehouseId: warehouse.id, productId, thousandths: Math.round(quantity.data.quantity * 1000) } : undefined;
    checked.push({ row, plan, reasons });
  }

  // What each warehouse holds now, for new / changed / unchanged.
  const plans = checked.flatMap((entry) => (entry.plan ? [entry.plan] : []));
  const held = new Map<string, number>();
  const warehouseIds = [...new Set(plans.map((plan) => plan.warehouseId))];
  if (warehouseIds.length) {
    const items = await ctx.db
      .select({ warehouseId: warehouseItems.warehouseId, productId: warehouseItems.productId, quantity: warehouseItems.quantity })
      .from(warehouseItems)
      .where(inArray(warehouseItems.warehouseId, warehouseIds));
    for (const item of items) held.set(`${item.warehouseId}:${item.productId}`, numericTextToThousandths(item.quantity));
  }
  const result: CheckedRow<StockPlan>[] = checked.map(({ row, plan, reasons }) => {
    if (!plan) return { line: row.line, status: "refused", reasons };
    const there = held.get(`${plan.warehouseId}:${plan.productId}`);
    const status = there === plan.thousandths || (there === undefined && plan.thousandths === 0) ? "unchanged" : there === undefined || there === 0 ? "new" : "changed";
    return { line: row.line, status, reasons, plan };
  });
  return { rows: result, confirm: [] };
}

/** The opening stock kind of the import framework. */
export const stockImport: ImportKind<StockPlan> = {
  kind: STOCK_IMPORT_KIND,
  keys: ["product"],
  fields: stockFields,
  check: checkStock,
  async write({ ctx, rows }) {
    const byWarehouse = new Map<number, StockPlan[]>();
    for (const row of rows) byWarehouse.set(row.plan!.warehouseId, [...(byWarehouse.get(row.plan!.warehouseId) ?? []), row.plan!]);
    // One operation (one log group) per warehouse, in id order so two imports lock alike.
    for (const warehouseId of [...byWarehouse.keys()].sort((a, b) => a - b)) await setOpeningStock(ctx, warehouseId, byWarehouse.get(warehouseId)!);
  },
};

/** Every warehouse's stock in the import's columns (warehouse name, EAN-13 or P-number, quantity): export → edit → import. */
export async function exportStockXlsx(ctx: Ctx): Promise<{ data: Uint8Array; fileName: string }> {
  const t = tFor(ctx.lang);
  const rows = await ctx.db
    .select({ warehouse: warehouses.name, productId: products.id, ean13: products.ean13, quantity: warehouseItems.quantity })
    .from(warehouseItems)
    .innerJoin(warehouses, eq(warehouses.id, warehouseItems.warehouseId))
    .innerJoin(products, and(eq(products.id, warehouseItems.productId), eq(products.storable, true)))
    .orderBy(asc(warehouses.id), asc(products.id));
  const fields = await stockFields(ctx);
  const data = await tablesToXlsx({
    title: t("stockImport.exportTitle"),
    sheets: [
      {
        name: t("stockImport.exportTitle"),
        columns: fields.map((field) => ({ key: field.key, header: field.label, width: field.key === "warehouse" ? 30 : 18, numFmt: field.key === "quantity" ? XLSX_NUMBER : undefined })),
        rows: rows.map((row) => ({ cells: { warehouse: row.warehouse, product: row.ean13 ?? `P${row.productId}`, quantity: Number(row.quantity) } })),
      },
    ],
  });
  return { data, fileName: `${t("stockImport.exportFile")}.xlsx` };
}
