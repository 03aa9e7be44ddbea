/**
 * A small line chart drawn on the server as inline SVG (no script): the points in time order, the
 * lowest and highest value labelled, and a title for screen readers.
 */
export interface SparkPoint {
  /** ms since the epoch, or any increasing number. */
  x: number;
  y: number;
}

export const SPARKLINE_SIZE = { width: 240, height: 48, pad: 4 };

/** The polyline's points scaled into the box (x over [from, to], y over the values' range; a flat line sits in the middle). */
export function sparklinePoints(points: SparkPoint[], range: { from: number; to: number }, size = SPARKLINE_SIZE): string {
  if (!points.length) return "";
  const ys = points.map((point) => point.y);
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const width = size.width - 2 * size.pad;
  const height = size.height - 2 * size.pad;
  const span = Math.max(1, range.to - range.from);
  const round = (value: number) => Math.round(value * 10) / 10;
  return points
    .map((point) => {
      const x = size.pad + ((point.x - range.from) / span) * width;
      const y = max === min ? size.pad + height / 2 : size.pad + (1 - (point.y - min) / (max - min)) * height;
      return `${round(x)},${round(y)}`;
    })
    .join(" ");
}

export function Sparkline(props: { points: SparkPoint[]; range: { from: number; to: number }; title: string; minLabel: string; maxLabel: string; emptyText: string; id?: string }) {
  const { width, height } = SPARKLINE_SIZE;
  if (!props.points.length)
    return (
      <span className="sparkline sparkline-empty" id={props.id}>
        {props.emptyText}
      </span>
    );
  const titleId = props.id ? `${props.id}-title` : undefined;
  return (
    <span className="sparkline" id={props.id}>
      {/* Stretched to the width it is given (the labels under it span it too); the stroke keeps its width. */}
      <svg role="img" aria-labelledby={titleId} width="100%" height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" focusable="false">
        <title id={titleId}>{props.title}</title>
        <polyline points={sparklinePoints(props.points, props.range)} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
      </svg>
      <span className="sparkline-range">
        <span className="sparkline-min">{props.minLabel}</span> <span className="sparkline-max">{props.maxLabel}</span>
      </span>
    </span>
  );
}
