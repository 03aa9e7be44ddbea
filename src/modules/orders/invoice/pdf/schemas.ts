/** The invoice PDF's path and query (docs/decisions/054-invoice-pdf-and-accountant-export.md). Browser-safe: zod and constants only. */
import { z } from "zod";
import { booleanField } from "@/lib/zod-fields";

/** `GET /pdf/invoices/{id}`, also with `regenerate=true`. */
export const INVOICE_PDF_PATH = "/pdf/invoices";

export const invoicePdfHref = (invoiceId: number, options: { regenerate?: boolean } = {}) => `${INVOICE_PDF_PATH}/${invoiceId}${options.regenerate ? "?regenerate=true" : ""}`;

/** `regenerate` is a yes/no (true, false, 1, 0…); missing is no, any other word is refused. */
export const invoicePdfQuery = z.object({ regenerate: booleanField(false) });
