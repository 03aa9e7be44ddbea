/**
 * The basket pages (docs/domain.md#baskets): their paths and the inline quantity edit's
 * input. Browser-safe: zod and constants only (the basket table island imports the paths).
 */
import { z } from "zod";
import { decimalField, refId } from "@/lib/zod-fields";
import { AMOUNT_DECIMALS, type BasketItem, MAX_AMOUNT } from "./schemas";

export const COMMON_BASKET_PATH = "/warehouse/basket/common";
export const WAREHOUSE_BASKET_PATH = (warehouseId: number) => `/warehouse/basket/warehouse/${warehouseId}`;

/** The common basket page's forms (plain posts; each redirects back with a toast or re-renders with 422). */
export const PRODUCTION_ACTION = `${COMMON_BASKET_PATH}/production`;
export const STOCKTAKING_ACTION = `${COMMON_BASKET_PATH}/stocktaking`;
export const UPLOAD_ACTION = `${COMMON_BASKET_PATH}/upload`;
export const TRANSFER_ACTION = (warehouseId: number) => `${WAREHOUSE_BASKET_PATH(warehouseId)}/transfer`;
/** The save-basket form posts to the saved baskets page (src/modules/baskets/saved/). */
export const SAVE_BASKET_ACTION = "/manufacture/savedBaskets";

/** A basket line's form fallbacks without JavaScript (the island calls the API instead). */
export const basketItemQuantityAction = (itemId: number) => `/warehouse/basket/items/${itemId}/quantity`;
export const basketItemRemoveAction = (itemId: number) => `/warehouse/basket/items/${itemId}/remove`;
/** The API the island calls: PATCH {quantity} and DELETE. */
export const basketItemApi = (itemId: number) => `/api/basket/items/${itemId}`;

/**
 * docs/domain.md#basket-id-field: the basket pages' id field (a product id, an EAN-13 or a scanned `P<id>`)
 * adds 1 through POST /api/basket/addByCode; without JavaScript its form posts to the page route.
 */
export const ADD_BY_CODE_API = "/api/basket/addByCode";
export const ADD_BY_CODE_ACTION = "/warehouse/basket/addByCode";
/** The field acts by itself on more than 1 character (docs/domain.md#barcode-input); Enter acts on any. */
export const ID_FIELD_MIN_LENGTH = 2;
/** The pause after the last keystroke before the field acts (docs/domain.md#barcode-input). */
export const ID_FIELD_DEBOUNCE_MS = 250;

/** What the id field tells its page's basket table (islands/baskets/basket-table.tsx): the line as it now is. */
export const BASKET_LINE_EVENT = "ohrada:basket-line";
export interface BasketLineEvent {
  tableId: string;
  line: BasketItem;
}

/** The upload form's warehouse: named apart from the stocktaking form's `warehouseId` on the same page. */
export const UPLOAD_WAREHOUSE_FIELD = "uploadWarehouseId";

/**
 * A line's new quantity (the inline edit): the amount rules of addToBasket (> 0, at most 3
 * decimals, a decimal comma fine), but required: a blank is no quantity, not the default 1.
 */
export const basketQuantityField = () => decimalField({ places: AMOUNT_DECIMALS, max: MAX_AMOUNT }).refine((amount) => amount > 0, "basket.amountPositive");

export const setBasketItemQuantityBody = z.object({ quantity: basketQuantityField() });
export const setBasketItemQuantityInput = z.object({ id: refId(), quantity: basketQuantityField() });
/** The warehouse basket page's warehouse. */
export const warehouseBasketInput = z.object({ warehouseId: refId() });

export type SetBasketItemQuantityInput = z.input<typeof setBasketItemQuantityInput>;
