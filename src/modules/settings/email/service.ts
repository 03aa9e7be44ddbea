/**
 * Settings → E-mail (docs/decisions/081-sending-documents.md): the sender and the templates of the messages
 * that send documents. One row (id 1); a template left blank or equal to its default is not
 * stored, so a default improved later reaches everyone who never changed it. Before the first
 * save the sender is the company identity's name and e-mail.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { mailSettings, type StoredMailTemplates } from "@db/schema";
import { type Ctx, type Lang, withTransaction } from "@/lib/context";
import { AppError, type Message, msg } from "@/lib/errors";
import { tFor } from "@/lib/i18n";
import { getCompanyIdentity } from "../company-identity/service";
import {
  MAIL_BODY_MAX,
  MAIL_LANGUAGES,
  MAIL_PLACEHOLDERS,
  MAIL_SETTINGS_ID,
  MAIL_SUBJECT_MAX,
  MAIL_TEMPLATE_KEYS,
  type MailTemplate,
  type MailTemplateKey,
  templateField,
  unknownPlaceholders,
} from "./schemas";

/** Each placeholder as itself: a default's text read from the locale files with its `{{…}}` kept. */
const KEEP_PLACEHOLDERS = Object.fromEntries(MAIL_PLACEHOLDERS.map((name) => [name, `{{${name}}}`]));

/** The default template of `key` in `lang` (src/locales/email.ts). */
export const defaultMailTemplate = (key: MailTemplateKey, lang: Lang): MailTemplate => ({
  subject: tFor(lang)(`emailTemplates.${key}.subject`, KEEP_PLACEHOLDERS) as string,
  body: tFor(lang)(`emailTemplates.${key}.body`, KEEP_PLACEHOLDERS) as string,
});

export interface MailSettings {
  senderName: string;
  senderAddress: string;
  /** Whether the row was saved (else the sender is the company's). */
  saved: boolean;
  /** Every template in both languages, the stored one or the default. */
  templates: Record<MailTemplateKey, Record<Lang, MailTemplate & { custom: boolean }>>;
}

export async function getMailSettings({ ctx }: { ctx: Ctx }): Promise<MailSettings> {
  const [row] = await ctx.db.select().from(mailSettings).where(eq(mailSettings.id, MAIL_SETTINGS_ID)).limit(1);
  const company = row ? null : await getCompanyIdentity({ ctx });
  const stored: StoredMailTemplates = row?.templates ?? {};
  const templates = Object.fromEntries(
    MAIL_TEMPLATE_KEYS.map((key) => [
      key,
      Object.fromEntries(
        MAIL_LANGUAGES.map((lang) => {
          const own = stored[key]?.[lang];
          const fallback = defaultMailTemplate(key, lang);
          return [lang, { subject: own?.subject || fallback.subject, body: own?.body || fallback.body, custom: Boolean(own) }];
        }),
      ),
    ]),
  ) as MailSettings["templates"];
  return {
    senderName: row?.senderName ?? company?.name ?? "",
    senderAddress: row?.senderAddress ?? company?.email ?? "",
    saved: Boolean(row),
    templates,
  };
}

const LINE_BREAK = /[\r\n]/;
const emailCheck = z.email();

/**
 * Saves the sender and the templates. `input`: `senderName`, `senderAddress`, and per template
 * and language `offer.cs.subject`, `offer.cs.body`… (templateField); blank means the default.
 * Refused by field: a missing or broken sender, a subject with a line break, a text too long, a
 * placeholder the templates do not know.
 */
export async function saveMailSettings({ ctx, input }: { ctx: Ctx; input: Record<string, unknown> }): Promise<MailSettings> {
  const fields: Record<string, Message> = {};
  const text = (name: string) => (typeof input[name] === "string" ? (input[name] as string) : "").replace(/\r\n/g, "\n");
  const senderName = text("senderName").trim();
  const senderAddress = text("senderAddress").trim();
  if (!senderName) fields.senderName = msg("validation.required");
  else if (senderName.length > 200) fields.senderName = msg("validation.maxLength", { max: 200 });
  else if (LINE_BREAK.test(senderName)) fields.senderName = msg("mail.badName");
  if (!senderAddress) fields.senderAddress = msg("validation.required");
  else if (senderAddress.length > 254 || !emailCheck.safeParse(senderAddress).success) fields.senderAddress = msg("validation.email");

  const templates: StoredMailTemplates = {};
  for (const key of MAIL_TEMPLATE_KEYS) {
    for (const lang of MAIL_LANGUAGES) {
      const fallback = defaultMailTemplate(key, lang);
      const own: Partial<MailTemplate> = {};
      for (const part of ["subject", "body"] as const) {
        const name = templateField(key, lang, part);
        const value = part === "subject" ? text(name).trim() : text(name).replace(/\s+$/, "");
        if (!value || value === fallback[part]) continue;
        const max = part === "subject" ? MAIL_SUBJECT_MAX : MAIL_BODY_MAX;
        const unknown = unknownPlaceholders(value);
        if (value.length > max) fields[name] = msg("validation.maxLength", { max });
        else if (part === "subject" && LINE_BREAK.test(value)) fields[name] = msg("emailSettings.lineBreak");
        else if (unknown.length) fields[name] = msg("emailSettings.unknownPlaceholder", { placeholder: unknown.join(", "), placeholders: placeholderList() });
        own[part] = value;
      }
      if (own.subject || own.body) (templates[key] ??= {})[lang] = { subject: own.subject ?? "", body: own.body ?? "" };
    }
  }
  if (Object.keys(fields).length) throw AppError.invalid(fields);
  return withTransaction(ctx, async (tx) => {
    const values = { senderName, senderAddress, templates };
    await tx.db
      .insert(mailSettings)
      .values({ id: MAIL_SETTINGS_ID, ...values, createdBy: tx.userId, updatedBy: tx.userId })
      .onConflictDoUpdate({ target: mailSettings.id, set: { ...values, updatedBy: tx.userId, updatedAt: new Date() } });
    return getMailSettings({ ctx: tx });
  });
}

/** `{{orderNumber}}, {{documentNumber}}, …` for hints and refusals. */
export const placeholderList = () => MAIL_PLACEHOLDERS.map((name) => `{{${name}}}`).join(", ");

/** The sender of every message, or a refusal when none is set (neither here nor in the company identity). */
export async function mailSender({ ctx }: { ctx: Ctx }): Promise<{ name: string; address: string }> {
  const settings = await getMailSettings({ ctx });
  if (!settings.senderAddress || !emailCheck.safeParse(settings.senderAddress).success) throw AppError.fail(msg("emailSending.noSender"));
  return { name: settings.senderName, address: settings.senderAddress };
}
