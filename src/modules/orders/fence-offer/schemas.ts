/** The offer PDF (docs/domain.md#offer-pdf). Browser-safe: zod and constants only. */
import { z } from "zod";
import { booleanField } from "@/lib/zod-fields";

/** docs/domain.md#offer-pdf: `GET /pdf/fenceOffer/{id}`, also with `regenerate=true`. */
export const FENCE_OFFER_PATH = "/pdf/fenceOffer";

/** The offer of an order; `regenerate` builds it anew instead of answering the cached one. */
export const fenceOfferHref = (orderId: number, options: { regenerate?: boolean } = {}) =>
  `${FENCE_OFFER_PATH}/${orderId}${options.regenerate ? "?regenerate=true" : ""}`;

/** The query: `regenerate` is a yes/no (true, false, 1, 0…); missing is no, any other word is refused. */
export const fenceOfferQuery = z.object({ regenerate: booleanField(false) });
