/** docs/domain.md#timesheet-reports: the filters, a bar chart of hours per worker, the table per period, worker and work type, and hours per order. */
import { formatCzechDate } from "@/lib/dates";
import { formatDecimal, formatMoney } from "@/lib/money";
import type { HoursRow, OrderHoursRow } from "@/modules/timesheets/report/schemas";
import { FilterBar, FilterDate, FilterSelect } from "../components/filter-bar";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const REPORT_PATH = "/timesheets/report";

export function HoursReportPage(props: { values: Record<string, string>; errors: Record<string, string>; rows: HoursRow[]; orders: OrderHoursRow[]; xlsxHref: string }) {
  const { t, lang } = useView();
  const hours = (value: number) => t("worklog.hours", { hours: formatDecimal(value, lang) });
  const perWorker = new Map<string, number>();
  for (const row of props.rows) perWorker.set(row.worker, (perWorker.get(row.worker) ?? 0) + row.hours);
  const most = Math.max(1, ...perWorker.values());
  return (
    <AppLayout title={t("report.title")}>
      <FilterBar path={REPORT_PATH} className="report-filters">
        <FilterDate id="report-from" name="from" label={t("worklog.from")} value={props.values.from} error={props.errors.from} />
        <FilterDate id="report-to" name="to" label={t("worklog.to")} value={props.values.to} error={props.errors.to} />
        <FilterSelect
          id="report-period"
          name="period"
          label={t("report.period")}
          any={t("report.periodday")}
          value={props.values.period === "day" ? undefined : props.values.period}
          options={[
            { value: "week", label: t("report.periodweek") },
            { value: "month", label: t("report.periodmonth") },
          ]}
        />
      </FilterBar>
      <p>
        <a className="button" href={props.xlsxHref} download="" data-download="xlsx">
          {t("report.xlsx")}
        </a>
      </p>
      <figure className="report-chart" aria-label={t("report.chart")}>
        {[...perWorker.entries()].map(([worker, total]) => (
          <div key={worker} className="report-bar-row">
            <span className="report-bar-label">{worker}</span>
            <span className="report-bar" style={{ width: `${Math.round((total / most) * 100)}%` }} />
            <span className="report-bar-value">{hours(total)}</span>
          </div>
        ))}
      </figure>
      <table className="data-table" id="report-hours">
        <thead>
          <tr>
            <th>{t("report.periodStart")}</th>
            <th>{t("worklog.user")}</th>
            <th>{t("worklog.workType")}</th>
            <th className="align-end">{t("worklog.duration")}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={`${row.period}-${row.userId}-${row.workTypeId}`}>
              <td>{formatCzechDate(row.period)}</td>
              <td>{row.worker}</td>
              <td>{row.workType}</td>
              <td className="align-end">{hours(row.hours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t("report.perOrder")}</h2>
      <table className="data-table" id="report-orders">
        <thead>
          <tr>
            <th>{t("worklog.order")}</th>
            <th className="align-end">{t("worklog.duration")}</th>
            <th className="align-end">{t("report.orderPrice")}</th>
            <th className="align-end">{t("report.pricePerHour")}</th>
          </tr>
        </thead>
        <tbody>
          {props.orders.map((row) => (
            <tr key={row.orderId}>
              <td>
                <a href={`/orders/fenceOrder/${row.orderId}`}>{row.orderId}</a> {row.customer ?? ""}
              </td>
              <td className="align-end">{hours(row.hours)}</td>
              <td className="align-end nowrap">{row.priceWithoutVat === null ? "" : formatMoney(row.priceWithoutVat, lang)}</td>
              <td className="align-end nowrap">{row.pricePerHour === null ? "" : formatMoney(row.pricePerHour, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AppLayout>
  );
}
