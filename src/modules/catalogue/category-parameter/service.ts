import { and, count, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { categories, categoryParameterCategories as links, categoryParameters, productParameterValues } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { createCrudService, isRowId } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import type { CategoryRef } from "../category/schemas";
import { ancestorsSubquery } from "../category/service";
import { compareByName } from "@/lib/czech-order";
import { foldedSql, foldText } from "@/lib/search-text";
import { type CategoryParameter, categoryParameterInput, type ParameterUnit } from "./schemas";

const toParameter = (row: typeof categoryParameters.$inferSelect): CategoryParameter => ({
  id: row.id,
  name: row.name,
  categories: [],
  required: row.required,
  default: row.defaultValue,
  unit: row.unit as ParameterUnit,
  creationParameter: row.creationParameter,
  titleAppending: row.titleAppending,
  role: row.role,
});

/** Fills in the categories of a whole page of parameters with one query, each list by Czech name. */
async function withCategories({ ctx, entities }: { ctx: Ctx; entities: CategoryParameter[] }): Promise<CategoryParameter[]> {
  if (!entities.length) return entities;
  const rows = await ctx.db
    .select({ parameterId: links.parameterId, id: categories.id, name: categories.name })
    .from(links)
    .innerJoin(categories, eq(categories.id, links.categoryId))
    .where(
      inArray(
        links.parameterId,
        entities.map((entity) => entity.id),
      ),
    );
  const byParameter = new Map<number, CategoryRef[]>();
  for (const { parameterId, id, name } of rows) {
    const list = byParameter.get(parameterId);
    if (list) list.push({ id, name });
    else byParameter.set(parameterId, [{ id, name }]);
  }
  return entities.map((entity) => ({ ...entity, categories: (byParameter.get(entity.id) ?? []).sort(compareByName) }));
}

async function checkCategoriesExist(ctx: Ctx, ids: number[]) {
  if (!ids.length) return;
  const found = new Set(
    (await ctx.db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids))).map((row) => row.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw AppError.invalid({ categories: msg("categoryParameter.unknownCategories", { ids: missing.join(", ") }) });
}

/** The stored name folded as search folds it (src/lib/search-text.ts): case and diacritics ignored. */
const foldedName = sql.raw(foldedSql(`"category_parameters"."name"`));

/**
 * A name may not repeat, case- and diacritics-blind ("vyska LAMELY" is "Výška lamely"): not an engine
 * parameter's (docs/decisions/035-engine-parameter-roles.md: the engine would read one and silently ignore
 * the other's values), nor another parameter's in one of the same categories. Checked in the save's transaction.
 */
async function checkNameFree(ctx: Ctx, input: { name: string; categories: number[] }, id: number | null) {
  const sameName = sql`${foldedName} = ${foldText(input.name)}`;
  const clash = or(isNotNull(categoryParameters.role), input.categories.length ? inArray(categoryParameters.id, ctx.db.select({ id: links.parameterId }).from(links).where(inArray(links.categoryId, input.categories))) : sql`false`);
  const [other] = await ctx.db
    .select({ name: categoryParameters.name })
    .from(categoryParameters)
    .where(and(sameName, clash, id === null ? undefined : ne(categoryParameters.id, id)))
    .limit(1);
  if (other) throw AppError.invalid({ name: msg("categoryParameter.duplicateName", { name: other.name }) });
}

export const categoryParameterService = createCrudService({
  table: categoryParameters,
  input: categoryParameterInput,
  toEntity: toParameter,
  toValues: (input) => ({
    name: input.name,
    required: input.required,
    defaultValue: input.default ?? null,
    unit: input.unit,
    creationParameter: input.creationParameter,
    titleAppending: input.titleAppending,
  }),
  listFields: {
    id: { column: categoryParameters.id, filter: "number", sortable: true },
    name: { column: categoryParameters.name, filter: "text", sortable: true },
    creationParameter: { column: categoryParameters.creationParameter, filter: "boolean", sortable: true },
    required: { column: categoryParameters.required, filter: "boolean", sortable: true },
    default: { column: categoryParameters.defaultValue, filter: "text", sortable: true },
    unit: { column: categoryParameters.unit, filter: "text", sortable: true },
    titleAppending: { column: categoryParameters.titleAppending, filter: "boolean", sortable: true },
    // The parameters attached to one category (directly; parametersForCategories adds ancestors').
    categoryId: {
      where: (value) => {
        const id = Number(value);
        if (!isRowId(id)) return sql`false`;
        return inArray(categoryParameters.id, sql`(select ${links.parameterId} from ${links} where ${links.categoryId} = ${id})`);
      },
    },
  },
  defaultSort: ["name", "asc"],
  validate: async ({ ctx, input, id }) => {
    await checkCategoriesExist(ctx, input.categories);
    await checkNameFree(ctx, input, id);
  },
  enrich: withCategories,
  // The links are written with the row, in its transaction.
  afterSave: async ({ ctx, id, input, creating }) => {
    if (!creating) await ctx.db.delete(links).where(eq(links.parameterId, id));
    if (input.categories.length) await ctx.db.insert(links).values(input.categories.map((categoryId) => ({ parameterId: id, categoryId })));
  },
  beforeDelete: async ({ ctx, id }) => {
    // The engine finds its parameters by role (docs/decisions/035-engine-parameter-roles.md): without the row it cannot count slats.
    const [row] = await ctx.db.select({ name: categoryParameters.name, role: categoryParameters.role }).from(categoryParameters).where(eq(categoryParameters.id, id));
    if (row?.role) throw AppError.fail(msg("categoryParameter.systemParameter", { name: row.name }));
    const [used] = await ctx.db.select({ n: count() }).from(productParameterValues).where(eq(productParameterValues.parameterId, id));
    if (used && used.n > 0) throw AppError.fail(msg("categoryParameter.hasValues", { n: used.n }));
  },
});

/**
 * The parameters a product in these categories has: those attached to the categories and to
 * every ancestor of them, each once, by name. The product editor's parameters tab reads this.
 */
export async function parametersForCategories({ ctx, input }: { ctx: Ctx; input: { categoryIds: number[] } }): Promise<CategoryParameter[]> {
  const ids = [...new Set(input.categoryIds)].filter(isRowId);
  if (!ids.length) return [];
  const rows = await ctx.db
    .select()
    .from(categoryParameters)
    .where(
      inArray(
        categoryParameters.id,
        ctx.db.select({ id: links.parameterId }).from(links).where(inArray(links.categoryId, ancestorsSubquery(ids))),
      ),
    );
  return withCategories({ ctx, entities: rows.map(toParameter).sort(compareByName) });
}
