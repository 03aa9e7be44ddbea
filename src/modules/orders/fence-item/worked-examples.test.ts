/**
 * The worked examples of docs/fence-geometry.md, number for number. Each example also checks that
 * its results are written in the document's section, so the document and the engine cannot drift.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { buildCutList, type CutList } from "./cut-list";
import { computeFenceItem, computeOrderTotals, computeSpacers, type FenceItemFields, type FenceParameters } from "./engine";
import { CUT_LIST_EXAMPLE, WORKED_EXAMPLES } from "./worked-examples";

const DOC = readFileSync(new URL("../../../../docs/fence-geometry.md", import.meta.url), "utf8");

/** The document's text of one example: from its bold title to the next example or heading. */
function docSection(id: string): string {
  const start = DOC.indexOf(`**Example ${id}`);
  if (start < 0) throw new Error(`docs/fence-geometry.md has no example ${id}`);
  const rest = DOC.slice(start + 1);
  const ends = [rest.indexOf("**Example "), rest.indexOf("\n### "), rest.indexOf("\n## ")].filter((index) => index >= 0);
  return rest.slice(0, Math.min(...ends, rest.length));
}

function expectDocMentions(id: string, snippets: string[]) {
  const section = docSection(id);
  for (const snippet of snippets) expect(section, `${id} should mention ${snippet}`).toContain(snippet);
}


interface Example {
  id: string;
  item: FenceItemFields;
  parameters: FenceParameters;
  expected: Partial<Record<keyof ReturnType<typeof computeFenceItem>, unknown>>;
  inDoc: string[];
}

const EXAMPLES: Example[] = [
  {
    id: "FENCE-1",
    ...WORKED_EXAMPLES["FENCE-1"]!,
    expected: {
      realFillingHeight: 1665,
      realFillingWidth: 2476,
      fieldFillingWidth: 2476,
      slatCount: 14,
      tail: 5,
      area: 4.5,
      totalArea: 27,
      unitPriceHalere: 1_102_500,
      totalPriceHalere: 6_615_000,
      weight: 31.25,
      totalWeight: 187.5,
      realGatePartFillingWidth: null,
      realSolidPartFillingWidth: null,
      slatCountAlt: null,
      tailAlt: null,
    },
    inDoc: ["**1665 mm**", "**2476 mm**", "**14**", "**5 mm**", "**4.5 m²**", "**11 025.00 Kč**", "**66 150.00 Kč**", "**31.25 kg**", "**187.5 kg**"],
  },
  {
    id: "GATE-1",
    ...WORKED_EXAMPLES["GATE-1"]!,
    expected: { realFillingHeight: 1330, realFillingWidth: 3852, fieldCount: 2, fieldFillingWidth: 1926, slatCount: 11, tail: 30, area: 6.4, unitPriceHalere: 2_489_600, weight: 72 },
    inDoc: ["**1330 mm**", "**3852 mm**", "**1926 mm**", "**11**", "**30 mm**", "**6.4 m²**", "**24 896.00 Kč**", "**72 kg**"],
  },
  {
    id: "RAIL_GATE-1",
    ...WORKED_EXAMPLES["RAIL_GATE-1"]!,
    expected: { realFillingHeight: 1280, realFillingWidth: 3982, fieldFillingWidth: 1991, slatCount: 11, tail: 0, area: 6.225, unitPriceHalere: 2_178_750, weight: null },
    inDoc: ["**1280 mm**", "**3982 mm**", "**1991 mm**", "**11**", "**0 mm**", "**6.225 m²**", "**21 787.50 Kč**", "**4250 mm**"],
  },
  {
    id: "ONE_WING_GATE-1",
    ...WORKED_EXAMPLES["ONE_WING_GATE-1"]!,
    expected: { realFillingHeight: 1270, realFillingWidth: 2926, slatCount: 11, tail: 0, area: 4.48, unitPriceHalere: 1_881_600 },
    inDoc: ["**1270 mm**", "**2926 mm**", "**11**", "**0 mm**", "**4.48 m²**", "**18 816.00 Kč**"],
  },
  {
    id: "WICKET-1",
    ...WORKED_EXAMPLES["WICKET-1"]!,
    expected: { realFillingHeight: 1090, realFillingWidth: 1085, slatCount: 12, tail: 20, area: 1.56, unitPriceHalere: 622_440, weight: 12.74 },
    inDoc: ["**1090 mm**", "**1085 mm**", "**12**", "**20 mm**", "**1.56 m²**", "**6 224.40 Kč**", "**12.74 kg**"],
  },
  {
    id: "TWO_WING_GATE-1",
    ...WORKED_EXAMPLES["TWO_WING_GATE-1"]!,
    expected: {
      realFillingHeight: 1470,
      realGatePartFillingWidth: 1301,
      realSolidPartFillingWidth: 2341,
      realFillingWidth: 3642,
      fieldFillingWidth: 1301,
      fieldFillingWidthAlt: 2341,
      slatCount: 12,
      slatCountAlt: 12,
      tail: 50,
      tailAlt: 50,
      area: 6.4,
      unitPriceHalere: 2_688_000,
    },
    inDoc: ["**1470 mm**", "**1301 mm**", "**2341 mm**", "**3642 mm**", "**12**", "**50 mm**", "**6.4 m²**", "**26 880.00 Kč**"],
  },
  {
    id: "TWO_WING_WICKET-1",
    ...WORKED_EXAMPLES["TWO_WING_WICKET-1"]!,
    expected: {
      realFillingHeight: 1090,
      realGatePartFillingWidth: 854,
      realSolidPartFillingWidth: 889,
      realFillingWidth: 1743,
      slatCount: 12,
      tail: 20,
      slatCountAlt: 12,
      tailAlt: 31,
      area: 2.4,
      unitPriceHalere: 957_600,
    },
    inDoc: ["**1090 mm**", "**854 mm**", "**889 mm**", "**1743 mm**", "**12**", "**20 mm**", "**31 mm**", "**2.4 m²**", "**9 576.00 Kč**"],
  },
  {
    id: "CUSTOM-1",
    ...WORKED_EXAMPLES["CUSTOM-1"]!,
    expected: {
      realFillingHeight: 900,
      realFillingWidth: 1500,
      slatCount: null,
      tail: null,
      area: 1.5,
      totalArea: 4.5,
      unitPriceHalere: 299_999,
      totalPriceHalere: 899_997,
    },
    inDoc: ["**900 mm**", "**1500 mm**", "**1.5 m²**", "**2 999.99 Kč**", "**8 999.97 Kč**"],
  },
];

describe("the worked examples of docs/fence-geometry.md", () => {
  for (const example of EXAMPLES) {
    test(`${example.id}: every derived number`, () => {
      const result = computeFenceItem(example.item, example.parameters);
      for (const [field, value] of Object.entries(example.expected)) {
        const actual: unknown = result[field as keyof typeof result];
        expect({ field, value: actual }).toEqual({ field, value });
      }
    });

    test(`${example.id}: the item is complete and valid, with no hints`, () => {
      const { validation } = computeFenceItem(example.item, example.parameters);
      expect(validation.errors).toEqual([]);
      expect(validation.hints).toEqual([]);
      expect(validation.valid).toBe(true);
    });

    test(`${example.id}: the document states the same results`, () => expectDocMentions(example.id, example.inDoc));
  }

  test("RAIL_GATE-1 with an opening of 4100 asks for a leaf of at least 4250 mm", () => {
    const rail = EXAMPLES.find((example) => example.id === "RAIL_GATE-1")!;
    const { validation } = computeFenceItem({ ...rail.item, openingSize: 4100 }, rail.parameters);
    expect(validation.hints).toEqual([{ field: "length", message: "fenceItem.hint.railGateOverhang", params: { min: 4250, overhang: 150 } }]);
    expect(validation.valid).toBe(true);
  });

  test("ORDER-1: totals, shipping, discount and the summary at 21, 15 and 12 %", () => {
    const fence = EXAMPLES.find((example) => example.id === "FENCE-1")!;
    const wicket = EXAMPLES.find((example) => example.id === "WICKET-1")!;
    const fenceItems = [computeFenceItem(fence.item, fence.parameters), computeFenceItem(wicket.item, wicket.parameters)];
    const order = (vatRate: number) =>
      computeOrderTotals({
        fenceItems,
        otherItems: [{ amount: 2, unitPrice: 1290 }],
        assemblyItems: [
          { amount: 6, unitPrice: 350 },
          { amount: 1, unitPrice: 1500 },
        ],
        subProducts: [
          { amount: 14, unitPrice: 289.9 },
          { amount: 7, unitPrice: 45.5 },
        ],
        shipping: { distance: 42.5, unitPrice: 18, priceByDistance: true },
        discountAmount: 1000,
        vatRate,
      });
    const at21 = order(21);
    expect(at21).toMatchObject({
      fenceItemsHalere: 7_237_440,
      otherItemsHalere: 258_000,
      assemblyItemsHalere: 360_000,
      subProductsHalere: 437_710,
      totalHalere: 8_293_150,
      shippingPriceHalere: 76_500,
      discountHalere: 100_000,
      totalWithShippingHalere: 8_269_650,
    });
    expect(at21.summary).toEqual({ priceWithoutVatHalere: 8_269_650, vatRate: 21, vatHalere: 1_736_627, totalHalere: 10_006_277 });
    expect(order(15).summary).toEqual({ priceWithoutVatHalere: 8_269_650, vatRate: 15, vatHalere: 1_240_448, totalHalere: 9_510_098 });
    expect(order(12).summary).toEqual({ priceWithoutVatHalere: 8_269_650, vatRate: 12, vatHalere: 992_358, totalHalere: 9_262_008 });
    expectDocMentions("ORDER-1", ["**72 374.40**", "**2 580.00**", "**3 600.00**", "**4 377.10**", "**82 931.50**", "**765.00**", "**82 696.50**", "**17 366.27**", "**100 062.77**", "**12 404.48**", "**95 100.98**", "**9 923.58**", "**92 620.08**"]);
  });

  const spacerExamples = [
    {
      name: "SPACER-1: FENCE-1's filling, no offsets",
      input: { height: 1665, slatHeight: 100, spacer: 20 },
      expected: [1665, 1685 / 120, [14, 20.38, 0.06], [15, 11.78, 0.08], [14, 20, 5]],
      inDoc: ["**14 slats at 20.38 mm**", "**15 slats at 11.78 mm**", "**14 slats at 20 mm, tail 5 mm**"],
    },
    {
      name: "SPACER-2: Z1 10 and Z2 15 leave 1640 mm",
      input: { height: 1665, slatHeight: 100, spacer: 20, z1: 10, z2: 15 },
      expected: [1640, 1660 / 120, [13, 28.33, 0.04], [14, 18.46, 0.02], [13, 20, 100]],
      inDoc: ["**13 at 28.33 mm**", "**14 at 18.46 mm**", "**13 at 20 mm, tail 100 mm**"],
    },
  ] as const;
  for (const { name, input, expected, inDoc } of spacerExamples) {
    test(name, () => {
      const [availableHeight, exactSlatCount, ...options] = expected;
      const [floor, ceiling, fixed] = options.map(([slatCount, spacerHeight, tail]) => ({ slatCount, spacerHeight, tail }));
      expect(computeSpacers(input)).toEqual({ availableHeight, exactSlatCount, floor: floor!, ceiling: ceiling!, fixed: fixed! });
      expectDocMentions(name.split(":")[0]!, [...inDoc]);
    });
  }

  test("SPACER-3: a spacer of 20.005 rounds down to 20.00, so the slats fit; one slat more does not fit", () => {
    const result = computeSpacers({ height: 340.01, slatHeight: 100, spacer: 20 })!;
    expect(result.floor).toEqual({ slatCount: 3, spacerHeight: 20, tail: 0.01 });
    expect(result.ceiling).toBeNull();
    expect(result.fixed).toEqual({ slatCount: 3, spacerHeight: 20, tail: 0.01 });
    expectDocMentions("SPACER-3", ["**20.00 mm**", "**none**", "**0.01 mm**"]);
  });
});

/** The rows of the document's table under "**Cut list of {id}…**": each cell trimmed, backticks dropped; and its total. */
function cutListTable(id: string): { rows: string[][]; total: string } {
  const start = DOC.indexOf(`**Cut list of ${id}`);
  if (start < 0) throw new Error(`docs/fence-geometry.md has no cut list of ${id}`);
  const rest = DOC.slice(start);
  const end = rest.indexOf("\n**", 2);
  const section = end < 0 ? rest : rest.slice(0, end);
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && line.includes("`"))
    .map((line) => line.slice(1, -1).split("|").map((cell) => cell.trim().replaceAll("`", "")));
  return { rows, total: /Total \*\*([^*]+)\*\*/.exec(section)?.[1] ?? "" };
}

const cell = (value: number | null) => (value === null ? "" : String(value));

describe("the cut lists of docs/fence-geometry.md, line for line", () => {
  const product = { id: 1, name: "Plot Lamela" };
  for (const id of ["FENCE-1", "GATE-1", "RAIL_GATE-1", "ONE_WING_GATE-1", "WICKET-1", "TWO_WING_GATE-1", "TWO_WING_WICKET-1", "CUSTOM-1"]) {
    test(`${id}: each part, its length, pieces and running metres; the total`, () => {
      const { item, parameters } = WORKED_EXAMPLES[id]!;
      const list = buildCutList([{ fields: item, parameters, product }]);
      expect(list.skipped).toEqual([]);
      expect(list.groups).toHaveLength(1);
      const lines = list.groups[0]!.lines.map((line) => [line.component, cell(line.length), cell(line.amount), cell(line.runningMeters)]);
      const doc = cutListTable(id);
      expect(lines).toEqual(doc.rows.map((row) => row.slice(0, 4)));
      expect(doc.total).toBe(`${list.totals.amount} pieces, ${list.totals.runningMeters} m`);
    });
  }

  test("CUT-1: grouping by product, part, colour and length; sub-products; the item left out; what the basket gets", () => {
    const list: CutList = buildCutList(CUT_LIST_EXAMPLE);
    const lines = list.groups.flatMap((group) => group.lines.map((line) => [line.product.name, line.component, line.color ?? "", cell(line.length), cell(line.amount), cell(line.runningMeters)]));
    expect(lines).toEqual(cutListTable("CUT-1").rows);
    expect(list.groups.map((group) => [group.product.name, group.amount, group.runningMeters])).toEqual([
      ["Plot Lamela", 171, 380.443],
      ["Sloupek 60 × 60", 10, 0],
    ]);
    expect(list.totals).toEqual({ amount: 181, runningMeters: 380.443 });
    expect(list.skipped).toEqual([{ itemId: 14, orderId: 1, index: 3, productType: "FENCE", product: { id: 1, name: "Plot Lamela" }, problems: [{ field: "height", reason: "missing" }] }]);
    expect(list.production.map((line) => [line.kind, line.product.name, line.amount])).toEqual([
      ["item", "Plot Lamela", 9.5],
      ["subProduct", "Sloupek 60 × 60", 10],
    ]);
    const section = DOC.slice(DOC.indexOf("**Cut list of CUT-1**"));
    for (const snippet of ["**17**", "**171 pieces, 380.443 m**", "**181 pieces,\n  380.443 m**", "**height is missing**", "**9.5 × Plot Lamela**", "**10 × Sloupek 60 × 60**"]) {
      expect(section, `CUT-1 should mention ${snippet}`).toContain(snippet);
    }
  });
});
