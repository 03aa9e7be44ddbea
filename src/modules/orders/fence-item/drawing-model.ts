/**
 * The drawing of one fence item (issue 10 part 4, issue 11): a front view of the fence field, gate
 * or wicket as entered, drawn to scale from the engine's numbers (docs/fence-geometry.md). It is
 * seen from the street: posts, frame (top and bottom bar, C profile, U profiles, stiles, field
 * dividers), the slats with their spacers and the tail at the top of the filling, the wings of
 * two-wing types with the gap, a sliding gate's counterweight or overhang, a rail gate's wheels, the
 * hinges, lock and opening side of hinged types, the ground gap, and the main dimensions in mm.
 *
 * Browser-safe and renderer-free (decision 022): `drawingScene` lays the item out as plain shapes
 * in px (rects, paths, polylines, circles, texts with their colours), and each renderer maps them
 * onto its own primitives: DOM SVG in the items editor (islands/orders/fence-drawing.tsx) and
 * react-pdf's SVG in the offer PDF (src/modules/orders/fence-offer/drawing-pdf.tsx). One model,
 * one layout, two pictures that cannot drift apart.
 */
import { isHinged, isTwoWing, type ProductType } from "./constants";
import { computeGeometry, type FenceGeometry } from "./geometry";
import { componentSize, type FenceParameters, parameterOrDefault } from "./parameters";
import type { Deduction, FenceItemFields } from "./types";

/** A translation function: i18next's `t`, or `textsT(texts)` over texts the server sent. */
export type FenceDrawingT = (key: string, values?: Record<string, string | number>) => string;

export interface FenceDrawingInput {
  item: FenceItemFields;
  /** The engine's numbers for this item (`computeFenceItem` or `computeGeometry`); computed here when left out. */
  computed?: FenceGeometry | null;
  /** The chosen product's category parameters (component sizes, slat height). */
  parameters: FenceParameters;
  t: FenceDrawingT;
}

/** The texts the drawing asks for; the server can send exactly these to an island. */
export const FENCE_DRAWING_TEXT_KEYS = [
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
] as const;

/** A `t` over plain texts (an island's props): `{{name}}` placeholders filled, a missing key shown as itself. */
export const textsT =
  (texts: Readonly<Record<string, string>>): FenceDrawingT =>
  (key, values) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));

/** mm for people: at most two decimals, a decimal comma, no thousands separator (as the drawings in the workshop). */
export const formatMm = (value: number): string => String(Math.round(value * 100) / 100).replace(".", ",").replace("-", "−");

// ---- the model, in mm: x to the right from the item's left edge, y up from the ground ------------

export type Kind = "post" | "frame" | "stop" | "drive-mount" | "carriage" | "rail" | "hinge" | "lock" | "custom";
interface Box { kind: Kind; x: number; y: number; w: number; h: number }
/** One field's slats: `count` slats of `slat` mm from `y`, `pitch` apart, tail above. */
interface Stack { x: number; w: number; y: number; slat: number; pitch: number; count: number; tail: number; wing: Wing }
export interface Line { kind: "swing" | "drop-rod" | "brace" | "handle" | "counterweight"; points: [number, number][]; dashed?: boolean }
interface Wheel { x: number; y: number; r: number }
export type Side = "top" | "bottom" | "left" | "right";
/** A dimension's caption: the length itself, or a named part with its length (translated when drawn). */
export type DimCaption = { mm: number } | { part: "counterweight" | "opening" | "overhang" | "wicketPart" | "solidPart"; mm: number };
interface Dim { side: Side; tier: number; from: number; to: number; caption: DimCaption; fill?: boolean }
export type Wing = "leaf" | "active" | "solid";

interface Model {
  boxes: Box[];
  stacks: Stack[];
  lines: Line[];
  wheels: Wheel[];
  dims: Dim[];
  wings: { wing: Wing; x: number; w: number; slats: number }[];
  /** Drawing extents in mm. */
  minX: number;
  maxX: number;
  maxY: number;
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const positive = (value: unknown): number | null => {
  const n = num(value);
  return n !== null && n > 0 ? n : null;
};
const sumOf = (list: readonly Deduction[], ...sources: string[]) => list.reduce((sum, d) => (sources.includes(d.source) ? sum + d.total : sum), 0);
const sizeOf = (list: readonly Deduction[], source: string) => list.find((d) => d.source === source)?.size ?? 0;
/** A post the product gives no width for is still drawn, this wide. */
const NOMINAL_POST = 60;
const CARRIAGE = 220;

/** Which fields must be filled before there is anything to draw. */
function missingFields(item: FenceItemFields): string[] {
  const missing: string[] = [];
  if (!item.productType) missing.push("productType");
  if (!positive(item.height)) missing.push("height");
  if (isTwoWing(item.productType)) {
    if (!positive(item.wicketPartWidth) && !(positive(item.length) && positive(item.solidPartWidth))) missing.push("wicketPartWidth");
    if (!positive(item.solidPartWidth) && !(positive(item.length) && positive(item.wicketPartWidth))) missing.push("solidPartWidth");
  } else if (!positive(item.length)) missing.push("length");
  return missing;
}

/** The hinges are on the left (seen from the street) unless the opening type says right. */
const hingesRight = (item: FenceItemFields) => item.openingType === "RIGHT_TO_YARD" || item.openingType === "RIGHT_TO_STREET";
const toStreet = (value: string | null | undefined) => !!value && value.includes("STREET");

function buildModel(item: FenceItemFields, geometry: FenceGeometry, parameters: FenceParameters): Model {
  const type = item.productType as ProductType;
  const H = positive(item.height)!;
  const g0 = Math.max(0, num(item.distanceFromGround) ?? 0);
  const dt = Math.max(0, num(item.distanceFromTop) ?? 0);
  const heights = geometry.deductions.height;
  const widths = geometry.deductions.width;
  const model: Model = { boxes: [], stacks: [], lines: [], wheels: [], dims: [], wings: [], minX: 0, maxX: 0, maxY: H };
  const box = (kind: Kind, x: number, y: number, w: number, h: number) => {
    if (w > 0 && h > 0) model.boxes.push({ kind, x, y, w, h });
  };

  // The height, bottom to top: ground gap, wheels, bottom member, drive mount, filling, top bar, top gap.
  const wheel = sumOf(heights, "wheel60", "wheel80", "wheel100");
  const leafBottom = g0 + wheel;
  const bottomMember = sumOf(heights, "bottomBar", "cProfile");
  const mountY = leafBottom + bottomMember + sumOf(heights, "driveMountPosition");
  const mountSize = sumOf(heights, "driveMountSize");
  const fillBottom = mountY + mountSize;
  const fillHeight = type === "CUSTOM" ? Math.max(0, H - g0 - dt) : Math.max(0, geometry.realFillingHeight ?? 0);
  const fillTop = fillBottom + fillHeight;
  const leafTop = fillTop + sumOf(heights, "topBar");
  const bodyHeight = leafTop - leafBottom;

  const slat = parameterOrDefault(parameters, "pieceHeight");
  const u = sizeOf(widths, "uProfile");
  const divider = componentSize(parameters, "fieldDivider");
  const fields = geometry.fieldCount;

  /** A leaf's frame and fields between x0 and x1; the lock stile at its `lockAt` end. */
  const leaf = (wing: Wing, x0: number, x1: number, lockAt: "start" | "end" | null, lockWidth: number) => {
    box("frame", x0, leafBottom, x1 - x0, bottomMember);
    box("frame", x0, fillTop, x1 - x0, leafTop - fillTop);
    // Stiles and dividers run between the bars (past a drive mount); the U profiles hold the slats.
    const inside = leafBottom + bottomMember;
    let from = x0;
    if (lockAt && lockWidth > 0) {
      const stileX = lockAt === "start" ? x0 : x1 - lockWidth;
      box("frame", stileX, inside, lockWidth, fillTop - inside);
      if (lockAt === "start") from += lockWidth;
    }
    const spacer = num(wing === "solid" ? (item.spacerHeightAlt ?? item.spacerHeight) : item.spacerHeight);
    const fieldWidth = (wing === "solid" ? geometry.fieldFillingWidthAlt : geometry.fieldFillingWidth) ?? 0;
    const chosen = num(wing === "solid" ? item.actualSlatCountAlt : item.actualSlatCount);
    const count = Math.max(0, Math.floor(chosen ?? (wing === "solid" ? geometry.slatCountAlt : geometry.slatCount) ?? 0));
    const tail = (wing === "solid" ? geometry.tailAlt : geometry.tail) ?? 0;
    const countable = slat !== null && slat > 0 && spacer !== null && spacer >= 0 && type !== "CUSTOM";
    for (let i = 0; i < fields; i++) {
      const x = from + i * (u + fieldWidth + divider);
      box("frame", x, fillBottom, u / 2, fillHeight);
      box("frame", x + u / 2 + fieldWidth, fillBottom, u / 2, fillHeight);
      if (i > 0) box("frame", x - divider, inside, divider, fillTop - inside);
      if (countable && fieldWidth > 0) model.stacks.push({ x: x + u / 2, w: fieldWidth, y: fillBottom, slat: slat!, pitch: slat! + spacer!, count, tail, wing });
    }
    model.wings.push({ wing, x: x0, w: x1 - x0, slats: countable ? count * fields : 0 });
    // The bottom dimensions: each field's filling, the slat length.
    if (fieldWidth > 0) for (let i = 0; i < fields; i++) {
      const x = from + i * (u + fieldWidth + divider) + u / 2;
      model.dims.push({ side: "bottom", tier: 0, from: x, to: x + fieldWidth, caption: { mm: fieldWidth }, fill: true });
    }
  };

  /** The lock box and, on a leaf opened by hand, the handle pointing into the leaf. */
  const lock = (stileX: number, stileWidth: number, towards: 1 | -1, handle: boolean) => {
    if (item.lockType === "NONE" || stileWidth <= 0) return;
    const handleY = Math.min(Math.max(num(item.doorHandleHeight) ?? 1000, fillBottom + 120), Math.max(fillBottom + 120, fillTop - 120));
    const w = Math.max(stileWidth, 30);
    box("lock", stileX + (stileWidth - w) / 2, handleY - 110, w, 220);
    if (handle) model.lines.push({ kind: "handle", points: [[stileX + stileWidth / 2, handleY], [stileX + stileWidth / 2 + towards * 140, handleY]] });
  };

  /** Two or three hinges in the gap between post and leaf. */
  const hinges = (x: number, gap: number) => {
    const w = Math.max(gap, 24);
    const h = Math.min(140, bodyHeight / 6);
    const at = bodyHeight > 1600 ? [0.1, 0.5, 0.9] : [0.12, 0.88];
    for (const f of at) box("hinge", x + (gap - w) / 2, leafBottom + bodyHeight * f - h / 2, w, h);
  };

  /** The opening triangle of a hinged leaf: its point at the hinge side; dashed when it swings away (to the yard). */
  const swing = (hingeX: number, lockX: number, street: boolean) =>
    model.lines.push({ kind: "swing", dashed: !street, points: [[lockX, leafTop], [hingeX, (leafBottom + leafTop) / 2], [lockX, leafBottom]] });

  const L = positive(item.length) ?? 0;
  const post = sizeOf(widths, "post");
  const hinge = sizeOf(widths, "hingeWidth");
  const stop = sizeOf(widths, "stop");
  const lockWidth = sizeOf(widths, "lock") + sizeOf(widths, "electricLock");

  if (type === "FENCE" || type === "CUSTOM") {
    const postWidth = componentSize(parameters, "post") || NOMINAL_POST;
    if (type === "FENCE") {
      box("post", -postWidth, 0, postWidth, H);
      box("post", L, 0, postWidth, H);
      leaf("leaf", 0, L, null, 0);
    } else {
      box("custom", 0, g0, L, H - g0 - dt);
      model.wings.push({ wing: "leaf", x: 0, w: L, slats: 0 });
      model.dims.push({ side: "bottom", tier: 0, from: 0, to: L, caption: { mm: geometry.realFillingWidth ?? L }, fill: true });
    }
    model.minX = type === "FENCE" ? -postWidth : 0;
    model.maxX = type === "FENCE" ? L + postWidth : L;
    model.dims.push({ side: "top", tier: 0, from: 0, to: L, caption: { mm: L } });
  } else if (type === "GATE" || type === "RAIL_GATE") {
    // Seen from the street with the closing edge on the left: the catch post, the stop, the lock stile, the fields.
    const postWidth = componentSize(parameters, "post") || NOMINAL_POST;
    box("post", -postWidth, 0, postWidth, Math.max(H, leafTop));
    box("stop", 0, leafBottom, stop, bodyHeight);
    leaf("leaf", stop, L, "start", lockWidth);
    lock(stop, lockWidth, 1, false);
    box("drive-mount", stop + lockWidth, mountY, L - stop - lockWidth, mountSize);
    model.minX = -postWidth;
    model.maxX = L;
    model.dims.push({ side: "top", tier: 0, from: 0, to: L, caption: { mm: L } });
    const opening = positive(item.openingSize);
    if (type === "GATE") {
      const total = Math.max(L, positive(item.totalGateLength) ?? L);
      if (total > L) {
        // The counterweight tail: the C profile runs on, braced up to the leaf's top.
        const cTop = leafBottom + bottomMember;
        const middle = L + (total - L) / 2;
        model.lines.push({ kind: "counterweight", points: [[L, leafTop], [total, cTop], [L, cTop]] });
        model.lines.push({ kind: "brace", points: [[L, leafTop], [total, cTop]] });
        model.lines.push({ kind: "brace", points: [[middle, cTop], [middle, (leafTop + cTop) / 2]] });
        box("frame", L, leafBottom, total - L, bottomMember);
        model.dims.push({ side: "top", tier: 0, from: L, to: total, caption: { part: "counterweight", mm: total - L } });
        model.dims.push({ side: "top", tier: 1, from: 0, to: total, caption: { mm: total } });
      }
      // The carriages stand on their footing, under the C profile's part that stays behind the opening.
      const carriages = total - L > 2 * CARRIAGE ? [L + 0.08 * (total - L), total - 0.08 * (total - L) - CARRIAGE] : [0.55 * L, 0.85 * L - CARRIAGE];
      for (const x of carriages) box("carriage", x, 0, CARRIAGE, leafBottom + bottomMember * 0.5);
      model.maxX = total;
      if (opening) model.dims.push({ side: "bottom", tier: 1, from: 0, to: opening, caption: { part: "opening", mm: opening } });
    } else {
      // A rail on the ground (the ground gap is its height) and the wheels on it.
      box("rail", -postWidth, 0, L + postWidth * 2, Math.max(g0, 25));
      if (wheel > 0) for (const x of [0.14 * L, 0.86 * L]) model.wheels.push({ x, y: g0 + wheel / 2, r: wheel / 2 });
      model.maxX = L + postWidth;
      if (opening) {
        model.dims.push({ side: "bottom", tier: 1, from: 0, to: Math.min(opening, L), caption: { part: "opening", mm: opening } });
        if (L > opening) model.dims.push({ side: "bottom", tier: 1, from: opening, to: L, caption: { part: "overhang", mm: L - opening } });
      }
    }
  } else if (isTwoWing(type)) {
    // Built with the active (wicket) wing on the left, mirrored when the opening type puts it right.
    const W = positive(item.wicketPartWidth) ?? L - positive(item.solidPartWidth)!;
    const S = positive(item.solidPartWidth) ?? L - W;
    const half = sizeOf(widths, "wingGap/2");
    const p = post || NOMINAL_POST;
    const outside = post > 0 ? 0 : p;
    box("post", -outside, 0, p, H);
    box("post", W + S - p + outside, 0, p, H);
    const activeFrom = post + hinge;
    const solidTo = W + S - post - hinge;
    leaf("active", activeFrom, W - half, "end", lockWidth);
    leaf("solid", W + half, solidTo, null, 0);
    hinges(post, hinge);
    hinges(solidTo, hinge);
    lock(W - half - lockWidth, lockWidth, -1, item.gateOpeningType !== "DRIVE");
    const right = hingesRight(item);
    let activeStreet: boolean;
    let solidStreet: boolean;
    if (type === "TWO_WING_GATE" && item.gateOpeningType === "DRIVE") {
      const opening = item.driveOpening ?? "YARD";
      const leftStreet = opening === "STREET" || opening === "L_TO_STREET_R_TO_YARD";
      const rightStreet = opening === "STREET" || opening === "R_TO_STREET_L_TO_YARD";
      activeStreet = right ? rightStreet : leftStreet;
      solidStreet = right ? leftStreet : rightStreet;
    } else {
      activeStreet = toStreet(item.openingType);
      solidStreet = item.wingRelation === "CROSS" ? !activeStreet : activeStreet;
    }
    swing(activeFrom, W - half, activeStreet);
    swing(solidTo, W + half, solidStreet);
    if (item.gateDropRod) {
      const x = W + half + Math.min(120, (solidTo - W - half) / 4);
      model.lines.push({ kind: "drop-rod", points: [[x, leafBottom + bottomMember + 60], [x, -Math.min(positive(item.gateDropRodLength) ?? 200, 200) / 2]] });
    }
    model.minX = -outside;
    model.maxX = W + S + outside;
    model.dims.push({ side: "top", tier: 0, from: 0, to: W, caption: { part: "wicketPart", mm: W } });
    model.dims.push({ side: "top", tier: 0, from: W, to: W + S, caption: { part: "solidPart", mm: S } });
    model.dims.push({ side: "top", tier: 1, from: 0, to: W + S, caption: { mm: L || W + S } });
    if (right) mirror(model, W + S);
  } else if (isHinged(type)) {
    // ONE_WING_GATE and WICKET, built with the hinges on the left and mirrored when they are on the right.
    const p = post || NOMINAL_POST;
    const outside = post > 0 ? 0 : p;
    box("post", -outside, 0, p, H);
    box("post", L - p + outside, 0, p, H);
    const from = post + hinge;
    const to = L - post - stop;
    box("stop", to, leafBottom, stop, bodyHeight);
    leaf("leaf", from, to, "end", lockWidth);
    hinges(post, hinge);
    lock(to - lockWidth, lockWidth, -1, item.gateOpeningType !== "DRIVE");
    swing(from, to, toStreet(item.openingType));
    model.minX = -outside;
    model.maxX = L + outside;
    model.dims.push({ side: "top", tier: 0, from: 0, to: L, caption: { mm: L } });
    if (hingesRight(item)) mirror(model, L);
  }

  // Heights: the overall height on the left (with the gaps at the bottom and top), the filling on the right.
  if (g0 > 0) model.dims.push({ side: "left", tier: 0, from: 0, to: g0, caption: { mm: g0 } });
  if (dt > 0) model.dims.push({ side: "left", tier: 0, from: H - dt, to: H, caption: { mm: dt } });
  model.dims.push({ side: "left", tier: g0 > 0 || dt > 0 ? 1 : 0, from: 0, to: H, caption: { mm: H } });
  if (fillHeight > 0) model.dims.push({ side: "right", tier: 0, from: fillBottom, to: fillTop, caption: { mm: fillHeight }, fill: true });
  model.maxY = Math.max(H, leafTop);
  return model;
}

/** Mirrors everything about x = width / 2 (hinges on the right, seen from the street). */
function mirror(model: Model, width: number) {
  for (const b of model.boxes) b.x = width - b.x - b.w;
  for (const s of model.stacks) s.x = width - s.x - s.w;
  for (const w of model.wings) w.x = width - w.x - w.w;
  for (const l of model.lines) l.points = l.points.map(([x, y]) => [width - x, y]);
  for (const w of model.wheels) w.x = width - w.x;
  for (const d of model.dims) if (d.side === "top" || d.side === "bottom") [d.from, d.to] = [width - d.to, width - d.from];
  [model.minX, model.maxX] = [width - model.maxX, width - model.minX];
}


// ---- the picture: units are px at 1:1; a renderer scales it down to its box ------------------------

export const DRAWING_COLOURS = {
  slat: "#383e42", // RAL 7016 anthracite
  spacer: "#b9c0c4",
  post: "#1e2224",
  frame: "#565e63",
  stop: "#6c7479",
  "drive-mount": "#7b848a",
  carriage: "#2b2f31",
  rail: "#5f5b54",
  hinge: "#c8a04a",
  lock: "#c0392b",
  custom: "#d8dcdf",
  counterweight: "#e4e7e9",
  tailFill: "#fde3c8",
  tail: "#d9822b",
  ground: "#7a6a53",
  groundBand: "#ece6da",
  dim: "#4a4f52",
  fill: "#1c64b4",
  handle: "#e3e6e8",
  wheelRim: "#9aa1a5",
} as const;
const COLOURS = DRAWING_COLOURS;

const LINE_COLOURS = { swing: "#ffffff", "drop-rod": COLOURS.post, brace: COLOURS.frame, handle: COLOURS.handle, counterweight: COLOURS.frame } as const;

const CONTENT_W = 400;
const CONTENT_H = 250;
/** The dimension labels' font size, px. */
export const DRAWING_FONT_SIZE = 11;
const FONT = DRAWING_FONT_SIZE;
const TIER = 18;
const GROUND_BAND = 7;
const PAD = 6;
/** Beyond this many slats, each slat is a sub-path of one path per field (no spacer blocks). */
export const MAX_SLAT_RECTS = 300;

const r2 = (value: number) => Math.round(value * 100) / 100;
const textWidth = (text: string) => text.length * FONT * 0.6;

/** A rectangle in px, top-left corner first. */
export interface SceneRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What one wing's slats are drawn with, back to front: the tail, the spacer columns, the slats (or one path of them all). */
export type SceneSlatShape =
  | { part: "tail"; rect: SceneRect }
  | { part: "spacer"; rect: SceneRect }
  | { part: "slat"; rect: SceneRect }
  | { part: "slats"; count: number; d: string };

/** A dimension line: its ticks as one path, its label at (x, y) anchored at its start, middle or end. */
export interface SceneDimension {
  side: Side;
  colour: string;
  d: string;
  label: string;
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
}

/** What the drawing says in words: under the picture, and as its accessible name. */
export interface SceneCaption {
  typeLabel: string;
  /** "Barva: RAL 7016", or null without a colour. */
  colourText: string | null;
  units: string;
  fillingLine: string | null;
  slatLines: string[];
  facts: string[];
  /** Everything above in one list (the svg's aria-label joins it). */
  summary: string[];
}

/** The drawing laid out in px, ready for a renderer; painted in this order. */
export interface DrawingScene {
  kind: "drawing";
  type: ProductType;
  width: number;
  height: number;
  totalSlats: number;
  groundBand: SceneRect;
  counterweights: { points: string }[];
  wings: { wing: Wing; slats: number; shapes: SceneSlatShape[] }[];
  boxes: (SceneRect & { kind: Kind; fill: string; dashed: boolean })[];
  wheels: { cx: number; cy: number; r: number; hub: number }[];
  lines: { kind: Exclude<Line["kind"], "counterweight">; points: string; stroke: string; strokeWidth: number; dashed: boolean; opacity: number }[];
  ground: { x1: number; y1: number; x2: number; y2: number };
  dims: SceneDimension[];
  caption: SceneCaption;
}

/** Not enough entered to draw: the fields still missing, in words. */
export interface DrawingPlaceholder {
  kind: "placeholder";
  text: string;
}

/** The item's drawing laid out (or the placeholder while fields are missing). Pure: the same input gives the same scene. */
export function drawingScene({ item, computed, parameters, t }: FenceDrawingInput): DrawingScene | DrawingPlaceholder {
  const missing = missingFields(item);
  if (missing.length) {
    const fields = missing.map((field) => t(`fenceItem.field.${field}`)).join(", ");
    return { kind: "placeholder", text: t("fenceItem.drawing.placeholder", { fields }) };
  }
  const geometry = computed ?? computeGeometry(item, parameters);
  const model = buildModel(item, geometry, parameters);
  const type = item.productType as ProductType;
  const twoWing = isTwoWing(type);

  const captionOf = (caption: DimCaption) => {
    if (!("part" in caption)) return formatMm(caption.mm);
    if (caption.part === "wicketPart" || caption.part === "solidPart") return `${t(`fenceItem.drawing.${caption.part}`)} ${formatMm(caption.mm)}`;
    return t(`fenceItem.drawing.${caption.part}`, { value: formatMm(caption.mm) });
  };
  const dims = model.dims.map((dim) => ({ ...dim, label: captionOf(dim.caption) }));

  // Scale and margins: the content keeps its proportions within CONTENT_W × CONTENT_H.
  const spanX = Math.max(1, model.maxX - model.minX);
  const k = Math.min(CONTENT_W / spanX, CONTENT_H / model.maxY);
  const tiers = (side: Side) => {
    const widths: number[] = [];
    for (const dim of dims) if (dim.side === side) widths[dim.tier] = Math.max(widths[dim.tier] ?? 0, textWidth(dim.label));
    return Array.from(widths, (w) => w ?? 0);
  };
  const left = tiers("left");
  const right = tiers("right");
  const topTiers = tiers("top").length;
  const bottomTiers = tiers("bottom").length;
  const marginLeft = PAD + left.reduce((sum, w) => sum + w + 14, 0);
  const marginRight = PAD + right.reduce((sum, w) => sum + w + 14, 0);
  const contentW = spanX * k;
  const contentH = model.maxY * k;
  const marginTop = PAD + 4 + topTiers * TIER;
  const width = Math.ceil(marginLeft + contentW + marginRight);
  const height = Math.ceil(marginTop + contentH + GROUND_BAND + bottomTiers * TIER + PAD + (bottomTiers ? 4 : 0));
  const X = (mm: number) => r2(marginLeft + (mm - model.minX) * k);
  const groundY = marginTop + contentH;
  const Y = (mm: number) => r2(groundY - mm * k);
  const S = (mm: number) => r2(Math.max(0, mm * k));
  const rect = (x: number, y: number, w: number, h: number): SceneRect => ({ x: X(x), y: Y(y + h), width: S(w), height: S(h) });
  const points = (line: Line) => line.points.map(([x, y]) => `${X(x)},${Y(y)}`).join(" ");

  // The slats: one rect each, or one path per field beyond MAX_SLAT_RECTS.
  const totalSlats = model.stacks.reduce((sum, stack) => sum + stack.count, 0);
  const simple = totalSlats > MAX_SLAT_RECTS;
  const slatShapes: Record<Wing, SceneSlatShape[]> = { leaf: [], active: [], solid: [] };
  for (const stack of model.stacks) {
    if (stack.count <= 0) continue;
    const shapes = slatShapes[stack.wing];
    const top = stack.y + (stack.count - 1) * stack.pitch + stack.slat;
    if (stack.tail > 0) shapes.push({ part: "tail", rect: rect(stack.x, top, stack.w, stack.tail) });
    if (simple) {
      let d = "";
      for (let i = 0; i < stack.count; i++) d += `M${X(stack.x)} ${Y(stack.y + i * stack.pitch + stack.slat)}h${S(stack.w)}v${S(stack.slat)}h${-S(stack.w)}z`;
      shapes.push({ part: "slats", count: stack.count, d });
      continue;
    }
    // Spacer blocks: a column at each end behind the slats shows in every gap between them.
    const gap = stack.pitch - stack.slat;
    if (gap > 0 && stack.count > 1) {
      const block = Math.min(stack.w / 4, Math.max(40, 3 / k));
      for (const x of [stack.x + stack.w * 0.04, stack.x + stack.w * 0.96 - block])
        shapes.push({ part: "spacer", rect: rect(x, stack.y + stack.slat, block, top - stack.slat - stack.y - stack.slat) });
    }
    for (let i = 0; i < stack.count; i++) shapes.push({ part: "slat", rect: rect(stack.x, stack.y + i * stack.pitch, stack.w, stack.slat) });
  }

  // Dimension lines: ticks at the ends, the label above (horizontal) or beside (vertical) the line.
  const tierOffset = (side: Side, tier: number) => {
    const widths = side === "left" ? left : right;
    let offset = 8;
    for (let i = 0; i < tier; i++) offset += (widths[i] ?? 0) + 14;
    return offset;
  };
  const dimensions = dims.map((dim): SceneDimension => {
    const colour = dim.fill ? COLOURS.fill : COLOURS.dim;
    const w = textWidth(dim.label);
    if (dim.side === "top" || dim.side === "bottom") {
      const y = dim.side === "top" ? r2(marginTop - 6 - dim.tier * TIER) : r2(groundY + GROUND_BAND + 14 + dim.tier * TIER);
      const x1 = X(dim.from);
      const x2 = X(dim.to);
      let tx = (x1 + x2) / 2;
      let anchor: "middle" | "start" | "end" = "middle";
      if (x2 - x1 < w + 4) {
        if (x2 + 3 + w <= width) [tx, anchor] = [x2 + 3, "start"];
        else [tx, anchor] = [x1 - 3, "end"];
      }
      const d = `M${x1} ${y}H${x2}M${x1} ${y - 4}v8M${x2} ${y - 4}v8M${x1 - 3} ${y + 3}l6 -6M${x2 - 3} ${y + 3}l6 -6`;
      return { side: dim.side, colour, d, label: dim.label, x: r2(tx), y: r2(y - 3), anchor };
    }
    const offset = tierOffset(dim.side, dim.tier);
    const x = dim.side === "left" ? r2(marginLeft - offset) : r2(marginLeft + contentW + offset);
    const y1 = Y(dim.to);
    const y2 = Y(dim.from);
    const tx = dim.side === "left" ? x - 4 : x + 4;
    const ty = y2 - y1 >= FONT + 2 ? (y1 + y2) / 2 + FONT * 0.35 : dim.from <= 0 ? y2 + FONT : y1 - 3;
    const d = `M${x} ${y1}V${y2}M${x - 4} ${y1}h8M${x - 4} ${y2}h8M${x - 3} ${y1 + 3}l6 -6M${x - 3} ${y2 + 3}l6 -6`;
    return { side: dim.side, colour, d, label: dim.label, x: r2(tx), y: r2(ty), anchor: dim.side === "left" ? "end" : "start" };
  });

  // The caption: what the item is, the filling, the slats of each wing, the opening and lock.
  const mm = (value: number | null | undefined) => formatMm(value ?? 0);
  const typeLabel = t(`fenceItem.productType.${type}`);
  const slatLine = (wing: Wing): string => {
    const solid = wing === "solid";
    const count = num(solid ? item.actualSlatCountAlt : item.actualSlatCount) ?? (solid ? geometry.slatCountAlt : geometry.slatCount);
    const spacer = num(solid ? (item.spacerHeightAlt ?? item.spacerHeight) : item.spacerHeight);
    const slat = parameterOrDefault(parameters, "pieceHeight");
    const text =
      count === null || slat === null || spacer === null
        ? t("fenceItem.drawing.noSlats")
        : t("fenceItem.drawing.slats", { count, slat: formatMm(slat), spacer: formatMm(spacer), tail: mm(solid ? geometry.tailAlt : geometry.tail) });
    return twoWing ? `${t(`fenceItem.drawing.${solid ? "solidPart" : "wicketPart"}`)}: ${text}` : text;
  };
  const slatLines = type === "CUSTOM" ? [] : twoWing ? [slatLine("active"), slatLine("solid")] : [slatLine("leaf")];
  const fillingLine =
    geometry.realFillingWidth !== null && geometry.realFillingHeight !== null
      ? t("fenceItem.drawing.filling", { width: mm(geometry.realFillingWidth), height: mm(geometry.realFillingHeight) })
      : null;
  const facts: string[] = [];
  if (isHinged(type) && !(type === "TWO_WING_GATE" && item.gateOpeningType === "DRIVE") && item.openingType)
    facts.push(`${t("fenceItem.field.openingType")}: ${t(`fenceItem.openingType.${item.openingType}`)}`);
  if (type === "TWO_WING_GATE" && item.gateOpeningType === "DRIVE" && item.driveOpening)
    facts.push(`${t("fenceItem.field.driveOpening")}: ${t(`fenceItem.driveOpening.${item.driveOpening}`)}`);
  if (type === "RAIL_GATE" && item.wheelsType) facts.push(`${t("fenceItem.field.wheelsType")}: ${t(`fenceItem.wheelsType.${item.wheelsType}`)}`);
  if (item.lockType && type !== "FENCE" && type !== "CUSTOM") facts.push(`${t("fenceItem.field.lockType")}: ${t(`fenceItem.lockType.${item.lockType}`)}`);
  const colour = item.color?.trim() || null;
  const summary = [
    t("fenceItem.drawing.summary", { type: typeLabel, length: mm(positive(item.length) ?? model.maxX - model.minX), height: mm(item.height) }),
    colour ? `${t("fenceItem.field.color")}: ${colour}` : null,
    fillingLine,
    ...slatLines,
    ...facts,
  ].filter((line): line is string => Boolean(line));

  return {
    kind: "drawing",
    type,
    width,
    height,
    totalSlats,
    groundBand: { x: 0, y: r2(groundY), width, height: GROUND_BAND },
    counterweights: model.lines.filter((line) => line.kind === "counterweight").map((line) => ({ points: points(line) })),
    wings: model.wings.map((wing) => ({ wing: wing.wing, slats: wing.slats, shapes: slatShapes[wing.wing] })),
    boxes: model.boxes.map((b) => ({ kind: b.kind, ...rect(b.x, b.y, b.w, b.h), fill: COLOURS[b.kind], dashed: b.kind === "custom" })),
    wheels: model.wheels.map((w) => ({ cx: X(w.x), cy: Y(w.y), r: Math.max(S(w.r), 3.5), hub: Math.max(S(w.r) / 3, 1) })),
    lines: model.lines
      .filter((line): line is Line & { kind: Exclude<Line["kind"], "counterweight"> } => line.kind !== "counterweight")
      .map((line) => ({
        kind: line.kind,
        points: points(line),
        stroke: LINE_COLOURS[line.kind],
        strokeWidth: line.kind === "swing" ? 1 : line.kind === "brace" ? Math.max(2, S(40)) : 2.5,
        dashed: line.dashed === true,
        opacity: line.kind === "swing" ? 0.85 : 1,
      })),
    ground: { x1: 0, y1: r2(groundY), x2: width, y2: r2(groundY) },
    dims: dimensions,
    caption: { typeLabel, colourText: colour ? `${t("fenceItem.field.color")}: ${colour}` : null, units: t("fenceItem.drawing.units"), fillingLine, slatLines, facts, summary },
  };
}
