/**
 * Settings → Company (docs/domain.md#company-identity), admins only: the form (422 with field errors and FORM_NOT_VALID,
 * or a flash toast and a redirect), the logo's upload and removal (htmx answers the logo part with
 * a toast; a plain form post redirects with a flash toast).
 */
import { Hono } from "hono";
import { COMPANY_LOGO_SECTION_ID, CompanyIdentityPage, CompanyLogoSection, type CompanyLogoProps } from "@views/settings/company-identity-page";
import { type FormField, type FormValues, formToInput } from "@views/components/form";
import { type AppError, type Message, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { readFileParts } from "@/lib/http/uploads";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, renderFragment, renderPage } from "@/web/render";
import { tabAction } from "@/web/tab-action";
import { COMPANY_IDENTITY_PATH, COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_MIME_TYPES, COMPANY_LOGO_RULES, COMPANY_LOGO_URL, type CompanyIdentity, OFFER_CLOSING_TEXT_MAX } from "./schemas";
import { deleteCompanyLogo, getCompanyIdentity, saveCompanyIdentity, setCompanyLogo } from "./service";

const fields = (c: AppContext): FormField[] => {
  const t = c.get("t");
  const label = (name: string) => t(`companyIdentity.${name}`);
  return [
    { name: "name", label: label("name"), kind: "text", required: true, autoFocus: true, maxLength: 200, autoComplete: "organization" },
    { name: "street", label: label("street"), kind: "text", maxLength: 200, autoComplete: "address-line1" },
    { name: "city", label: label("city"), kind: "text", maxLength: 100, autoComplete: "address-level2" },
    { name: "postalCode", label: label("postalCode"), kind: "text", maxLength: 20, hint: label("postalCodeHint"), autoComplete: "postal-code" },
    { name: "country", label: label("country"), kind: "text", maxLength: 100, autoComplete: "country-name" },
    { name: "ico", label: label("ico"), kind: "text", maxLength: 20, hint: label("icoHint") },
    { name: "dic", label: label("dic"), kind: "text", maxLength: 20, hint: label("dicHint") },
    { name: "vatPayer", label: label("vatPayer"), kind: "checkbox", hint: label("vatPayerHint") },
    { name: "phone", label: label("phone"), kind: "text", maxLength: 40, autoComplete: "tel" },
    { name: "email", label: label("email"), kind: "email", maxLength: 200, autoComplete: "email" },
    { name: "web", label: label("web"), kind: "text", maxLength: 300, hint: label("webHint"), autoComplete: "url" },
    { name: "offerValidityDays", label: label("offerValidityDays"), kind: "integer", required: true, unit: label("days"), hint: label("offerValidityDaysHint") },
    { name: "offerClosingText", label: label("offerClosingText"), kind: "textarea", maxLength: OFFER_CLOSING_TEXT_MAX, hint: label("offerClosingTextHint") },
  ];
};

const logoProps = (identity: CompanyIdentity, errors?: string[]): CompanyLogoProps => ({
  saved: identity.updatedAt !== null,
  // The address changes with each new logo, so the preview never shows an old one from a cache.
  previewUrl: identity.hasLogo ? `${COMPANY_LOGO_URL}?v=${Date.parse(identity.updatedAt ?? "") || 0}` : null,
  maxKb: COMPANY_LOGO_MAX_BYTES / 1024,
  accept: Object.values(COMPANY_LOGO_MIME_TYPES).join(","),
  errors,
});

async function companyPage(c: AppContext, values?: FormValues, error?: AppError) {
  const identity = await getCompanyIdentity({ ctx: c.get("ctx") });
  const list = fields(c);
  const { errors, formErrors, answer } = formState(c, error, list.map((field) => field.name));
  const page = <CompanyIdentityPage fields={list} values={values ?? { ...identity }} errors={errors} formErrors={formErrors} logo={logoProps(identity)} />;
  return renderPage(c, page, answer);
}

async function logoSection(c: AppContext, init: { status?: number; errors?: string[] }) {
  const identity = await getCompanyIdentity({ ctx: c.get("ctx") });
  return renderFragment(c, <CompanyLogoSection {...logoProps(identity, init.errors)} />, { status: init.status });
}

/** The page's logo part after an action, for htmx; the page itself for a plain post. */
const logoAction = (c: AppContext, work: () => Promise<Message>) =>
  tabAction(c, { work, tab: (init) => logoSection(c, init), redirectTo: `${COMPANY_IDENTITY_PATH}#${COMPANY_LOGO_SECTION_ID}` });

export const companyIdentityPages = new Hono<AppEnv>();

companyIdentityPages.get(COMPANY_IDENTITY_PATH, (c) => companyPage(c));

companyIdentityPages.post(COMPANY_IDENTITY_PATH, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const input = formToInput(fields(c), body);
  return withFormErrors(
    async () => {
      await saveCompanyIdentity({ ctx: c.get("ctx"), input });
      flash(c, "success", "SAVED");
      return c.redirect(COMPANY_IDENTITY_PATH, 303);
    },
    (error) => companyPage(c, input, error),
  );
});

/** Multipart, field `files`: one PNG or SVG. */
companyIdentityPages.post(`${COMPANY_IDENTITY_PATH}/logo`, (c) =>
  logoAction(c, async () => {
    const files = await readFileParts(c, COMPANY_LOGO_RULES);
    await setCompanyLogo({ ctx: c.get("ctx"), input: { files } });
    return msg("companyIdentity.logo.uploaded");
  }),
);

companyIdentityPages.post(`${COMPANY_IDENTITY_PATH}/logo/delete`, (c) =>
  logoAction(c, async () => {
    await deleteCompanyLogo({ ctx: c.get("ctx") });
    return msg("companyIdentity.logo.removed");
  }),
);
