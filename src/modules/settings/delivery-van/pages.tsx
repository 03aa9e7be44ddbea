import { crudPages } from "@/web/crud/pages";
import { formatSpz } from "./schemas";
import { deliveryVanService } from "./service";

const PATH = "/settings/deliveryVan";

/** docs/domain.md#delivery-vans: delivery van list, :id and new. */
export const deliveryVanPages = crudPages({
  path: PATH,
  i18n: "deliveryVan",
  service: deliveryVanService,
  defaults: { active: true },
  columns: (t) => [
    { key: "id", label: t("deliveryVan.id"), filter: "number", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.id}</a> },
    { key: "name", label: t("deliveryVan.name"), filter: "text", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.name}</a> },
    { key: "spz", label: t("deliveryVan.spz"), filter: "text", sortable: true, render: (row) => formatSpz(row.spz) },
    { key: "active", label: t("deliveryVan.active"), filter: "boolean", sortable: true },
  ],
  fields: ({ t, entity }) => [
    ...(entity ? [{ name: "id", label: t("deliveryVan.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t("deliveryVan.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
    { name: "spz", label: t("deliveryVan.spz"), kind: "text", required: true, maxLength: 20, hint: t("deliveryVan.spzHint"), autoComplete: "off" },
    { name: "active", label: t("deliveryVan.active"), kind: "checkbox", hint: t("deliveryVan.activeHint") },
  ],
});
