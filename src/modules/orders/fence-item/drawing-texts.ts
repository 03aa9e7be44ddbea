/**
 * The words of a fence item's drawing: the translation function it is given, the keys it asks for
 * (so the server can send exactly these to an island) and how it writes millimetres.
 */

/** A translation function: i18next's `t`, or `textsT(texts)` over texts the server sent. */
export type FenceDrawingT = (key: string, values?: Record<string, string | number>) => string;

/**
 * The texts the drawing asks for; the server can send exactly these to an island. Built by a call
 * marked pure, so a bundle that never reads the list (the items island) leaves it out.
 */
export const FENCE_DRAWING_TEXT_KEYS: readonly string[] = /* @__PURE__ */ (() => [
  "fenceItem.drawing.placeholder",
  "fenceItem.drawing.summary",
  "fenceItem.drawing.units",
  "fenceItem.drawing.filling",
  "fenceItem.drawing.slats",
  "fenceItem.drawing.noSlats",
  "fenceItem.drawing.wicketPart",
  "fenceItem.drawing.solidPart",
  "fenceItem.drawing.counterweight",
  "fenceItem.drawing.opening",
  "fenceItem.drawing.overhang",
  ...["productType", "color", "height", "length", "wicketPartWidth", "solidPartWidth", "openingType", "driveOpening", "lockType", "wheelsType"].map((field) => `fenceItem.field.${field}`),
  ...["FENCE", "GATE", "ONE_WING_GATE", "TWO_WING_GATE", "RAIL_GATE", "WICKET", "TWO_WING_WICKET", "CUSTOM"].map((type) => `fenceItem.productType.${type}`),
  ...["RIGHT_TO_YARD", "LEFT_TO_YARD", "RIGHT_TO_STREET", "LEFT_TO_STREET"].map((value) => `fenceItem.openingType.${value}`),
  ...["YARD", "STREET", "R_TO_STREET_L_TO_YARD", "L_TO_STREET_R_TO_YARD"].map((value) => `fenceItem.driveOpening.${value}`),
  ...["ELECTRIC", "NORMAL", "NONE"].map((value) => `fenceItem.lockType.${value}`),
  ...["WT_60MM", "WT_80MM", "WT_100MM"].map((value) => `fenceItem.wheelsType.${value}`),
])();

/** A `t` over plain texts (an island's props): `{{name}}` placeholders filled, a missing key shown as itself. */
export const textsT =
  (texts: Readonly<Record<string, string>>): FenceDrawingT =>
  (key, values) => {
    const text = texts[key] ?? key;
    // Most texts have no placeholder, and the items tab asks for hundreds per render.
    return values && text.includes("{{") ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
  };

/**
 * mm for people: at most two decimals, a decimal comma, no thousands separator (as the drawings in
 * the workshop). `places` keeps more (an area keeps its 3: 3,825 m², not 3,83); the items editor
 * writes every number this way.
 */
export const formatMm = (value: number, places = 2): string => String(Math.round(value * 10 ** places) / 10 ** places).replace(".", ",").replace("-", "−");
