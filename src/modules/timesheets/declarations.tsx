/**
 * The id and name columns and fields that workplaces and work types share. (Translation groups,
 * promise statuses and suppliers declare the same pair; a shared piece in src/lib/crud could
 * serve all of them.)
 */
import type { TableColumn } from "@views/components/data-table";
import type { FormField } from "@views/components/form";
import type { T } from "@/lib/i18n";

/** Id and name, both linking to the record's form. */
export function idNameColumns<Row extends { id: number; name: string }>(t: T, i18n: string, path: string): TableColumn<Row>[] {
  return [
    { key: "id", label: t(`${i18n}.id`), filter: "number", sortable: true, render: (row) => <a href={`${path}/${row.id}`}>{row.id}</a> },
    { key: "name", label: t(`${i18n}.name`), filter: "text", sortable: true, render: (row) => <a href={`${path}/${row.id}`}>{row.name}</a> },
  ];
}

/** A read-only id on an existing record, then the required name. */
export function idNameFields(t: T, i18n: string, entity: { id: number } | null): FormField[] {
  return [
    ...(entity ? [{ name: "id", label: t(`${i18n}.id`), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t(`${i18n}.name`), kind: "text", required: true, autoFocus: true, maxLength: 200 },
  ];
}
