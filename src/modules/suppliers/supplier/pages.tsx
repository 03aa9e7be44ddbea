import { crudPages } from "@/web/crud/pages";
import { supplierService } from "./service";

const PATH = "/suppliers/supplier";

/**
 * docs/domain.md#supplier: supplier list (id, name, email, add button) and edit (id read-only, name, email).
 * The spec has no separate new route ("the :id route also serves new"): the add button and the
 * empty form are `/suppliers/supplier/new`, which is crudPages' default newPath (`${path}/new`),
 * i.e. the same `/suppliers/supplier/:id` pattern with the id `new`.
 */
export const supplierPages = crudPages({
  path: PATH,
  i18n: "supplier",
  service: supplierService,
  columns: (t) => [
    { key: "id", label: t("supplier.id"), filter: "number", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.id}</a> },
    { key: "name", label: t("supplier.name"), filter: "text", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.name}</a> },
    { key: "email", label: t("supplier.email"), filter: "text", sortable: true, render: (row) => <a href={`mailto:${row.email}`}>{row.email}</a> },
  ],
  fields: ({ t, entity }) => [
    ...(entity ? [{ name: "id", label: t("supplier.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t("supplier.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
    { name: "email", label: t("supplier.email"), kind: "email", required: true, maxLength: 200, autoComplete: "off" },
  ],
});
