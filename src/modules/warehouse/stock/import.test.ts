/**
 * The opening stock import (docs/domain.md#imports): two warehouses from one workbook, bad rows
 * refused by line with their reasons, one stock operation (one log group) per warehouse, the
 * warehouse items and the transfer log agreeing, the same file again changing nothing, and a
 * changed quantity written as an adjustment.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { ean13 } from "@/lib/ean13";
import { type ImportPreview, previewImport, proposedMapping, runImport } from "@/lib/import/framework";
import { readImportFile } from "@/lib/import/read";
import { warehouseItemsByWarehouse } from "@/modules/warehouse/items/service";
import { listTransferLogs } from "@/modules/warehouse/transfer-log/service";
import { createProduct, createWarehouse } from "../../../../tests/helpers/factories";
import { failureOf, useTestDatabase } from "../../../../tests/helpers/service";
import { stockHelpers } from "../../../../tests/helpers/stock";
import { tableSnapshot } from "../../../../tests/helpers/table-snapshot";
import { type WorkbookCell, workbookBytes } from "../../../../tests/helpers/workbook";
import { stockImport } from "./import";

const t = useTestDatabase();
const stock = stockHelpers(() => t.db);
/** What the import may write (the remembered mapping aside, which each run saves again). */
const STOCK_TABLES = ["warehouse_items", "warehouse_transfer_logs", "warehouses", "products"];

const EAN = Array.from({ length: 4 }, (_, i) => ean13(`85944400000${i}`));
const UNKNOWN_EAN = ean13("859444000099");
let north: number;
let south: number;
const product: number[] = [];
let service: number;

beforeAll(async () => {
  north = await createWarehouse(t.ctx, { name: "Sklad Sever" });
  south = await createWarehouse(t.ctx, { name: "Sklad Jih" });
  for (const code of EAN) product.push(await createProduct(t.db, { name: `Lamela ${code}`, ean13: code }));
  service = await createProduct(t.db, { name: "Montáž", storable: false });
});

/** Two warehouses, Czech headers, decimal commas, a warehouse by its number, a product by its P-number; lines 7–10 are bad. */
const opening = (): WorkbookCell[][] => [
  ["Sklad", "EAN", "Množství"],
  ["Sklad Sever", EAN[0]!, "12,5"], // line 2
  ["sklad sever", EAN[1]!, 40], // 3: a name in another case
  ["Sklad Jih", EAN[0]!, "3"], // 4
  [String(south), `P${product[2]}`, "1 200,250"], // 5: warehouse number, product number
  ["Sklad Jih", EAN[3]!, 0], // 6: zero: nothing there, nothing to do
  ["Sklad Sever", EAN[2]!, "-4"], // 7: negative
  ["Sklad Sever", UNKNOWN_EAN, 5], // 8: unknown EAN-13
  ["Sklad Západ", EAN[2]!, 5], // 9: unknown warehouse
  ["Sklad Jih", `P${service}`, 1], // 10: a service has no stock
];

async function tableOf(rows: WorkbookCell[][]) {
  return readImportFile({ fileName: "pocatecni-stav.xlsx", data: await workbookBytes(rows) });
}

async function step(rows: WorkbookCell[][], write: boolean): Promise<ImportPreview> {
  const table = await tableOf(rows);
  const mapping = await proposedMapping(t.ctx, stockImport, table.headers);
  const args = { ctx: t.ctx, kind: stockImport, table, mapping, options: {} };
  return write ? runImport(args) : previewImport(args);
}

const reasons = (preview: ImportPreview) => preview.refused.map((row) => ({ line: row.line, reasons: row.reasons.map((r) => [r.field, r.message]) }));
const logOf = async (filters: Record<string, string> = {}) => (await listTransferLogs({ ctx: t.ctx, input: { page: 1, size: 100, filters } })).rows;
const itemsOf = async (warehouseId: number) =>
  Object.fromEntries((await warehouseItemsByWarehouse({ ctx: t.ctx, input: { id: warehouseId } })).map((row) => [row.product.id, row.quantity]));

describe("opening stock import", () => {
  test("the mapping is proposed from Czech headers; the preview lists exactly the bad lines and writes nothing", async () => {
    const table = await tableOf(opening());
    expect((await proposedMapping(t.ctx, stockImport, table.headers)).columns).toEqual({ warehouse: 0, product: 1, quantity: 2 });
    const before = await tableSnapshot(t.ctx);
    const preview = await step(opening(), false);
    expect(preview.counts).toEqual({ new: 4, changed: 0, unchanged: 1, refused: 4 });
    expect(reasons(preview)).toEqual([
      { line: 7, reasons: [["quantity", { key: "validation.min", values: { min: 0 } }]] },
      { line: 8, reasons: [["product", { key: "stockImport.productUnknown", values: { code: UNKNOWN_EAN } }]] },
      { line: 9, reasons: [["warehouse", { key: "stockImport.warehouseUnknown", values: { name: "Sklad Západ" } }]] },
      { line: 10, reasons: [["product", { key: "basket.notStorable", values: { name: "Montáž" } }]] },
    ]);
    expect(await tableSnapshot(t.ctx)).toBe(before);
  });

  test("import: one log group per warehouse labelled opening stock; the warehouse items and the log agree", async () => {
    const logBefore = await stock.logCount();
    const result = await step(opening(), true);
    expect(result.counts).toEqual({ new: 4, changed: 0, unchanged: 1, refused: 4 });

    expect(await itemsOf(north)).toEqual({ [product[0]!]: 12.5, [product[1]!]: 40 });
    expect(await itemsOf(south)).toEqual({ [product[0]!]: 3, [product[2]!]: 1200.25 });
    expect(await stock.logCount()).toBe(logBefore + 4);

    const log = await logOf({ type: "OPENING_STOCK_IN" });
    expect(log).toHaveLength(4);
    const groups = new Map<string, Set<number>>();
    for (const row of log) groups.set(row.logGroup, (groups.get(row.logGroup) ?? new Set()).add(row.targetWarehouse!.id));
    expect([...groups.values()].map((warehouses) => [...warehouses])).toEqual(expect.arrayContaining([[north], [south]]));
    expect(groups.size).toBe(2);
    // Each warehouse's log rows sum to what the warehouse holds.
    for (const warehouseId of [north, south]) {
      const logged: Record<number, number> = {};
      for (const row of log.filter((row) => row.targetWarehouse?.id === warehouseId)) logged[row.product.id] = (logged[row.product.id] ?? 0) + row.quantity;
      expect(logged).toEqual(await itemsOf(warehouseId));
      expect(log.find((row) => row.targetWarehouse?.id === warehouseId)!.sourceWarehouse).toBeNull();
    }
  });

  test("the same file again changes nothing", async () => {
    const before = await tableSnapshot(t.ctx, STOCK_TABLES);
    const again = await step(opening(), true);
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 5, refused: 4 });
    expect(await tableSnapshot(t.ctx, STOCK_TABLES)).toBe(before);
  });

  test("a changed quantity sets the level: the difference is logged out or in, stock never below zero", async () => {
    const logBefore = await stock.logCount();
    const changed: WorkbookCell[][] = [
      ["Warehouse", "Product", "Quantity"],
      ["Sklad Sever", EAN[0]!, "10"], // 12.5 → 10: 2.5 out
      ["Sklad Jih", EAN[0]!, 0], // 3 → 0: 3 out
      ["Sklad Jih", EAN[1]!, "7,125"], // new
      ["Sklad Sever", EAN[1]!, 40], // unchanged
      ["Sklad Sever", EAN[0]!, 11], // twice in one file
    ];
    const preview = await step(changed, false);
    expect(preview.counts).toEqual({ new: 1, changed: 2, unchanged: 1, refused: 1 });
    expect(reasons(preview)).toEqual([{ line: 6, reasons: [[null, { key: "import.duplicateKey", values: { line: 2 } }]] }]);
    await step(changed, true);
    expect(await itemsOf(north)).toEqual({ [product[0]!]: 10, [product[1]!]: 40 });
    expect(await itemsOf(south)).toEqual({ [product[0]!]: 0, [product[1]!]: 7.125, [product[2]!]: 1200.25 });
    const added = (await logOf()).slice(0, (await stock.logCount()) - logBefore);
    expect(added.map((row) => [row.transferType, row.sourceWarehouse?.id ?? null, row.targetWarehouse?.id ?? null, row.product.id, row.quantity]).sort()).toEqual(
      [
        ["OPENING_STOCK_OUT", north, null, product[0]!, 2.5],
        ["OPENING_STOCK_OUT", south, null, product[0]!, 3],
        ["OPENING_STOCK_IN", null, south, product[1]!, 7.125],
      ].sort(),
    );
    expect(new Set(added.map((row) => row.logGroup)).size).toBe(2);
  });

  test("a file without the quantity column is refused as a whole, nothing written", async () => {
    const before = await tableSnapshot(t.ctx);
    const failure = await failureOf(step([["Sklad", "EAN"], ["Sklad Sever", EAN[0]!]], true));
    expect(JSON.stringify(failure)).toContain("import.keyNotMapped");
    expect(await tableSnapshot(t.ctx)).toBe(before);
  });
});
