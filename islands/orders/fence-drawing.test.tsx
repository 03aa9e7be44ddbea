/**
 * The live drawing of a fence item (docs/domain.md#items-tab), rendered to a string and read as SVG: for each
 * worked example of docs/fence-geometry.md it draws the engine's slats, labels the example's numbers,
 * and shows what the type has (two wings, wheels, hinges and lock); an incomplete item gets a
 * placeholder instead.
 */
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { computeFenceItem, type FenceItemFields, type FenceParameters } from "@/modules/orders/fence-item/engine";
import { WORKED_EXAMPLES } from "@/modules/orders/fence-item/worked-examples";
import { resources } from "@/locales";
import { FENCE_DRAWING_TEXT_KEYS, FenceDrawing, type FenceDrawingT, MAX_SLAT_RECTS, textsT } from "./fence-drawing";

function flatten(tree: Record<string, unknown>, prefix = "", into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") into[prefix + key] = value;
    else if (value && typeof value === "object") flatten(value as Record<string, unknown>, `${prefix}${key}.`, into);
  }
  return into;
}

/** What the server would send the island: the drawing's keys, in one language. */
function textsFor(lang: "cs" | "en"): Record<string, string> {
  const all = flatten(resources[lang].translation);
  return Object.fromEntries(FENCE_DRAWING_TEXT_KEYS.map((key) => [key, all[key] ?? key]));
}
const cs = textsT(textsFor("cs"));
const en = textsT(textsFor("en"));


interface Example {
  id: string;
  item: FenceItemFields;
  parameters: FenceParameters;
  /** Dimension labels the drawing must show (the example's numbers). */
  labels: string[];
  /** Texts of the caption. */
  caption: string[];
}

/** docs/fence-geometry.md, example by example (the same items as worked-examples.test.ts). */
const EXAMPLES: Example[] = [
  {
    id: "FENCE-1",
    ...WORKED_EXAMPLES["FENCE-1"]!,
    labels: ["2500", "1800", "1665", "2476", "50", "30"],
    caption: ["Výplň 2476 × 1665 mm", "Lamely 14 × 100 mm, mezera 20 mm, zbytek 5 mm", "RAL 7016"],
  },
  {
    id: "GATE-1",
    ...WORKED_EXAMPLES["GATE-1"]!,
    labels: ["4000", "5600", "1600", "1330", "1926", "60", "průjezd 3900", "protizávaží 1600"],
    caption: ["Výplň 3852 × 1330 mm", "Lamely 11 × 100 mm, mezera 20 mm, zbytek 30 mm"],
  },
  {
    id: "RAIL_GATE-1",
    ...WORKED_EXAMPLES["RAIL_GATE-1"]!,
    labels: ["4150", "1500", "1280", "1991", "10", "průjezd 4000", "přesah 150"],
    caption: ["Výplň 3982 × 1280 mm", "Lamely 11 × 100 mm, mezera 18 mm, zbytek 0 mm", "80 mm"],
  },
  {
    id: "ONE_WING_GATE-1",
    ...WORKED_EXAMPLES["ONE_WING_GATE-1"]!,
    labels: ["3200", "1400", "1270", "2926", "50"],
    caption: ["Výplň 2926 × 1270 mm", "Lamely 11 × 100 mm, mezera 17 mm, zbytek 0 mm", "Levé do dvora"],
  },
  {
    id: "WICKET-1",
    ...WORKED_EXAMPLES["WICKET-1"]!,
    labels: ["1300", "1200", "1090", "1085", "50"],
    caption: ["Výplň 1085 × 1090 mm", "Lamely 12 × 80 mm, mezera 10 mm, zbytek 20 mm", "Pravé do dvora"],
  },
  {
    id: "TWO_WING_GATE-1",
    ...WORKED_EXAMPLES["TWO_WING_GATE-1"]!,
    labels: ["4000", "Branková část 1500", "Pevná část 2500", "1600", "1470", "1301", "2341", "50"],
    caption: ["Výplň 3642 × 1470 mm", "Branková část: Lamely 12 × 100 mm, mezera 20 mm, zbytek 50 mm", "Pevná část: Lamely 12 × 100 mm, mezera 20 mm, zbytek 50 mm"],
  },
  {
    id: "TWO_WING_WICKET-1",
    ...WORKED_EXAMPLES["TWO_WING_WICKET-1"]!,
    labels: ["2000", "Branková část 1000", "Pevná část 1000", "1200", "1090", "854", "889", "50"],
    caption: ["Výplň 1743 × 1090 mm", "Branková část: Lamely 12 × 80 mm, mezera 10 mm, zbytek 20 mm", "Pevná část: Lamely 12 × 80 mm, mezera 9 mm, zbytek 31 mm"],
  },
  {
    id: "CUSTOM-1",
    ...WORKED_EXAMPLES["CUSTOM-1"]!,
    labels: ["1500", "1000", "900", "100"],
    caption: ["Výplň 1500 × 900 mm", "RAL 9005"],
  },
];

const example = (id: string) => EXAMPLES.find((one) => one.id === id)!;

function draw(item: FenceItemFields, parameters: FenceParameters, t: FenceDrawingT = cs, withComputed = true): string {
  const computed = withComputed ? computeFenceItem(item, parameters) : undefined;
  return renderToString(<FenceDrawing item={item} computed={computed} parameters={parameters} t={t} />);
}

const count = (html: string, part: string) => html.split(`data-part="${part}"`).length - 1;
/** The svg's text elements: the dimension labels. */
const labels = (html: string) => [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
/** What a person reads: tags and React's text separators out, entities decoded. */
const readable = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "\n").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
const attribute = (html: string, name: string) => html.match(new RegExp(`${name}="([^"]*)"`))?.[1];

describe("the fence drawing of each worked example", () => {
  for (const { id, item, parameters, labels: expected, caption } of EXAMPLES) {
    test(`${id}: the engine's slats, the example's numbers, an accessible svg`, () => {
      const computed = computeFenceItem(item, parameters);
      const html = draw(item, parameters);
      const slats = ((computed.slatCount ?? 0) + (computed.slatCountAlt ?? 0)) * computed.fieldCount;
      expect(count(html, "slat")).toBe(slats);
      expect(attribute(html, "data-slats")).toBe(String(slats));
      const shown = labels(html);
      for (const label of expected) expect(shown, `${id} labels ${label}`).toContain(label);
      const text = readable(html);
      for (const line of caption) expect(text).toContain(line);
      expect(html).toContain('role="img"');
      const aria = attribute(html, "aria-label")!;
      expect(aria).toContain(cs(`fenceItem.productType.${item.productType}`));
      expect(aria).toContain(`${item.length} mm`);
      expect(aria).toContain(caption[0]!);
      expect(html).not.toContain("NaN");
      expect(html).not.toContain("fenceItem.");
    });
  }

  test("FENCE-1: posts on both sides, spacers between the slats, the 5 mm tail at the top", () => {
    const { item, parameters } = example("FENCE-1");
    const html = draw(item, parameters);
    expect(count(html, "post")).toBe(2);
    expect(count(html, "spacer")).toBe(2);
    expect(count(html, "tail")).toBe(1);
    const tailY = Number(html.match(/data-part="tail" x="[^"]*" y="([^"]*)"/)![1]);
    const slatYs = [...html.matchAll(/data-part="slat" x="[^"]*" y="([^"]*)"/g)].map((match) => Number(match[1]));
    expect(tailY).toBeLessThan(Math.min(...slatYs));
  });

  test("the two-wing types draw two wings, each with its own slats, and the gap between them", () => {
    for (const id of ["TWO_WING_GATE-1", "TWO_WING_WICKET-1"]) {
      const { item, parameters } = example(id);
      const computed = computeFenceItem(item, parameters);
      const html = draw(item, parameters);
      expect(count(html, "wing")).toBe(2);
      expect(html).toContain(`data-wing="active" data-slats="${computed.slatCount}"`);
      expect(html).toContain(`data-wing="solid" data-slats="${computed.slatCountAlt}"`);
      expect(count(html, "hinge")).toBe(4);
      expect(count(html, "lock")).toBe(1);
    }
    expect(count(draw(example("TWO_WING_GATE-1").item, example("TWO_WING_GATE-1").parameters), "drop-rod")).toBe(1);
    for (const id of ["FENCE-1", "GATE-1", "WICKET-1"]) expect(count(draw(example(id).item, example(id).parameters), "wing")).toBe(1);
  });

  test("a rail gate shows its wheels and rail; the cantilever gate its counterweight and carriages", () => {
    const rail = draw(example("RAIL_GATE-1").item, example("RAIL_GATE-1").parameters);
    expect(count(rail, "wheel")).toBe(2);
    expect(count(rail, "rail")).toBe(1);
    expect(count(rail, "drive-mount")).toBe(1);
    const gate = draw(example("GATE-1").item, example("GATE-1").parameters);
    expect(count(gate, "wheel")).toBe(0);
    expect(count(gate, "counterweight")).toBe(1);
    expect(count(gate, "carriage")).toBe(2);
    for (const id of ["FENCE-1", "ONE_WING_GATE-1", "WICKET-1", "TWO_WING_GATE-1", "CUSTOM-1"]) expect(count(draw(example(id).item, example(id).parameters), "wheel")).toBe(0);
  });

  test("hinged types: hinges on the opening type's side, the lock on the other, dashed when it opens to the yard", () => {
    const xOf = (html: string, part: string) => Number(html.match(new RegExp(`data-part="${part}" x="([^"]*)"`))![1]);
    const { item, parameters } = example("WICKET-1");
    const right = draw(item, parameters);
    expect(count(right, "hinge")).toBe(2);
    expect(xOf(right, "hinge")).toBeGreaterThan(xOf(right, "lock"));
    expect(right).toMatch(/data-part="swing"[^>]*stroke-dasharray/);
    const left = draw({ ...item, openingType: "LEFT_TO_STREET" }, parameters);
    expect(xOf(left, "hinge")).toBeLessThan(xOf(left, "lock"));
    expect(left).not.toMatch(/data-part="swing"[^>]*stroke-dasharray/);
    expect(count(draw({ ...item, lockType: "NONE" }, parameters), "lock")).toBe(0);
  });
});

describe("the drawing follows the item", () => {
  test("changing the height changes the slats drawn", () => {
    const { item, parameters } = example("FENCE-1");
    expect(count(draw(item, parameters), "slat")).toBe(14);
    const lower = draw({ ...item, height: 1200 }, parameters);
    expect(count(lower, "slat")).toBe(computeFenceItem({ ...item, height: 1200 }, parameters).slatCount!);
    expect(count(lower, "slat")).toBe(9);
    expect(labels(lower)).toContain("1200");
  });

  test("a chosen slat count (the spacer dialog's) is what is drawn", () => {
    const { item, parameters } = example("FENCE-1");
    expect(count(draw({ ...item, actualSlatCount: 15, spacerHeight: 11.79 }, parameters), "slat")).toBe(15);
  });

  test("without the engine's numbers it computes them itself, with the same picture", () => {
    const { item, parameters } = example("TWO_WING_WICKET-1");
    expect(draw(item, parameters, cs, false)).toBe(draw(item, parameters));
  });

  test("an incomplete item shows a friendly placeholder, not a broken drawing", () => {
    const { item, parameters } = example("FENCE-1");
    for (const [change, field] of [
      [{ height: null }, "Výška"],
      [{ height: 0 }, "Výška"],
      [{ length: undefined }, "Délka"],
      [{ productType: null }, "Typ výrobku"],
    ] as const) {
      const html = draw({ ...item, ...change }, parameters);
      expect(html).not.toContain("<svg");
      expect(count(html, "placeholder")).toBe(1);
      expect(readable(html)).toContain("Nákres se zobrazí po vyplnění");
      expect(readable(html)).toContain(field);
    }
    const twoWing = example("TWO_WING_GATE-1");
    const noParts = draw({ ...twoWing.item, wicketPartWidth: null, solidPartWidth: null }, twoWing.parameters);
    expect(readable(noParts)).toContain("Šířka brankové části");
    // One part and the length are enough: the other part is the rest.
    const onePart = draw({ ...twoWing.item, solidPartWidth: null }, twoWing.parameters);
    expect(count(onePart, "wing")).toBe(2);
  });

  test("odd and missing values draw without NaN: no slat height, no spacer, components taller than the item", () => {
    const { item, parameters } = example("GATE-1");
    const cases: [FenceItemFields, FenceParameters][] = [
      [item, { ...parameters, pieceHeight: null }],
      [{ ...item, spacerHeight: null }, parameters],
      [{ ...item, height: 100 }, parameters],
      [{ ...item, fieldCount: 0, totalGateLength: 100 }, parameters],
      [{ ...example("WICKET-1").item, hingeWidth: null, openingType: null, lockType: null }, example("WICKET-1").parameters],
      [{ ...example("RAIL_GATE-1").item, wheelsType: null, openingSize: null }, example("RAIL_GATE-1").parameters],
      [{ ...example("FENCE-1").item, length: 0.5 }, example("FENCE-1").parameters],
    ];
    for (const [broken, brokenParameters] of cases) {
      const html = draw(broken, brokenParameters);
      expect(html).toContain("<svg");
      expect(html).not.toContain("NaN");
      expect(html).not.toContain("Infinity");
    }
    expect(readable(draw(item, { ...parameters, pieceHeight: null }))).toContain("Lamely nelze spočítat");
    expect(count(draw({ ...item, height: 100 }, parameters), "slat")).toBe(0);
  });

  test(`more than ${MAX_SLAT_RECTS} slats are still all drawn, simply: one path per field`, () => {
    const { item, parameters } = example("FENCE-1");
    const tall = { ...item, height: 20000, spacerHeight: 5 };
    const thin = { ...parameters, pieceHeight: 50 };
    const computed = computeFenceItem(tall, thin);
    expect(computed.slatCount!).toBeGreaterThan(MAX_SLAT_RECTS);
    const html = draw(tall, thin);
    expect(count(html, "slat")).toBe(0);
    expect(count(html, "spacer")).toBe(0);
    expect(html).toContain(`data-part="slats" data-count="${computed.slatCount}"`);
    expect((html.match(/z/g) ?? []).length).toBeGreaterThanOrEqual(computed.slatCount!);
  });

  test("a 10 m fence field and a 1 m wicket both fit the picture, to scale", () => {
    const fence = example("FENCE-1");
    const long = draw({ ...fence.item, length: 10000 }, fence.parameters);
    const wicket = example("WICKET-1");
    const small = draw({ ...wicket.item, length: 1000 }, wicket.parameters);
    const box = (html: string) => attribute(html, "viewBox")!.split(" ").map(Number);
    const [, , longW, longH] = box(long);
    const [, , smallW, smallH] = box(small);
    expect(longW!).toBeLessThan(600);
    expect(longW! / longH!).toBeGreaterThan(3);
    expect(smallW!).toBeLessThan(600);
    expect(smallH!).toBeGreaterThan(200);
    // The slats of the long field are as long as the drawing says: 9976 mm at the same scale as the 10000 mm length.
    const slatWidth = Number(long.match(/data-part="slat" x="[^"]*" y="[^"]*" width="([^"]*)"/)![1]);
    const dimension = long.match(/data-side="top"[^>]*><path d="M([\d.]+) [\d.]+H([\d.]+)/)!;
    expect(slatWidth / (Number(dimension[2]) - Number(dimension[1]))).toBeCloseTo(9976 / 10000, 2);
  });

  test("the texts come from t: English labels in an English office", () => {
    const { item, parameters } = example("GATE-1");
    const html = draw(item, parameters, en);
    expect(labels(html)).toContain("opening 3900");
    expect(labels(html)).toContain("counterweight 1600");
    expect(readable(html)).toContain("Slats 11 × 100 mm, spacer 20 mm, tail 30 mm");
    expect(attribute(html, "aria-label")).toContain("Cantilever sliding gate");
    const placeholder = draw({ ...item, height: null }, parameters, en);
    expect(readable(placeholder)).toContain("The drawing appears once these are filled in: Height (mm)");
  });

  test("every text key it uses is listed in FENCE_DRAWING_TEXT_KEYS", () => {
    const asked = new Set<string>();
    const recording: FenceDrawingT = (key, values) => {
      asked.add(key);
      return cs(key, values);
    };
    for (const { item, parameters } of EXAMPLES) {
      draw(item, parameters, recording);
      draw({ ...item, height: null, length: null }, parameters, recording);
      draw(item, { ...parameters, pieceHeight: null }, recording);
    }
    draw({ ...example("TWO_WING_GATE-1").item, gateOpeningType: "DRIVE", driveOpening: "YARD" }, example("TWO_WING_GATE-1").parameters, recording);
    const listed = new Set<string>(FENCE_DRAWING_TEXT_KEYS);
    expect([...asked].filter((key) => !listed.has(key))).toEqual([]);
  });
});
