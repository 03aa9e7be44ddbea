import type { AnyPgColumn, PgTable, TableConfig } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Ctx } from "../context";
import { requiredText } from "../zod-fields";
import { createCrudService } from "./service";

/** Spec entities that are only an id and a required name (promise statuses, translation groups, workplaces). */
export const namedEntityInput = z.object({ name: requiredText(200) });
export interface NamedEntity {
  id: number;
  name: string;
}

type NamedTable = PgTable<TableConfig> & { id: AnyPgColumn; name: AnyPgColumn };

export function namedEntityService(config: {
  table: NamedTable;
  /** Names unique case-insensitively: the unique index on lower(name) that guarantees it (db/schema `uniqueNameIndex`). */
  uniqueNameIndex?: string;
  defaultSort?: [string, "asc" | "desc"];
  beforeDelete?: (args: { ctx: Ctx; id: number }) => Promise<void>;
}) {
  const { table } = config;
  return createCrudService({
    table,
    input: namedEntityInput,
    toEntity: (row): NamedEntity => ({ id: row.id as number, name: row.name as string }),
    toValues: (input) => ({ name: input.name }) as never,
    listFields: {
      id: { column: table.id, filter: "number", sortable: true },
      name: { column: table.name, filter: "text", sortable: true },
    },
    defaultSort: config.defaultSort ?? ["name", "asc"],
    unique: config.uniqueNameIndex ? [{ field: "name", column: table.name, index: config.uniqueNameIndex }] : [],
    beforeDelete: config.beforeDelete,
  });
}
