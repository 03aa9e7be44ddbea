import { langOf } from "@/lib/i18n";
import { idColumn, idField } from "@/web/crud/columns";
import { crudPages } from "@/web/crud/pages";
import { formatDecimal } from "@/lib/money";
import { vatService } from "./service";

/** docs/domain.md#vat: list of id and rate, edit with a disabled id. */
export const vatPages = crudPages({
  path: "/products/dph",
  i18n: "vat",
  service: vatService,
  defaults: { active: true },
  columns: (t) => [
    idColumn("/products/dph", t("vat.id")),
    { key: "rate", label: t("vat.rate"), filter: "number", sortable: true, align: "end", render: (row) => <a href={`/products/dph/${row.id}`}>{formatDecimal(row.rate, langOf(t))} %</a> },
    { key: "active", label: t("vat.active"), filter: "boolean", sortable: true },
  ],
  fields: ({ t, entity }) => [
    ...idField(t("vat.id"), entity),
    { name: "rate", label: t("vat.rate"), kind: "decimal", required: true, autoFocus: true },
    { name: "active", label: t("vat.active"), kind: "checkbox", hint: t("vat.activeHint") },
  ],
});
