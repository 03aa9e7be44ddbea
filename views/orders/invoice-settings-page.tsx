import { EntityForm, type FormField, type FormValues } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const INVOICE_SETTINGS_PATH = "/orders/invoiceSettings";
/** The submit button's name and value that fill the IBAN from the account instead of saving. */
export const DERIVE_IBAN_ACTION = "deriveIban";

/** docs/domain.md#invoice-settings: the single invoice settings record, with a server-side "fill IBAN from the account" button. */
export function InvoiceSettingsPage(props: { fields: FormField[]; values: FormValues; errors?: Record<string, string>; formErrors?: string[] }) {
  const { t } = useView();
  return (
    <AppLayout title={t("invoiceSettings.title")}>
      <EntityForm action={INVOICE_SETTINGS_PATH} fields={props.fields} values={props.values} errors={props.errors} formErrors={props.formErrors}>
        {/* Enter in a field submits with the form's first submit button: let that be Save, not the IBAN fill. */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {t("action.save")}
        </button>
        <p className="field" style={{ justifyItems: "start" }}>
          <button type="submit" name="action" value={DERIVE_IBAN_ACTION} className="button" formNoValidate>
            {t("invoiceSettings.deriveIban")}
          </button>
          <small className="field-hint">{t("invoiceSettings.deriveIbanHint")}</small>
        </p>
      </EntityForm>
    </AppLayout>
  );
}
