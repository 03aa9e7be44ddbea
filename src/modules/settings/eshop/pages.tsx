import { crudPages } from "@/lib/crud/pages";
import { eshopService } from "./service";

/** Spec 01 §2.11: saving returns to the list. */
export const eshopPages = crudPages({
  path: "/settings/eshop",
  i18n: "eshop",
  service: eshopService,
  afterUpdate: "list",
  columns: (t) => [
    { key: "id", label: t("eshop.id"), filter: "number", sortable: true, render: (row) => <a href={`/settings/eshop/${row.id}`}>{row.id}</a> },
    { key: "name", label: t("eshop.name"), filter: "text", sortable: true, render: (row) => <a href={`/settings/eshop/${row.id}`}>{row.name}</a> },
    {
      key: "url",
      label: t("eshop.url"),
      filter: "text",
      sortable: true,
      render: (row) => (
        <a href={row.url} target="_blank" rel="noopener noreferrer">
          {row.url}
        </a>
      ),
    },
  ],
  fields: ({ t, entity }) => [
    ...(entity ? [{ name: "id", label: t("eshop.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t("eshop.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
    { name: "url", label: t("eshop.url"), kind: "url", required: true, maxLength: 500 },
  ],
});
