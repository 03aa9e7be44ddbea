import { cachedRead, tableNames } from "@/lib/read-cache";
import { count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { categories, categoryParameterCategories, productCategories } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { selectRows } from "@/lib/db";
import { createCrudService } from "@/lib/crud/service";
import { AppError, type Message, msg } from "@/lib/errors";
import { type Category, type CategoryNode, type CategoryRef, categoryInput } from "./schemas";
import { buildTree, type TreeNode } from "./tree";

/**
 * The ids themselves and all their ancestors, as an `(…)` subquery. `union` (not `union all`)
 * also ends the walk should a loop ever get into the data.
 */
export function ancestorsSubquery(ids: number[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(with recursive up(id, parent_id) as (
    select id, parent_id from categories where id in (${list})
    union
    select c.id, c.parent_id from categories c join up on c.id = up.parent_id
  ) select id from up)`;
}

/** The given categories and every ancestor of them (only ids that exist). */
export async function ancestorIds({ ctx, input }: { ctx: Ctx; input: { ids: number[] } }): Promise<number[]> {
  if (!input.ids.length) return [];
  const rows = await ctx.db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ancestorsSubquery(input.ids)));
  return rows.map((row) => row.id);
}

/** Serialises parent changes, so two concurrent moves cannot together close a loop. */
const lockTree = (ctx: Ctx) => ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('ohrada:category-tree'))`);

async function checkParent(ctx: Ctx, parent: number | null | undefined, id: number | null) {
  if (parent === null || parent === undefined) return;
  if (id !== null) await lockTree(ctx);
  const above = await ancestorIds({ ctx, input: { ids: [parent] } });
  if (!above.length) throw AppError.invalid({ parent: msg("category.parentMissing") });
  if (id !== null && above.includes(id)) throw AppError.invalid({ parent: msg("category.ownAncestor") });
}

async function namesOf(ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Why a category cannot go yet: sub-categories, products or parameters still point at it. */
async function refuseDeleteInUse({ ctx, id }: { ctx: Ctx; id: number }) {
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const checks: [key: string, n: number][] = [
    ["category.hasChildren", await countOf(ctx.db.select({ n: count() }).from(categories).where(eq(categories.parentId, id)))],
    ["category.hasProducts", await countOf(ctx.db.select({ n: count() }).from(productCategories).where(eq(productCategories.categoryId, id)))],
    [
      "category.hasParameters",
      await countOf(ctx.db.select({ n: count() }).from(categoryParameterCategories).where(eq(categoryParameterCategories.categoryId, id))),
    ],
  ];
  const reasons: Message[] = checks.filter(([, n]) => n > 0).map(([key, n]) => msg(key, { n }));
  if (reasons.length) throw AppError.fail(reasons);
}

export const categoryService = createCrudService({
  table: categories,
  input: categoryInput,
  toEntity: (row): Category => ({ id: row.id, name: row.name, parent: row.parentId === null ? null : { id: row.parentId, name: "" } }),
  toValues: (input) => ({ name: input.name, parentId: input.parent ?? null }),
  listFields: {
    id: { column: categories.id, filter: "number", sortable: true },
    name: { column: categories.name, filter: "text", sortable: true },
    parent: { column: categories.parentId, filter: "number", sortable: true },
    sortOrder: { column: categories.sortOrder, sortable: true },
  },
  defaultSort: ["name", "asc"],
  validate: ({ ctx, input, id }) => checkParent(ctx, input.parent, id),
  beforeDelete: refuseDeleteInUse,
  enrich: async ({ ctx, entities }) => {
    const names = await namesOf(
      ctx,
      entities.flatMap((entity) => (entity.parent ? [entity.parent.id] : [])),
    );
    return entities.map((entity) =>
      entity.parent ? { ...entity, parent: { id: entity.parent.id, name: names.get(entity.parent.id) ?? "" } } : entity,
    );
  },
});

/** The whole tree as the pickers take it: `{id, name, children}`, siblings by sort order and Czech name. */
export async function categoryTree({ ctx }: { ctx: Ctx }): Promise<TreeNode[]> {
  // The whole table comes back as one JSON text: the embedded database decodes every value of
  // every row in JavaScript (2,000 categories: 8,000 values, ~6 ms), one string it hands over
  // whole (~1.5 ms). to_json escapes the names.
  const [result] = await selectRows<{ rows: string | null }>(ctx.db, sql`
    select '[' || string_agg(concat('[', ${categories.id}, ',', coalesce(${categories.parentId}::text, 'null'), ',', ${categories.sortOrder}, ',', to_json(${categories.name}), ']'), ',') || ']' as rows
    from ${categories}`);
  const text = result?.rows;
  const rows = text ? (JSON.parse(text) as [number, number | null, number, string][]) : [];
  return buildTree(rows.map(([id, parentId, sortOrder, name]) => ({ id, parentId, sortOrder, name })));
}

const TREE_TABLES = tableNames(categories);

/**
 * The tree as the pickers fetch it (GET /api/category/tree): every filter and the items editor ask
 * it, so the answer is kept until this instance writes a category (src/lib/read-cache.ts). Callers
 * only read it.
 */
export function sharedCategoryTree({ ctx }: { ctx: Ctx }): Promise<TreeNode[]> {
  return cachedRead(ctx.db, "categoryTree", TREE_TABLES, () => categoryTree({ ctx }));
}

/** The children of one category, each with its subtree (the tree page opens a collapsed node with them). */
export async function categoryChildren({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<TreeNode[]> {
  const find = (nodes: TreeNode[]): TreeNode | undefined => {
    for (const node of nodes) {
      const found = node.id === input.id ? node : find(node.children);
      if (found) return found;
    }
    return undefined;
  };
  const node = find(await categoryTree({ ctx }));
  if (!node) throw AppError.notFound();
  return node.children;
}

/** `GET /api/category/allWithChildren`: every category nested, each with its parent reference. */
export async function listCategoriesWithChildren({ ctx }: { ctx: Ctx }): Promise<CategoryNode[]> {
  const withParent = (nodes: TreeNode[], parent: CategoryRef | null): CategoryNode[] =>
    nodes.map((node) => {
      const ref = { id: node.id, name: node.name };
      return { ...ref, parent, children: withParent(node.children, ref) };
    });
  return withParent(await categoryTree({ ctx }), null);
}
