/**
 * The import kinds by name (docs/decisions/075-spreadsheet-import.md): a kind plugs in here and its
 * page, preview, refused-rows workbook and export follow.
 */
import type { Ctx } from "@/lib/context";
import type { ImportKind } from "@/lib/import/framework";
import { exportProductsXlsx } from "@/modules/catalogue/product/export";
import { productImport } from "@/modules/catalogue/product/import";
import { customerImport, exportCustomersXlsx } from "@/modules/orders";
import { exportStockXlsx, stockImport } from "@/modules/warehouse/stock/import";
import type { ImportKindName } from "./schemas";

export interface ImportKindEntry {
  kind: ImportKind<unknown>;
  /** The records in the import's columns, for the round trip (export → edit → import). */
  export?: (ctx: Ctx) => Promise<{ data: Uint8Array; fileName: string }>;
  /** Where the imported records are seen (the finished import links there). */
  listHref: string;
}

export const IMPORT_KINDS: Record<ImportKindName, ImportKindEntry> = {
  products: { kind: productImport as ImportKind<unknown>, export: exportProductsXlsx, listHref: "/products" },
  customers: { kind: customerImport as ImportKind<unknown>, export: exportCustomersXlsx, listHref: "/orders/customers" },
  stock: { kind: stockImport as ImportKind<unknown>, export: exportStockXlsx, listHref: "/warehouse/warehouseTransferLog" },
};
