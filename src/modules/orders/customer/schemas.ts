/** The customer directory (docs/domain.md#customers). Browser-safe: zod and constants only. */
import { z } from "zod";
import { booleanField, optionalText, storableString } from "@/lib/zod-fields";
import { dic, ico, phone, postalCode } from "../fence-order/schemas";

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
    company: optionalText(200),
    ico: ico(),
    dic: dic(),
    phone: z.preprocess(blank, phone().optional()),
    email: email(),
    street: optionalText(200),
    city: optionalText(100),
    postalCode: postalCode(),
    deliveryAddress: booleanField(false),
    deliveryCompany: optionalText(200),
    deliveryFirstName: optionalText(100),
    deliveryLastName: optionalText(100),
    deliveryStreet: optionalText(200),
    deliveryCity: optionalText(100),
    deliveryPostalCode: postalCode(),
    /** cs when left out (a new contact; a saved form); an upsert without it keeps the contact's. */
    language: z.preprocess(blank, z.enum(CUSTOMER_LANGUAGES, { error: "validation.invalid" }).optional()),
    note: optionalText(4000),
  })
  .refine((value) => value.lastName || value.company, { path: ["lastName"], message: "customer.validation.nameOrCompany", when: fieldsValid })
  .refine((value) => value.phone || value.email || value.ico, { path: ["phone"], message: "customer.validation.reach", when: fieldsValid })
  .superRefine((value, context) => {
    if (value.deliveryAddress) {
      for (const path of ["deliveryStreet", "deliveryCity", "deliveryPostalCode"] as const) {
        if (!value[path]) context.addIssue({ code: "custom", path: [path], message: "validation.required" });
      }
    }
  });
export type CustomerInput = z.output<typeof customerInput>;

export interface Customer {
  id: number;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  ico: string | null;
  dic: string | null;
  phone: string | null;
  email: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  deliveryAddress: boolean;
  deliveryCompany: string | null;
  deliveryFirstName: string | null;
  deliveryLastName: string | null;
  deliveryStreet: string | null;
  deliveryCity: string | null;
  deliveryPostalCode: string | null;
  language: CustomerLanguage;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}
