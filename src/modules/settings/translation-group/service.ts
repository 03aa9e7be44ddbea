import { translationGroups } from "@db/schema";
import { createCrudService } from "@/lib/crud/service";
import { translationGroupInput } from "./schemas";

export const translationGroupService = createCrudService({
  table: translationGroups,
  input: translationGroupInput,
  toEntity: (row) => ({ id: row.id, name: row.name }),
  toValues: (input) => ({ name: input.name }),
  listFields: {
    id: { column: translationGroups.id, filter: "number", sortable: true },
    name: { column: translationGroups.name, filter: "text", sortable: true },
  },
  defaultSort: ["name", "asc"],
});
