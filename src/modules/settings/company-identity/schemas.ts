/** The company's identity (docs/domain.md#company-identity): what the offer's and the invoice's headers print. Browser-safe: zod and constants only. */
import { z } from "zod";
import { isValidDic, isValidIco, normalizeDic, normalizePostalCode } from "@/lib/company-ids";
import { booleanField, emailField, integerField, optionalText, requiredText, storableString } from "@/lib/zod-fields";

/** docs/domain.md#company-identity: the company's identity is one record with this id (like invoice settings). */
export const COMPANY_IDENTITY_ID = 1;

/** What the offer's and the invoice's headers print; the logo travels apart (`CompanyLogo`). */
export interface CompanyIdentity {
  id: typeof COMPANY_IDENTITY_ID;
  name: string;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  ico: string | null;
  dic: string | null;
  vatPayer: boolean;
  phone: string | null;
  email: string | null;
  web: string | null;
  /** Whether a logo is stored (its bytes come from `getCompanyLogo`). */
  hasLogo: boolean;
  offerValidityDays: number;
  offerClosingText: string | null;
  updatedAt: string | null;
}

/** The logo: a PNG or an SVG of at most 512 kB (a header logo needs far less). */
export const COMPANY_LOGO_MAX_BYTES = 512 * 1024;
export const COMPANY_LOGO_MIME_TYPES = { png: "image/png", svg: "image/svg+xml" } as const;
export type CompanyLogoKind = keyof typeof COMPANY_LOGO_MIME_TYPES;
/** The multipart field of a logo upload (the shared upload form's). */
export const COMPANY_LOGO_FIELD = "files";
/** One file per upload: the module's body caps and the routes that read it (logo.ts checks its content). */
export const COMPANY_LOGO_RULES = { field: COMPANY_LOGO_FIELD, maxFiles: 1, maxBytes: COMPANY_LOGO_MAX_BYTES } as const;

/** Where the page lives and what the API answers at (pages are admins'; the API's reads are everyone's). */
export const COMPANY_IDENTITY_PATH = "/settings/company";
export const COMPANY_LOGO_URL = "/api/settings/company/logo";

export const OFFER_VALIDITY_DAYS = { min: 1, max: 365 } as const;
export const OFFER_CLOSING_TEXT_MAX = 2000;

const blank = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

/** A text normalised by `normalize` (null: not one), refused with `message` otherwise; blank is none. */
const optionalChecked = (message: string, normalize: (text: string) => string | null, max = 200) =>
  z.preprocess(
    blank,
    storableString()
      .trim()
      .max(max, { message: "validation.maxLength" })
      .transform((text, context) => {
        const normalized = normalize(text);
        if (normalized === null) context.addIssue({ code: "custom", message, input: text });
        return normalized ?? text;
      })
      .optional(),
  );

/** `+420 602 333 444`, `602333444`, `(+420) 541-222-333`: digits with the usual separators; spaces collapsed. */
export function normalizePhone(text: string): string | null {
  const phone = text.trim().replace(/\s+/g, " ");
  return /^\(?\+?[0-9][0-9 ()/-]{4,37}[0-9]$/.test(phone) && phone.replace(/[^0-9]/g, "").length >= 6 ? phone : null;
}

/**
 * A web address as `https://www.example.cz` (or with its http scheme, path and query as typed): a bare
 * domain gets https://; anything but http(s), a host without a dot, or a user name in it is refused.
 */
export function normalizeWeb(text: string): string | null {
  const typed = text.trim();
  if (/\s/.test(typed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || !/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z][a-z0-9-]*$/i.test(url.hostname)) return null;
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.protocol}//${url.host}${path}${url.search}${url.hash}`;
}

const ico = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? blank(value.replace(/\s+/g, "")) : blank(value)),
    storableString().refine(isValidIco, "companyIdentity.validation.ico").optional(),
  );

const dic = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? blank(normalizeDic(value)) : blank(value)),
    storableString().refine(isValidDic, "companyIdentity.validation.dic").optional(),
  );

/**
 * The record as an admin saves it (the page's form and PUT /api/settings/company): a required name;
 * PSČ as `123 45`; IČO with its mod-11 check digit; DIČ as CZ and 8–10 digits, required of a VAT
 * payer; a valid e-mail; a web address normalised; offers valid 1–365 days.
 */
export const companyIdentityInput = z
  .object({
    name: requiredText(200),
    street: optionalText(200),
    city: optionalText(100),
    postalCode: optionalChecked("companyIdentity.validation.postalCode", normalizePostalCode, 20),
    country: optionalText(100),
    ico: ico(),
    dic: dic(),
    vatPayer: booleanField(false),
    phone: optionalChecked("companyIdentity.validation.phone", normalizePhone, 40),
    email: z.preprocess(blank, emailField().optional()),
    web: optionalChecked("companyIdentity.validation.web", normalizeWeb, 300),
    offerValidityDays: integerField(OFFER_VALIDITY_DAYS),
    offerClosingText: optionalText(OFFER_CLOSING_TEXT_MAX),
  })
  .superRefine((value, context) => {
    if (value.vatPayer && !value.dic) context.addIssue({ code: "custom", path: ["dic"], message: "companyIdentity.validation.vatPayerNeedsDic", input: value.dic });
  });
export type CompanyIdentityInput = z.infer<typeof companyIdentityInput>;

/** The form's and the API's field names, in the page's order. */
export const COMPANY_IDENTITY_FIELDS = Object.keys(companyIdentityInput.shape) as (keyof CompanyIdentityInput)[];
