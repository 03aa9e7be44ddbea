import type { TableColumn } from "@views/components/data-table";
import type { FormField } from "@views/components/form";

/**
 * The columns and fields nearly every list and form repeats: the id and the name, each linking to
 * the record's edit page, and the read-only id of an edit form.
 */
export function idColumn<Row extends { id: number }>(path: string, label: string): TableColumn<Row> {
  return { key: "id", label, filter: "number", sortable: true, render: (row) => <a href={`${path}/${row.id}`}>{row.id}</a> };
}

export function nameColumn<Row extends { id: number; name: string }>(path: string, label: string, key = "name"): TableColumn<Row> {
  return { key, label, filter: "text", sortable: true, render: (row) => <a href={`${path}/${row.id}`}>{row.name}</a> };
}

/** The read-only id, shown only when editing an existing record. */
export function idField(label: string, entity: { id: number } | null): FormField[] {
  return entity ? [{ name: "id", label, kind: "integer", readOnly: true, disabled: true }] : [];
}

export function nameField(label: string, maxLength = 200): FormField {
  return { name: "name", label, kind: "text", required: true, autoFocus: true, maxLength };
}
