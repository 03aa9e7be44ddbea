import { Hono } from "hono";
import { namedEntityPages } from "@/web/crud/named-entity-pages";
import { formState, withFormErrors } from "@/web/form-state";
import { AppError, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { flash, renderPage } from "@/web/render";
import { type FormField, type FormValues, formToInput } from "@views/components/form";
import { DERIVE_IBAN_ACTION, INVOICE_SETTINGS_PATH, InvoiceSettingsPage } from "@views/orders/invoice-settings-page";
import { PAYMENT_METHODS } from "./invoice/formats/snapshot";
import { deriveIban, INVOICE_SETTINGS_ID } from "./schemas";
import { getInvoiceSettings, promiseStatusService, saveInvoiceSettings } from "./service";

const PROMISE_STATUS_PATH = "/orders/promiseStatus";

export const ordersSetupPages = new Hono<AppEnv>();

/** docs/domain.md#promise-statuses: list with an add button; edit with a read-only id, a required name and Delete. */
ordersSetupPages.route("/", namedEntityPages({ path: PROMISE_STATUS_PATH, i18n: "promiseStatus", service: promiseStatusService }));

const invoiceSettingsFields = (c: AppContext): FormField[] => {
  const t = c.get("t");
  return [
    { name: "id", label: t("invoiceSettings.id"), kind: "integer", readOnly: true, disabled: true },
    { name: "bankAccount", label: t("invoiceSettings.bankAccount"), kind: "text", required: true, autoFocus: true, maxLength: 40, hint: t("invoiceSettings.bankAccountHint") },
    { name: "iban", label: t("invoiceSettings.iban"), kind: "text", required: true, maxLength: 40, hint: t("invoiceSettings.ibanHint") },
    { name: "swift", label: t("invoiceSettings.swift"), kind: "text", required: true, maxLength: 20, hint: t("invoiceSettings.swiftHint") },
    {
      name: "paymentMethod",
      label: t("invoiceSettings.paymentMethod"),
      kind: "select",
      required: true,
      options: PAYMENT_METHODS.map((method) => ({ value: method, label: t(`invoices.paymentMethod.${method}`) })),
      hint: t("invoiceSettings.paymentMethodHint"),
    },
    { name: "constantSymbol", label: t("invoiceSettings.constantSymbol"), kind: "text", maxLength: 4, hint: t("invoiceSettings.constantSymbolHint") },
    { name: "issuedBy", label: t("invoiceSettings.issuedBy"), kind: "text", maxLength: 100, autoComplete: "name", hint: t("invoiceSettings.issuedByHint") },
  ];
};

const invoiceSettingsView = (c: AppContext, values: FormValues, error?: AppError) => {
  const fields = invoiceSettingsFields(c);
  const { errors, formErrors, answer } = formState(c, error, fields.map((field) => field.name));
  return renderPage(c, <InvoiceSettingsPage fields={fields} values={{ ...values, id: INVOICE_SETTINGS_ID }} errors={errors} formErrors={formErrors} />, answer);
};

/** docs/domain.md#invoice-settings: invoice settings, always the record with id 1. */
ordersSetupPages.get(INVOICE_SETTINGS_PATH, async (c) => invoiceSettingsView(c, { ...(await getInvoiceSettings({ ctx: c.get("ctx") })) }));

ordersSetupPages.post(INVOICE_SETTINGS_PATH, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const input = formToInput(invoiceSettingsFields(c), body);
  if (body.action === DERIVE_IBAN_ACTION) {
    // Fill the IBAN from the typed account; nothing is saved yet.
    const derived = deriveIban(String(input.bankAccount ?? ""));
    if (!derived.ok) {
      const reason = String(input.bankAccount ?? "").trim() ? msg(derived.error) : msg("validation.required");
      return invoiceSettingsView(c, input, AppError.invalid({ bankAccount: reason }));
    }
    return invoiceSettingsView(c, { ...input, iban: derived.value });
  }
  return withFormErrors(
    async () => {
      await saveInvoiceSettings({ ctx: c.get("ctx"), input });
      flash(c, "success", "SAVED");
      return c.redirect(INVOICE_SETTINGS_PATH, 303);
    },
    (error) => invoiceSettingsView(c, input, error),
  );
});
