import { eq, getTableColumns, sql } from "drizzle-orm";
import { companyIdentity } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { COMPANY_IDENTITY_ID, type CompanyIdentity } from "./schemas";

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
