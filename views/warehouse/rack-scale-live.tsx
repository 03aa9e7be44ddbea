/**
 * The rack scales list's live cells and its "reporting, not registered" list
 * (docs/domain.md#rack-scales): each cell is marked for islands/scales/scale-live.ts.
 */
import { formatCzechDateTime } from "@/lib/dates";
import { formatDecimal } from "@/lib/money";
import type { Lang } from "@/lib/context";
import type { T } from "@/lib/i18n";
import { NEW_RACK_SCALE_PATH, SILENT_AFTER_MINUTES } from "@/modules/warehouse/scale-feed/schemas";
import { ageText, gramsText } from "@/modules/warehouse/scale-feed/format";
import type { RackScale } from "@/modules/warehouse/schemas";
import { Icon } from "../components/icons";
import { useView } from "../view-context";

/** No reading for SILENT_AFTER_MINUTES (or none ever). */
export const isSilent = (lastReadingAt: string | null, now: number): boolean => !lastReadingAt || now - Date.parse(lastReadingAt) >= SILENT_AFTER_MINUTES * 60_000;

/** One live text of a scale. */
export const LiveScaleField = ({ scale, field, text, className }: { scale: number; field: string; text: string; className?: string }) => (
  <span className={className} data-live-scale={scale} data-live-field={field}>
    {text}
  </span>
);

/** The last reading's time, its age, and the silent mark (an icon and a text, not a colour alone). */
export function LastReadingCell({ scale, t, lang, now }: { scale: RackScale; t: T; lang: Lang; now: number }) {
  const silent = isSilent(scale.lastReadingAt, now);
  return (
    <>
      <LiveScaleField scale={scale.id} field="reading" text={formatCzechDateTime(scale.lastReadingAt)} />{" "}
      <LiveScaleField scale={scale.id} field="age" className="scale-age" text={ageText(scale.lastReadingAt ? new Date(scale.lastReadingAt) : null, new Date(now), lang)} />{" "}
      <span className="scale-silent" data-live-scale={scale.id} data-live-field="silent" hidden={!silent}>
        <Icon name="alert" /> {t(scale.lastReadingAt ? "scaleFeed.silent" : "scaleFeed.neverReported", { count: SILENT_AFTER_MINUTES })}
      </span>
    </>
  );
}

/** "Reporting, not registered": external ids the feed hears without a rack scale, each with an "add it" link. */
export function UnknownScales({ reports }: { reports: { extId: number; lastWeight: number | null; lastAt: string; readings: number }[] }) {
  const { t, lang } = useView();
  return (
    <section className="unknown-scales" aria-labelledby="unknown-scales-title">
      <h2 id="unknown-scales-title">{t("scaleFeed.unknown.title")}</h2>
      {reports.length === 0 ? (
        <p>{t("scaleFeed.unknown.none")}</p>
      ) : (
        <div className="data-table">
          <table id="unknown-scales">
            <thead>
              <tr>
                <th scope="col">{t("rackScale.extId")}</th>
                <th scope="col" className="align-end">
                  {t("rackScale.lastWeight")}
                </th>
                <th scope="col">{t("scaleFeed.unknown.lastAt")}</th>
                <th scope="col" className="align-end">
                  {t("scaleFeed.unknown.readings")}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t("scaleFeed.unknown.add")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {reports.map((report) => (
                <tr key={report.extId} data-ext-id={report.extId}>
                  <td>{report.extId}</td>
                  <td className="align-end">{gramsText(report.lastWeight, lang)}</td>
                  <td className="nowrap">{formatCzechDateTime(report.lastAt)}</td>
                  <td className="align-end">{formatDecimal(report.readings, lang, 0)}</td>
                  <td className="align-end">
                    <a href={NEW_RACK_SCALE_PATH(report.extId)} className="button">
                      <Icon name="plus" /> {t("scaleFeed.unknown.add")}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
