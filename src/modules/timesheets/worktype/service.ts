import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { workLogs, workplaces, workTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService, isRowId, matchesText } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { compareByName } from "@/lib/czech-order";
import { type WorkType, workTypeInput } from "./schemas";

/** Fills in the workplace names of a page of work types with one query. */
async function withWorkplaces({ ctx, entities }: { ctx: Ctx; entities: WorkType[] }): Promise<WorkType[]> {
  if (!entities.length) return entities;
  const ids = [...new Set(entities.map((entity) => entity.workplace.id))];
  const rows = await ctx.db.select({ id: workplaces.id, name: workplaces.name }).from(workplaces).where(inArray(workplaces.id, ids));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return entities.map((entity) => ({ ...entity, workplace: { id: entity.workplace.id, name: names.get(entity.workplace.id) ?? "" } }));
}

/** A workplace holds a work type's name once (the index on (workplace_id, lower(name)) guarantees it). */
const nameTaken = () => msg("worktype.duplicateName");

export const workTypeService = createCrudService({
  table: workTypes,
  input: workTypeInput,
  toEntity: (row): WorkType => ({ id: row.id, name: row.name, workplace: { id: row.workplaceId, name: "" } }),
  toValues: (input) => ({ name: input.name, workplaceId: input.workplace }),
  listFields: {
    id: { column: workTypes.id, filter: "number", sortable: true },
    name: { column: workTypes.name, filter: "text", sortable: true },
    // The list's column filter matches the workplace's name; the API may also ask by id.
    workplace: {
      filter: "text",
      where: (value) =>
        inArray(workTypes.workplaceId, sql`(select ${workplaces.id} from ${workplaces} where ${matchesText(workplaces.name, value)})`),
    },
    workplaceId: { column: workTypes.workplaceId, filter: "number" },
  },
  defaultSort: ["name", "asc"],
  validate: async ({ ctx, input, id }) => {
    const [workplace] = await ctx.db.select({ id: workplaces.id }).from(workplaces).where(eq(workplaces.id, input.workplace));
    if (!workplace) throw AppError.invalid({ workplace: msg("worktype.unknownWorkplace") });
    // The same name may stand at two workplaces ("Balení"), not twice at one.
    const same = and(eq(workTypes.workplaceId, input.workplace), sql`lower(${workTypes.name}) = lower(${input.name})`);
    const [twin] = await ctx.db
      .select({ id: workTypes.id })
      .from(workTypes)
      .where(id === null ? same : and(same, ne(workTypes.id, id)))
      .limit(1);
    if (twin) throw AppError.invalid({ name: nameTaken() });
  },
  unique: [{ field: "name", index: "work_types_workplace_name_unique", message: nameTaken }],
  enrich: withWorkplaces,
  beforeDelete: async ({ ctx, id }) => {
    const [used] = await ctx.db.select({ n: count() }).from(workLogs).where(eq(workLogs.workTypeId, id));
    if (used && used.n > 0) throw AppError.fail(msg("worktype.hasLogs", { count: used.n }));
  },
});

/** Work types with their workplaces, by workplace then name: selects and the barcode sheet. */
export async function allWorkTypes({ ctx, input = {} }: { ctx: Ctx; input?: { id?: number; workplaceId?: number } }): Promise<WorkType[]> {
  const conditions = [];
  if (input.id !== undefined) conditions.push(isRowId(input.id) ? eq(workTypes.id, input.id) : sql`false`);
  if (input.workplaceId !== undefined) conditions.push(isRowId(input.workplaceId) ? eq(workTypes.workplaceId, input.workplaceId) : sql`false`);
  const rows = await ctx.db
    .select({ id: workTypes.id, name: workTypes.name, workplaceId: workplaces.id, workplaceName: workplaces.name })
    .from(workTypes)
    .innerJoin(workplaces, eq(workplaces.id, workTypes.workplaceId))
    .where(and(...conditions));
  return rows
    .map((row) => ({ id: row.id, name: row.name, workplace: { id: row.workplaceId, name: row.workplaceName } }))
    .sort((a, b) => compareByName(a.workplace, b.workplace) || compareByName(a, b));
}
