/**
 * "Send by e-mail" (docs/decisions/081-sending-documents.md): the message pre-filled from the template
 * in the customer's language (another language one click away), the attachments it will carry,
 * a warning when SMTP_URL is not set (the message is kept in the outbox, not sent), and under it
 * the log of what was sent with this document.
 */
import type { ReactNode } from "react";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export function EmailSendPage(props: {
  title: string;
  action: string;
  backHref: string;
  fields: FormField[];
  values: FormValues;
  errors?: Record<string, string>;
  formErrors?: string[];
  attachmentNames: string[];
  /** The message goes to DATA_DIR/outbox (no SMTP_URL). */
  outbox: boolean;
  /** The form again in each language: `{ cs: "?lang=cs", … }`. */
  languageHrefs: Record<string, string>;
  log: ReactNode;
}) {
  const { t } = useView();
  const current = String(props.values.language ?? "");
  return (
    <AppLayout title={props.title}>
      <div className="email-send">
      {props.outbox ? (
        <p className="alert alert-warning email-outbox-warning" role="note">
          {t("emailSending.outboxWarning")}
        </p>
      ) : null}
      <p className="email-language">
        {t("emailSending.language")}:{" "}
        {Object.entries(props.languageHrefs).map(([lang, href], index) => (
          <span key={lang}>
            {index ? " · " : ""}
            {lang === current ? <strong>{t(`emailSettings.language.${lang}`)}</strong> : <a href={href}>{t(`emailSettings.language.${lang}`)}</a>}
          </span>
        ))}
      </p>
      <EntityForm
        action={props.action}
        fields={props.fields}
        values={props.values}
        errors={props.errors}
        formErrors={props.formErrors}
        submitLabel={t("emailSending.send")}
        cancelHref={props.backHref}
      >
        <div className="field email-attachments">
          <span className="field-label">{t("emailSending.attachments")}</span>
          <ul>
            {props.attachmentNames.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
        <input type="hidden" name="language" value={current} />
        <input type="hidden" name="idempotencyKey" value={String(props.values.idempotencyKey ?? "")} />
      </EntityForm>
      </div>
      {props.log}
    </AppLayout>
  );
}
