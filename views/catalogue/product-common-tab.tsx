import type { T } from "@/lib/i18n";
import type { TreeNode } from "@/modules/catalogue/category/tree";
import type { ProductVat } from "@/modules/catalogue/product/schemas";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { categoryPickerField } from "./category-picker-field";

/**
 * The Common tab's fields (docs/domain.md#product-editor). The VAT select offers the active rates, plus the
 * product's own rate if it has become inactive.
 */
export function productCommonFields(args: { t: T; tree: TreeNode[]; vats: ProductVat[]; editing: boolean }): FormField[] {
  const { t, tree, vats, editing } = args;
  return [
    ...(editing ? [{ name: "id", label: t("product.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t("product.name"), kind: "text", required: true, autoFocus: !editing, maxLength: 200 },
    { name: "invoiceName", label: t("product.invoiceName"), kind: "text", maxLength: 200 },
    categoryPickerField({ t, name: "categories", label: t("product.categories"), emptyText: t("product.pickerEmpty"), tree }),
    {
      name: "vat",
      label: t("product.vat"),
      kind: "select",
      required: true,
      emptyOption: vats.length ? undefined : "--",
      options: vats.map((vat) => ({ value: String(vat.id), label: vat.active ? vat.name : t("product.vatInactiveOption", { name: vat.name }) })),
    },
    { name: "storable", label: t("product.storable"), kind: "checkbox" },
    { name: "active", label: t("product.active"), kind: "checkbox", hint: t("product.activeHint") },
    { name: "notForPainting", label: t("planning.product.notForPainting"), kind: "checkbox", hint: t("planning.product.notForPaintingHint") },
    { name: "ean13", label: t("product.ean13"), kind: "text", maxLength: 20, hint: t("product.ean13Hint"), autoComplete: "off" },
    { name: "url", label: t("product.url"), kind: "url", maxLength: 500 },
    { name: "weight", label: t("product.weight"), kind: "decimal", unit: t("product.unitGrams") },
    { name: "scaleToleranceAmount", label: t("product.scaleToleranceAmount"), kind: "integer", unit: t("product.unitPieces"), hint: t("product.scaleToleranceHint") },
  ];
}

/** Common shows at once: the shared entity form, with Delete in edit mode (back to /products). */
export function ProductCommonTab(props: {
  productId: number | null;
  fields: FormField[];
  values: FormValues;
  errors?: Record<string, string>;
  formErrors?: string[];
}) {
  const { productId } = props;
  return (
    <EntityForm
      action={productId === null ? "/products/new" : `/products/${productId}`}
      fields={props.fields}
      values={props.values}
      errors={props.errors}
      formErrors={props.formErrors}
      deleteAction={productId === null ? undefined : `/products/${productId}/delete`}
      cancelHref="/products"
    />
  );
}
