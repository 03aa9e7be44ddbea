/**
 * Invoices' pages (docs/decisions/053-invoice-lines-and-payments.md):
 * - GET  /orders/invoices                        the list (filters status, kind, from, to, customer);
 * - GET  /orders/invoices/new?orderId=&proforma=  the lines editor (`share=` fills a quick button's prices);
 * - POST /orders/invoices/new?orderId=&proforma=  issues it: to its detail (303), refused the editor again (422);
 * - GET  /orders/invoices/:id                     the detail; POST …/payments, …/markAsPaid, …/creditNote, …/reminders;
 * - GET  /orders/fenceOrder/:id/tab/4             the order's Invoices tab; POST /orders/fenceOrder/:id/invoices
 *   issues the deposit proforma in one click, or the final invoice with the DUZP its confirm step shows.
 * Every write carries an idempotency key rendered with its form, so a resubmitted form applies once.
 */
import { Hono } from "hono";
import { editorValuesOf, type InvoiceEditorValues, InvoiceEditorPage } from "@views/orders/invoice-editor";
import { InvoiceDetailPage } from "@views/orders/invoice-detail";
import { InvoiceExportForm } from "@views/orders/invoice-export-form";
import { INVOICE_PAGE_FILTERS, INVOICE_TABLE_ID, InvoiceListPage, InvoiceTable, INVOICES_PATH, invoiceHref } from "@views/orders/invoice-list";
import { ORDER_INVOICES_TAB, OrderInvoicesTab } from "@views/orders/invoice-tab";
import type { TableState } from "@views/components/data-table";
import type { FormField, FormValues } from "@views/components/form";
import { listInputFromQuery } from "@/lib/crud/list-query";
import { formatCzechDate, parseCzechDate, todayInPrague } from "@/lib/dates";
import { AppError, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { isHtmx } from "@/lib/http/htmx";
import { idParam } from "@/lib/http/request";
import { translateMessage } from "@/lib/i18n";
import { parseInput } from "@/lib/validation";
import { formState, isRefusal, withFormErrors } from "@/web/form-state";
import { flash, renderFragment, renderPage } from "@/web/render";
import { EmailLog } from "@views/orders/email-log";
import { SEND_EMAIL_MAX_ATTEMPTS } from "../mail/job";
import { listSentEmails } from "../mail/service";
import { invoiceDraftQuery, QUICK_SHARES } from "./schemas";
import { createCreditNote, createInvoice, getInvoice, getInvoiceDraft, invoiceService, issueInvoiceReminder, listOrderInvoices, markInvoiceAsPaid, recordInvoicePayment } from "./service";

export const invoicePages = new Hono<AppEnv>();

// ---- the list --------------------------------------------------------------------------------

invoicePages.get(INVOICES_PATH, async (c) => {
  const asked = listInputFromQuery(c.req.query(), [...INVOICE_PAGE_FILTERS]);
  const t = c.get("t");
  // Dates as people type them; one that cannot be read is not applied, and says why.
  const filters = { ...asked.filters };
  const filterErrors: Record<string, string> = {};
  for (const key of ["from", "to"] as const) {
    if (!filters[key]) continue;
    const iso = parseCzechDate(filters[key]);
    if (iso) filters[key] = iso;
    else {
      filterErrors[key] = t("validation.date") as string;
      delete filters[key];
    }
  }
  const input = { ...asked, filters };
  const { rows, meta } = await invoiceService.list({ ctx: c.get("ctx"), input });
  const state: TableState = { page: input.page, size: input.size, sort: meta.sort, filters };
  const status = Object.keys(filterErrors).length ? 422 : 200;
  if (isHtmx(c) && c.req.header("HX-Target") === INVOICE_TABLE_ID) return renderFragment(c, <InvoiceTable rows={rows} meta={meta} state={state} />, { status });
  return renderPage(c, <InvoiceListPage rows={rows} meta={meta} state={state} typed={asked.filters} filterErrors={filterErrors} exportForm={<InvoiceExportForm />} />, { status });
});

// ---- the lines editor ------------------------------------------------------------------------

const draftQuery = (c: AppContext) => {
  const input = parseInput(invoiceDraftQuery, { orderId: c.req.query("orderId"), proforma: c.req.query("proforma") });
  const share = Number(c.req.query("share"));
  return { ...input, share: (QUICK_SHARES as readonly number[]).includes(share) ? share : null };
};

async function editorView(c: AppContext, init: { values?: InvoiceEditorValues; error?: AppError } = {}) {
  const draft = await getInvoiceDraft({ ctx: c.get("ctx"), input: draftQuery(c) });
  const fieldNames = [...draft.items.flatMap((_, index) => [`items.${index}.invoicedPrice`, `items.${index}.source`]), "dueDate", "dateOfTaxableSupply", "note", "linkedProformas"];
  const { errors, formErrors, answer } = formState(c, init.error, fieldNames);
  return renderPage(c, <InvoiceEditorPage draft={draft} values={init.values ?? editorValuesOf(draft, crypto.randomUUID())} errors={errors} formErrors={formErrors} />, answer);
}

invoicePages.get(`${INVOICES_PATH}/new`, (c) => editorView(c));

const text = (value: unknown): string => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === "string" ? last : "";
};

invoicePages.post(`${INVOICES_PATH}/new`, async (c) => {
  const query = draftQuery(c);
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const count = Object.keys(body).filter((key) => /^line\.\d+\.source$/.test(key)).length;
  const items = Array.from({ length: Math.min(count, 500) }, (_, index) => ({
    source: text(body[`line.${index}.source`]),
    sourceId: text(body[`line.${index}.sourceId`]),
    invoicedPrice: text(body[`line.${index}.invoicedPrice`]),
  }));
  const linked = ([] as unknown[]).concat(body.linkedProformas ?? []).map(String);
  const input = {
    orderId: query.orderId,
    proforma: query.proforma,
    items,
    dueDate: text(body.dueDate) || undefined,
    dateOfTaxableSupply: query.proforma ? undefined : text(body.dateOfTaxableSupply) || undefined,
    note: text(body.note),
    linkedProformas: linked,
    idempotencyKey: text(body.idempotencyKey),
  };
  const values: InvoiceEditorValues = {
    prices: items.map((line) => line.invoicedPrice),
    dueDate: text(body.dueDate),
    dateOfTaxableSupply: text(body.dateOfTaxableSupply),
    note: text(body.note),
    linked: linked.map(Number),
    idempotencyKey: input.idempotencyKey,
  };
  return withFormErrors(async () => {
    const id = await createInvoice({ ctx: c.get("ctx"), input });
    const invoice = await getInvoice({ ctx: c.get("ctx"), input: { id } });
    flash(c, "success", c.get("t")("invoices.issued", { number: invoice.invoiceNumber }) as string);
    return c.redirect(invoiceHref(id), 303);
  }, (error) => editorView(c, { values, error }));
});

// ---- the detail, payments, mark as paid, credit note -----------------------------------------

const paymentFields = (c: AppContext): FormField[] => {
  const t = c.get("t");
  return [
    { name: "amount", label: t("invoices.detail.amount"), kind: "decimal", required: true, unit: "Kč" },
    { name: "paidOn", label: t("invoices.detail.paidOn"), kind: "date", required: true },
    { name: "note", label: t("invoices.detail.note"), kind: "text", maxLength: 500 },
  ];
};

async function detailView(c: AppContext, id: number, init: { values?: FormValues; error?: AppError } = {}) {
  const invoice = await getInvoice({ ctx: c.get("ctx"), input: { id } });
  const fields = paymentFields(c);
  // Prefilled with what remains, today: the usual payment is the whole rest.
  const values = init.values ?? { amount: invoice.remainingToPay || "", paidOn: todayInPrague(), idempotencyKey: crypto.randomUUID() };
  // The service names the payment's fields under `payment.`; the form shows them by their own names.
  const error = init.error
    ? AppError.fail(init.error.messages, Object.fromEntries(Object.entries(init.error.fields).map(([key, message]) => [key.replace(/^payment\./, ""), message])))
    : undefined;
  const { errors, formErrors, answer } = formState(c, error, fields.map((field) => field.name));
  return renderPage(
    c,
    <InvoiceDetailPage
      invoice={invoice}
      paymentFields={fields}
      paymentValues={values}
      creditNoteKey={crypto.randomUUID()}
      reminderKey={crypto.randomUUID()}
      errors={errors}
      formErrors={formErrors}
      emailLog={<EmailLog emails={await listSentEmails({ ctx: c.get("ctx"), input: { invoiceId: id } })} maxAttempts={SEND_EMAIL_MAX_ATTEMPTS} />}
    />,
    answer,
  );
}

invoicePages.get(`${INVOICES_PATH}/:id{[0-9]+}`, (c) => detailView(c, idParam(c)));

invoicePages.post(`${INVOICES_PATH}/:id{[0-9]+}/payments`, async (c) => {
  const id = idParam(c);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const payment = { amount: text(body.amount), paidOn: text(body.paidOn), note: text(body.note), idempotencyKey: text(body.idempotencyKey) };
  return withFormErrors(async () => {
    await recordInvoicePayment({ ctx: c.get("ctx"), input: { id, values: { payment } } });
    flash(c, "success", "UPDATED");
    return c.redirect(invoiceHref(id), 303);
  }, (error) => detailView(c, id, { values: payment, error }));
});

/** A refusal of a short form: its messages as toasts (a field's named by `labels`), back to where it was pressed. */
async function buttonAction(c: AppContext, back: string, work: () => Promise<string>, labels: Record<string, string> = {}): Promise<Response> {
  try {
    return c.redirect(await work(), 303);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const labelOf = new Map(Object.entries(error.fields).map(([field, message]) => [message, labels[field]]));
    for (const message of error.messages) {
      const text = translateMessage(c.get("t"), message);
      const label = labelOf.get(message);
      flash(c, "fail", label ? `${label}: ${text}` : text);
    }
    return c.redirect(back, 303);
  }
}

invoicePages.post(`${INVOICES_PATH}/:id{[0-9]+}/markAsPaid`, async (c) => {
  const id = idParam(c);
  return buttonAction(c, invoiceHref(id), async () => {
    await markInvoiceAsPaid({ ctx: c.get("ctx"), input: { id } });
    flash(c, "success", "UPDATED");
    return invoiceHref(id);
  });
});

invoicePages.post(`${INVOICES_PATH}/:id{[0-9]+}/creditNote`, async (c) => {
  const id = idParam(c);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  return buttonAction(c, invoiceHref(id), async () => {
    const creditNote = await createCreditNote({ ctx: c.get("ctx"), input: { id, values: { note: text(body.note), idempotencyKey: text(body.idempotencyKey) } } });
    const issued = await getInvoice({ ctx: c.get("ctx"), input: { id: creditNote } });
    flash(c, "success", c.get("t")("invoices.issued", { number: issued.invoiceNumber }) as string);
    return invoiceHref(creditNote);
  });
});

/** Issues the reminder of the level the page offered (docs/decisions/080-overdue-and-reminders.md); a refusal comes back as a toast. */
invoicePages.post(`${INVOICES_PATH}/:id{[0-9]+}/reminders`, async (c) => {
  const id = idParam(c);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const t = c.get("t");
  return buttonAction(c, invoiceHref(id), async () => {
    const reminder = await issueInvoiceReminder({ ctx: c.get("ctx"), input: { id, values: { level: text(body.level), idempotencyKey: text(body.idempotencyKey) } } });
    const invoice = await getInvoice({ ctx: c.get("ctx"), input: { id } });
    flash(c, "success", t("reminders.issued", { level: t(`reminders.level.${reminder.level}`), number: invoice.invoiceNumber }) as string);
    return invoiceHref(id);
  });
});

// ---- the order's tab 4 -----------------------------------------------------------------------

const orderTabHref = (orderId: number) => `/orders/fenceOrder/${orderId}?tab=${ORDER_INVOICES_TAB}`;

invoicePages.get(`/orders/fenceOrder/:id{[0-9]+}/tab/${ORDER_INVOICES_TAB}`, async (c) => {
  const data = await listOrderInvoices({ ctx: c.get("ctx"), input: { orderId: idParam(c) } });
  return renderFragment(
    c,
    <>
      <OrderInvoicesTab data={data} idempotencyKey={crypto.randomUUID()} dateOfTaxableSupply={formatCzechDate(todayInPrague())} />
      {/* The order's e-mails (its offer and its documents' messages): docs/decisions/081-sending-documents.md. */}
      <EmailLog emails={await listSentEmails({ ctx: c.get("ctx"), input: { orderId: data.orderId } })} maxAttempts={SEND_EMAIL_MAX_ATTEMPTS} />
    </>,
  );
});

/**
 * The tab's issue buttons: the deposit proforma (the confirmation share) in one click, or the final
 * invoice (everything not yet invoiced, the paid proformas deducted) with the DUZP its confirm step
 * sent. A final invoice is a tax document that only a credit note cancels, so its DUZP is never
 * made up here: without one it is refused, nothing written.
 */
invoicePages.post("/orders/fenceOrder/:id{[0-9]+}/invoices", async (c) => {
  const orderId = idParam(c);
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const proforma = text(body.proforma) === "true";
  return buttonAction(c, orderTabHref(orderId), async () => {
    const ctx = c.get("ctx");
    const dateOfTaxableSupply = proforma ? undefined : text(body.dateOfTaxableSupply).trim();
    if (dateOfTaxableSupply === "") throw AppError.invalid({ dateOfTaxableSupply: msg("validation.required") });
    const linkedProformas = proforma ? [] : (await getInvoiceDraft({ ctx, input: { orderId, proforma: false } })).linkableProformas.map((row) => row.id);
    const id = await createInvoice({ ctx, input: { orderId, proforma, dateOfTaxableSupply, linkedProformas, idempotencyKey: text(body.idempotencyKey) } });
    const issued = await getInvoice({ ctx, input: { id } });
    flash(c, "success", c.get("t")("invoices.issued", { number: issued.invoiceNumber }) as string);
    return orderTabHref(orderId);
  }, { dateOfTaxableSupply: c.get("t")("invoices.detail.taxableSupplyDate") as string });
});
