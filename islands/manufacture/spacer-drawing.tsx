import { useId } from "react";
import type { SpacerCalculatorFormInput } from "@/modules/orders/fence-item/schemas";
import type { SpacerOption } from "@/modules/orders/browser";
import { fillText, formatMm, type SpacerCalculatorTexts } from "./spacer-texts";

/** The picture in px: the height drawn always takes DRAW_HEIGHT, so every millimetre is to one scale. */
const WIDTH = 320;
const TOP = 16;
const DRAW_HEIGHT = 340;
const GROUND = TOP + DRAW_HEIGHT;
const HEIGHT = GROUND + 18;
const FIELD_LEFT = 92;
const FIELD_RIGHT = 212;
const POST = 10;
const BLOCK = 9;
const LABEL_X = FIELD_RIGHT + POST + 10;
/** Beyond this many slats each is thinner than a hairline: they are drawn as one block. */
const MAX_DRAWN_SLATS = 300;

const px = (value: number) => Math.round(value * 100) / 100;

/**
 * A front view of the filling, to scale in height: the posts, Z1 under the first slat, the slats
 * with their spacer blocks, the tail and Z2 at the top. The width is schematic.
 */
export function SpacerDrawing({ texts, input, option }: { texts: SpacerCalculatorTexts; input: SpacerCalculatorFormInput; option: SpacerOption }) {
  const titleId = useId();
  const height = input.height;
  const z1 = input.z1 ?? 0;
  const z2 = input.z2 ?? 0;
  const slat = input.slatHeight;
  const spacer = option.spacerHeight ?? 0;
  const count = option.slatCount;
  const scale = height > 0 ? DRAW_HEIGHT / height : 0;
  /** The y of a height measured in mm from the bottom. */
  const y = (mm: number) => px(GROUND - mm * scale);
  const band = (from: number, to: number) => ({ y: y(to), height: px(Math.max(0, (to - from) * scale)) });

  const slats: { from: number; to: number }[] = [];
  if (count <= MAX_DRAWN_SLATS) for (let i = 0; i < count; i++) slats.push({ from: z1 + i * (slat + spacer), to: z1 + i * (slat + spacer) + slat });
  const top = z1 + count * slat + Math.max(0, count - 1) * spacer;
  const tail = Math.max(0, height - z2 - top);
  // A rounding tail of a few hundredths is in the table; the picture names only what it can show.
  const tailShown = tail * scale >= 1;
  const label = fillText(texts.drawingLabel, {
    height: formatMm(height),
    count,
    slat: formatMm(slat),
    spacer: formatMm(spacer),
    z1: formatMm(z1),
    z2: formatMm(z2),
    tail: formatMm(option.tail),
  });

  return (
    <figure className="spacer-drawing">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-labelledby={titleId} data-slats={count} data-height={height}>
        <title id={titleId}>{label}</title>
        {/* The height, dimensioned on the left. */}
        <line className="spacer-dimension" x1={FIELD_LEFT - POST - 22} y1={TOP} x2={FIELD_LEFT - POST - 22} y2={GROUND} />
        <line className="spacer-dimension" x1={FIELD_LEFT - POST - 28} y1={TOP} x2={FIELD_LEFT - POST - 16} y2={TOP} />
        <line className="spacer-dimension" x1={FIELD_LEFT - POST - 28} y1={GROUND} x2={FIELD_LEFT - POST - 16} y2={GROUND} />
        <text className="spacer-dimension-text" x={FIELD_LEFT - POST - 28} y={TOP + DRAW_HEIGHT / 2} transform={`rotate(-90 ${FIELD_LEFT - POST - 28} ${TOP + DRAW_HEIGHT / 2})`} textAnchor="middle">
          {formatMm(height)} {texts.unit}
        </text>

        <rect className="spacer-post" x={FIELD_LEFT - POST} y={TOP - 6} width={POST} height={DRAW_HEIGHT + 6} />
        <rect className="spacer-post" x={FIELD_RIGHT} y={TOP - 6} width={POST} height={DRAW_HEIGHT + 6} />
        {z1 > 0 ? <rect className="spacer-zone" data-part="z1" x={FIELD_LEFT} width={FIELD_RIGHT - FIELD_LEFT} {...band(0, z1)} /> : null}
        {z2 > 0 ? <rect className="spacer-zone" data-part="z2" x={FIELD_LEFT} width={FIELD_RIGHT - FIELD_LEFT} {...band(height - z2, height)} /> : null}
        {tailShown ? <rect className="spacer-tail" data-part="tail" x={FIELD_LEFT} width={FIELD_RIGHT - FIELD_LEFT} {...band(top, height - z2)} /> : null}

        {count > MAX_DRAWN_SLATS ? (
          <rect className="spacer-slat" x={FIELD_LEFT} width={FIELD_RIGHT - FIELD_LEFT} {...band(z1, top)} />
        ) : (
          slats.map((piece, index) => (
            <g key={index}>
              <rect className="spacer-slat" data-part="slat" x={FIELD_LEFT} width={FIELD_RIGHT - FIELD_LEFT} {...band(piece.from, piece.to)} />
              {index < slats.length - 1 && spacer > 0 ? (
                <>
                  <rect className="spacer-block" data-part="spacer" x={FIELD_LEFT} width={BLOCK} {...band(piece.to, piece.to + spacer)} />
                  <rect className="spacer-block" x={FIELD_RIGHT - BLOCK} width={BLOCK} {...band(piece.to, piece.to + spacer)} />
                </>
              ) : null}
            </g>
          ))
        )}
        <line className="spacer-ground" x1={8} y1={GROUND} x2={WIDTH - 8} y2={GROUND} />

        {/* What is not slats, named on the right: Z2 at the top, the tail under it, Z1 at the bottom. */}
        {z2 > 0 ? (
          <text className="spacer-label" x={LABEL_X} y={y(height) + 11}>
            {texts.z2Short} {formatMm(z2)}
          </text>
        ) : null}
        {tailShown ? (
          <text className="spacer-label spacer-label-tail" x={LABEL_X} y={Math.min(y(height - z2) + 11 + (z2 > 0 ? 12 : 0), GROUND - (z1 > 0 ? 18 : 4))}>
            {texts.tailShort} {formatMm(tail)}
          </text>
        ) : null}
        {z1 > 0 ? (
          <text className="spacer-label" x={LABEL_X} y={GROUND - 4}>
            {texts.z1Short} {formatMm(z1)}
          </text>
        ) : null}
      </svg>
      <figcaption className="field-hint">
        {texts.drawing}. {texts.drawingShows}
      </figcaption>
    </figure>
  );
}
