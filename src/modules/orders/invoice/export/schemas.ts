/** The accountant export's paths and input (docs/decisions/054-invoice-pdf-and-accountant-export.md). Browser-safe: zod and constants only. */
import { z } from "zod";
import { dateField } from "@/lib/zod-fields";

/** `POST /api/orders/invoices/accountantExport {from, to}` queues the export and answers the job's id. */
export const ACCOUNTANT_EXPORT_PATH = "/orders/invoices/accountantExport";
/** The page with the form: `GET /orders/invoices/accountantExport`. */
export const ACCOUNTANT_EXPORT_PAGE = ACCOUNTANT_EXPORT_PATH;
/** The form's htmx answers: start (the progress) and the progress polled. */
export const ACCOUNTANT_EXPORT_START = `${ACCOUNTANT_EXPORT_PATH}/start`;
export const accountantExportStatusHref = (jobId: number) => `${ACCOUNTANT_EXPORT_PATH}/${jobId}/status`;
export const accountantExportDownloadHref = (jobId: number) => `/api${ACCOUNTANT_EXPORT_PATH}/${jobId}/download`;

/** The documents issued from `from` to `to`, both days included; both required, ISO (or dd.mm.yyyy), from ≤ to. */
export const accountantExportQuery = z
  .object({ from: dateField(), to: dateField() })
  // Compared only when both dates are good: a missing or wrong one has its own message.
  .refine((range) => range.from <= range.to, { path: ["to"], message: "invoiceExport.fromAfterTo", when: (payload) => payload.issues.length === 0 });
export type AccountantExportRange = z.infer<typeof accountantExportQuery>;
