/** A scale's last 24 hours on the warehouse item page (docs/domain.md#warehouse-item): the shared sparkline over rack_scale_readings. */
import { gramsText } from "@/modules/warehouse/scale-feed/format";
import type { WeightPoint } from "@/modules/warehouse/scale-feed/schemas";
import { Sparkline } from "../components/sparkline";
import { useView } from "../view-context";

/** Each attached scale's readings of the day, and the day's bounds (ms). */
export interface ScaleHistory {
  points: Map<number, WeightPoint[]>;
  from: number;
  to: number;
}

export function ScaleSparkline({ scale, history }: { scale: { id: number; name: string }; history: ScaleHistory }) {
  const { t, lang } = useView();
  const points = (history.points.get(scale.id) ?? []).map((point) => ({ x: Date.parse(point.at), y: point.grams }));
  const ys = points.map((point) => point.y);
  const min = ys.length ? Math.min(...ys) : 0;
  const max = ys.length ? Math.max(...ys) : 0;
  return (
    <Sparkline
      id={`sparkline-${scale.id}`}
      points={points}
      range={{ from: history.from, to: history.to }}
      title={t("scaleFeed.sparkline.title", { name: scale.name, min: gramsText(min, lang), max: gramsText(max, lang) })}
      minLabel={t("scaleFeed.sparkline.min", { value: gramsText(min, lang) })}
      maxLabel={t("scaleFeed.sparkline.max", { value: gramsText(max, lang) })}
      emptyText={t("scaleFeed.sparkline.empty")}
    />
  );
}

/** Each attached scale's day under the info box's table, headed "Posledních 24 h". */
export function ScaleSparklines({ scales, history }: { scales: { id: number; extId: number; name: string }[]; history: ScaleHistory }) {
  const { t } = useView();
  return (
    <div className="scale-sparklines">
      <h3>{t("scaleFeed.sparkline.heading")}</h3>
      <ul>
        {scales.map((scale) => (
          <li key={scale.id}>
            <span className="scale-sparkline-name">{`${scale.extId} – ${scale.name}`}</span>
            <ScaleSparkline scale={scale} history={history} />
          </li>
        ))}
      </ul>
    </div>
  );
}
