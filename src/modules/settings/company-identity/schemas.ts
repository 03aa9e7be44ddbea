/** Issue 11: the company's identity is one record with this id (like invoice settings). */
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
