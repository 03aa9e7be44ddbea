import { eshops } from "@db/schema";
import { createCrudService } from "@/lib/crud/service";
import { eshopInput } from "./schemas";

export const eshopService = createCrudService({
  table: eshops,
  input: eshopInput,
  toEntity: (row) => ({ id: row.id, name: row.name, url: row.url }),
  toValues: (input) => ({ name: input.name, url: input.url }),
  listFields: {
    id: { column: eshops.id, filter: "number", sortable: true },
    name: { column: eshops.name, filter: "text", sortable: true },
    url: { column: eshops.url, filter: "text", sortable: true },
  },
  defaultSort: ["name", "asc"],
  unique: [{ field: "name", column: eshops.name, index: "eshops_name_unique" }],
});
