import { displayParameterValue } from "@/modules/catalogue/product/parameters";
import type { ProductParameter } from "@/modules/catalogue/product/schemas";
import { FieldRow } from "../components/form";
import { useView } from "../view-context";
import { ProductTabForm } from "./product-editor";

/** The input of parameter `id`; field errors come back keyed by the id. */
export const parameterFieldName = (id: number) => `param-${id}`;

/**
 * One text input per parameter of the product's categories (and their ancestors), with its unit.
 * A parameter without a value shows its default, so saving stores it; required ones are marked.
 */
export function ProductParametersTab(props: {
  productId: number;
  parameters: ProductParameter[];
  /** What was posted, when the form comes back with errors. */
  posted?: Record<string, string>;
  errors?: Record<string, string>;
  formErrors?: string[];
}) {
  const { t } = useView();
  const errors = props.errors ?? {};
  if (!props.parameters.length) return <p className="product-tab-intro">{t("product.parameters.none")}</p>;
  return (
    <ProductTabForm productId={props.productId} tab="parameters" errors={errors} formErrors={props.formErrors}>
      <p className="product-tab-intro">{t("product.parameters.intro")}</p>
      {props.parameters.map((parameter) => {
        const name = parameterFieldName(parameter.id);
        const value = props.posted ? (props.posted[name] ?? "") : displayParameterValue(parameter, parameter.value ?? parameter.default);
        const hints = [t("product.parameters.from", { categories: parameter.categories.join(", ") })];
        if (parameter.default) hints.push(t("product.parameters.defaultValue", { value: displayParameterValue(parameter, parameter.default) }));
        return (
          <FieldRow
            key={parameter.id}
            field={{ name, label: parameter.name, kind: "text", required: parameter.required, unit: parameter.unit || undefined, maxLength: 500, hint: hints.join(" · ") }}
            value={value}
            error={errors[String(parameter.id)]}
          />
        );
      })}
    </ProductTabForm>
  );
}
