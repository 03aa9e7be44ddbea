import { crudPages } from "@/web/crud/pages";
import { categoryPickerField } from "@views/catalogue/category-picker-field";
import { categoryTree } from "../category/service";
import { PARAMETER_UNITS } from "./schemas";
import { categoryParameterService } from "./service";

const PATH = "/products/category/parameters";

/** Category parameter list and form: /products/category/parameters (spec 01 §2.10). */
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
  ],
});
