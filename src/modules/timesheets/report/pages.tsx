import { Hono } from "hono";
import { HoursReportPage, REPORT_PATH } from "@views/timesheets/hours-report";
import { addDays, todayInPrague } from "@/lib/dates";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { translateMessage } from "@/lib/i18n";
import { tablesToXlsx, XLSX_DATE, XLSX_MIME, XLSX_MONEY, XLSX_NUMBER, xlsxDate } from "@/lib/xlsx/sheet";
import { renderPage } from "@/web/render";
import { hoursReport } from "./service";

/** The report's query with its defaults: this month so far, by day. */
function reportQuery(c: AppContext): Record<string, string> {
  const today = todayInPrague();
  return { from: c.req.query("from") || `${today.slice(0, 8)}01`, to: c.req.query("to") || today, period: c.req.query("period") || "day" };
}

/** docs/domain.md#timesheet-reports: hours per period, worker and work type; hours per order; the xlsx of both. */
export const reportPages = new Hono<AppEnv>();

reportPages.get(REPORT_PATH, async (c) => {
  const values = reportQuery(c);
  const t = c.get("t");
  try {
    const { rows, orders } = await hoursReport({ ctx: c.get("ctx"), input: values });
    const xlsxHref = `${REPORT_PATH}/xlsx?${new URLSearchParams(values).toString()}`;
    return renderPage(c, <HoursReportPage values={values} errors={{}} rows={rows} orders={orders} xlsxHref={xlsxHref} />);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    const errors = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, translateMessage(t, message)]));
    return renderPage(c, <HoursReportPage values={values} errors={errors} rows={[]} orders={[]} xlsxHref={REPORT_PATH} />, { status: 422 });
  }
});

reportPages.get(`${REPORT_PATH}/xlsx`, async (c) => {
  const t = c.get("t");
  const values = reportQuery(c);
  const { rows, orders } = await hoursReport({ ctx: c.get("ctx"), input: values });
  const bytes = await tablesToXlsx({
    title: t("report.title"),
    sheets: [
      {
        name: t("report.title"),
        columns: [
          { key: "period", header: t("report.periodStart"), width: 12, numFmt: XLSX_DATE },
          { key: "worker", header: t("worklog.user"), width: 24 },
          { key: "workType", header: t("worklog.workType"), width: 24 },
          { key: "hours", header: t("report.hoursColumn"), numFmt: XLSX_NUMBER },
        ],
        rows: rows.map((row) => ({ cells: { period: xlsxDate(row.period), worker: row.worker, workType: row.workType, hours: row.hours } })),
      },
      {
        name: t("report.perOrder"),
        columns: [
          { key: "order", header: t("worklog.order") },
          { key: "customer", header: t("report.customer"), width: 20 },
          { key: "hours", header: t("report.hoursColumn"), numFmt: XLSX_NUMBER },
          { key: "price", header: t("report.orderPrice"), width: 16, numFmt: XLSX_MONEY },
          { key: "perHour", header: t("report.pricePerHour"), width: 16, numFmt: XLSX_MONEY },
        ],
        rows: orders.map((row) => ({ cells: { order: row.orderId, customer: row.customer, hours: row.hours, price: row.priceWithoutVat, perHour: row.pricePerHour } })),
      },
    ],
  });
  return sendFile(c, { bytes, contentType: XLSX_MIME, fileName: `vykaz-hodin-${values.from}-${addDays(values.to!, 0)}.xlsx`, disposition: "attachment" });
});
