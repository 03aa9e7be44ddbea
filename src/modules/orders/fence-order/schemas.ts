/** Fence order header (docs/domain.md#fence-order, docs/domain.md#fence-order-validation, docs/domain.md#order-defaults). Browser-safe: zod and constants only. */
import { z } from "zod";
import { isValidDic, isValidIco, normalizeDic, normalizePostalCode } from "@/lib/company-ids";
import { booleanField, dateField, decimalField, emailField, integerField, optionalText, requiredText, storableString } from "@/lib/zod-fields";

export const FENCE_ORDER_STATUSES = ["PRICE_OFFER", "MEASURED", "ORDER_CONFIRMATION", "MATERIAL_ORDER", "PLANNED", "CLOSED", "CANCELED"] as const;
export type FenceOrderStatus = (typeof FENCE_ORDER_STATUSES)[number];

/** docs/domain.md#order-defaults. */
export const DEFAULT_PAYMENT_RULES = { paymentRuleConfirmation: 10, paymentRuleDelivery: 55, paymentRuleCompletion: 35 } as const;
export const DEFAULT_DELIVERY_TEXT = "výroba 1–14 týdnů, montáž 1–7 dní";
/** Age warning thresholds in days since the order date (docs/domain.md#age-warning). */
export const AGE_WARNING_DAYS = { yellow: 60, orange: 80, red: 90 } as const;

const blank = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);
const optionalDate = () => z.preprocess(blank, dateField().optional());

const postalCode = () =>
  z.preprocess(
    blank,
    storableString()
      .transform((value, context) => {
        const normalized = normalizePostalCode(value);
        if (!normalized) context.addIssue({ code: "custom", message: "fenceOrder.validation.postalCode" });
        return normalized ?? value;
      })
      .optional(),
  );

const ico = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? blank(value.replace(/\s+/g, "")) : blank(value)),
    storableString().refine(isValidIco, "fenceOrder.validation.ico").optional(),
  );

const dic = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? blank(normalizeDic(value)) : blank(value)),
    storableString().refine(isValidDic, "fenceOrder.validation.dic").optional(),
  );

export const phone = () =>
  z.preprocess(
    blank,
    storableString((issue) => (issue.input === undefined ? "validation.required" : "validation.invalid"))
      .trim()
      .max(40, { message: "validation.maxLength" })
      .regex(/^\+?[0-9][0-9 ()-]{5,}$/, "fenceOrder.validation.phone"),
  );

/** The billing and delivery fields of a customer, the same on an order and on a directory contact (docs/domain.md#customers). */
export const customerAddressFields = () => ({
  company: optionalText(200),
  ico: ico(),
  dic: dic(),
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
});

type AddressInput = z.output<z.ZodObject<ReturnType<typeof customerAddressFields>>>;

/** While the delivery-address box is on, its street, city and postal code are required. */
export function requireDeliveryAddress(value: AddressInput, context: z.RefinementCtx): void {
  if (!value.deliveryAddress) return;
  for (const path of ["deliveryStreet", "deliveryCity", "deliveryPostalCode"] as const) {
    if (!value[path]) context.addIssue({ code: "custom", path: [path], message: "validation.required" });
  }
}

/** The stored billing and delivery values of an input; the delivery address is kept only while its box is on. */
export function customerAddressValues(input: AddressInput) {
  const delivery = input.deliveryAddress;
  return {
    company: input.company ?? null,
    ico: input.ico ?? null,
    dic: input.dic ?? null,
    street: input.street ?? null,
    city: input.city ?? null,
    postalCode: input.postalCode ?? null,
    deliveryAddress: delivery,
    deliveryCompany: delivery ? (input.deliveryCompany ?? null) : null,
    deliveryFirstName: delivery ? (input.deliveryFirstName ?? null) : null,
    deliveryLastName: delivery ? (input.deliveryLastName ?? null) : null,
    deliveryStreet: delivery ? (input.deliveryStreet ?? null) : null,
    deliveryCity: delivery ? (input.deliveryCity ?? null) : null,
    deliveryPostalCode: delivery ? (input.deliveryPostalCode ?? null) : null,
  };
}

const percent = () => integerField({ min: 0, max: 100 });

/** The header of a fence order: the Common tab's form and the API's POST/PUT body. */
export const fenceOrderInput = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    phone: phone(),
    email: emailField(),
    ...customerAddressFields(),
    paymentRuleConfirmation: percent(),
    paymentRuleDelivery: percent(),
    paymentRuleCompletion: percent(),
    delivery: requiredText(200),
    /** The VAT percent (12, 15, 21); the service checks it against the active rates. */
    vat: decimalField({ min: 0, max: 100, places: 2 }),
    note: optionalText(4000),
    offerDate: dateField(),
    measurementDate: optionalDate(),
    orderDate: optionalDate(),
    deadline: optionalDate(),
    priorityOrder: booleanField(false),
  })
  .superRefine((value, context) => {
    const { paymentRuleConfirmation: a, paymentRuleDelivery: b, paymentRuleCompletion: c } = value;
    const inRange = [a, b, c].every((n) => Number.isInteger(n) && n >= 0 && n <= 100);
    if (inRange && a + b + c !== 100) {
      for (const path of ["paymentRuleConfirmation", "paymentRuleDelivery", "paymentRuleCompletion"]) {
        context.addIssue({ code: "custom", path: [path], message: "fenceOrder.validation.paymentSum", params: { sum: a + b + c } });
      }
    }
    requireDeliveryAddress(value, context);
  });
export type FenceOrderInput = z.output<typeof fenceOrderInput>;

/** The edit mode's status form: a status, or AUTO to hand the status back to the date rules. */
export const fenceOrderStatusInput = z.object({
  status: z.enum([...FENCE_ORDER_STATUSES, "AUTO"], {
    error: (issue) => (issue.input === undefined || issue.input === "" ? "validation.required" : "validation.invalid"),
  }),
});

/** What the customer lookup copies from an earlier order: personal and billing data. */
export const CUSTOMER_FIELDS = ["firstName", "lastName", "phone", "email", "company", "ico", "dic", "street", "city", "postalCode"] as const;

/** The lookup's keys; `lastName` and `company` find a directory contact by name (docs/domain.md#customers). */
export const customerLookupInput = z
  .object({ phone: optionalText(40), email: optionalText(200), ico: optionalText(20), lastName: optionalText(100), company: optionalText(200) })
  .refine((value) => value.phone || value.email || value.ico || value.lastName || value.company, "validation.required");

/** A customer's stored billing and delivery data, on an order and on a directory contact. */
export interface CustomerAddress {
  company: string | null;
  ico: string | null;
  dic: string | null;
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
}

/** The billing and delivery data of a stored row (an order's or a contact's). */
export const customerAddressOf = (row: CustomerAddress): CustomerAddress => ({
  company: row.company,
  ico: row.ico,
  dic: row.dic,
  street: row.street,
  city: row.city,
  postalCode: row.postalCode,
  deliveryAddress: row.deliveryAddress,
  deliveryCompany: row.deliveryCompany,
  deliveryFirstName: row.deliveryFirstName,
  deliveryLastName: row.deliveryLastName,
  deliveryStreet: row.deliveryStreet,
  deliveryCity: row.deliveryCity,
  deliveryPostalCode: row.deliveryPostalCode,
});

export interface FenceOrder extends CustomerAddress {
  id: number;
  status: FenceOrderStatus;
  statusSetManually: boolean;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  paymentRuleConfirmation: number;
  paymentRuleDelivery: number;
  paymentRuleCompletion: number;
  delivery: string;
  vat: number;
  note: string | null;
  deadline: string | null;
  orderDate: string | null;
  offerDate: string | null;
  measurementDate: string | null;
  priorityOrder: boolean;
}

/** A list row: the header plus what the icons need (filled for a whole page by `enrich`). */
export interface FenceOrderRow extends FenceOrder {
  fileCount: number;
  openPromiseCount: number;
  /** Automatic status updates, oldest first, for the tooltip. */
  autoUpdates: { from: string | null; to: string; at: string }[];
}
