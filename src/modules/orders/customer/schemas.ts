/** The customer directory (docs/domain.md#customers). Browser-safe: zod and constants only. */
import { z } from "zod";
import { optionalText, storableString } from "@/lib/zod-fields";
import { type CustomerAddress, customerAddressFields, phone, requireDeliveryAddress } from "../fence-order/schemas";

export const CUSTOMER_LANGUAGES = ["cs", "en"] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

const blank = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

const email = () =>
  z.preprocess(blank, storableString().trim().max(200, { message: "validation.maxLength" }).pipe(z.email("validation.email")).optional());

/** The contact's own rules are asked when its fields are valid: a refused e-mail is not also "no way to reach". */
const fieldsValid = (payload: { issues: { code: string; path?: PropertyKey[] }[] }) =>
  payload.issues.every((issue) => issue.code === "custom" && issue.path?.length === 1 && (issue.path[0] === "lastName" || issue.path[0] === "phone"));

/**
 * A contact: the order's customer and delivery fields (the same rules and messages), its documents'
 * language and a note. It needs a name or a company, and a way to reach it or find it again
 * (phone, e-mail or IČO).
 */
export const customerInput = z
  .object({
    firstName: optionalText(100),
    lastName: optionalText(100),
    phone: z.preprocess(blank, phone().optional()),
    email: email(),
    ...customerAddressFields(),
    /** cs when left out (a new contact; a saved form); an upsert without it keeps the contact's. */
    language: z.preprocess(blank, z.enum(CUSTOMER_LANGUAGES, { error: "validation.invalid" }).optional()),
    note: optionalText(4000),
  })
  .refine((value) => value.lastName || value.company, { path: ["lastName"], message: "customer.validation.nameOrCompany", when: fieldsValid })
  .refine((value) => value.phone || value.email || value.ico, { path: ["phone"], message: "customer.validation.reach", when: fieldsValid })
  .superRefine(requireDeliveryAddress);
export type CustomerInput = z.output<typeof customerInput>;

export interface Customer extends CustomerAddress {
  id: number;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  language: CustomerLanguage;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}
