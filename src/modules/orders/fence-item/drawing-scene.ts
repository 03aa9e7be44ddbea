/**
 * The drawing laid out in px (decision 022): the model in mm scaled into a box of CONTENT_W ×
 * CONTENT_H with margins for the dimension lines, each shape with its colour, painted in the order
 * listed. Units are px at 1:1; a renderer scales the picture down to its own box.
 */
import type { ProductType } from "./constants";
import type { DimCaption, Kind, Line, Model, Side, Wing } from "./drawing-frame";

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

/** The scene without its words: everything a renderer paints, in px. */
export type SceneLayout = Omit<DrawingScene, "kind" | "type" | "caption">;

/** Lays the model out in px; `label` words a dimension's caption. */
export function layOutScene(model: Model, label: (caption: DimCaption) => string): SceneLayout {
  const dims = model.dims.map((dim) => ({ ...dim, label: label(dim.caption) }));

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

  return {
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
  };
}
