/**
 * Category tree selection (docs/domain.md#category-tree-selection). Browser-safe: the picker island and the server share it.
 * - Ticking a node toggles it and unticks all of its descendants.
 * - A node is partial when any descendant is ticked (a ticked descendant makes every ancestor partial).
 * - The selected ids are the ticked nodes that are not partial.
 */
import { compareByName } from "@/lib/czech-order";
import { foldText } from "@/lib/search-text";

export interface TreeNode {
  id: number;
  name: string;
  children: TreeNode[];
}

export interface TreeIndex {
  parentOf: Map<number, number | null>;
  descendantsOf: Map<number, number[]>;
  order: number[];
}

export function indexTree(roots: TreeNode[]): TreeIndex {
  const parentOf = new Map<number, number | null>();
  const descendantsOf = new Map<number, number[]>();
  const order: number[] = [];
  const walk = (node: TreeNode, parent: number | null): number[] => {
    parentOf.set(node.id, parent);
    order.push(node.id);
    const below: number[] = [];
    for (const child of node.children) below.push(child.id, ...walk(child, node.id));
    descendantsOf.set(node.id, below);
    return below;
  };
  for (const root of roots) walk(root, null);
  return { parentOf, descendantsOf, order };
}

export function toggleNode(index: TreeIndex, ticked: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ticked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  for (const descendant of index.descendantsOf.get(id) ?? []) next.delete(descendant);
  return next;
}

export function isPartial(index: TreeIndex, ticked: ReadonlySet<number>, id: number): boolean {
  return (index.descendantsOf.get(id) ?? []).some((descendant) => ticked.has(descendant));
}

export type NodeState = "checked" | "partial" | "unchecked";

export function nodeState(index: TreeIndex, ticked: ReadonlySet<number>, id: number): NodeState {
  if (isPartial(index, ticked, id)) return "partial";
  return ticked.has(id) ? "checked" : "unchecked";
}

/** In tree order, so the joined filter value is stable. */
export function selectedIds(index: TreeIndex, ticked: ReadonlySet<number>): number[] {
  return index.order.filter((id) => ticked.has(id) && !isPartial(index, ticked, id));
}

/**
 * The nodes a picker shows while its search box holds `query` (case and diacritics ignored):
 * the matching nodes, everything below them (a ticked match covers its subtree) and the way up
 * to them. Null when the query is blank: everything shows.
 */
export function searchTree(roots: TreeNode[], index: TreeIndex, query: string): Set<number> | null {
  const wanted = foldText(query.trim());
  if (!wanted) return null;
  const shown = new Set<number>();
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (foldText(node.name).includes(wanted)) {
        shown.add(node.id);
        for (const below of index.descendantsOf.get(node.id) ?? []) shown.add(below);
        for (let up = index.parentOf.get(node.id) ?? null; up !== null && !shown.has(up); up = index.parentOf.get(up) ?? null) shown.add(up);
      }
      walk(node.children);
    }
  };
  walk(roots);
  return shown;
}

/** Categories in tree order with their depth, for a select (the server and the items editor alike). */
export function flattenTree(nodes: readonly TreeNode[], depth = 0, into: { id: number; name: string; depth: number }[] = []): { id: number; name: string; depth: number }[] {
  for (const node of nodes) {
    into.push({ id: node.id, name: node.name, depth });
    flattenTree(node.children, depth + 1, into);
  }
  return into;
}

/** docs/domain.md#category-filter: the category filter joins ids with a semicolon. */
export const joinCategoryIds = (ids: number[]): string => ids.join(";");

export function parseCategoryIds(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids = value
    .split(";")
    .map((part) => part.trim())
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number);
  return [...new Set(ids)];
}

/** One stored category as the tree builders need it. */
export interface CategoryRow {
  id: number;
  name: string;
  parentId: number | null;
  sortOrder?: number;
}


/** Siblings' order: sort order, then name. */
export const compareCategories = (a: Omit<CategoryRow, "parentId">, b: Omit<CategoryRow, "parentId">): number =>
  (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || compareByName(a, b);

/**
 * Nests flat rows into the tree. A row whose parent is not among the rows becomes a root, so a
 * partial set still shows every row; rows that only reach each other in a loop cannot exist
 * (the service refuses cycles) and would be left out.
 */
export function buildTree(rows: CategoryRow[]): TreeNode[] {
  const known = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<number | null, CategoryRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && known.has(row.parentId) ? row.parentId : null;
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(row);
    else childrenOf.set(parent, [row]);
  }
  const nest = (parent: number | null): TreeNode[] =>
    (childrenOf.get(parent) ?? []).sort(compareCategories).map((row) => ({ id: row.id, name: row.name, children: nest(row.id) }));
  return nest(null);
}

export interface PathOption {
  id: number;
  /** The names from the root down, e.g. `Ploty › Poplastované`. */
  label: string;
  depth: number;
}

export const PATH_SEPARATOR = " › ";

/** Every node in tree order with its full path, leaving out `exclude` and everything below it. */
export function pathOptions(roots: TreeNode[], exclude: number | null = null): PathOption[] {
  const options: PathOption[] = [];
  const walk = (node: TreeNode, prefix: string, depth: number) => {
    if (node.id === exclude) return;
    const label = prefix ? `${prefix}${PATH_SEPARATOR}${node.name}` : node.name;
    options.push({ id: node.id, label, depth });
    for (const child of node.children) walk(child, label, depth + 1);
  };
  for (const root of roots) walk(root, "", 0);
  return options;
}
