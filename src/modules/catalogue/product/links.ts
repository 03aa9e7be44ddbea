/**
 * What the product module reads from the category tables: the tree for the pickers, the
 * category filter's subtree, and the parameters a product's categories bring.
 */
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { categories, categoryParameterCategories, categoryParameters } from "@db/schema";
import type { Ctx } from "@/lib/context";
import type { TreeNode } from "../category/tree";

const idList = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The given categories and every category below them, as an `(…)` subquery (the products
 * filter, docs/decisions/008). `union` also ends the walk should a loop ever get into the data.
 */
export function descendantsSubquery(ids: number[]): SQL {
  return sql`(with recursive down(id) as (
    select id from ${categories} where id in (${idList(ids)})
    union
    select c.id from ${categories} c join down on c.parent_id = down.id
  ) select id from down)`;
}

/** The given categories and all their ancestors, as an `(…)` subquery. */
function ancestorsSubquery(ids: number[]): SQL {
  return sql`(with recursive up(id, parent_id) as (
    select id, parent_id from ${categories} where id in (${idList(ids)})
    union
    select c.id, c.parent_id from ${categories} c join up on c.id = up.parent_id
  ) select id from up)`;
}

/** The whole category tree for the pickers, siblings by sort order and name. */
export async function categoryTree({ ctx }: { ctx: Ctx }): Promise<TreeNode[]> {
  const rows = await ctx.db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
  const nodes = new Map<number, TreeNode>(rows.map((row) => [row.id, { id: row.id, name: row.name, children: [] }]));
  const roots: TreeNode[] = [];
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return roots;
}

export interface ApplicableParameter {
  id: number;
  name: string;
  required: boolean;
  default: string | null;
  unit: string;
  categories: string[];
}

/** The parameters of these categories and of all their ancestors, each once, by name. */
export async function parametersForCategories({ ctx, input }: { ctx: Ctx; input: { categoryIds: number[] } }): Promise<ApplicableParameter[]> {
  if (!input.categoryIds.length) return [];
  const rows = await ctx.db
    .select({
      id: categoryParameters.id,
      name: categoryParameters.name,
      required: categoryParameters.required,
      default: categoryParameters.defaultValue,
      unit: categoryParameters.unit,
      category: categories.name,
    })
    .from(categoryParameters)
    .innerJoin(categoryParameterCategories, eq(categoryParameterCategories.parameterId, categoryParameters.id))
    .innerJoin(categories, eq(categories.id, categoryParameterCategories.categoryId))
    .where(inArray(categoryParameterCategories.categoryId, ancestorsSubquery(input.categoryIds)))
    .orderBy(asc(categoryParameters.name), asc(categoryParameters.id), asc(categories.name));
  const byId = new Map<number, ApplicableParameter>();
  for (const { category, ...parameter } of rows) {
    const found = byId.get(parameter.id);
    if (found) found.categories.push(category);
    else byId.set(parameter.id, { ...parameter, categories: [category] });
  }
  return [...byId.values()];
}
