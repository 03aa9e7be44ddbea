/**
 * The drawing of one fence item (docs/domain.md#items-tab, docs/domain.md#offer-pdf): a front view of the fence field, gate
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
 *
 * The way there, one file each: the model in mm and the parts every type is built of
 * (drawing-frame.ts); what each product type is built of (drawing-fence.ts,
 * drawing-sliding-gate.ts, drawing-one-wing.ts, drawing-two-wing.ts); the layout in px
 * (drawing-scene.ts); the words (drawing-caption.ts, drawing-texts.ts). This file puts them
 * together and is what the renderers import.
 */
import { isTwoWing, type ProductType } from "./constants";
import { captionOf } from "./drawing-caption";
import { drawCustom, drawFence } from "./drawing-fence";
import { type DimCaption, type DrawingFrame, frameOf, type Model, positive } from "./drawing-frame";
import { drawOneWing } from "./drawing-one-wing";
import { type DrawingScene, layOutScene } from "./drawing-scene";
import { drawSlidingGate } from "./drawing-sliding-gate";
import { type FenceDrawingT, formatMm } from "./drawing-texts";
import { drawTwoWing } from "./drawing-two-wing";
import { computeGeometry, type FenceGeometry } from "./geometry";
import type { FenceParameters } from "./parameters";
import type { FenceItemFields } from "./types";

export type { DimCaption, Kind, Line, Side, Wing } from "./drawing-frame";
export { DRAWING_COLOURS, DRAWING_FONT_SIZE, MAX_SLAT_RECTS } from "./drawing-scene";
export type { DrawingScene, SceneCaption, SceneDimension, SceneRect, SceneSlatShape } from "./drawing-scene";
export { FENCE_DRAWING_TEXT_KEYS, type FenceDrawingT, formatMm, textsT } from "./drawing-texts";

export interface FenceDrawingInput {
  item: FenceItemFields;
  /** The engine's numbers for this item (`computeFenceItem` or `computeGeometry`); computed here when left out. */
  computed?: FenceGeometry | null;
  /** The chosen product's category parameters (component sizes, slat height). */
  parameters: FenceParameters;
  t: FenceDrawingT;
}

/** Not enough entered to draw: the fields still missing, in words. */
export interface DrawingPlaceholder {
  kind: "placeholder";
  text: string;
}

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

/** What each product type is built of along its width. */
const DRAWERS: Record<ProductType, (frame: DrawingFrame) => void> = {
  FENCE: drawFence,
  CUSTOM: drawCustom,
  GATE: drawSlidingGate,
  RAIL_GATE: drawSlidingGate,
  ONE_WING_GATE: drawOneWing,
  WICKET: drawOneWing,
  TWO_WING_GATE: drawTwoWing,
  TWO_WING_WICKET: drawTwoWing,
};

function buildModel(item: FenceItemFields, geometry: FenceGeometry, parameters: FenceParameters): Model {
  const frame = frameOf(item, geometry, parameters);
  DRAWERS[frame.type]?.(frame);
  const { model, H, g0, dt, fillBottom, fillHeight, fillTop, leafTop } = frame;
  // Heights: the overall height on the left (with the gaps at the bottom and top), the filling on the right.
  if (g0 > 0) model.dims.push({ side: "left", tier: 0, from: 0, to: g0, caption: { mm: g0 } });
  if (dt > 0) model.dims.push({ side: "left", tier: 0, from: H - dt, to: H, caption: { mm: dt } });
  model.dims.push({ side: "left", tier: g0 > 0 || dt > 0 ? 1 : 0, from: 0, to: H, caption: { mm: H } });
  if (fillHeight > 0) model.dims.push({ side: "right", tier: 0, from: fillBottom, to: fillTop, caption: { mm: fillHeight }, fill: true });
  model.maxY = Math.max(H, leafTop);
  return model;
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
  const label = (caption: DimCaption) => {
    if (!("part" in caption)) return formatMm(caption.mm);
    if (caption.part === "wicketPart" || caption.part === "solidPart") return `${t(`fenceItem.drawing.${caption.part}`)} ${formatMm(caption.mm)}`;
    return t(`fenceItem.drawing.${caption.part}`, { value: formatMm(caption.mm) });
  };
  return { kind: "drawing", type: item.productType as ProductType, ...layOutScene(model, label), caption: captionOf(item, geometry, parameters, model, t) };
}
