import type { T } from "@/lib/i18n";
import type { TreeNode } from "@/modules/catalogue/category/tree";
import { Icon } from "../components/icons";
import { RawHtml } from "../components/raw-html";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char]!);

/** The texts of every node, translated once per page or fragment. */
export interface CategoryNodeTexts {
  edit: string;
  addChild: string;
  idTooltip: string;
}

export const categoryNodeTexts = (t: T): CategoryNodeTexts => ({
  edit: t("action.edit"),
  addChild: t("category.addChild"),
  idTooltip: t("category.idTooltip", { id: "{id}" }),
});

/**
 * Whole levels are sent while they add up to at most this many nodes; the level below stays
 * collapsed and comes from the server when opened (docs/decisions/044-category-tree-on-demand.md).
 * A shop's tree of a few hundred categories is sent whole, fully expanded (docs/domain.md#categories).
 */
export const EXPANDED_NODES = 300;

/** How many levels from `nodes` down fit in `EXPANDED_NODES` (the first level always does). */
export function expandedLevels(nodes: TreeNode[], budget = EXPANDED_NODES): number {
  let level = nodes;
  let sent = level.length;
  let levels = 1;
  for (;;) {
    const next = level.flatMap((node) => node.children);
    if (!next.length || sent + next.length > budget) return levels;
    sent += next.length;
    level = next;
    levels += 1;
  }
}

/** Where a collapsed node's children come from (an htmx fragment of `categoryNodesMarkup`). */
export const childrenPath = (basePath: string, id: number) => `${basePath}/${id}/children`;

/**
 * The nodes' markup as one string. A tree of 2,000 categories is some 14,000 elements; as React
 * elements they take tens of milliseconds to render, as a string a few. Every text and attribute
 * value is escaped here. The buttons' icons and tooltips come from CSS (`.category-edit`,
 * `.category-add-child`, their aria-label), so each node carries only its name, id and links.
 *
 * A node with children is a `<details>`: the browser opens and closes it (mouse, Enter, Space)
 * with no script. Levels past `expandedLevels` are sent closed with an empty list, which htmx
 * fills from `childrenPath` the first time the node opens.
 */
export function categoryNodesMarkup(nodes: TreeNode[], basePath: string, texts: CategoryNodeTexts): string {
  const edit = escape(texts.edit);
  const addChild = escape(texts.addChild);
  const [tooltipBefore = "", tooltipAfter = ""] = escape(texts.idTooltip).split("{id}");
  const levels = expandedLevels(nodes);
  let out = "";
  const walk = (list: TreeNode[], level: number) => {
    for (const node of list) {
      const name = escape(node.name);
      const row =
        `<span class="category-name" title="${tooltipBefore}${node.id}${tooltipAfter}">${name}</span> ` +
        `<a class="category-edit" href="${basePath}/${node.id}" aria-label="${edit}: ${name}"></a> ` +
        `<a class="category-add-child" href="${basePath}/new?parentCategoryId=${node.id}" aria-label="${addChild}: ${name}"></a>`;
      out += `<li data-category-id="${node.id}">`;
      if (!node.children.length) {
        out += `<span class="category-node">${row}</span></li>`;
      } else if (level < levels) {
        out += `<details open><summary class="category-node">${row}</summary><ul>`;
        walk(node.children, level + 1);
        out += "</ul></details></li>";
      } else {
        out +=
          `<details hx-get="${childrenPath(basePath, node.id)}" hx-trigger="toggle once" hx-target="find ul" hx-swap="innerHTML">` +
          `<summary class="category-node">${row}</summary><ul aria-busy="true"></ul></details></li>`;
      }
    }
  };
  walk(nodes, 1);
  return out;
}

/** docs/domain.md#categories: every category, each with its edit and add-child buttons; expanded as far as `EXPANDED_NODES` allows. */
export function CategoryTreePage({ tree, basePath }: { tree: TreeNode[]; basePath: string }) {
  const { t } = useView();
  return (
    <AppLayout
      title={t("category.title")}
      actions={
        <a className="button button-primary" href={`${basePath}/new`}>
          <Icon name="plus" /> {t("action.add")}
        </a>
      }
    >
      {tree.length ? (
        <nav aria-label={t("category.title")}>
          <RawHtml as="ul" className="tree category-tree" html={categoryNodesMarkup(tree, basePath, categoryNodeTexts(t))} />
        </nav>
      ) : (
        <p className="tree-empty">{t("category.empty")}</p>
      )}
    </AppLayout>
  );
}
