/**
 * Settings → E-mail (docs/decisions/081-sending-documents.md), admins only: the sender and the templates;
 * a refused save shows the form again with 422 and the errors by field, a save redirects with a toast.
 */
import { Hono } from "hono";
import { EmailSettingsPage } from "@views/settings/email-settings-page";
import { type FormField, type FormValues } from "@views/components/form";
import type { Lang } from "@/lib/context";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { outboxDir } from "@/lib/mail/outbox";
import { describeSmtpUrl } from "@/lib/mail/smtp-url";
import { formatMoney } from "@/lib/money";
import { formatCzechDate } from "@/lib/dates";
import { tFor } from "@/lib/i18n";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, renderPage } from "@/web/render";
import { MAIL_LANGUAGES, MAIL_SETTINGS_PATH, MAIL_TEMPLATE_KEYS, type MailPlaceholderValues, type MailTemplate, type MailTemplateKey, fillTemplate, templateField } from "./schemas";
import { getMailSettings, type MailSettings, placeholderList, saveMailSettings } from "./service";

const senderFields = (c: AppContext): FormField[] => {
  const t = c.get("t");
  return [
    { name: "senderName", label: t("emailSettings.senderName"), kind: "text", required: true, maxLength: 200, autoComplete: "organization" },
    { name: "senderAddress", label: t("emailSettings.senderAddress"), kind: "email", required: true, maxLength: 254, hint: t("emailSettings.senderHint"), autoComplete: "email" },
  ];
};

const allFieldNames = () => ["senderName", "senderAddress", ...MAIL_TEMPLATE_KEYS.flatMap((key) => MAIL_LANGUAGES.flatMap((lang) => [templateField(key, lang, "subject"), templateField(key, lang, "body")]))];

/** What the preview fills a template with: a made-up order and document, the company's own name. */
export const sampleValues = (lang: Lang, companyName: string): MailPlaceholderValues => ({
  orderNumber: "1234",
  documentNumber: "2026100042",
  amount: formatMoney(12_345.5, lang),
  dueDate: formatCzechDate("2026-12-14"),
  variableSymbol: "2026100042",
  companyName: companyName || (tFor(lang)("emailSettings.sample.companyName") as string),
  customerName: tFor(lang)("emailSettings.sample.customerName") as string,
});

const valuesOf = (settings: MailSettings): FormValues => ({
  senderName: settings.senderName,
  senderAddress: settings.senderAddress,
  ...Object.fromEntries(
    MAIL_TEMPLATE_KEYS.flatMap((key) => MAIL_LANGUAGES.flatMap((lang) => (["subject", "body"] as const).map((part) => [templateField(key, lang, part), settings.templates[key][lang][part]]))),
  ),
});

async function settingsPage(c: AppContext, init: { values?: FormValues; error?: AppError } = {}) {
  const settings = await getMailSettings({ ctx: c.get("ctx") });
  const { errors, formErrors, answer } = formState(c, init.error, allFieldNames());
  const previews = Object.fromEntries(
    MAIL_TEMPLATE_KEYS.map((key) => [
      key,
      Object.fromEntries(
        MAIL_LANGUAGES.map((lang) => {
          const sample = sampleValues(lang, settings.senderName);
          const template = settings.templates[key][lang];
          return [lang, { subject: fillTemplate(template.subject, sample), body: fillTemplate(template.body, sample) }];
        }),
      ),
    ]),
  ) as Record<MailTemplateKey, Record<string, MailTemplate>>;
  const { smtpUrl, dataDir } = c.get("deps");
  return renderPage(
    c,
    <EmailSettingsPage
      smtpServer={smtpUrl ? describeSmtpUrl(smtpUrl) : null}
      outboxDir={outboxDir(dataDir ?? "DATA_DIR")}
      senderFields={senderFields(c)}
      values={init.values ?? valuesOf(settings)}
      placeholders={placeholderList()}
      previews={previews}
      errors={errors}
      formErrors={formErrors}
    />,
    answer,
  );
}

export const emailSettingsPages = new Hono<AppEnv>();

emailSettingsPages.get(MAIL_SETTINGS_PATH, (c) => settingsPage(c));

emailSettingsPages.post(MAIL_SETTINGS_PATH, async (c) => {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const input = Object.fromEntries(allFieldNames().map((name) => [name, typeof body[name] === "string" ? body[name] : ""]));
  return withFormErrors(
    async () => {
      await saveMailSettings({ ctx: c.get("ctx"), input });
      flash(c, "success", "SAVED");
      return c.redirect(MAIL_SETTINGS_PATH, 303);
    },
    (error) => settingsPage(c, { values: input, error }),
  );
});
