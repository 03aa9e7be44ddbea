/**
 * The items editor's categories (docs/domain.md#editor-categories): read and saved as a whole; the editor's
 * pickers read the ids (src/modules/orders/fence-item/choices.ts).
 */
import { asc, eq, inArray } from "drizzle-orm";
import { categories, categoryEditorRoles } from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import { czechOrder } from "@/lib/crud/service";
import { AppError, msg } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { EDITOR_CATEGORY_FIELDS, EDITOR_CATEGORY_ROLES, type EditorCategories, type EditorCategoryIds, type EditorCategoryRole, editorCategoriesInput } from "./schemas";

const fieldOf = (role: string) => EDITOR_CATEGORY_FIELDS[role as EditorCategoryRole];

/** Each picker's categories with their names, by name. */
export async function getEditorCategories({ ctx }: { ctx: Ctx }): Promise<EditorCategories> {
  const rows = await ctx.db
    .select({ role: categoryEditorRoles.role, id: categories.id, name: categories.name })
    .from(categoryEditorRoles)
    .innerJoin(categories, eq(categories.id, categoryEditorRoles.categoryId))
    .orderBy(asc(czechOrder(categories.name)), asc(categories.id));
  const result: EditorCategories = { fence: [], other: [], assembly: [] };
  for (const row of rows) result[fieldOf(row.role)]?.push({ id: row.id, name: row.name });
  return result;
}

/** Each picker's category ids (the editor's choices), one small read. */
export async function editorCategoryIds({ ctx }: { ctx: Ctx }): Promise<EditorCategoryIds> {
  const rows = await ctx.db.select({ role: categoryEditorRoles.role, categoryId: categoryEditorRoles.categoryId }).from(categoryEditorRoles).orderBy(asc(categoryEditorRoles.categoryId));
  const result: EditorCategoryIds = { fence: [], other: [], assembly: [] };
  for (const row of rows) result[fieldOf(row.role)]?.push(row.categoryId);
  return result;
}

/** Replaces the whole choice; an unknown category is refused on its field and nothing changes. */
export async function saveEditorCategories({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<EditorCategories> {
  const values = parseInput(editorCategoriesInput, input);
  await withTransaction(ctx, async (tx) => {
    const asked = [...new Set(EDITOR_CATEGORY_ROLES.flatMap((role) => values[EDITOR_CATEGORY_FIELDS[role]]))];
    const known = new Set(asked.length ? (await tx.db.select({ id: categories.id }).from(categories).where(inArray(categories.id, asked))).map((row) => row.id) : []);
    const fields: Record<string, ReturnType<typeof msg>> = {};
    for (const role of EDITOR_CATEGORY_ROLES) {
      const missing = values[EDITOR_CATEGORY_FIELDS[role]].filter((id) => !known.has(id));
      if (missing.length) fields[EDITOR_CATEGORY_FIELDS[role]] = msg("editorCategories.unknown", { ids: missing.join(", ") });
    }
    if (Object.keys(fields).length) throw AppError.invalid(fields);
    await tx.db.delete(categoryEditorRoles);
    const rows = EDITOR_CATEGORY_ROLES.flatMap((role) => values[EDITOR_CATEGORY_FIELDS[role]].map((categoryId) => ({ role, categoryId })));
    if (rows.length) await tx.db.insert(categoryEditorRoles).values(rows);
  });
  return getEditorCategories({ ctx });
}
