import { Island } from "@islands/Island";
import CategoryTreePicker from "@islands/catalogue/category-tree-picker";
import type { T } from "@/lib/i18n";
import type { TreeNode } from "@/modules/catalogue/category/tree";
import type { FormField } from "../components/form";

/** The ticked ids from what a form holds: saved `[{id, name}]` references or posted id strings. */
export const pickedCategoryIds = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value])
    .map((item) => Number(item && typeof item === "object" && "id" in item ? item.id : item))
    .filter((id) => Number.isInteger(id) && id > 0);

/** The tree picker's own texts, the same in every picker: its search box (over a bigger tree) and a node's id tooltip (`{id}` filled in by the island). */
export const treeTexts = (t: T) => ({ searchLabel: t("category.treeSearch"), noMatchText: t("category.treeNoMatch"), idTooltip: t("category.idTooltip", { id: "{id}" }) });

/**
 * A form field that ticks categories with the tree picker island (docs/domain.md#categories). It posts one
 * `name=<id>` per selected category, which the schema reads as a list of ids.
 */
export function categoryPickerField(args: { t: T; name: string; label: string; emptyText: string; tree: TreeNode[] }): FormField {
  const { t, name, label, emptyText, tree } = args;
  return {
    name,
    label,
    kind: "custom",
    multiple: true,
    render: ({ value }) => (
      <Island
        name="category-tree-picker"
        component={CategoryTreePicker}
        props={{ tree, selected: pickedCategoryIds(value), name, label, emptyText, ...treeTexts(t) }}
      />
    ),
  };
}
