import { z } from "zod";
import { type Checked, checkCzechBankAccount, checkCzechIban, checkSwift, czechIbanOf, formatCzechBankAccount, formatIban } from "@/lib/bank";
import { optionalText, requiredText } from "@/lib/zod-fields";
import { PAYMENT_METHODS, type PaymentMethod } from "./invoice/formats/snapshot";

/** docs/domain.md#promise-statuses: a promise status (kind) is an id and a required name. */
export { namedEntityInput as promiseStatusInput, type NamedEntity as PromiseStatus } from "@/lib/crud/named-entity";

/** docs/domain.md#invoice-settings: invoice settings are one record with this id. */
export const INVOICE_SETTINGS_ID = 1;

/** A required text that `check` accepts; answers its normalised spelling. */
const checkedText = (max: number, check: (text: string) => Checked<string>) =>
  requiredText(max).transform((text, ctx) => {
    const checked = check(text);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: "custom", message: checked.error, input: text });
    return z.NEVER;
  });

const checkedAccount = (text: string): Checked<string> => {
  const checked = checkCzechBankAccount(text);
  return checked.ok ? { ok: true, value: formatCzechBankAccount(checked.value) } : checked;
};

/** The IBAN of a Czech account number, or why the number is not one. */
export function deriveIban(bankAccount: string): Checked<string> {
  const checked = checkCzechBankAccount(bankAccount);
  return checked.ok ? { ok: true, value: czechIbanOf(checked.value) } : checked;
}

/**
 * docs/domain.md#invoice-settings: bankAccount, iban and swift are required. The account passes ČNB's mod-11 rule,
 * the IBAN its mod-97 check and is the account's own IBAN, the SWIFT/BIC has 8 or 11 characters.
 */
export const invoiceSettingsInput = z
  .object({
    bankAccount: checkedText(40, checkedAccount),
    iban: checkedText(40, checkCzechIban),
    swift: checkedText(20, checkSwift),
    /** How invoices ask to be paid; a transfer prints the account and QR Platba. */
    paymentMethod: z.preprocess((value) => (value === "" || value == null ? undefined : value), z.enum(PAYMENT_METHODS, { message: "validation.invalid" }).default("TRANSFER")),
    /** Printed and sent with a transfer: 1–4 digits (Pohoda's field has four), or none. */
    constantSymbol: optionalText(10).pipe(z.string().regex(/^\d{1,4}$/, { message: "invoiceSettings.constantSymbolFormat" }).optional()),
    /** The name of the person issuing invoices, printed on them. */
    issuedBy: optionalText(100),
  })
  .superRefine((value, ctx) => {
    const derived = deriveIban(value.bankAccount);
    if (derived.ok && derived.value !== value.iban) {
      ctx.addIssue({
        code: "custom",
        path: ["iban"],
        message: "bank.ibanMismatch",
        params: { account: value.bankAccount, expected: formatIban(derived.value) },
        input: value.iban,
      });
    }
  });
export type InvoiceSettingsInput = z.infer<typeof invoiceSettingsInput>;

/** The record; before the first save its values are null. */
export interface InvoiceSettings {
  id: typeof INVOICE_SETTINGS_ID;
  bankAccount: string | null;
  iban: string | null;
  swift: string | null;
  paymentMethod: PaymentMethod;
  constantSymbol: string | null;
  issuedBy: string | null;
}
