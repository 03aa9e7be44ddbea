/**
 * The common basket's downloads (docs/domain.md#basket-exports), mounted with the pages (the common basket page opens
 * them in a new tab; without a session the browser goes to /login) and at /api (an API client gets
 * the envelope's errors), as the offer PDF is (decision 022):
 * - GET /pdf/barcodesFromBasket/:userId  the labels PDF, inline;
 * - GET /basket/exportToCsv/:userId      the CSV, as an attachment.
 * Only the caller's own user id is served; any other is 404.
 */
import { Hono } from "hono";
import type { AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { idParam } from "@/lib/http/request";
import { pdfResponse } from "@/lib/http/pdf-response";
import { CSV_MIME } from "./csv";
import { BASKET_BARCODES_PATH, BASKET_CSV_PATH } from "./schemas";
import { basketBarcodesPdf, basketCsv } from "./service";

export const basketExportRoutes = new Hono<AppEnv>();

basketExportRoutes.get(`${BASKET_BARCODES_PATH}/:userId{[0-9]+}`, async (c) => {
  const document = await basketBarcodesPdf({ ctx: c.get("ctx"), input: { userId: idParam(c, "userId") } });
  return pdfResponse(c, document);
});

basketExportRoutes.get(`${BASKET_CSV_PATH}/:userId{[0-9]+}`, async (c) => {
  const file = await basketCsv({ ctx: c.get("ctx"), input: { userId: idParam(c, "userId") } });
  return sendFile(c, { bytes: file.bytes, contentType: CSV_MIME, fileName: file.fileName, disposition: "attachment" });
});
