/**
 * Category tree selection (spec 01 §4). Browser-safe: the picker island and the server share it.
 * - Ticking a node toggles it and unticks all of its descendants.
 * - A node is partial when any descendant is ticked (a ticked descendant makes every ancestor partial).
 * - The selected ids are the ticked nodes that are not partial.
 */
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

/** Spec 01 §9: the category filter joins ids with a semicolon. */
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
