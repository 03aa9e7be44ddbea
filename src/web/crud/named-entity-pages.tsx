import { type NamedEntity, type namedEntityService } from "@/lib/crud/named-entity";
import { idColumn, idField, nameColumn, nameField } from "./columns";
import { crudPages } from "./pages";

/** List (id, name), new and edit (read-only id, required name) pages; `${i18n}.id|name|title|entity` texts. */
export function namedEntityPages(config: { path: string; i18n: string; service: ReturnType<typeof namedEntityService> }) {
  const { path, i18n } = config;
  return crudPages<NamedEntity>({
    path,
    i18n,
    service: config.service,
    columns: (t) => [idColumn(path, t(`${i18n}.id`)), nameColumn(path, t(`${i18n}.name`))],
    fields: ({ t, entity }) => [...idField(t(`${i18n}.id`), entity), nameField(t(`${i18n}.name`))],
  });
}
