/**
 * A live front view of one fence item (docs/domain.md#items-tab): the fence field, gate or wicket as entered,
 * drawn to scale from the engine's numbers (docs/fence-geometry.md). The model and its layout live
 * in src/modules/orders/fence-item/drawing-model.ts, shared with the offer PDF (decision 022); this
 * file paints the laid-out scene as DOM SVG.
 *
 * Pure: it draws from its props alone, so the items editor re-renders it on every keystroke.
 * Colours are presentation attributes, so the drawing needs no stylesheet.
 */
import {
  DRAWING_COLOURS as COLOURS,
  DRAWING_FONT_SIZE,
  drawingScene,
  type FenceDrawingInput,
  type SceneSlatShape,
} from "@/modules/orders/fence-item/drawing-model";

export { FENCE_DRAWING_TEXT_KEYS, type FenceDrawingT, formatMm, MAX_SLAT_RECTS, textsT } from "@/modules/orders/fence-item/drawing-model";

export type FenceDrawingProps = FenceDrawingInput;

function slatShape(shape: SceneSlatShape, key: number) {
  switch (shape.part) {
    case "tail":
      return <rect key={key} data-part="tail" {...shape.rect} fill={COLOURS.tailFill} stroke={COLOURS.tail} strokeWidth={0.75} strokeDasharray="3 2" />;
    case "slats":
      return <path key={key} data-part="slats" data-count={shape.count} d={shape.d} fill={COLOURS.slat} />;
    case "spacer":
      return <rect key={key} data-part="spacer" {...shape.rect} fill={COLOURS.spacer} />;
    case "slat":
      return <rect key={key} data-part="slat" {...shape.rect} fill={COLOURS.slat} />;
  }
}

export function FenceDrawing(props: FenceDrawingProps) {
  const scene = drawingScene(props);
  if (scene.kind === "placeholder") {
    return (
      <figure className="fence-drawing fence-drawing-empty" data-part="placeholder" style={{ margin: 0, padding: "1.5rem 1rem", border: "1px dashed #c5cbc6", borderRadius: 6, color: "#6b726c", textAlign: "center" }}>
        {scene.text}
      </figure>
    );
  }
  const { width, height, caption } = scene;
  return (
    <figure className="fence-drawing" style={{ margin: 0 }} data-type={scene.type}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={caption.summary.join("; ")}
        fontSize={DRAWING_FONT_SIZE}
        style={{ display: "block", maxWidth: "100%", height: "auto", fontVariantNumeric: "tabular-nums" }}
        data-slats={scene.totalSlats}
      >
        <rect {...scene.groundBand} fill={COLOURS.groundBand} />
        {scene.counterweights.map((polygon, index) => (
          <polygon key={`cw${index}`} data-part="counterweight" points={polygon.points} fill={COLOURS.counterweight} />
        ))}
        {scene.wings.map((wing) => (
          <g key={wing.wing} data-part="wing" data-wing={wing.wing} data-slats={wing.slats}>
            {wing.shapes.map(slatShape)}
          </g>
        ))}
        {scene.boxes.map((b, index) => (
          <rect
            key={`b${index}`}
            data-part={b.kind}
            x={b.x}
            y={b.y}
            width={b.width}
            height={b.height}
            fill={b.fill}
            stroke={b.dashed ? COLOURS.frame : undefined}
            strokeDasharray={b.dashed ? "5 3" : undefined}
          />
        ))}
        {scene.wheels.map((w, index) => (
          <g key={`wh${index}`} data-part="wheel">
            <circle cx={w.cx} cy={w.cy} r={w.r} fill={COLOURS.carriage} stroke={COLOURS.wheelRim} strokeWidth={1} />
            <circle cx={w.cx} cy={w.cy} r={w.hub} fill={COLOURS.wheelRim} />
          </g>
        ))}
        {scene.lines.map((line, index) => (
          <polyline
            key={`l${index}`}
            data-part={line.kind}
            points={line.points}
            fill="none"
            stroke={line.stroke}
            strokeWidth={line.strokeWidth}
            strokeDasharray={line.dashed ? "5 4" : undefined}
            strokeLinecap="round"
            opacity={line.opacity}
          />
        ))}
        <line data-part="ground" {...scene.ground} stroke={COLOURS.ground} strokeWidth={1.5} />
        {scene.dims.map((dim, index) => (
          <g key={index} data-part="dimension" data-side={dim.side} stroke={dim.colour}>
            <path d={dim.d} strokeWidth={0.8} fill="none" />
            <text x={dim.x} y={dim.y} textAnchor={dim.anchor} fill={dim.colour} stroke="none">
              {dim.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption style={{ fontSize: ".85rem", color: "#4a4f52", marginTop: ".35rem", lineHeight: 1.35 }}>
        <strong>{caption.typeLabel}</strong>
        {caption.colourText ? ` · ${caption.colourText}` : null} · {caption.units}
        {caption.fillingLine ? <div style={{ color: COLOURS.fill }}>{caption.fillingLine}</div> : null}
        {caption.slatLines.map((line) => (
          <div key={line}>{line}</div>
        ))}
        {caption.facts.length ? <div>{caption.facts.join(" · ")}</div> : null}
      </figcaption>
    </figure>
  );
}

export default FenceDrawing;
