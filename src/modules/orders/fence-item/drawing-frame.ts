/**
 * The drawing's model in mm and the parts every product type is drawn with. x runs to the right
 * from the item's left edge, y up from the ground, everything seen from the street.
 *
 * `frameOf` lays the height out once (ground gap, wheels, bottom member, drive mount, filling, top
 * bar) and gives the product type's drawer (drawing-fence.ts, drawing-sliding-gate.ts,
 * drawing-one-wing.ts, drawing-two-wing.ts) the parts it places along the width: posts and other
 * boxes, a leaf with its fields and slats, the lock, the hinges, the opening triangle.
 */
import type { ProductType } from "./constants";
import type { FenceGeometry } from "./geometry";
import { componentSize, type FenceParameters, parameterOrDefault } from "./parameters";
import type { Deduction, FenceItemFields } from "./types";

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

export interface Model {
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

export const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
export const positive = (value: unknown): number | null => {
  const n = num(value);
  return n !== null && n > 0 ? n : null;
};
const sumOf = (list: readonly Deduction[], ...sources: string[]) => list.reduce((sum, d) => (sources.includes(d.source) ? sum + d.total : sum), 0);
const sizeOf = (list: readonly Deduction[], source: string) => list.find((d) => d.source === source)?.size ?? 0;
/** A post the product gives no width for is still drawn, this wide. */
export const NOMINAL_POST = 60;

/** The hinges are on the left (seen from the street) unless the opening type says right. */
export const hingesRight = (item: FenceItemFields) => item.openingType === "RIGHT_TO_YARD" || item.openingType === "RIGHT_TO_STREET";
export const toStreet = (value: string | null | undefined) => !!value && value.includes("STREET");

/** One item's drawing in the making: its model, the heights laid out, the widths it is built from, and the parts. */
export type DrawingFrame = ReturnType<typeof frameOf>;

export function frameOf(item: FenceItemFields, geometry: FenceGeometry, parameters: FenceParameters) {
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

  return {
    item,
    model,
    type,
    H,
    g0,
    dt,
    /** The item's length (0 when a two-wing item gives only its parts). */
    L: positive(item.length) ?? 0,
    wheel,
    leafBottom,
    bottomMember,
    mountY,
    mountSize,
    fillBottom,
    fillHeight,
    fillTop,
    leafTop,
    bodyHeight,
    /** A fence field's or a sliding gate's post, outside the item's length: the product's post size, else nominal. */
    outerPost: componentSize(parameters, "post") || NOMINAL_POST,
    /** The widths the engine deducted, one of each. */
    post: sizeOf(widths, "post"),
    hinge: sizeOf(widths, "hingeWidth"),
    stop: sizeOf(widths, "stop"),
    halfWingGap: sizeOf(widths, "wingGap/2"),
    lockWidth: sizeOf(widths, "lock") + sizeOf(widths, "electricLock"),
    realFillingWidth: geometry.realFillingWidth,
    box,
    leaf,
    lock,
    hinges,
    swing,
  };
}

/** Mirrors everything about x = width / 2 (hinges on the right, seen from the street). */
export function mirror(model: Model, width: number) {
  for (const b of model.boxes) b.x = width - b.x - b.w;
  for (const s of model.stacks) s.x = width - s.x - s.w;
  for (const w of model.wings) w.x = width - w.x - w.w;
  for (const l of model.lines) l.points = l.points.map(([x, y]) => [width - x, y]);
  for (const w of model.wheels) w.x = width - w.x;
  for (const d of model.dims) if (d.side === "top" || d.side === "bottom") [d.from, d.to] = [width - d.to, width - d.from];
  [model.minX, model.maxX] = [width - model.maxX, width - model.minX];
}
