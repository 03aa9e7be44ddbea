/**
 * A fence item's drawing on the offer PDF: the items editor's scene (drawing-model.ts) painted as
 * vector shapes with the shared canvas painter (src/lib/pdf/paint.ts), as a `custom` paint op.
 */
import { DRAWING_COLOURS as COLOURS, DRAWING_FONT_SIZE, type DrawingScene } from "@/modules/orders/fence-item/drawing-model";
import { newTextState, type Painter, type PaintOp, paintText, type PdfFonts } from "@/lib/pdf/paint";

/** "x,y x,y …" as a closed or open path. */
const pointsPath = (points: string, close: boolean) => {
  const pairs = points.trim().split(/\s+/);
  return `M${pairs.join(" L")}${close ? " Z" : ""}`;
};

/** A fence item's drawing: the items editor's scene, at `scale` points per px, from (x, y). */
function paintDrawing(painter: Painter, fonts: PdfFonts, op: { scene: DrawingScene; x: number; y: number; scale: number }) {
  const { scene } = op;
  painter.save().translate(op.x, op.y).scale(op.scale);
  const fillRects = (rects: { x: number; y: number; width: number; height: number }[], colour: string) => {
    if (!rects.length) return;
    for (const r of rects) painter.rect(r.x, r.y, r.width, r.height);
    painter.fill(colour);
  };
  fillRects([scene.groundBand], COLOURS.groundBand);
  for (const polygon of scene.counterweights) painter.path(pointsPath(polygon.points, true)).fill(COLOURS.counterweight);
  for (const wing of scene.wings) {
    for (const shape of wing.shapes) {
      if (shape.part !== "tail") continue;
      painter.rect(shape.rect.x, shape.rect.y, shape.rect.width, shape.rect.height).fill(COLOURS.tailFill);
      painter.save().lineWidth(0.75).dash(3, { space: 2 }).rect(shape.rect.x, shape.rect.y, shape.rect.width, shape.rect.height).stroke(COLOURS.tail).restore();
    }
    fillRects(wing.shapes.flatMap((shape) => (shape.part === "spacer" ? [shape.rect] : [])), COLOURS.spacer);
    fillRects(wing.shapes.flatMap((shape) => (shape.part === "slat" ? [shape.rect] : [])), COLOURS.slat);
    for (const shape of wing.shapes) if (shape.part === "slats") painter.path(shape.d).fill(COLOURS.slat);
  }
  for (const box of scene.boxes) {
    painter.rect(box.x, box.y, box.width, box.height).fill(box.fill);
    if (box.dashed) painter.save().lineWidth(1).dash(5, { space: 3 }).rect(box.x, box.y, box.width, box.height).stroke(COLOURS.frame).restore();
  }
  for (const wheel of scene.wheels) {
    painter.circle(wheel.cx, wheel.cy, wheel.r).fill(COLOURS.carriage);
    painter.save().lineWidth(1).circle(wheel.cx, wheel.cy, wheel.r).stroke(COLOURS.wheelRim).restore();
    painter.circle(wheel.cx, wheel.cy, wheel.hub).fill(COLOURS.wheelRim);
  }
  for (const line of scene.lines) {
    painter.save().lineWidth(line.strokeWidth).lineCap("round").strokeOpacity(line.opacity);
    if (line.dashed) painter.dash(5, { space: 4 });
    painter.path(pointsPath(line.points, false)).stroke(line.stroke).restore();
  }
  painter.save().lineWidth(1.5).moveTo(scene.ground.x1, scene.ground.y1).lineTo(scene.ground.x2, scene.ground.y2).stroke(COLOURS.ground).restore();
  const current = newTextState();
  for (const dim of scene.dims) {
    painter.save().lineWidth(0.8).path(dim.d).stroke(dim.colour).restore();
    paintText(painter, fonts, { op: "text", text: dim.label, x: dim.x, baseline: dim.y, size: DRAWING_FONT_SIZE, colour: dim.colour, anchor: dim.anchor }, current);
  }
  painter.restore();
}

/** The paint op of a drawing: the scene at `scale` points per px, its top-left corner at (x, y). */
export const drawingOp = (scene: DrawingScene, x: number, y: number, scale: number): PaintOp => ({ op: "custom", paint: (painter, fonts) => paintDrawing(painter, fonts, { scene, x, y, scale }) });
