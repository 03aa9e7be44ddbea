/**
 * The basket pages (issue 12 §2; docs/domain.md#baskets): their paths and the inline quantity edit's
 * input. Browser-safe: zod and constants only (the basket table island imports the paths).
 */
import { z } from "zod";
import { decimalField, refId } from "@/lib/zod-fields";
import { AMOUNT_DECIMALS, MAX_AMOUNT } from "./schemas";

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
