/**
 * Settings → Company (docs/domain.md#company-identity, admins): the company identity's form, and under it the logo with
 * its preview, the upload form and Remove. The logo part is a fragment of its own: with htmx an
 * upload or a removal answers it again; without JavaScript each is a plain form post.
 */
import { COMPANY_IDENTITY_PATH } from "@/modules/settings/company-identity/schemas";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { fileGridStyles, UploadForm } from "../components/upload-form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const COMPANY_LOGO_SECTION_ID = "company-logo";
export const COMPANY_LOGO_UPLOAD_PATH = `${COMPANY_IDENTITY_PATH}/logo`;
export const COMPANY_LOGO_DELETE_PATH = `${COMPANY_IDENTITY_PATH}/logo/delete`;

export interface CompanyLogoProps {
  /** Whether the record has been saved: a logo needs it first. */
  saved: boolean;
  /** The preview's address (changes with every new logo), or null without a logo. */
  previewUrl: string | null;
  maxKb: number;
  accept: string;
  /** Translated refusals of the last upload. */
  errors?: string[];
}

const { cardStyle, thumbStyle, actionsStyle } = fileGridStyles;

export function CompanyLogoSection({ saved, previewUrl, maxKb, accept, errors = [] }: CompanyLogoProps) {
  const { t } = useView();
  return (
    <section id={COMPANY_LOGO_SECTION_ID} className="company-logo" aria-labelledby="company-logo-title">
      <h2 id="company-logo-title">{t("companyIdentity.logo.title")}</h2>
      {!saved ? (
        <p className="company-logo-save-first">{t("companyIdentity.logo.saveFirst")}</p>
      ) : (
        <>
          {previewUrl ? (
            <figure className="company-logo-current" style={{ ...cardStyle, maxWidth: 320, margin: "0 0 1rem" }}>
              <img src={previewUrl} alt={t("companyIdentity.logo.alt")} style={thumbStyle} className="company-logo-preview" />
              <figcaption style={actionsStyle}>
                <form
                  method="post"
                  action={COMPANY_LOGO_DELETE_PATH}
                  hx-post={COMPANY_LOGO_DELETE_PATH}
                  hx-target={`#${COMPANY_LOGO_SECTION_ID}`}
                  hx-swap="outerHTML"
                  hx-confirm={t("companyIdentity.logo.removeConfirm")}
                >
                  <button type="submit" className="button button-danger company-logo-remove">
                    {t("companyIdentity.logo.remove")}
                  </button>
                </form>
              </figcaption>
            </figure>
          ) : (
            <p className="company-logo-empty">{t("companyIdentity.logo.empty")}</p>
          )}
          <UploadForm
            action={COMPANY_LOGO_UPLOAD_PATH}
            targetId={COMPANY_LOGO_SECTION_ID}
            inputId="company-logo-file"
            label={previewUrl ? t("companyIdentity.logo.replace") : t("companyIdentity.logo.file")}
            hint={t("companyIdentity.logo.hint", { maxKb })}
            submitText={t("companyIdentity.logo.upload")}
            accept={accept}
            errors={errors}
            multiple={false}
            className="company-logo-upload"
          />
        </>
      )}
    </section>
  );
}

export function CompanyIdentityPage(props: {
  fields: FormField[];
  values: FormValues;
  errors?: Record<string, string>;
  formErrors?: string[];
  logo: CompanyLogoProps;
}) {
  const { t } = useView();
  return (
    <AppLayout title={t("companyIdentity.title")}>
      <p className="page-intro">{t("companyIdentity.intro")}</p>
      <EntityForm action={COMPANY_IDENTITY_PATH} fields={props.fields} values={props.values} errors={props.errors} formErrors={props.formErrors} />
      <CompanyLogoSection {...props.logo} />
    </AppLayout>
  );
}
