/**
 * The stock operations (docs/domain.md#stock-operations:
 * production, stocktaking, transfer, upload of manufacture data). Browser-safe: zod and constants only.
 * The transfer types are here so the transfer log's read side can import them.
 */
import { z } from "zod";
import { idempotencyKeyField, optionalText, refId, refIdList } from "@/lib/zod-fields";
import { MAX_LINES_AT_ONCE } from "@/modules/baskets/schemas";

/** warehouse_transfer_logs.transfer_type: what moved a line of stock. */
export const WAREHOUSE_TRANSFER_TYPES = ["INVENTORY_IN", "INVENTORY_OUT", "PRODUCTION_IN", "PRODUCTION_OUT", "TRANSFER", "OPENING_STOCK_IN", "OPENING_STOCK_OUT"] as const;
export type WarehouseTransferType = (typeof WAREHOUSE_TRANSFER_TYPES)[number];

/** docs/domain.md#stocktaking: the stocktaking types (In adds, Out removes). */
export const INVENTORY_TRANSFER_TYPES = ["INVENTORY_IN", "INVENTORY_OUT"] as const;
export type InventoryTransferType = (typeof INVENTORY_TRANSFER_TYPES)[number];

/** Success code of the stock operations (docs/domain.md#messages). */
export const ITEMS_TRANSFORMED = "ITEMS_TRANSFORMED";

/** warehouse_items.quantity is numeric(14,3): three decimals. */
export const STOCK_DECIMALS = 3;

/** The new product a production may make (docs/domain.md#production): at most this many characters. */
export const NEW_PRODUCT_NAME_MAX = 200;

/** docs/domain.md#production: POST /api/transformation/transform. The user is the session's (a `userId` sent is ignored). */
export const produceInput = z.object({
  targetWarehouse: refId(),
  /** The caller's warehouse baskets whose products are consumed; none is fine. */
  sourceBaskets: refIdList(),
  /** Optional: a product of this name is created and 1 piece of it produced besides the common basket's lines. */
  newProductName: optionalText(NEW_PRODUCT_NAME_MAX),
  idempotencyKey: idempotencyKeyField(),
});
export type ProduceInput = z.input<typeof produceInput>;

/** docs/domain.md#stocktaking: POST /api/warehouseTransfer/inventoryTransfer. */
export const takeStockInput = z.object({
  transferType: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(INVENTORY_TRANSFER_TYPES, { error: (issue) => (issue.input === undefined ? "validation.required" : "validation.invalid") }),
  ),
  warehouseId: refId(),
  idempotencyKey: idempotencyKeyField(),
});
export type TakeStockInput = z.input<typeof takeStockInput>;

/** docs/domain.md#warehouse-transfer: POST /api/warehouseTransfer/warehouseTransfer. */
export const transferBasketInput = z.object({
  sourceBasketId: refId(),
  targetWarehouseId: refId(),
  idempotencyKey: idempotencyKeyField(),
});
export type TransferBasketInput = z.input<typeof transferBasketInput>;

/** docs/domain.md#manufacture-data-upload: POST /api/basket/uploadManufactureData (multipart: `data`, `warehouseId`). */
export const uploadManufactureDataInput = z.object({
  warehouseId: refId(),
  idempotencyKey: idempotencyKeyField(),
});

/** The upload's file: one .xlsx (a zip by content) of at most 5 MB, in the form field `data`. */
export const MANUFACTURE_DATA_FIELD = "data";
export const MANUFACTURE_DATA_MAX_BYTES = 5 * 1024 * 1024;
export const MANUFACTURE_DATA_RULES = { field: MANUFACTURE_DATA_FIELD, maxFiles: 1, maxBytes: MANUFACTURE_DATA_MAX_BYTES } as const;
/** More data rows than this refuse the file (a manufacture list is a few hundred lines); the basket takes as many lines at once. */
export const MANUFACTURE_DATA_MAX_ROWS = MAX_LINES_AT_ONCE;
export const XLSX_ACCEPT = ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** One stock line moved by an operation (one transfer-log row each). */
export interface StockMove {
  productId: number;
  productName: string;
  sourceWarehouseId: number | null;
  targetWarehouseId: number | null;
  transferType: WarehouseTransferType;
  quantity: number;
}

/** What a stock operation answers: its log group and the lines it moved. */
export interface StockOperationResult {
  logGroup: string;
  moves: StockMove[];
  /** Production with a new product name: the product made. */
  newProductId?: number;
}

/** A row of the uploaded sheet that was not read, by its row number in the sheet. */
export interface UnreadRow {
  row: number;
  /** Translated reason. */
  reason: string;
}

export interface UploadManufactureDataResult {
  warehouse: { id: number; name: string };
  /** The common basket's lines after the upload, for the products the file named. */
  lines: { productId: number; quantity: number }[];
  unread: UnreadRow[];
}
