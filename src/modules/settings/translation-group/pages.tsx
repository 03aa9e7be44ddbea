import { crudPages } from "@/lib/crud/pages";
import { translationGroupService } from "./service";

const PATH = "/settings/translationGroup";

/** Spec 02 §2: translation group list and edit (Id read-only, Name), new. */
export const translationGroupPages = crudPages({
  path: PATH,
  i18n: "translationGroup",
  service: translationGroupService,
  columns: (t) => [
    { key: "id", label: t("translationGroup.id"), filter: "number", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.id}</a> },
    { key: "name", label: t("translationGroup.name"), filter: "text", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.name}</a> },
  ],
  fields: ({ t, entity }) => [
    ...(entity ? [{ name: "id", label: t("translationGroup.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t("translationGroup.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
  ],
});
