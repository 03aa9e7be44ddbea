/**
 * The company's identity (decision 021): one record, id 1, that the offer's and the
 * invoice's headers print. Admins save it (the first save creates it) and set or remove its logo;
 * everyone reads it.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import { companyIdentity } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { AppError, msg } from "@/lib/errors";
import type { IncomingFile } from "@/lib/uploads";
import { parseInput } from "@/lib/validation";
import { checkCompanyLogo } from "./logo";
import { COMPANY_IDENTITY_ID, COMPANY_LOGO_FIELD, type CompanyIdentity, companyIdentityInput } from "./schemas";

/** Before the first save: no name, a VAT payer, offers valid 30 days. */
const EMPTY_IDENTITY: CompanyIdentity = {
  id: COMPANY_IDENTITY_ID,
  name: "",
  street: null,
  city: null,
  postalCode: null,
  country: null,
  ico: null,
  dic: null,
  vatPayer: true,
  phone: null,
  email: null,
  web: null,
  hasLogo: false,
  offerValidityDays: 30,
  offerClosingText: null,
  updatedAt: null,
};

export async function getCompanyIdentity({ ctx }: { ctx: Ctx }): Promise<CompanyIdentity> {
  // The logo's bytes are not read here: the headers only need to know there is one.
  const { logo, logoMimeType, createdAt, createdBy, updatedBy, ...columns } = getTableColumns(companyIdentity);
  const [row] = await ctx.db
    .select({ ...columns, hasLogo: sql<boolean>`${logo} is not null` })
    .from(companyIdentity)
    .where(eq(companyIdentity.id, COMPANY_IDENTITY_ID))
    .limit(1);
  return row ? { ...row, id: COMPANY_IDENTITY_ID, hasLogo: Boolean(row.hasLogo), updatedAt: row.updatedAt.toISOString() } : EMPTY_IDENTITY;
}

/** The stored logo (PNG or SVG), or null. */
export async function getCompanyLogo({ ctx }: { ctx: Ctx }): Promise<{ bytes: Uint8Array; mimeType: string } | null> {
  const [row] = await ctx.db.select({ logo: companyIdentity.logo, mimeType: companyIdentity.logoMimeType }).from(companyIdentity).where(eq(companyIdentity.id, COMPANY_IDENTITY_ID)).limit(1);
  return row?.logo && row.mimeType ? { bytes: row.logo, mimeType: row.mimeType } : null;
}

/** Validates and saves the record (companyIdentityInput); the first save creates row 1. Answers the record as read back. */
export async function saveCompanyIdentity({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<CompanyIdentity> {
  const parsed = parseInput(companyIdentityInput, input);
  // A field left out or blank is cleared: the form and PUT send the whole record.
  const values = {
    name: parsed.name,
    street: parsed.street ?? null,
    city: parsed.city ?? null,
    postalCode: parsed.postalCode ?? null,
    country: parsed.country ?? null,
    ico: parsed.ico ?? null,
    dic: parsed.dic ?? null,
    vatPayer: parsed.vatPayer,
    phone: parsed.phone ?? null,
    email: parsed.email ?? null,
    web: parsed.web ?? null,
    offerValidityDays: parsed.offerValidityDays,
    offerClosingText: parsed.offerClosingText ?? null,
  };
  return withTransaction(ctx, async (tx) => {
    await tx.db
      .insert(companyIdentity)
      .values({ id: COMPANY_IDENTITY_ID, ...values, createdBy: tx.userId, updatedBy: tx.userId })
      .onConflictDoUpdate({ target: companyIdentity.id, set: { ...values, updatedBy: tx.userId, updatedAt: new Date() } });
    return getCompanyIdentity({ ctx: tx });
  });
}

/**
 * Replaces the logo with a PNG or a safe SVG (logo.ts); one file. The identity must have been
 * saved first: the record's name is required, and a logo without it would print a nameless header.
 */
export async function setCompanyLogo({ ctx, input }: { ctx: Ctx; input: { files: IncomingFile[] } }): Promise<CompanyIdentity> {
  if (input.files.length === 0) throw AppError.fail(msg("upload.noFile"), { [COMPANY_LOGO_FIELD]: msg("upload.noFile") });
  if (input.files.length > 1) throw AppError.fail(msg("upload.tooMany", { count: 1 }), { [COMPANY_LOGO_FIELD]: msg("upload.tooMany", { count: 1 }) });
  const logo = checkCompanyLogo(input.files[0]!);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(companyIdentity)
      .set({ logo: logo.data, logoMimeType: logo.mimeType, updatedBy: tx.userId, updatedAt: new Date() })
      .where(eq(companyIdentity.id, COMPANY_IDENTITY_ID))
      .returning({ id: companyIdentity.id });
    if (!row) throw AppError.fail(msg("companyIdentity.logo.saveFirst"), { [COMPANY_LOGO_FIELD]: msg("companyIdentity.logo.saveFirst") });
    return getCompanyIdentity({ ctx: tx });
  });
}

/** Removes the logo; without one (or before the first save) there is nothing to do. */
export async function deleteCompanyLogo({ ctx }: { ctx: Ctx }): Promise<CompanyIdentity> {
  return withTransaction(ctx, async (tx) => {
    await tx.db
      .update(companyIdentity)
      .set({ logo: null, logoMimeType: null, updatedBy: tx.userId, updatedAt: new Date() })
      .where(sql`${companyIdentity.id} = ${COMPANY_IDENTITY_ID} and ${companyIdentity.logo} is not null`);
    return getCompanyIdentity({ ctx: tx });
  });
}
