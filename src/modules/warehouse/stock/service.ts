/**
 * The stock operations (docs/domain.md#stock-operations, docs/domain.md#baskets,
 * docs/architecture.md#idempotency): production, stocktaking, warehouse transfer, and the upload of
 * manufacture data into the common basket.
 *
 * Each operation is one transaction under the caller's idempotency key (a retried submit answers
 * the first result and moves nothing). Inside it:
 * 1. the caller's baskets involved are locked (SELECT … FOR UPDATE), so two submits of the same
 *    baskets run one after the other and the second finds them as the first left them;
 * 2. a warehouse_items row is made for every (warehouse, product) touched (ON CONFLICT DO NOTHING),
 *    so there is a row to lock, and all of them are locked in one stable order (warehouse id,
 *    product id): two operations over the same products wait for each other, never deadlock;
 * 3. every shortage is checked before anything changes, and refused with one `fail` naming each
 *    product, the quantity asked and the quantity there;
 * 4. the quantities change in one UPDATE, one transfer-log row per moved line is written, all
 *    rows of the operation sharing one `logGroup` (a UUID), and the baskets are cleared.
 * Quantities are counted in thousandths (numeric(14,3)), never in floats.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { basketItems, baskets, products, warehouseItems, warehouses, warehouseTransferLogs } from "@db/schema";
import type { Ctx, Lang } from "@/lib/context";
import { pgErrorCode } from "@/lib/crud/service";
import { isValidEan13 } from "@/lib/ean13";
import { AppError, type Message, msg } from "@/lib/errors";
import { tFor, translateMessage } from "@/lib/i18n";
import { withIdempotency } from "@/lib/idempotency";
import { formatDecimal, parseDecimal } from "@/lib/money";
import { cleanFileName, type IncomingFile } from "@/lib/uploads";
import { readFirstSheet, type XlsxFirstSheet, type XlsxReadLimits, XlsxRefusal } from "@/lib/xlsx/read";
import { parseInput } from "@/lib/validation";
import { decimalField } from "@/lib/zod-fields";
import { addLinesToBasket, nonStorableProducts, notStorableMessage } from "@/modules/baskets/service";
import { defaultVatId } from "@/modules/catalogue/product/service";
import { COMMON_WAREHOUSE_ID, MAX_AMOUNT } from "@/modules/baskets/schemas";
import {
  MANUFACTURE_DATA_FIELD,
  MANUFACTURE_DATA_MAX_BYTES,
  MANUFACTURE_DATA_MAX_ROWS,
  produceInput,
  type StockMove,
  type StockOperationResult,
  STOCK_DECIMALS,
  takeStockInput,
  transferBasketInput,
  type UnreadRow,
  type UploadManufactureDataResult,
  uploadManufactureDataInput,
  type WarehouseTransferType,
} from "./schemas";

function currentUser(ctx: Ctx): number {
  if (ctx.userId === null) throw AppError.error("UNAUTHORIZED");
  return ctx.userId;
}

// ---- quantities in thousandths ----------------------------------------------------------------

const SCALE = 10 ** STOCK_DECIMALS;

/** A quantity as PostgreSQL numeric text ("12.345", "3", "0.500") → 12345 thousandths, exactly (no float on the way). */
export function numericTextToThousandths(value: string): number {
  const text = value.trim();
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const result = Number(whole) * SCALE + Number((fraction + "000").slice(0, STOCK_DECIMALS));
  return negative ? -result : result;
}

/** 12345 thousandths → "12.345", the numeric text SQL takes back. */
export function thousandthsToNumericText(value: number): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  return `${sign}${Math.trunc(abs / SCALE)}.${String(abs % SCALE).padStart(STOCK_DECIMALS, "0")}`;
}

const asNumber = (thousandths: number) => thousandths / SCALE;
const shown = (thousandths: number, lang: Lang) => formatDecimal(asNumber(thousandths), lang, STOCK_DECIMALS);

// ---- the shared core --------------------------------------------------------------------------

/** One line an operation moves: out of `source`, into `target` (either may be none). */
interface Move {
  productId: number;
  source: number | null;
  target: number | null;
  type: WarehouseTransferType;
  thousandths: number;
}

const keyOf = (warehouseId: number, productId: number) => `${warehouseId}:${productId}`;

async function warehouseNames(ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(inArray(warehouses.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The warehouse's name; an unknown one is a field error on `field`. */
async function requireWarehouse(ctx: Ctx, id: number, field: string): Promise<string> {
  const name = (await warehouseNames(ctx, [id])).get(id);
  if (name === undefined) throw AppError.invalid({ [field]: msg("warehouseStock.warehouseNotFound", { id }) });
  return name;
}

async function productNames(ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Applies `moves` to the stock inside the caller's transaction (steps 2–4 of the header): locks,
 * refuses any shortage with nothing changed, updates, logs under one new log group.
 */
async function applyMoves(tx: Ctx, userId: number | null, moves: Move[]): Promise<StockOperationResult> {
  const lines = moves.filter((move) => move.thousandths > 0);
  const deltas = new Map<string, { warehouseId: number; productId: number; out: number; in: number }>();
  const touch = (warehouseId: number, productId: number) => {
    const key = keyOf(warehouseId, productId);
    let entry = deltas.get(key);
    if (!entry) deltas.set(key, (entry = { warehouseId, productId, out: 0, in: 0 }));
    return entry;
  };
  for (const line of lines) {
    if (line.source !== null) touch(line.source, line.productId).out += line.thousandths;
    if (line.target !== null) touch(line.target, line.productId).in += line.thousandths;
  }
  const entries = [...deltas.values()].sort((a, b) => a.warehouseId - b.warehouseId || a.productId - b.productId);
  // A service (storable false) has no stock: a basket line of one (added before baskets refused
  // them) refuses the operation, naming each, before anything is locked (docs/decisions/036-stock-baskets-and-demo-warehouse.md).
  const services = await nonStorableProducts(tx, [...deltas.values()].map((entry) => entry.productId));
  if (services.length) throw AppError.fail([msg("warehouseStock.notStorableIntro"), ...services.map((product) => notStorableMessage(product.name))]);
  const names = await productNames(tx, [...new Set(lines.map((line) => line.productId))]);

  if (entries.length) {
    const pairs = sql.join(
      entries.map((entry) => sql`(${entry.warehouseId}::integer, ${entry.productId}::integer)`),
      sql`, `,
    );
    let rows = new Map<string, { id: number; warehouseId: number; productId: number; quantity: string }>();
    // A row for every pair, in the lock order, so there is something to lock (and a new product's
    // stock starts at 0). An empty item moved to another warehouse between the insert and the lock
    // leaves its pair without a row: insert and lock again (the rows already locked stay locked).
    for (let attempt = 0; attempt < 3 && rows.size < entries.length; attempt++) {
      await tx.db
        .insert(warehouseItems)
        .values(entries.map((entry) => ({ warehouseId: entry.warehouseId, productId: entry.productId, createdBy: userId, updatedBy: userId })))
        .onConflictDoNothing({ target: [warehouseItems.warehouseId, warehouseItems.productId] });
      const locked = await tx.db
        .select({ id: warehouseItems.id, warehouseId: warehouseItems.warehouseId, productId: warehouseItems.productId, quantity: warehouseItems.quantity })
        .from(warehouseItems)
        .where(sql`(${warehouseItems.warehouseId}, ${warehouseItems.productId}) in (${pairs})`)
        .orderBy(asc(warehouseItems.warehouseId), asc(warehouseItems.productId))
        .for("update");
      rows = new Map(locked.map((row) => [keyOf(row.warehouseId, row.productId), row]));
    }
    if (rows.size < entries.length) throw AppError.error("CONFLICT");

    const short = entries.filter((entry) => entry.out > numericTextToThousandths(rows.get(keyOf(entry.warehouseId, entry.productId))!.quantity));
    if (short.length) {
      const warehouseName = await warehouseNames(tx, [...new Set(short.map((entry) => entry.warehouseId))]);
      const problems = short.map((entry) =>
        msg("warehouseStock.shortage", {
          product: names.get(entry.productId) ?? String(entry.productId),
          warehouse: warehouseName.get(entry.warehouseId) ?? String(entry.warehouseId),
          asked: shown(entry.out, tx.lang),
          there: shown(numericTextToThousandths(rows.get(keyOf(entry.warehouseId, entry.productId))!.quantity), tx.lang),
        }),
      );
      throw AppError.fail([msg("warehouseStock.shortageIntro"), ...problems]);
    }

    const changes = entries.filter((entry) => entry.in !== entry.out);
    if (changes.length) {
      const values = sql.join(
        changes.map((entry) => sql`(${rows.get(keyOf(entry.warehouseId, entry.productId))!.id}::integer, ${thousandthsToNumericText(entry.in - entry.out)}::numeric)`),
        sql`, `,
      );
      try {
        await tx.db.execute(sql`
          update ${warehouseItems} set quantity = ${warehouseItems.quantity} + change.delta, updated_by = ${userId}, updated_at = now()
          from (values ${values}) as change(id, delta)
          where ${warehouseItems.id} = change.id`);
      } catch (error) {
        // numeric(14,3) overflow: more than 99 999 999 999,999 in one row.
        if (pgErrorCode(error) === "22003") throw AppError.fail(msg("warehouseStock.quantityTooLarge"));
        throw error;
      }
    }
  }

  const logGroup = crypto.randomUUID();
  if (lines.length) {
    await tx.db.insert(warehouseTransferLogs).values(
      lines.map((line) => ({
        targetWarehouseId: line.target,
        sourceWarehouseId: line.source,
        productId: line.productId,
        transferType: line.type,
        quantity: thousandthsToNumericText(line.thousandths),
        userId,
        logGroup,
      })),
    );
  }
  const result: StockMove[] = lines.map((line) => ({
    productId: line.productId,
    productName: names.get(line.productId) ?? "",
    sourceWarehouseId: line.source,
    targetWarehouseId: line.target,
    transferType: line.type,
    quantity: asNumber(line.thousandths),
  }));
  return { logGroup, moves: result };
}

interface LockedBasket {
  id: number;
  type: string;
  warehouseId: number;
}

/** The caller's baskets among `ids` (and the common basket when asked), locked in id order. */
async function lockBaskets(tx: Ctx, userId: number, ids: number[], withCommon: boolean): Promise<LockedBasket[]> {
  const mine = [
    ...(ids.length ? [and(inArray(baskets.id, ids), eq(baskets.type, "WAREHOUSE"))] : []),
    ...(withCommon ? [and(eq(baskets.type, "COMMON"), eq(baskets.warehouseId, COMMON_WAREHOUSE_ID))] : []),
  ];
  if (!mine.length) return [];
  return tx.db
    .select({ id: baskets.id, type: baskets.type, warehouseId: baskets.warehouseId })
    .from(baskets)
    .where(and(eq(baskets.userId, userId), or(...mine)))
    .orderBy(asc(baskets.id))
    .for("update");
}

/** The lines of the baskets, oldest first. */
async function basketLines(tx: Ctx, basketIds: number[]): Promise<{ basketId: number; productId: number; thousandths: number }[]> {
  if (!basketIds.length) return [];
  const rows = await tx.db
    .select({ basketId: basketItems.basketId, productId: basketItems.productId, quantity: basketItems.quantity })
    .from(basketItems)
    .where(inArray(basketItems.basketId, basketIds))
    .orderBy(asc(basketItems.id));
  return rows.map((row) => ({ basketId: row.basketId, productId: row.productId, thousandths: numericTextToThousandths(row.quantity) }));
}

async function clearBaskets(tx: Ctx, basketIds: number[]): Promise<void> {
  if (basketIds.length) await tx.db.delete(basketItems).where(inArray(basketItems.basketId, basketIds));
}

// ---- the operations ---------------------------------------------------------------------------

/**
 * Production (docs/domain.md#production): consumes the products of the caller's selected
 * warehouse baskets from their warehouses (PRODUCTION_OUT), adds the common basket's products to
 * the target warehouse (PRODUCTION_IN), then clears the common basket and every source basket.
 * With a new product name, a product of that name is created and 1 piece of it is produced
 * besides the common basket's lines (decision 025).
 */
export async function produce({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<StockOperationResult> {
  const userId = currentUser(ctx);
  const { targetWarehouse, sourceBaskets, newProductName, idempotencyKey } = parseInput(produceInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: "stock.produce" }, async (tx) => {
    await requireWarehouse(tx, targetWarehouse, "targetWarehouse");
    const locked = await lockBaskets(tx, userId, sourceBaskets, true);
    const sources = locked.filter((basket) => basket.type === "WAREHOUSE");
    const missing = sourceBaskets.find((id) => !sources.some((basket) => basket.id === id));
    if (missing !== undefined) throw AppError.invalid({ sourceBaskets: msg("warehouseStock.basketNotFound", { id: missing }) });
    const sourceWarehouses = await warehouseNames(tx, sources.map((basket) => basket.warehouseId));
    const gone = sources.find((basket) => !sourceWarehouses.has(basket.warehouseId));
    if (gone) throw AppError.invalid({ sourceBaskets: msg("warehouseStock.warehouseNotFound", { id: gone.warehouseId }) });

    const common = locked.find((basket) => basket.type === "COMMON");
    const lines = await basketLines(tx, locked.map((basket) => basket.id));
    const produced = lines.filter((line) => line.basketId === common?.id);

    let newProductId: number | undefined;
    if (newProductName !== undefined) {
      const [created] = await tx.db
        .insert(products)
        .values({ name: newProductName, vatId: await defaultVatId({ ctx: tx }), createdBy: userId, updatedBy: userId })
        .returning({ id: products.id });
      newProductId = created!.id;
    }
    if (!produced.length && newProductId === undefined) throw AppError.fail(msg("warehouseStock.commonBasketEmpty"));

    const warehouseOf = new Map(sources.map((basket) => [basket.id, basket.warehouseId]));
    const moves: Move[] = [
      ...lines
        .filter((line) => line.basketId !== common?.id)
        .map((line): Move => ({ productId: line.productId, source: warehouseOf.get(line.basketId)!, target: null, type: "PRODUCTION_OUT", thousandths: line.thousandths })),
      ...produced.map((line): Move => ({ productId: line.productId, source: null, target: targetWarehouse, type: "PRODUCTION_IN", thousandths: line.thousandths })),
      ...(newProductId === undefined ? [] : [{ productId: newProductId, source: null, target: targetWarehouse, type: "PRODUCTION_IN", thousandths: SCALE } satisfies Move]),
    ];
    const result = await applyMoves(tx, userId, moves);
    await clearBaskets(tx, locked.map((basket) => basket.id));
    return newProductId === undefined ? result : { ...result, newProductId };
  });
}

/**
 * Stocktaking (docs/domain.md#stocktaking): INVENTORY_IN adds, INVENTORY_OUT removes the common
 * basket's quantities in one warehouse. The common basket stays (decision 025).
 */
export async function takeStock({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<StockOperationResult> {
  const userId = currentUser(ctx);
  const { transferType, warehouseId, idempotencyKey } = parseInput(takeStockInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: "stock.inventory" }, async (tx) => {
    await requireWarehouse(tx, warehouseId, "warehouseId");
    const locked = await lockBaskets(tx, userId, [], true);
    const lines = await basketLines(tx, locked.map((basket) => basket.id));
    if (!lines.length) throw AppError.fail(msg("warehouseStock.commonBasketEmptyStocktaking"));
    const incoming = transferType === "INVENTORY_IN";
    return applyMoves(
      tx,
      userId,
      lines.map((line) => ({ productId: line.productId, source: incoming ? null : warehouseId, target: incoming ? warehouseId : null, type: transferType, thousandths: line.thousandths })),
    );
  });
}

/**
 * Warehouse transfer (docs/domain.md#warehouse-transfer): moves the caller's warehouse basket's
 * items from its warehouse to the target warehouse (TRANSFER), then clears that basket (decision 025).
 */
export async function transferBasket({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<StockOperationResult> {
  const userId = currentUser(ctx);
  const { sourceBasketId, targetWarehouseId, idempotencyKey } = parseInput(transferBasketInput, input);
  return withIdempotency({ ctx, key: idempotencyKey, operation: "stock.transfer" }, async (tx) => {
    await requireWarehouse(tx, targetWarehouseId, "targetWarehouseId");
    const [basket] = await lockBaskets(tx, userId, [sourceBasketId], false);
    if (!basket) throw AppError.invalid({ sourceBasketId: msg("warehouseStock.basketNotFound", { id: sourceBasketId }) });
    if (basket.warehouseId === targetWarehouseId) throw AppError.invalid({ targetWarehouseId: msg("warehouseStock.sameWarehouse") });
    const sourceName = (await warehouseNames(tx, [basket.warehouseId])).get(basket.warehouseId);
    if (sourceName === undefined) throw AppError.invalid({ sourceBasketId: msg("warehouseStock.warehouseNotFound", { id: basket.warehouseId }) });
    const lines = await basketLines(tx, [basket.id]);
    if (!lines.length) throw AppError.fail(msg("warehouseStock.basketEmpty", { warehouse: sourceName }));
    const result = await applyMoves(
      tx,
      userId,
      lines.map((line) => ({ productId: line.productId, source: basket.warehouseId, target: targetWarehouseId, type: "TRANSFER", thousandths: line.thousandths })),
    );
    await clearBaskets(tx, [basket.id]);
    return result;
  });
}

/**
 * Opening stock (docs/domain.md#imports): sets each product's quantity in one warehouse to the
 * given level, as one operation with its own log group: the difference in (OPENING_STOCK_IN) or
 * out (OPENING_STOCK_OUT), nothing for a level already there. Inside the caller's transaction; the
 * items there are locked before they are read, so the difference is taken from what is stored.
 */
export async function setOpeningStock(tx: Ctx, warehouseId: number, levels: { productId: number; thousandths: number }[]): Promise<StockOperationResult> {
  const ids = [...new Set(levels.map((level) => level.productId))].sort((a, b) => a - b);
  const held = ids.length
    ? await tx.db
        .select({ productId: warehouseItems.productId, quantity: warehouseItems.quantity })
        .from(warehouseItems)
        .where(and(eq(warehouseItems.warehouseId, warehouseId), inArray(warehouseItems.productId, ids)))
        .orderBy(asc(warehouseItems.productId))
        .for("update")
    : [];
  const current = new Map(held.map((row) => [row.productId, numericTextToThousandths(row.quantity)]));
  const moves = levels.map((level): Move => {
    const difference = level.thousandths - (current.get(level.productId) ?? 0);
    return difference >= 0
      ? { productId: level.productId, source: null, target: warehouseId, type: "OPENING_STOCK_IN", thousandths: difference }
      : { productId: level.productId, source: warehouseId, target: null, type: "OPENING_STOCK_OUT", thousandths: -difference };
  });
  return applyMoves(tx, tx.userId, moves);
}

// ---- upload of manufacture data ---------------------------------------------------------------

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const quantityField = decimalField({ places: STOCK_DECIMALS, max: MAX_AMOUNT }).refine((amount) => amount > 0);

/** A cell the sheet shows no value for: a formula whose file stores no computed result. */
const FORMULA_WITHOUT_VALUE = Symbol("formula without value");
type CellValue = string | number | null | typeof FORMULA_WITHOUT_VALUE;

/** A cell's value as the sheet shows it: text, number or nothing (rich text, formulas and links unwrapped; a date as dd.mm.yyyy). */
function cellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  if (typeof value === "boolean") return String(value);
  // Excel's dates carry no zone: the UTC fields are the day the sheet shows.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : `${String(value.getUTCDate()).padStart(2, "0")}.${String(value.getUTCMonth() + 1).padStart(2, "0")}.${value.getUTCFullYear()}`;
  if (typeof value === "object") {
    const object = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string; formula?: unknown; sharedFormula?: unknown };
    if (Array.isArray(object.richText)) return cellValue(object.richText.map((part) => part.text).join(""));
    if ("formula" in object || "sharedFormula" in object) return object.result === undefined ? FORMULA_WITHOUT_VALUE : cellValue(object.result);
    if ("result" in object) return cellValue(object.result);
    if ("text" in object) return cellValue(object.text);
    if (object.error) return object.error;
  }
  return null;
}

type ProductCode = { by: "id"; id: number } | { by: "ean13"; ean13: string };

/** A product id (`42`, `P42`) or an EAN-13 with a valid check digit; null for anything else. */
export function productCode(value: string | number): ProductCode | null {
  const text = typeof value === "number" ? (Number.isInteger(value) && value >= 0 ? String(value) : "") : value.replace(/\s/g, "");
  if (/^\d{13}$/.test(text)) return isValidEan13(text) ? { by: "ean13", ean13: text } : null;
  const id = /^[Pp]?(\d{1,10})$/.exec(text);
  if (id && Number(id[1]) > 0 && Number(id[1]) <= 2_147_483_647) return { by: "id", id: Number(id[1]) };
  return null;
}

interface SheetRow {
  row: number;
  code: CellValue;
  quantity: CellValue;
}

/**
 * What an uploaded workbook may hold before any of it is read (src/lib/xlsx/read.ts, decision
 * 031): the rows over all its sheets, their cells, and the unpacked size of each part and of the
 * whole. A 5,001-row sheet from Excel unpacks to under 1 MB; the bounds keep any file under the
 * upload limit under +100 MB of memory.
 */
const WORKBOOK_LIMITS: XlsxReadLimits = {
  maxRows: 10 * MANUFACTURE_DATA_MAX_ROWS,
  maxCells: 40 * MANUFACTURE_DATA_MAX_ROWS,
  maxPartBytes: 8 * 1024 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
};

/** The first sheet's rows with something in A or B; a first row whose A is no product code is a header. */
function readSheet(file: IncomingFile): SheetRow[] {
  const name = cleanFileName(file.fileName);
  const refusal = (message: Message) => AppError.fail(message, { [MANUFACTURE_DATA_FIELD]: message });
  if (!ZIP_MAGIC.every((byte, index) => file.data[index] === byte)) throw refusal(msg("warehouseStock.upload.notXlsx", { name }));
  let sheet: XlsxFirstSheet;
  try {
    sheet = readFirstSheet(file.data, WORKBOOK_LIMITS, ["A", "B"]);
  } catch (error) {
    if (!(error instanceof XlsxRefusal)) throw error;
    if (error.reason === "tooManyRows") throw refusal(msg("warehouseStock.upload.tooManyRows", { max: MANUFACTURE_DATA_MAX_ROWS }));
    if (error.reason === "tooManyCells") throw refusal(msg("xlsx.tooManyCells", { max: WORKBOOK_LIMITS.maxCells }));
    if (error.reason === "tooLarge") throw refusal(msg("xlsx.tooLarge", { name, maxMb: Math.floor((error.limit ?? 0) / (1024 * 1024)) }));
    throw refusal(msg("warehouseStock.upload.notXlsx", { name }));
  }
  if (sheet.valuedRows > MANUFACTURE_DATA_MAX_ROWS + 1) throw refusal(msg("warehouseStock.upload.tooManyRows", { max: MANUFACTURE_DATA_MAX_ROWS }));
  const rows: SheetRow[] = [];
  for (const { row: number, cells } of sheet.rows) {
    const code = cellValue(cells.A);
    const quantity = cellValue(cells.B);
    if (code === null && quantity === null) continue;
    // A header: the first row, naming no product and holding no number where the quantity goes.
    if (number === 1 && typeof code === "string" && productCode(code) === null && (quantity === null || (typeof quantity === "string" && Number.isNaN(parseDecimal(quantity))))) continue;
    rows.push({ row: number, code, quantity });
  }
  return rows;
}

/**
 * Upload manufacture data (docs/domain.md#manufacture-data-upload): reads an .xlsx (column A the
 * product id or EAN-13, column B the quantity, > 0 with at most 3 decimals; a header row is
 * skipped), adds every readable row to the caller's common basket, and reports each row it could
 * not read by its row number. A file with no readable row adds nothing and is refused.
 */
export async function uploadManufactureData({ ctx, input }: { ctx: Ctx; input: { warehouseId?: unknown; idempotencyKey?: unknown; files: IncomingFile[] } }): Promise<UploadManufactureDataResult> {
  currentUser(ctx);
  const { warehouseId, idempotencyKey } = parseInput(uploadManufactureDataInput, { warehouseId: input.warehouseId, idempotencyKey: input.idempotencyKey });
  const field = (message: Message) => AppError.fail(message, { [MANUFACTURE_DATA_FIELD]: message });
  if (input.files.length === 0) throw field(msg("upload.noFile"));
  if (input.files.length > 1) throw field(msg("upload.tooMany", { count: 1 }));
  const file = input.files[0]!;
  const name = cleanFileName(file.fileName);
  if (file.data.byteLength === 0) throw field(msg("upload.empty", { name }));
  if (file.data.byteLength > MANUFACTURE_DATA_MAX_BYTES) throw field(msg("upload.tooLarge", { name, maxMb: MANUFACTURE_DATA_MAX_BYTES / (1024 * 1024) }));
  const warehouseName = await requireWarehouse(ctx, warehouseId, "warehouseId");
  const rows = readSheet(file);

  const t = tFor(ctx.lang);
  const unread: UnreadRow[] = [];
  const refuse = (row: number, reason: Message) => unread.push({ row, reason: translateMessage(t, reason) });
  const codes = rows.map((row) => (row.code === null || row.code === FORMULA_WITHOUT_VALUE ? null : productCode(row.code)));
  const ids = codes.flatMap((code) => (code?.by === "id" ? [code.id] : []));
  const eans = codes.flatMap((code) => (code?.by === "ean13" ? [code.ean13] : []));
  const found = ids.length || eans.length
    ? await ctx.db
        .select({ id: products.id, ean13: products.ean13, name: products.name, storable: products.storable })
        .from(products)
        .where(or(...(ids.length ? [inArray(products.id, ids)] : []), ...(eans.length ? [inArray(products.ean13, eans)] : [])))
    : [];
  const byId = new Set(found.map((product) => product.id));
  const services = new Map(found.flatMap((product) => (product.storable ? [] : [[product.id, product.name] as const])));
  const byEan = new Map(found.flatMap((product) => (product.ean13 ? [[product.ean13, product.id] as const] : [])));

  const lines: { productId: number; amount: number }[] = [];
  rows.forEach((row, index) => {
    const code = codes[index];
    if (row.code === FORMULA_WITHOUT_VALUE) return refuse(row.row, msg("warehouseStock.upload.formulaWithoutValue", { column: "A" }));
    if (row.code === null) return refuse(row.row, msg("warehouseStock.upload.productMissing"));
    if (!code) return refuse(row.row, msg("warehouseStock.upload.productInvalid", { code: String(row.code) }));
    const productId = code.by === "id" ? (byId.has(code.id) ? code.id : undefined) : byEan.get(code.ean13);
    if (productId === undefined) return refuse(row.row, msg("warehouseStock.upload.productUnknown", { code: code.by === "id" ? code.id : code.ean13 }));
    if (services.has(productId)) return refuse(row.row, notStorableMessage(services.get(productId)!));
    if (row.quantity === FORMULA_WITHOUT_VALUE) return refuse(row.row, msg("warehouseStock.upload.formulaWithoutValue", { column: "B" }));
    if (row.quantity === null) return refuse(row.row, msg("warehouseStock.upload.quantityMissing"));
    const quantity = quantityField.safeParse(row.quantity);
    if (!quantity.success) return refuse(row.row, msg("warehouseStock.upload.quantityInvalid", { value: row.quantity }));
    lines.push({ productId, amount: quantity.data });
  });

  if (!lines.length) {
    const messages = [msg("warehouseStock.upload.nothingRead"), ...unread.map((row) => msg("warehouseStock.upload.row", { row: row.row, reason: row.reason }))];
    throw AppError.fail(messages, { [MANUFACTURE_DATA_FIELD]: messages[0]! });
  }
  return withIdempotency({ ctx, key: idempotencyKey, operation: "stock.uploadManufactureData" }, async (tx) => {
    const added = await addLinesToBasket({ ctx: tx, input: { type: "COMMON", warehouseId: COMMON_WAREHOUSE_ID, lines } });
    return { warehouse: { id: warehouseId, name: warehouseName }, lines: added.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })), unread };
  });
}
