import { crudPages } from "@/web/crud/pages";
import { categoryPickerField } from "@views/catalogue/category-picker-field";
import { categoryTree } from "../category/service";
import { fenceParameterDefinition, isFenceParameterRole } from "@/modules/orders/browser";
import type { T } from "@/lib/i18n";
import type { FormField } from "@views/components/form";
import { PARAMETER_UNITS } from "./schemas";
import { categoryParameterService } from "./service";

const PATH = "/products/category/parameters";

/** Category parameter list and form: /products/category/parameters (docs/domain.md#category-parameters). */
export const categoryParameterPages = crudPages({
  path: PATH,
  i18n: "categoryParameter",
  service: categoryParameterService,
  defaults: { unit: "" },
  columns: (t) => [
    { key: "id", label: t("categoryParameter.id"), filter: "number", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.id}</a> },
    { key: "name", label: t("categoryParameter.name"), filter: "text", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.name}</a> },
    { key: "categories", label: t("categoryParameter.categories"), render: (row) => row.categories.map((category) => category.name).join(", ") },
    { key: "creationParameter", label: t("categoryParameter.creationParameter"), filter: "boolean", sortable: true, align: "center" },
    { key: "required", label: t("categoryParameter.required"), filter: "boolean", sortable: true, align: "center" },
    { key: "default", label: t("categoryParameter.default"), filter: "text", sortable: true },
    { key: "unit", label: t("categoryParameter.unit"), filter: "text", sortable: true },
  ],
  fields: async ({ t, ctx, entity }) => [
    ...(entity ? [{ name: "id", label: t("categoryParameter.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t("categoryParameter.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
    categoryPickerField({
      t,
      name: "categories",
      label: t("categoryParameter.categories"),
      emptyText: t("categoryParameter.categoriesEmpty"),
      tree: await categoryTree({ ctx }),
    }),
    { name: "required", label: t("categoryParameter.required"), kind: "checkbox" },
    { name: "default", label: t("categoryParameter.default"), kind: "text", maxLength: 500 },
    {
      name: "unit",
      label: t("categoryParameter.unit"),
      kind: "select",
      emptyOption: t("categoryParameter.noUnit"),
      options: PARAMETER_UNITS.filter(Boolean).map((unit) => ({ value: unit, label: unit })),
    },
    { name: "creationParameter", label: t("categoryParameter.creationParameter"), kind: "checkbox" },
    { name: "titleAppending", label: t("categoryParameter.titleAppending"), kind: "checkbox" },
    ...(entity?.role ? [roleField(t, entity.role, ctx.lang)] : []),
  ],
});

/**
 * A system parameter's role, shown and never posted (docs/decisions/035-engine-parameter-roles.md).
 * Drawn from the stored row, not the posted values, so a refused save shows it too.
 */
function roleField(t: T, role: string, lang: string): FormField {
  const definition = isFenceParameterRole(role) ? fenceParameterDefinition(role) : null;
  const text = definition ? `${lang === "en" ? definition.nameEn : definition.name} (${role})` : role;
  return {
    name: "role",
    label: t("categoryParameter.role"),
    kind: "custom",
    readOnly: true,
    hint: t("categoryParameter.roleHint"),
    render: () => <input id="field-role" type="text" value={text} readOnly disabled aria-label={t("categoryParameter.role")} aria-describedby="field-role-hint" />,
  };
}
