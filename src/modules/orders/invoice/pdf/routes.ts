/**
 * The invoice PDF's route (`GET /pdf/invoices/:id`, `?regenerate=true`), mounted with the pages (a
 * browser opens it in a new tab; without a session it goes to /login, a missing document is the
 * not-found page) and at /api (an API client gets the envelope's errors), as the offer's is; and a
 * reminder's (`GET /orders/invoices/:id/reminders/:reminderId/pdf`, docs/decisions/080-overdue-and-reminders.md).
 */
import { Hono } from "hono";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { pdfResponse } from "@/lib/http/pdf-response";
import { idParam } from "@/lib/http/request";
import { parseInput } from "@/lib/validation";
import { INVOICE_PDF_PATH, invoicePdfQuery } from "./schemas";
import { reminderPdf } from "./reminder";
import { invoicePdf } from "./service";

async function invoicePdfResponse(c: AppContext) {
  const invoiceId = idParam(c);
  const { regenerate } = parseInput(invoicePdfQuery, { regenerate: c.req.query("regenerate") });
  return pdfResponse(c, await invoicePdf({ ctx: c.get("ctx"), input: { invoiceId, regenerate } }));
}

export const invoicePdfRoutes = new Hono<AppEnv>();
invoicePdfRoutes.get(`${INVOICE_PDF_PATH}/:id{[0-9]+}`, invoicePdfResponse);
invoicePdfRoutes.get("/orders/invoices/:id{[0-9]+}/reminders/:reminderId{[0-9]+}/pdf", async (c) =>
  pdfResponse(c, await reminderPdf({ ctx: c.get("ctx"), input: { invoiceId: idParam(c), reminderId: idParam(c, "reminderId") } })),
);
