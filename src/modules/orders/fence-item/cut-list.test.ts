/**
 * The cut list (cut-list.ts) beyond the document's tables (worked-examples.test.ts checks those):
 * grouping, the Alt part, amounts, sub-products, which product a line is, items left out, and the
 * sum across orders.
 */
import { describe, expect, test } from "bun:test";
import { buildCutList, type CutListItemInput, cutPiecesOf, mergeCutLists } from "./cut-list";
import type { FenceItemFields } from "./types";
import { CUT_LIST_EXAMPLE, WORKED_EXAMPLES } from "./worked-examples";

const product = { id: 1, name: "Plot Lamela" };
const variant = { id: 5, name: "Plot Lamela RAL 7016" };
const post = { id: 2, name: "Sloupek 60 × 60" };
const cap = { id: 3, name: "Čepička sloupku" };

const example = (id: string, fields: Partial<FenceItemFields> = {}, extra: Partial<CutListItemInput> = {}): CutListItemInput => {
  const { item, parameters } = WORKED_EXAMPLES[id]!;
  return { fields: { ...item, ...fields }, parameters, product, ...extra };
};

const linesOf = (items: CutListItemInput[]) =>
  buildCutList(items).groups.flatMap((group) => group.lines.map((line) => `${line.product.id} ${line.component} ${line.color ?? "-"} ${line.length ?? "-"} × ${line.amount}`));

describe("buildCutList", () => {
  test("the same piece from two items is one line, summed; another colour or length is a line of its own", () => {
    const lines = linesOf([example("FENCE-1", { amount: 1 }), example("FENCE-1", { amount: 2 }), example("FENCE-1", { amount: 1, color: "RAL 9005" })]);
    expect(lines).toEqual([
      "1 slat RAL 7016 2476 × 42",
      "1 slat RAL 9005 2476 × 14",
      "1 topBar RAL 7016 2500 × 3",
      "1 topBar RAL 9005 2500 × 1",
      "1 bottomBar RAL 7016 2500 × 3",
      "1 bottomBar RAL 9005 2500 × 1",
      "1 uProfile RAL 7016 1665 × 6",
      "1 uProfile RAL 9005 1665 × 2",
    ]);
  });

  test("a two-wing item's solid wing has its own slat line (Alt), with its own spacer and chosen count", () => {
    const lines = linesOf([example("TWO_WING_WICKET-1", { actualSlatCountAlt: 11 })]);
    expect(lines.slice(0, 2)).toEqual(["1 slat RAL 7016 854 × 12", "1 slatAlt RAL 7016 889 × 11"]);
  });

  test("the office's chosen slat count is what is cut; fields multiply it (GATE-1 in 3 fields: (4000 − 20 − 40 − 2 × 40 − 3 × 24) / 3)", () => {
    expect(cutPiecesOf(example("FENCE-1", { actualSlatCount: 13, amount: 1 })).pieces[0]).toEqual({ component: "slat", length: 2476, count: 13 });
    expect(cutPiecesOf(example("GATE-1", { fieldCount: 3 })).pieces.filter((piece) => ["slat", "uProfile", "fieldDivider"].includes(piece.component))).toEqual([
      { component: "slat", length: 1262.67, count: 33 },
      { component: "uProfile", length: 1330, count: 6 },
      { component: "fieldDivider", length: 1410, count: 2 },
    ]);
  });

  test("amounts are exact: 0.1 + 0.2 fields of 14 slats are 4.2 slats, not 4.200000000000001", () => {
    const list = buildCutList([example("FENCE-1", { amount: 0.1 }), example("FENCE-1", { amount: 0.2 })]);
    const slat = list.groups[0]!.lines[0]!;
    expect(slat).toMatchObject({ component: "slat", length: 2476, amount: 4.2, runningMeters: 10.399 });
    expect(list.production).toEqual([{ product, kind: "item", amount: 0.3, sources: [] }]);
  });

  test("a part's line is the item's manufactured variant, else its product; options.product 'base' lists the base product", () => {
    const items = [example("FENCE-1", { amount: 1 }, { manufactured: variant }), example("FENCE-1", { amount: 1 })];
    expect(buildCutList(items).groups.map((group) => [group.product.name, group.lines[0]!.amount])).toEqual([
      ["Plot Lamela", 14],
      ["Plot Lamela RAL 7016", 14],
    ]);
    expect(buildCutList(items, { product: "base" }).groups.map((group) => [group.product.name, group.lines[0]!.amount])).toEqual([["Plot Lamela", 28]]);
    // The basket always gets what is produced: the variant.
    expect(buildCutList(items, { product: "base" }).production.map((line) => [line.product.id, line.amount])).toEqual([
      [1, 1],
      [5, 1],
    ]);
  });

  test("sub-products are lines of their own product, no colour or length, their amount as entered (not × the item's amount); none chosen is no line", () => {
    const list = buildCutList([
      example("FENCE-1", {}, { subProducts: [{ product: post, amount: 7 }, { product: cap, amount: 7 }, { product: null, amount: 2 }] }),
      example("WICKET-1", {}, { subProducts: [{ product: post, amount: 2 }] }),
    ]);
    const sub = (id: number) => list.groups.find((group) => group.product.id === id)!;
    expect(sub(2).lines).toEqual([{ product: post, component: "subProduct", color: null, length: null, amount: 9, runningMeters: null, sources: [] }]);
    expect(sub(3).lines.map((line) => line.amount)).toEqual([7]);
    expect(list.production.map((line) => [line.kind, line.product.id, line.amount])).toEqual([
      ["item", 1, 7],
      ["subProduct", 3, 7],
      ["subProduct", 2, 9],
    ]);
    // Products by name (Czech collation): Čepička, Plot, Sloupek.
    expect(list.groups.map((group) => group.product.id)).toEqual([3, 1, 2]);
  });

  test("parts the product has no parameter for are not cut; no lock, no lock stile", () => {
    const components = (fields: Partial<FenceItemFields>, parameters = {}) =>
      cutPiecesOf({ ...example("WICKET-1", fields), parameters: { ...WORKED_EXAMPLES["WICKET-1"]!.parameters, ...parameters } }).pieces.map((piece) => piece.component);
    expect(components({})).toEqual(["slat", "topBar", "bottomBar", "uProfile", "lockStile", "stop", "post"]);
    expect(components({ lockType: "NONE" })).toEqual(["slat", "topBar", "bottomBar", "uProfile", "stop", "post"]);
    expect(components({}, { bottomBar: 0, post: 0 })).toEqual(["slat", "topBar", "uProfile", "lockStile", "stop"]);
    expect(components({ gateDropRod: true, gateDropRodLength: 500 })).toContain("dropRod");
  });

  test("an item missing what its parts need is left out and says so; its sub-products go with it", () => {
    const list = buildCutList([
      example("FENCE-1", { color: " ", spacerHeight: null }, { id: 7, orderId: 3, subProducts: [{ product: post, amount: 5 }] }),
      example("GATE-1", { totalGateLength: null }, { id: 8 }),
      { ...example("FENCE-1", {}, { id: 9 }), parameters: { uProfile: 24 } },
      example("WICKET-1", { amount: 0 }, { id: 10 }),
      example("TWO_WING_GATE-1", { solidPartWidth: null, gateDropRodLength: null }, { id: 11 }),
      example("FENCE-1", { product: null }, { id: 12, product: null }),
    ]);
    expect(list.groups).toEqual([]);
    expect(list.production).toEqual([]);
    expect(list.skipped.map((item) => [item.itemId, item.index, item.problems])).toEqual([
      [7, 0, [{ field: "color", reason: "missing" }, { field: "spacerHeight", reason: "missing" }]],
      [8, 1, [{ field: "totalGateLength", reason: "missing" }]],
      [9, 2, [{ field: "pieceHeight", reason: "missingParameter" }]],
      [10, 3, [{ field: "amount", reason: "missing" }]],
      [11, 4, [{ field: "solidPartWidth", reason: "missing" }, { field: "gateDropRodLength", reason: "missing" }]],
      [12, 5, [{ field: "product", reason: "missing" }]],
    ]);
    expect(list.skipped[0]).toMatchObject({ orderId: 3, productType: "FENCE", product });
  });

  test("a filling or a part that comes out 0 or less leaves the item out", () => {
    const low = buildCutList([example("FENCE-1", { height: 100 }, { id: 1 }), example("WICKET-1", { length: 200 }, { id: 2 })]);
    expect(low.skipped.map((item) => item.problems)).toEqual([[{ field: "realFillingHeight", reason: "notPositive" }], [{ field: "fieldFillingWidth", reason: "notPositive" }]]);
    expect(low.groups).toEqual([]);
  });

  test("an empty order has an empty list", () => {
    expect(buildCutList([])).toEqual({ groups: [], production: [], totals: { amount: 0, runningMeters: 0 }, skipped: [] });
  });
});

describe("across orders", () => {
  const orders = [
    [example("FENCE-1", { amount: 2 }, { orderId: 20, subProducts: [{ product: post, amount: 3 }] }), example("WICKET-1", {}, { orderId: 20 })],
    [example("FENCE-1", { amount: 1 }, { orderId: 10, subProducts: [{ product: post, amount: 2 }] })],
    [example("FENCE-1", { amount: 0.5 }, { orderId: 30 }), example("FENCE-1", { height: null }, { orderId: 30 })],
  ];

  test("each line keeps the orders it comes from and how much of it each one needs", () => {
    const list = buildCutList(orders.flat());
    const slat = list.groups[0]!.lines.find((line) => line.component === "slat" && line.length === 2476)!;
    expect(slat.amount).toBe(49);
    expect(slat.sources).toEqual([
      { orderId: 10, amount: 14 },
      { orderId: 20, amount: 28 },
      { orderId: 30, amount: 7 },
    ]);
    expect(list.production.find((line) => line.kind === "subProduct")).toEqual({
      product: post,
      kind: "subProduct",
      amount: 5,
      sources: [
        { orderId: 10, amount: 2 },
        { orderId: 20, amount: 3 },
      ],
    });
    expect(list.skipped.map((item) => item.orderId)).toEqual([30]);
  });

  test("mergeCutLists of one list per order is the list of all their items", () => {
    const merged = mergeCutLists(orders.map((items) => buildCutList(items)));
    const all = buildCutList(orders.flat());
    expect(merged.groups).toEqual(all.groups);
    expect(merged.production).toEqual(all.production);
    expect(merged.totals).toEqual(all.totals);
    expect(merged.skipped.length).toBe(1);
  });

  test("CUT-1 twice, as two orders, doubles every line and names both orders", () => {
    const second = CUT_LIST_EXAMPLE.map((item) => ({ ...item, orderId: 2 }));
    const one = buildCutList(CUT_LIST_EXAMPLE);
    const two = mergeCutLists([one, buildCutList(second)]);
    expect(two.totals).toEqual({ amount: 362, runningMeters: 760.886 });
    expect(two.groups[0]!.lines[0]!.sources).toEqual([
      { orderId: 1, amount: 84 },
      { orderId: 2, amount: 84 },
    ]);
  });

  test("10,000 items (every type, 100 orders) sum exactly (the speed is the bench's figure, tests/bench/manufacture-list.ts: tests never assert timings)", () => {
    const types = Object.keys(WORKED_EXAMPLES);
    const items = Array.from({ length: 10_000 }, (_, index) =>
      example(types[index % types.length]!, { amount: 1 + (index % 4), color: ["RAL 7016", "RAL 9005", "RAL 6005"][index % 3] }, { orderId: 1 + (index % 100), id: index, subProducts: [{ product: post, amount: 2 }] }),
    );
    const list = buildCutList(items);
    expect(list.skipped).toEqual([]);
    expect(list.production.find((line) => line.kind === "subProduct")!.amount).toBe(20_000);
    expect(list.totals.amount).toBe(list.groups.reduce((sum, group) => sum + group.amount, 0));
  });
});
