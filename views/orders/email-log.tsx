/**
 * The log of e-mails sent with an order's or an invoice's documents (docs/decisions/081-sending-documents.md):
 * when, by whom, to whom, the subject, and the status with the server's answer or the error. A
 * message kept in the outbox says so: it was not sent.
 */
import { formatCzechDateTime } from "@/lib/dates";
import { translateMessage } from "@/lib/i18n";
import type { SentEmail } from "@/modules/orders/mail/service";
import { StaticTable, type TableColumn } from "../components/data-table";
import { useView } from "../view-context";
import { FENCE_ORDER_PATH } from "./fence-order-list";
import { invoiceHref, INVOICES_PATH } from "./invoice-list";

export const EMAIL_LOG_ID = "email-log";
/** The send forms (src/modules/orders/mail/pages.tsx). */
export const offerEmailHref = (orderId: number) => `${FENCE_ORDER_PATH}/${orderId}/email`;
export const invoiceEmailHref = (invoiceId: number) => `${INVOICES_PATH}/${invoiceId}/email`;
/** The form sending a document's newest reminder. */
export const reminderEmailHref = (invoiceId: number) => `${INVOICES_PATH}/${invoiceId}/reminders/email`;

export function EmailLog(props: { emails: SentEmail[]; maxAttempts: number }) {
  const { t } = useView();
  const statusText = (email: SentEmail) =>
    email.status === "queued" && email.attempts > 0 && email.error
      ? t("emailLog.statuses.retrying", { attempt: email.attempts, max: props.maxAttempts })
      : t(`emailLog.statuses.${email.status}`);
  const columns: TableColumn<SentEmail>[] = [
    { key: "createdAt", label: t("emailLog.when"), nowrap: true, render: (email) => formatCzechDateTime(email.sentAt ?? email.createdAt) },
    { key: "createdBy", label: t("emailLog.by"), nowrap: true, render: (email) => email.createdBy ?? "" },
    {
      key: "document",
      label: t("emailLog.document"),
      nowrap: true,
      render: (email) =>
        email.documentKind === "offer" ? t("emailLog.offer", { number: email.documentNumber ?? "" }) : email.invoiceId ? <a href={invoiceHref(email.invoiceId)}>{email.documentNumber}</a> : email.documentNumber,
    },
    { key: "recipients", label: t("emailLog.to"), render: (email) => email.recipients.join(", ") },
    { key: "subject", label: t("emailLog.subject"), render: (email) => email.subject },
    { key: "status", label: t("emailLog.status"), render: (email) => <span className={`email-status email-status-${email.status}`} data-status={email.status}>{statusText(email)}</span> },
    {
      key: "detail",
      label: t("emailLog.detail"),
      render: (email) => (
        <>
          {email.error ? <span className="email-error">{translateMessage(t, email.error)}</span> : email.response ? <code className="email-response">{email.response}</code> : null}
          {email.rejected.length ? <span className="email-rejected"> {t("emailLog.rejected", { addresses: email.rejected.join(", ") })}</span> : null}
        </>
      ),
    },
  ];
  return (
    <section id={EMAIL_LOG_ID} className="email-log" aria-labelledby={`${EMAIL_LOG_ID}-title`}>
      <h2 id={`${EMAIL_LOG_ID}-title`} className="section-title">
        {t("emailLog.title")}
      </h2>
      <StaticTable label={t("emailLog.title")} columns={columns} rows={props.emails} rowKey={(email) => email.id} rowProps={(email) => ({ "data-email-id": email.id })} empty={t("emailLog.empty")} />
    </section>
  );
}
