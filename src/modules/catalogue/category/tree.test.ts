import { describe, expect, test } from "bun:test";
import { buildTree, indexTree, isPartial, joinCategoryIds, nodeState, parseCategoryIds, pathOptions, searchTree, selectedIds, toggleNode, type TreeNode } from "./tree";

// Ploty (1) ─┬─ Poplastované (2) ─┬─ Zelené (4)
//            │                     └─ Antracit (5)
//            └─ Betonové (3)
// Brány (6) ── Křídlové (7)
const tree: TreeNode[] = [
  {
    id: 1,
    name: "Ploty",
    children: [
      { id: 2, name: "Poplastované", children: [{ id: 4, name: "Zelené", children: [] }, { id: 5, name: "Antracit", children: [] }] },
      { id: 3, name: "Betonové", children: [] },
    ],
  },
  { id: 6, name: "Brány", children: [{ id: 7, name: "Křídlové", children: [] }] },
];
const index = indexTree(tree);

describe("category tree selection (docs/domain.md#category-tree-selection)", () => {
  test("ticking a leaf makes every ancestor partial and selects only the leaf", () => {
    const ticked = toggleNode(index, new Set(), 4);
    expect(nodeState(index, ticked, 4)).toBe("checked");
    expect(nodeState(index, ticked, 2)).toBe("partial");
    expect(nodeState(index, ticked, 1)).toBe("partial");
    expect(nodeState(index, ticked, 3)).toBe("unchecked");
    expect(nodeState(index, ticked, 6)).toBe("unchecked");
    expect(selectedIds(index, ticked)).toEqual([4]);
  });

  test("ticking a parent unticks all of its descendants", () => {
    let ticked = toggleNode(index, new Set(), 4);
    ticked = toggleNode(index, ticked, 5);
    expect(selectedIds(index, ticked)).toEqual([4, 5]);
    ticked = toggleNode(index, ticked, 1);
    expect([...ticked]).toEqual([1]);
    expect(nodeState(index, ticked, 1)).toBe("checked");
    expect(nodeState(index, ticked, 2)).toBe("unchecked");
    expect(selectedIds(index, ticked)).toEqual([1]);
  });

  test("ticking a descendant of a ticked node turns the node partial and drops it from the selection", () => {
    let ticked = toggleNode(index, new Set(), 1);
    ticked = toggleNode(index, ticked, 5);
    expect(ticked.has(1)).toBe(true);
    expect(isPartial(index, ticked, 1)).toBe(true);
    expect(nodeState(index, ticked, 1)).toBe("partial");
    expect(selectedIds(index, ticked)).toEqual([5]);
  });

  test("toggling a partial ticked node unticks it and clears its subtree", () => {
    let ticked = toggleNode(index, new Set(), 1);
    ticked = toggleNode(index, ticked, 5);
    ticked = toggleNode(index, ticked, 1);
    expect(ticked.size).toBe(0);
    expect(selectedIds(index, ticked)).toEqual([]);
  });

  test("toggling a partial unticked node ticks it and clears its subtree", () => {
    let ticked = toggleNode(index, new Set(), 4);
    ticked = toggleNode(index, ticked, 7);
    ticked = toggleNode(index, ticked, 2);
    expect(selectedIds(index, ticked)).toEqual([2, 7]);
    expect(nodeState(index, ticked, 1)).toBe("partial");
  });

  test("the filter joins ids with a semicolon and reads them back, ignoring junk", () => {
    expect(joinCategoryIds([4, 5, 7])).toBe("4;5;7");
    expect(parseCategoryIds("4;5; 7;x;;5")).toEqual([4, 5, 7]);
    expect(parseCategoryIds("")).toEqual([]);
    expect(parseCategoryIds("99999999999")).toEqual([]);
  });
});

describe("searching the tree", () => {
  const shown = (query: string) => {
    const ids = searchTree(tree, index, query);
    return ids === null ? null : [...ids].sort((a, b) => a - b);
  };

  test("a match shows with its ancestors and everything below it", () => {
    expect(shown("zelen")).toEqual([1, 2, 4]);
    expect(shown("poplast")).toEqual([1, 2, 4, 5]);
    expect(shown("ploty")).toEqual([1, 2, 3, 4, 5]);
  });

  test("case and diacritics are ignored; several matches add up", () => {
    expect(shown("KRIDLOVE")).toEqual([6, 7]);
    expect(shown("brany")).toEqual([6, 7]);
    expect(shown("e")).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test("nothing matching shows nothing; a blank query shows everything", () => {
    expect(shown("pletivo")).toEqual([]);
    expect(shown("   ")).toBeNull();
  });
});

describe("building the tree from rows", () => {
  test("rows nest under their parents; siblings by sort order, then Czech name, then id", () => {
    const built = buildTree([
      { id: 10, name: "Zelené", parentId: 2 },
      { id: 2, name: "Poplastované", parentId: 1 },
      { id: 1, name: "Ploty", parentId: null },
      { id: 3, name: "Chata", parentId: 1 },
      { id: 4, name: "Hrad", parentId: 1 },
      { id: 5, name: "Čep", parentId: 1 },
      { id: 6, name: "Brány", parentId: null, sortOrder: 1 },
      { id: 7, name: "Antracit", parentId: null, sortOrder: 1 },
      { id: 8, name: "Antracit", parentId: null, sortOrder: 1 },
    ]);
    const names = (nodes: TreeNode[]): unknown[] => nodes.map((node) => (node.children.length ? [node.id, names(node.children)] : node.id));
    expect(names(built)).toEqual([[1, [5, 4, 3, [2, [10]]]], 7, 8, 6]);
  });

  test("a row whose parent is not among the rows becomes a root; no rows, no tree", () => {
    expect(buildTree([{ id: 9, name: "Sirotek", parentId: 123 }])).toEqual([{ id: 9, name: "Sirotek", children: [] }]);
    expect(buildTree([])).toEqual([]);
  });

  test("path options list every node in tree order with its full path", () => {
    expect(pathOptions(tree).map((option) => [option.id, option.label, option.depth])).toEqual([
      [1, "Ploty", 0],
      [2, "Ploty › Poplastované", 1],
      [4, "Ploty › Poplastované › Zelené", 2],
      [5, "Ploty › Poplastované › Antracit", 2],
      [3, "Ploty › Betonové", 1],
      [6, "Brány", 0],
      [7, "Brány › Křídlové", 1],
    ]);
  });

  test("path options leave out the excluded node and its whole subtree", () => {
    expect(pathOptions(tree, 2).map((option) => option.id)).toEqual([1, 3, 6, 7]);
    expect(pathOptions(tree, 1).map((option) => option.id)).toEqual([6, 7]);
    expect(pathOptions(tree, 99).map((option) => option.id)).toEqual([1, 2, 4, 5, 3, 6, 7]);
  });
});
