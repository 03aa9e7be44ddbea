/**
 * The accountant export's routes (docs/decisions/054-invoice-pdf-and-accountant-export.md).
 * API (mounted at /api):
 * - POST /orders/invoices/accountantExport {from, to} queues the export and answers its job id
 *   (422 for a missing or malformed date, or from after to; 429 with MAX_OPEN_EXPORTS open); its state is
 *   GET /api/jobs/:id. A POST, so the origin check guards it: a cross-site page cannot start exports with the cookie.
 * - GET /orders/invoices/accountantExport/:id/download streams the finished ZIP.
 * Pages (mounted at /): the form's page, its start (the form again with the progress, or its
 * errors with 422) and the progress the form polls.
 */
import { Hono } from "hono";
import { InvoiceExportForm, type InvoiceExportFormProps, InvoiceExportPage, InvoiceExportProgress } from "@views/orders/invoice-export-form";
import { success } from "@/lib/envelope";
import type { AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { isHtmx } from "@/lib/http/htmx";
import { idParam, objectBody } from "@/lib/http/request";
import { formState, withFormErrors } from "@/web/form-state";
import { renderFragment, renderPage } from "@/web/render";
import { ACCOUNTANT_EXPORT_PAGE, ACCOUNTANT_EXPORT_PATH, ACCOUNTANT_EXPORT_START } from "./schemas";
import { getAccountantExport, readAccountantExport, startAccountantExport } from "./service";

/** The range a form or a JSON body sent. */
const rangeOf = (body: Record<string, unknown>) => ({ from: body.from, to: body.to });

export const accountantExportApi = new Hono<AppEnv>();

accountantExportApi.post(ACCOUNTANT_EXPORT_PATH, async (c) => c.json(success(await startAccountantExport({ ctx: c.get("ctx"), input: rangeOf(await objectBody(c)) }))));

accountantExportApi.get(`${ACCOUNTANT_EXPORT_PATH}/:id{[0-9]+}/download`, async (c) => {
  const file = await readAccountantExport({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return sendFile(c, { bytes: file.stream, size: file.size, contentType: file.mimeType, fileName: file.fileName, disposition: "attachment" });
});

export const accountantExportPages = new Hono<AppEnv>();

accountantExportPages.get(ACCOUNTANT_EXPORT_PAGE, (c) => renderPage(c, <InvoiceExportPage />));

accountantExportPages.post(ACCOUNTANT_EXPORT_START, async (c) => {
  const values = rangeOf((await c.req.parseBody()) as Record<string, unknown>);
  // htmx swaps the form; a plain submit (no JavaScript) gets the whole page.
  const answer = (props: InvoiceExportFormProps, init: { status: number }) => (isHtmx(c) ? renderFragment(c, <InvoiceExportForm {...props} />, init) : renderPage(c, <InvoiceExportPage {...props} />, init));
  return withFormErrors(
    async () => {
      const ctx = c.get("ctx");
      const { id } = await startAccountantExport({ ctx, input: values });
      const job = await getAccountantExport({ ctx, input: { id } });
      return answer({ values, job }, { status: 200 });
    },
    (error) => {
      const { errors, formErrors, answer: status } = formState(c, error, ["from", "to"]);
      return answer({ values, errors, formErrors }, { status: status.status });
    },
  );
});

accountantExportPages.get(`${ACCOUNTANT_EXPORT_PATH}/:id{[0-9]+}/status`, async (c) => {
  const job = await getAccountantExport({ ctx: c.get("ctx"), input: { id: idParam(c) } });
  return renderFragment(c, <InvoiceExportProgress job={job} />);
});
