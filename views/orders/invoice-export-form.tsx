/**
 * The accountant export's form (docs/decisions/054-invoice-pdf-and-accountant-export.md):
 * from and to (both required), and under them the export's progress, polled by htmx every second
 * while the job runs ("120 of 1000 documents"), then the ZIP's link. Without JavaScript the form
 * still posts to the page, which answers with the progress; a reload shows it again. The invoice
 * list embeds `InvoiceExportForm`; `InvoiceExportPage` is its standalone page.
 */
import type { JobState } from "@/lib/jobs/service";
import { formatDecimal } from "@/lib/money";
import { ACCOUNTANT_EXPORT_START, accountantExportDownloadHref, accountantExportStatusHref } from "@/modules/orders/invoice/export/schemas";
import { FieldRow, FormAlert, type FormField } from "../components/form";
import { JobProgress } from "../components/job-progress";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const INVOICE_EXPORT_FORM_ID = "invoice-export";

export interface InvoiceExportFormProps {
  values?: { from?: unknown; to?: unknown };
  errors?: Record<string, string>;
  /** Refusals of no field: the open-exports limit. */
  formErrors?: string[];
  /** The export just started or being watched. */
  job?: JobState | null;
}

/** The ZIP's size for people: "1,4 MB". */
function sizeText(bytes: number, lang: "cs" | "en"): string {
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, lang, 0)}\u00a0kB`;
  return `${formatDecimal(bytes / (1024 * 1024), lang, 1)}\u00a0MB`;
}

/** The job's state in words; polls itself while the job is queued or running. */
export function InvoiceExportProgress({ job }: { job: JobState }) {
  const { t, lang } = useView();
  const finished =
    job.status === "done" && job.result ? (
      <>
        <p>{t("invoiceExport.done", { count: job.progress?.total ?? 0 })}</p>
        <a className="button button-primary" href={accountantExportDownloadHref(job.id)} download={job.result.fileName} data-testid="invoice-export-download">
          {t("invoiceExport.download", { size: sizeText(job.result.size, lang) })}
        </a>
      </>
    ) : job.status === "failed" ? (
      <p className="alert alert-error">{t("invoiceExport.failed", { error: job.error ?? "" })}</p>
    ) : null;
  return (
    <JobProgress
      job={job}
      className="invoice-export-progress"
      statusHref={accountantExportStatusHref(job.id)}
      label={t("invoiceExport.title")}
      queuedText={t("invoiceExport.queued")}
      runningText={({ done, total }) => (total === null ? t("invoiceExport.runningNoTotal") : t("invoiceExport.running", { done, total }))}
      finished={finished}
    />
  );
}

/** From, to and the button; the progress under them once an export runs. */
export function InvoiceExportForm({ values = {}, errors = {}, formErrors = [], job = null }: InvoiceExportFormProps) {
  const { t } = useView();
  const fields: FormField[] = [
    { name: "from", label: t("invoiceExport.from"), kind: "date", required: true },
    { name: "to", label: t("invoiceExport.to"), kind: "date", required: true },
  ];
  return (
    <section id={INVOICE_EXPORT_FORM_ID} className="invoice-export">
      <h2>{t("invoiceExport.title")}</h2>
      <p className="field-hint">{t("invoiceExport.intro")}</p>
      <FormAlert errors={errors} formErrors={formErrors} />
      <form method="post" action={ACCOUNTANT_EXPORT_START} hx-post={ACCOUNTANT_EXPORT_START} hx-target={`#${INVOICE_EXPORT_FORM_ID}`} hx-swap="outerHTML" noValidate className="form form-inline">
        {fields.map((field) => (
          <FieldRow key={field.name} field={field} value={values[field.name as "from" | "to"]} error={errors[field.name]} />
        ))}
        <p className="field">
          <button type="submit" className="button button-primary">
            {t("invoiceExport.submit")}
          </button>
        </p>
      </form>
      {job ? <InvoiceExportProgress job={job} /> : null}
    </section>
  );
}

/** `GET /orders/invoices/accountantExport`: the form on a page of its own. */
export function InvoiceExportPage(props: InvoiceExportFormProps) {
  const { t } = useView();
  return (
    <AppLayout title={t("invoiceExport.title")}>
      <InvoiceExportForm {...props} />
    </AppLayout>
  );
}
