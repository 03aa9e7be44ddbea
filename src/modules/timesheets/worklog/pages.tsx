import { Hono } from "hono";
import { AppLayout } from "@views/layouts/app-layout";
import { DataTable, type TableColumn, type TableState } from "@views/components/data-table";
import { DateTimeInput } from "@views/timesheets/datetime-input";
import { Duration, WORK_LOG_RESULTS_ID, WORK_LOG_TABLE_ID, WorkLogFilters, WorkLogResults } from "@views/timesheets/worklog-list";
import { listInputFromQuery } from "@/lib/crud/list-query";
import { crudPages } from "@/web/crud/pages";
import { formatCzechDateTime } from "@/lib/dates";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import type { T } from "@/lib/i18n";
import { renderFragment, renderPage } from "@/web/render";
import { htmxTarget, isHtmx } from "@/lib/http/htmx";
import { ScansToCheck, SCANS_TO_CHECK_PATH } from "@views/kiosk/scans-to-check";
import { AppError } from "@/lib/errors";
import { readBoolean } from "@/lib/zod-fields";
import { translateMessage } from "@/lib/i18n";
import { flash } from "@/web/render";
import { applyScanByHand, dismissScanToCheck, scansToCheck } from "@/modules/kiosk/service";
import { allWorkTypes } from "../worktype/service";
import { WORK_LOG_FILTER_KEYS, type WorkLog } from "./schemas";
import { filterDate, workers, workLogService, workLogTotals } from "./service";

const PATH = "/timesheets/worklog";

const columns = (t: T): TableColumn<WorkLog>[] => [
  { key: "id", label: t("worklog.id"), sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.id}</a> },
  { key: "user", label: t("worklog.user"), render: (row) => <a href={`${PATH}/${row.id}`}>{row.user.name}</a> },
  { key: "workType", label: t("worklog.workType"), render: (row) => row.workType.name },
  { key: "workplace", label: t("worklog.workplace"), render: (row) => row.workplace.name },
  { key: "start", label: t("worklog.start"), sortable: true, render: (row) => formatCzechDateTime(row.start) },
  {
    key: "end",
    label: t("worklog.end"),
    sortable: true,
    render: (row) => (
      <>
        {formatCzechDateTime(row.end)}
        {row.autoClosed ? <span className="worklog-auto-closed">{t("worklog.autoClosed")}</span> : null}
      </>
    ),
  },
  { key: "duration", label: t("worklog.duration"), align: "end", render: (row) => <Duration hours={row.hours} /> },
  { key: "order", label: t("worklog.order"), render: (row) => (row.orderId ? <a href={`/orders/fenceOrder/${row.orderId}`}>{row.orderId}</a> : "") },
];

const workTypeLabel = (workType: { name: string; workplace: { name: string } }) => `${workType.name} (${workType.workplace.name})`;

/**
 * The work log list (docs/domain.md#work-logs: no add button): filters above, the total of the whole filtered
 * set, then the shared table. htmx swaps the total with the table on a filter, the table alone on
 * sort and paging.
 */
async function listPage(c: AppContext) {
  const t = c.get("t");
  const ctx = c.get("ctx");
  const input = listInputFromQuery(c.req.query(), WORK_LOG_FILTER_KEYS);
  const values = { ...input.filters };
  const errors: Record<string, string> = {};
  for (const name of ["from", "to"]) {
    const value = input.filters[name];
    if (value === undefined) continue;
    try {
      filterDate(name as "from" | "to", value);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fields[name]) throw error;
      errors[name] = translateMessage(t, error.fields[name]);
      delete input.filters[name];
    }
  }
  if (input.filters.order !== undefined && !/^\d{1,10}$/.test(input.filters.order.trim())) {
    errors.order = t("validation.invalid");
    delete input.filters.order;
  }
  if (input.filters.open !== undefined && readBoolean(input.filters.open) === undefined) delete input.filters.open;
  const [{ rows, meta }, totals] = await Promise.all([workLogService.list({ ctx, input }), workLogTotals({ ctx, input })]);
  const state: TableState = { page: input.page, size: input.size, sort: meta.sort, filters: input.filters };
  const table = (
    <DataTable id={WORK_LOG_TABLE_ID} basePath={PATH} columns={columns(t)} rows={rows} meta={meta} state={state} rowKey={(row) => row.id} hiddenFilters={["user", "workType", "from", "to", "order", "open"]} />
  );
  if (isHtmx(c) && htmxTarget(c) === WORK_LOG_TABLE_ID) return renderFragment(c, table);
  const [people, workTypes] = await Promise.all([workers({ ctx }), allWorkTypes({ ctx })]);
  const filters = (
    <WorkLogFilters
      path={PATH}
      state={{
        values,
        errors,
        users: people.map((person) => ({ value: String(person.id), label: person.name })),
        workTypes: workTypes.map((workType) => ({ value: String(workType.id), label: workTypeLabel(workType) })),
      }}
    />
  );
  const results = (
    <WorkLogResults filters={filters} totalHours={totals.totalHours} openCount={totals.openCount}>
      {table}
    </WorkLogResults>
  );
  if (isHtmx(c) && htmxTarget(c) === WORK_LOG_RESULTS_ID) return renderFragment(c, results);
  const toCheck = await scansToCheck({ ctx });
  const page = (
    <AppLayout title={t("worklog.title")}>
      <ScansToCheck scans={toCheck} />
      {results}
    </AppLayout>
  );
  return renderPage(c, page);
}

/** docs/domain.md#work-logs: work logs; the list has no add button, `new` serves office corrections. */
export const workLogPages = new Hono<AppEnv>();

workLogPages.get(PATH, listPage);

/** Runs a scan-to-check action, then back to the list with its toast; a refused one says why. */
async function scanAction(c: AppContext, work: () => Promise<string>) {
  const t = c.get("t");
  try {
    flash(c, "success", t(await work()));
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    for (const message of error.messages) flash(c, "fail", translateMessage(t, message));
  }
  return c.redirect(PATH, 303);
}

/** Applies a rejected kiosk scan by hand (docs/domain.md#kiosk-offline-queue); a scan that still does not fit says why. */
workLogPages.post(`${SCANS_TO_CHECK_PATH}/:id{[0-9]+}/apply`, (c) =>
  scanAction(c, async () => {
    await applyScanByHand({ ctx: c.get("ctx"), input: { id: Number(c.req.param("id")) } });
    return "kiosk.check.applied";
  }),
);

/** Sets a rejected scan aside without applying it. */
workLogPages.post(`${SCANS_TO_CHECK_PATH}/:id{[0-9]+}/dismiss`, (c) =>
  scanAction(c, async () => {
    await dismissScanToCheck({ ctx: c.get("ctx"), input: { id: Number(c.req.param("id")) } });
    return "kiosk.check.dismissed";
  }),
);

workLogPages.route(
  "/",
  crudPages({
    path: PATH,
    i18n: "worklog",
    service: workLogService,
    columns,
    fields: async ({ t, ctx, entity }) => {
      const [people, workTypes] = await Promise.all([entity ? workers({ ctx, input: { id: entity.user.id } }) : workers({ ctx, input: { activeOnly: true } }), allWorkTypes({ ctx })]);
      const placeholder = t("worklog.dateTimePlaceholder");
      return [
        ...(entity ? [{ name: "id", label: t("worklog.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
        {
          name: "user",
          label: t("worklog.user"),
          kind: "select",
          required: !entity,
          readOnly: Boolean(entity),
          emptyOption: entity ? undefined : "--",
          options: people.map((person) => ({ value: String(person.id), label: person.name })),
        },
        {
          name: "workType",
          label: t("worklog.workType"),
          kind: "select",
          required: true,
          emptyOption: "--",
          options: workTypes.map((workType) => ({ value: String(workType.id), label: workTypeLabel(workType) })),
        },
        { name: "start", label: t("worklog.start"), kind: "custom", required: true, render: ({ value }) => <DateTimeInput field={{ name: "start", label: t("worklog.start"), kind: "custom", required: true }} value={value} placeholder={placeholder} /> },
        { name: "end", label: t("worklog.end"), kind: "custom", required: true, render: ({ value }) => <DateTimeInput field={{ name: "end", label: t("worklog.end"), kind: "custom", required: true }} value={value} placeholder={placeholder} /> },
        ...(entity
          ? [{ name: "source", label: t("worklog.source"), kind: "select" as const, readOnly: true, options: [{ value: entity.source, label: t(`worklog.source${entity.source}`) }] }]
          : []),
      ];
    },
  }),
);
