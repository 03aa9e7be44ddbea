import { PRODUCT_LANGUAGES } from "@/modules/catalogue/product/schemas";
import { FieldRow, type FormField } from "../components/form";
import { useView } from "../view-context";
import { ProductTabForm } from "./product-editor";

/** Form field names are `<lang>.<text>`, the same keys the API's answers and field errors use. */
export const translationFieldNames = PRODUCT_LANGUAGES.flatMap((lang) => ["name", "invoiceName", "description"].map((text) => `${lang}.${text}`));

/** Name, invoice name and description per language (cs, en). */
export function ProductTranslationsTab(props: {
  productId: number;
  values: Record<string, string>;
  errors?: Record<string, string>;
  formErrors?: string[];
}) {
  const { t } = useView();
  const errors = props.errors ?? {};
  return (
    <ProductTabForm productId={props.productId} tab="translations" errors={errors} formErrors={props.formErrors}>
      <p className="product-tab-intro">{t("product.translations.intro")}</p>
      {PRODUCT_LANGUAGES.map((lang) => {
        const fields: FormField[] = [
          { name: `${lang}.name`, label: t("product.translations.name"), kind: "text", maxLength: 200 },
          { name: `${lang}.invoiceName`, label: t("product.translations.invoiceName"), kind: "text", maxLength: 200 },
          { name: `${lang}.description`, label: t("product.translations.description"), kind: "textarea", maxLength: 5000 },
        ];
        return (
          <fieldset key={lang} lang={lang}>
            <legend>{t(`product.translations.language.${lang}`)}</legend>
            {fields.map((field) => (
              <FieldRow key={field.name} field={field} value={props.values[field.name] ?? ""} error={errors[field.name]} />
            ))}
          </fieldset>
        );
      })}
    </ProductTabForm>
  );
}
