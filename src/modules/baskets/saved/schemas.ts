/**
 * Saved baskets (docs/domain.md#saved-baskets: the name is required; list, save
 * and load; the paths are the project's own).
 * Browser-safe: zod and constants only.
 */
import { z } from "zod";
import { idempotencyKeyField, refId, requiredText } from "@/lib/zod-fields";

/** The list page (docs/domain.md#saved-baskets); its POST saves the common basket. */
export const SAVED_BASKETS_PATH = "/manufacture/savedBaskets";
export const savedBasketLoadHref = (id: number) => `${SAVED_BASKETS_PATH}/${id}/load`;
export const savedBasketDeleteHref = (id: number) => `${SAVED_BASKETS_PATH}/${id}/delete`;

/** A name a list column and a toast can show whole. */
export const BASKET_NAME_MAX = 100;

/** The list's filters (query keys) and sortable fields. */
export const SAVED_BASKET_FILTERS = ["id", "basketName"] as const;

/** Save the caller's common basket under a name (trimmed, required). */
export const saveBasketInput = z.object({
  basketName: requiredText(BASKET_NAME_MAX),
  idempotencyKey: idempotencyKeyField(),
});
export type SaveBasketInput = z.input<typeof saveBasketInput>;

export const savedBasketIdInput = z.object({ id: refId() });

/** The body of a load (the id is the path's). */
export const loadSavedBasketBody = z.object({ idempotencyKey: idempotencyKeyField() });
export const loadSavedBasketInput = z.object({ ...savedBasketIdInput.shape, ...loadSavedBasketBody.shape });

/** docs/domain.md#saved-baskets: id, basketName; plus what the list shows beside them. */
export interface SavedBasket {
  id: number;
  basketName: string;
  lineCount: number;
  /** ISO instant. */
  createdAt: string;
  /** Who saved it; null when that user is gone. */
  author: { id: number; name: string } | null;
}

export interface SaveBasketResult {
  id: number;
  basketName: string;
  lineCount: number;
}

export interface LoadSavedBasketResult {
  id: number;
  basketName: string;
  /** The caller's common basket the lines went into. */
  basketId: number;
  lineCount: number;
}
