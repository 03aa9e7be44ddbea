/**
 * Settings → E-mail (docs/decisions/081-sending-documents.md, admins): whether messages are sent (SMTP_URL)
 * or kept in DATA_DIR/outbox, the sender, and each template in Czech and English with a preview
 * filled with sample values.
 */
import { MAIL_LANGUAGES, MAIL_SETTINGS_PATH, MAIL_TEMPLATE_KEYS, type MailTemplate, type MailTemplateKey, templateField } from "@/modules/settings/email/schemas";
import { browserValidation, FieldRow, type FormField, FormAlert, type FormValues } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export function EmailSettingsPage(props: {
  /** `smtp://user@host:587` when SMTP_URL is set; null: the outbox. */
  smtpServer: string | null;
  outboxDir: string;
  senderFields: FormField[];
  values: FormValues;
  placeholders: string;
  /** Each saved template filled with the sample values. */
  previews: Record<MailTemplateKey, Record<string, MailTemplate>>;
  errors?: Record<string, string>;
  formErrors?: string[];
}) {
  const { t } = useView();
  const errors = props.errors ?? {};
  const field = (key: MailTemplateKey, lang: string, part: keyof MailTemplate): FormField => {
    const language = t(`emailSettings.language.${lang}`);
    return part === "subject"
      ? { name: templateField(key, lang as "cs", part), label: t("emailSettings.subject", { language }), kind: "text", maxLength: 300 }
      : { name: templateField(key, lang as "cs", part), label: t("emailSettings.body", { language }), kind: "textarea", maxLength: 10_000 };
  };
  return (
    <AppLayout title={t("emailSettings.title")}>
      <p>{t("emailSettings.intro")}</p>
      {props.smtpServer ? (
        <p className="alert alert-info email-transport" data-transport="smtp">
          {t("emailSettings.transportSmtp", { server: props.smtpServer })}
        </p>
      ) : (
        <p className="alert alert-warning email-transport" data-transport="outbox">
          {t("emailSettings.transportOutbox", { dir: props.outboxDir })}
        </p>
      )}
      <div className="entity-form-wrap email-settings">
        <FormAlert errors={errors} formErrors={props.formErrors} />
        <form method="post" action={MAIL_SETTINGS_PATH} className="entity-form email-settings-form" noValidate {...browserValidation(t)}>
          <fieldset className="form-section">
            <legend>{t("emailSettings.sender")}</legend>
            {props.senderFields.map((f) => (
              <FieldRow key={f.name} field={f} value={props.values[f.name]} error={errors[f.name]} />
            ))}
          </fieldset>
          <h2 className="section-title">{t("emailSettings.templates")}</h2>
          <p className="field-hint">{t("emailSettings.templatesHint", { placeholders: props.placeholders })}</p>
          {MAIL_TEMPLATE_KEYS.map((key) => (
            <fieldset key={key} className="form-section email-template" data-template={key}>
              <legend>{t(`emailSettings.template.${key}`)}</legend>
              {MAIL_LANGUAGES.map((lang) => (
                <div key={lang} className="email-template-language" data-lang={lang}>
                  {(["subject", "body"] as const).map((part) => {
                    const f = field(key, lang, part);
                    return <FieldRow key={f.name} field={f} value={props.values[f.name]} error={errors[f.name]} />;
                  })}
                  <details className="email-preview">
                    <summary>
                      {t("emailSettings.preview")} ({t(`emailSettings.language.${lang}`)})
                    </summary>
                    <p>
                      <strong>{t("emailSettings.previewSubject")}:</strong> <span className="email-preview-subject">{props.previews[key][lang]!.subject}</span>
                    </p>
                    <pre className="email-preview-body">{props.previews[key][lang]!.body}</pre>
                  </details>
                </div>
              ))}
            </fieldset>
          ))}
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              {t("action.save")}
            </button>
          </div>
        </form>
      </div>
    </AppLayout>
  );
}
