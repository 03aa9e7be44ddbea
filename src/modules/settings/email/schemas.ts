/**
 * Settings → E-mail (docs/decisions/081-sending-documents.md): the templates, their placeholders and how a
 * template is filled in. Browser-safe: constants and pure functions only.
 */
import type { Lang } from "@/lib/context";

export const MAIL_SETTINGS_PATH = "/settings/email";
export const MAIL_SETTINGS_ID = 1;

/** A message's template: one per kind of document sent. */
export const MAIL_TEMPLATE_KEYS = ["offer", "proforma", "invoice", "creditNote", "reminder"] as const;
export type MailTemplateKey = (typeof MAIL_TEMPLATE_KEYS)[number];

export const MAIL_LANGUAGES = ["cs", "en"] as const satisfies readonly Lang[];

/** What a template may name as `{{placeholder}}`. */
export const MAIL_PLACEHOLDERS = ["orderNumber", "documentNumber", "amount", "dueDate", "variableSymbol", "companyName", "customerName"] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];
export type MailPlaceholderValues = Record<MailPlaceholder, string>;

export const MAIL_SUBJECT_MAX = 300;
export const MAIL_BODY_MAX = 10_000;

export interface MailTemplate {
  subject: string;
  body: string;
}

/** The form's field of one template's part: `offer.cs.subject`. */
export const templateField = (key: MailTemplateKey, lang: Lang, part: keyof MailTemplate) => `${key}.${lang}.${part}`;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names that are not MAIL_PLACEHOLDERS, each once, as written (`{{foo}}`). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) if (!(MAIL_PLACEHOLDERS as readonly string[]).includes(match[1]!)) unknown.add(match[0]);
  return [...unknown];
}

/** A template's text with every known placeholder replaced by its value (an empty value leaves nothing). */
export const fillTemplate = (text: string, values: MailPlaceholderValues): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => ((MAIL_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as MailPlaceholder] : whole));
