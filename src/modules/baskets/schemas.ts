/**
 * Baskets (docs/domain.md#basket: the add payload, its rules and constants, the basket item). Browser-safe:
 * zod and constants only.
 */
import { z } from "zod";
import { boundedArray, decimalField, idempotencyKeyField, refId, storableString } from "@/lib/zod-fields";

export const BASKET_TYPES = ["COMMON", "WAREHOUSE"] as const;
export type BasketType = (typeof BASKET_TYPES)[number];

/** docs/domain.md#basket: the common basket uses warehouse id 0; the default amount is 1. */
export const COMMON_WAREHOUSE_ID = 0;
export const DEFAULT_BASKET_AMOUNT = 1;
/** basket_items.quantity is numeric(12,3). */
export const AMOUNT_DECIMALS = 3;
export const MAX_AMOUNT = 1_000_000;
/**
 * What one line can hold (numeric(12,3)): a line grows past MAX_AMOUNT by repeated adds, and lines
 * copied whole (a saved basket loaded back) must fit again as they were.
 */
export const MAX_LINE_QUANTITY = 999_999_999.999;

export const basketTypeField = () =>
  z.preprocess((value) => (value === undefined || value === null || value === "" ? "COMMON" : value), z.enum(BASKET_TYPES, { error: "validation.invalid" }));

/** docs/domain.md#basket: only an amount greater than 0 adds; a decimal comma is fine; at most 3 decimals. */
export const basketAmountField = () =>
  z.preprocess(
    (value) => (value === undefined ? DEFAULT_BASKET_AMOUNT : value),
    decimalField({ places: AMOUNT_DECIMALS, max: MAX_AMOUNT }).refine((amount) => amount > 0, "basket.amountPositive"),
  );

/** Which basket: COMMON is warehouse 0 (also when the id is left out); WAREHOUSE needs a warehouse id > 0. */
const basketRef = {
  type: basketTypeField(),
  warehouseId: z.preprocess((value) => (value === undefined || value === null || value === "" ? undefined : value), refId({ sentinels: [COMMON_WAREHOUSE_ID] }).optional()),
};

function resolveWarehouse<T extends { type: BasketType; warehouseId?: number | undefined }>(value: T, context: z.RefinementCtx): T & { warehouseId: number } {
  const warehouseId = value.warehouseId ?? COMMON_WAREHOUSE_ID;
  if (value.type === "COMMON" && warehouseId !== COMMON_WAREHOUSE_ID) {
    context.addIssue({ code: "custom", path: ["warehouseId"], message: "basket.commonWarehouse" });
  }
  if (value.type === "WAREHOUSE" && !(warehouseId > 0)) {
    context.addIssue({ code: "custom", path: ["warehouseId"], message: "basket.warehouseRequired" });
  }
  return { ...value, warehouseId };
}

export const basketRefInput = z.object(basketRef).transform(resolveWarehouse);
export type BasketRef = z.output<typeof basketRefInput>;

/** The basket payload of docs/domain.md#basket, plus an optional idempotency key (docs/architecture.md#idempotency). */
export const addToBasketInput = z
  .object({
    ...basketRef,
    productId: refId(),
    amount: basketAmountField(),
    idempotencyKey: idempotencyKeyField(),
  })
  .transform(resolveWarehouse);
export type AddToBasketInput = z.input<typeof addToBasketInput>;

/** docs/domain.md#basket-id-field: POST /api/basket/addByCode: the basket, the typed or scanned code and an optional idempotency key. */
export const addByCodeInput = z
  .object({
    ...basketRef,
    code: storableString("validation.required").trim().min(1, "validation.required").max(64, "validation.maxLength"),
    idempotencyKey: idempotencyKeyField(),
  })
  .transform(resolveWarehouse);

/**
 * The most lines one add of several may carry: a manufacture-data file's rows (its upload takes at most
 * this many), so a list longer than any caller makes is refused before its lines are parsed.
 */
export const MAX_LINES_AT_ONCE = 5_000;

/** Several products at once into one basket (addLinesToBasket): each line a product and an amount as addToBasketInput takes them. */
export const addLinesToBasketInput = z
  .object({
    ...basketRef,
    lines: boundedArray(
      z.object({ productId: refId(), amount: decimalField({ places: AMOUNT_DECIMALS, max: MAX_LINE_QUANTITY }).refine((amount) => amount > 0, "basket.amountPositive") }),
      { min: 1, max: MAX_LINES_AT_ONCE },
    ),
  })
  .transform(resolveWarehouse);
export type AddLinesToBasketInput = z.input<typeof addLinesToBasketInput>;

export interface AddLinesToBasketResult {
  basketId: number;
  /** Each product's line after the add, in the order the products first came. */
  lines: { productId: number; itemId: number; quantity: number }[];
}

export const basketItemIdInput = z.object({ id: refId() });

/** docs/domain.md#basket: basket item. */
export interface BasketItem {
  id: number;
  shopProduct: { id: number; name: string };
  quantity: number;
}

/** docs/domain.md#basket: warehouse basket info. */
export interface WarehouseBasketInfo {
  id: number;
  itemCount: number;
  warehouse: { id: number; name: string };
}

export interface AddToBasketResult {
  basketId: number;
  itemId: number;
  /** The line's quantity after the add. */
  quantity: number;
}
