/**
 * The items editor's categories (docs/domain.md#editor-categories): which categories feed the editor's fence,
 * other and assembly pickers, chosen in settings by role. Browser-safe: zod and constants only.
 */
import { z } from "zod";
import { CATEGORY_MAX_PAGE_SIZE, refIdList } from "@/lib/zod-fields";

export const EDITOR_CATEGORIES_PATH = "/settings/editorCategories";

/** The pickers, each by its role: fence items, other items, assembly items. */
export const EDITOR_CATEGORY_ROLES = ["FENCE", "OTHER", "ASSEMBLY"] as const;
export type EditorCategoryRole = (typeof EDITOR_CATEGORY_ROLES)[number];

/** The form's and the API's field of each role. */
export const EDITOR_CATEGORY_FIELDS = { FENCE: "fence", OTHER: "other", ASSEMBLY: "assembly" } as const satisfies Record<EditorCategoryRole, string>;

/**
 * PUT /api/settings/editorCategories and the form: the categories of each picker (ids, `{id}` or one id). Each key
 * is required: `[]` clears a picker, a key left out is a 422 (an empty body once cleared all three).
 */
const pickerCategories = () => refIdList({ required: true, max: CATEGORY_MAX_PAGE_SIZE });
export const editorCategoriesInput = z.object({
  fence: pickerCategories(),
  other: pickerCategories(),
  assembly: pickerCategories(),
});
export type EditorCategoriesInput = z.input<typeof editorCategoriesInput>;

/** The saved choice: each picker's categories as `{id, name}`, by name. */
export type EditorCategories = Record<(typeof EDITOR_CATEGORY_FIELDS)[EditorCategoryRole], { id: number; name: string }[]>;

/** What the editor's pickers are given: each picker's categories by id ([] = not chosen: the picker is not narrowed). */
export type EditorCategoryIds = Record<(typeof EDITOR_CATEGORY_FIELDS)[EditorCategoryRole], number[]>;
