/**
 * The common basket's downloads (docs/domain.md#basket-exports:
 * `GET /pdf/barcodesFromBasket/{userId}`, `GET /basket/exportToCsv/{userId}`). Browser-safe: the
 * paths the common basket page links to (new tab) and the input.
 */
import { z } from "zod";
import { refId } from "@/lib/zod-fields";

export const BASKET_BARCODES_PATH = "/pdf/barcodesFromBasket";
export const BASKET_CSV_PATH = "/basket/exportToCsv";
export const basketBarcodesHref = (userId: number) => `${BASKET_BARCODES_PATH}/${userId}`;
export const basketCsvHref = (userId: number) => `${BASKET_CSV_PATH}/${userId}`;

/** Whose common basket: only the caller's own is served (another user's id is 404). */
export const basketOwnerInput = z.object({ userId: refId() });

/** The CSV's columns, in order (their headers are `basketExports.column.<key>` in the caller's language). */
export const BASKET_CSV_COLUMNS = ["id", "productId", "ean", "name", "quantity"] as const;
