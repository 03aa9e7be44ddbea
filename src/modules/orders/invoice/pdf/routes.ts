/**
 * The invoice PDF's route (`GET /pdf/invoices/:id`, `?regenerate=true`), mounted with the pages (a
 * browser opens it in a new tab; without a session it goes to /login, a missing document is the
 * not-found page) and at /api (an API client gets the envelope's errors), as the offer's is.
 */
import { Hono } from "hono";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { pdfResponse } from "@/lib/http/pdf-response";
import { idParam } from "@/lib/http/request";
import { parseInput } from "@/lib/validation";
import { INVOICE_PDF_PATH, invoicePdfQuery } from "./schemas";
import { invoicePdf } from "./service";

async function invoicePdfResponse(c: AppContext) {
  const invoiceId = idParam(c);
  const { regenerate } = parseInput(invoicePdfQuery, { regenerate: c.req.query("regenerate") });
  return pdfResponse(c, await invoicePdf({ ctx: c.get("ctx"), input: { invoiceId, regenerate } }));
}

export const invoicePdfRoutes = new Hono<AppEnv>();
invoicePdfRoutes.get(`${INVOICE_PDF_PATH}/:id{[0-9]+}`, invoicePdfResponse);
