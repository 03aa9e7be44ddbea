import { idColumn, nameColumn, idField, nameField } from "@/web/crud/columns";
import { crudPages } from "@/web/crud/pages";
import { eshopService } from "./service";

/** docs/domain.md#eshops: saving returns to the list. */
export const eshopPages = crudPages({
  path: "/settings/eshop",
  i18n: "eshop",
  service: eshopService,
  afterUpdate: "list",
  columns: (t) => [
    idColumn("/settings/eshop", t("eshop.id")),
    nameColumn("/settings/eshop", t("eshop.name")),
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
    ...idField(t("eshop.id"), entity),
    nameField(t("eshop.name")),
    { name: "url", label: t("eshop.url"), kind: "url", required: true, maxLength: 500 },
  ],
});
