import { describe, expect, test } from "bun:test";
import { indexTree, isPartial, joinCategoryIds, nodeState, parseCategoryIds, selectedIds, toggleNode, type TreeNode } from "./tree";

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

describe("category tree selection (spec 01 §4)", () => {
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
