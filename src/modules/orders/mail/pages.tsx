/**
 * Sending documents by e-mail (docs/decisions/081-sending-documents.md):
 * - GET/POST /orders/fenceOrder/:id/email   the order's offer: the form, then queued (303 back to it);
 * - GET/POST /orders/invoices/:id/email     an invoice's document (its PDF and ISDOC);
 * - GET/POST /orders/invoices/:id/reminders/email   its newest reminder (the reminder's PDF).
 * The order's Invoices tab and the invoice's page show the log (EmailLog) too.
 * The form carries an idempotency key: sent twice, it queues one message.
 */
import { Hono } from "hono";
import { EmailLog, invoiceEmailHref, offerEmailHref, reminderEmailHref } from "@views/orders/email-log";
import { EmailSendPage } from "@views/orders/email-send-page";
import { FENCE_ORDER_PATH } from "@views/orders/fence-order-list";
import { invoiceHref, INVOICES_PATH } from "@views/orders/invoice-list";
import type { FormField, FormValues } from "@views/components/form";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, renderPage } from "@/web/render";
import { MAIL_BODY_MAX, MAIL_LANGUAGES, MAIL_SUBJECT_MAX } from "@/modules/settings/email/schemas";
import type { MailDocumentRef } from "./documents";
import { SEND_EMAIL_MAX_ATTEMPTS } from "./job";
import { emailDraft, listSentEmails, queueDocumentEmail } from "./service";

const fields = (c: AppContext): FormField[] => {
  const t = c.get("t");
  return [
    { name: "recipients", label: t("emailSending.recipients"), kind: "text", required: true, maxLength: 2000, hint: t("emailSending.recipientsHint"), autoComplete: "off" },
    { name: "subject", label: t("emailSending.subject"), kind: "text", required: true, maxLength: MAIL_SUBJECT_MAX },
    { name: "body", label: t("emailSending.body"), kind: "textarea", required: true, maxLength: MAIL_BODY_MAX },
  ];
};

const text = (value: unknown): string => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === "string" ? last : "";
};

/** Where a document's form lives and goes back to. */
const placesOf = (ref: MailDocumentRef) =>
  ref.kind === "offer"
    ? { self: offerEmailHref(ref.orderId!), back: `${FENCE_ORDER_PATH}/${ref.orderId}` }
    : { self: ref.kind === "reminder" ? reminderEmailHref(ref.invoiceId!) : invoiceEmailHref(ref.invoiceId!), back: invoiceHref(ref.invoiceId!) };

const emailLogOf = async (c: AppContext, where: { orderId?: number; invoiceId?: number }) => (
  <EmailLog emails={await listSentEmails({ ctx: c.get("ctx"), input: where })} maxAttempts={SEND_EMAIL_MAX_ATTEMPTS} />
);

async function sendPage(c: AppContext, ref: MailDocumentRef, init: { values?: FormValues; error?: AppError } = {}) {
  const t = c.get("t");
  const draft = await emailDraft({ ctx: c.get("ctx"), input: { ref, lang: text(init.values?.language) || c.req.query("lang") } });
  const list = fields(c);
  const { errors, formErrors, answer } = formState(c, init.error, list.map((field) => field.name));
  const values = init.values ?? { recipients: draft.recipients, subject: draft.subject, body: draft.body, idempotencyKey: crypto.randomUUID() };
  const places = placesOf(ref);
  const title =
    ref.kind === "offer"
      ? t("emailSending.offerTitle", { orderNumber: draft.documentNumber })
      : t(ref.kind === "reminder" ? "emailSending.reminderTitle" : "emailSending.documentTitle", { number: draft.documentNumber });
  const log = await emailLogOf(c, ref.kind === "offer" ? { orderId: ref.orderId! } : { invoiceId: ref.invoiceId! });
  return renderPage(
    c,
    <EmailSendPage
      title={title}
      action={places.self}
      backHref={places.back}
      fields={list}
      values={{ ...values, language: draft.language }}
      errors={errors}
      formErrors={formErrors}
      attachmentNames={draft.attachmentNames}
      outbox={!c.get("deps").smtpUrl}
      languageHrefs={Object.fromEntries(MAIL_LANGUAGES.map((lang) => [lang, `${places.self}?lang=${lang}`]))}
      log={log}
    />,
    answer,
  );
}

async function send(c: AppContext, ref: MailDocumentRef) {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const values = { recipients: text(body.recipients), subject: text(body.subject), body: text(body.body), language: text(body.language), idempotencyKey: text(body.idempotencyKey) };
  return withFormErrors(
    async () => {
      await queueDocumentEmail({ ctx: c.get("ctx"), input: { ref, ...values } });
      flash(c, "success", c.get("t")(c.get("deps").smtpUrl ? "emailSending.queued" : "emailSending.queuedOutbox") as string);
      return c.redirect(placesOf(ref).self, 303);
    },
    (error) => sendPage(c, ref, { values, error }),
  );
}

const offerRef = (c: AppContext): MailDocumentRef => ({ kind: "offer", orderId: idParam(c), invoiceId: null });
const invoiceRef = (c: AppContext): MailDocumentRef => ({ kind: "invoice", orderId: null, invoiceId: idParam(c) });
const reminderRef = (c: AppContext): MailDocumentRef => ({ kind: "reminder", orderId: null, invoiceId: idParam(c) });

export const mailPages = new Hono<AppEnv>();
mailPages.get(`${FENCE_ORDER_PATH}/:id{[0-9]+}/email`, (c) => sendPage(c, offerRef(c)));
mailPages.post(`${FENCE_ORDER_PATH}/:id{[0-9]+}/email`, (c) => send(c, offerRef(c)));
mailPages.get(`${INVOICES_PATH}/:id{[0-9]+}/email`, (c) => sendPage(c, invoiceRef(c)));
mailPages.post(`${INVOICES_PATH}/:id{[0-9]+}/email`, (c) => send(c, invoiceRef(c)));
mailPages.get(`${INVOICES_PATH}/:id{[0-9]+}/reminders/email`, (c) => sendPage(c, reminderRef(c)));
mailPages.post(`${INVOICES_PATH}/:id{[0-9]+}/reminders/email`, (c) => send(c, reminderRef(c)));
