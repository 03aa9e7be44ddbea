/**
 * Settings → the items editor's categories (docs/domain.md#editor-categories): a category tree per picker
 * (fence, other, assembly items); a refusal re-renders with 422, a save redirects with SAVED.
 */
import { Hono } from "hono";
import { pickedCategoryIds, categoryPickerField } from "@views/catalogue/category-picker-field";
import { type FormField, type FormValues, formToInput } from "@views/components/form";
import { EditorCategoriesPage } from "@views/settings/editor-categories-page";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import type { T } from "@/lib/i18n";
import { categoryTree } from "@/modules/catalogue/category/service";
import type { TreeNode } from "@/modules/catalogue/category/tree";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, renderPage } from "@/web/render";
import { EDITOR_CATEGORIES_PATH, EDITOR_CATEGORY_FIELDS, EDITOR_CATEGORY_ROLES } from "./schemas";
import { getEditorCategories, saveEditorCategories } from "./service";

const fields = (t: T, tree: TreeNode[]): FormField[] =>
  EDITOR_CATEGORY_ROLES.map((role) => {
    const name = EDITOR_CATEGORY_FIELDS[role];
    return { ...categoryPickerField({ t, name, label: t(`editorCategories.${name}`), emptyText: t("editorCategories.none"), tree }), hint: t(`editorCategories.${name}Hint`) };
  });

async function page(c: AppContext, values?: FormValues, error?: AppError) {
  const ctx = c.get("ctx");
  const [tree, saved] = await Promise.all([categoryTree({ ctx }), values ? null : getEditorCategories({ ctx })]);
  const list = fields(c.get("t"), tree);
  const { errors, formErrors, answer } = formState(c, error, list.map((field) => field.name));
  const shown: FormValues = values ?? Object.fromEntries(Object.entries(saved!).map(([name, refs]) => [name, refs.map((ref) => String(ref.id))]));
  return renderPage(c, <EditorCategoriesPage fields={list} values={shown} errors={errors} formErrors={formErrors} />, answer);
}

export const editorCategoriesPages = new Hono<AppEnv>();

editorCategoriesPages.get(EDITOR_CATEGORIES_PATH, (c) => page(c));

editorCategoriesPages.post(EDITOR_CATEGORIES_PATH, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  // formToInput reads only names and kinds: the fields need no tree here.
  const read = formToInput(fields(c.get("t"), []), body);
  // A picker with nothing ticked posts nothing: on the form that means none (the API asks for each key).
  const input = Object.fromEntries(EDITOR_CATEGORY_ROLES.map((role) => [EDITOR_CATEGORY_FIELDS[role], read[EDITOR_CATEGORY_FIELDS[role]] ?? []]));
  return withFormErrors(
    async () => {
      await saveEditorCategories({ ctx: c.get("ctx"), input });
      flash(c, "success", "SAVED");
      return c.redirect(EDITOR_CATEGORIES_PATH, 303);
    },
    (error) => page(c, Object.fromEntries(EDITOR_CATEGORY_ROLES.map((role) => [EDITOR_CATEGORY_FIELDS[role], pickedCategoryIds(input[EDITOR_CATEGORY_FIELDS[role]]).map(String)])), error),
  );
});
