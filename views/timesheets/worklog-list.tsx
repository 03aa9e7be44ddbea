import type { ReactNode } from "react";
import { formatDecimal } from "@/lib/money";
import { FilterBar, FilterDate, FilterSelect, FilterText } from "../components/filter-bar";
import type { FieldOption } from "../components/form";
import { useView } from "../view-context";

export const WORK_LOG_RESULTS_ID = "worklog-results";
export const WORK_LOG_TABLE_ID = "list-worklog";

export interface WorkLogFilterState {
  values: Record<string, string>;
  errors: Record<string, string>;
  users: FieldOption[];
  workTypes: FieldOption[];
}

/**
 * The work log filters: worker, work type and the start's date range. A plain GET form (works
 * without JavaScript); with htmx a chosen option or Enter swaps the filters, total and table, keeping the table's sort and size.
 */
export function WorkLogFilters({ path, state }: { path: string; state: WorkLogFilterState }) {
  const { t, lang } = useView();
  const id = (name: string) => `worklog-filter-${name}`;
  return (
    <FilterBar
      path={path}
      className="worklog-filters"
      formAttributes={{
        "hx-get": path,
        "hx-trigger": "submit, change from:select",
        "hx-sync": `closest #${WORK_LOG_RESULTS_ID}:replace`,
        "hx-target": `#${WORK_LOG_RESULTS_ID}`,
        "hx-swap": "outerHTML",
        "hx-push-url": "true",
        "hx-include": `#${WORK_LOG_TABLE_ID} input[name=sort], #${WORK_LOG_TABLE_ID} input[name=size]`,
      }}
    >
      <FilterSelect id={id("user")} name="user" label={t("worklog.user")} any={t("worklog.anyUser")} value={state.values.user} options={state.users} />
      <FilterSelect id={id("workType")} name="workType" label={t("worklog.workType")} any={t("worklog.anyWorkType")} value={state.values.workType} options={state.workTypes} />
      <FilterDate id={id("from")} name="from" label={t("worklog.from")} value={state.values.from} error={state.errors.from} />
      <FilterDate id={id("to")} name="to" label={t("worklog.to")} value={state.values.to} error={state.errors.to} />
      <FilterText id={id("order")} name="order" label={t("worklog.order")} value={state.values.order} numeric size={8} error={state.errors.order} />
      <FilterSelect
        id={id("open")}
        name="open"
        label={t("worklog.openFilter")}
        any={t("worklog.anyOpen")}
        value={state.values.open}
        options={[
          { value: "yes", label: t("worklog.openOnly") },
          { value: "no", label: t("worklog.finishedOnly") },
        ]}
      />
    </FilterBar>
  );
}

/**
 * The filters, the total of the filtered set and its table: the part htmx swaps when a filter
 * changes (inputs keep their ids, so htmx keeps the focus where it was).
 */
export function WorkLogResults({ filters, totalHours, openCount, children }: { filters: ReactNode; totalHours: number; openCount: number; children: ReactNode }) {
  const { t, lang } = useView();
  return (
    // The shared table's form also listens to every select and input of the page (`from:select`,
    // `from:input`), so a filter change would also send the table's stale filters: while this
    // part has a request in flight, any other request from inside it is dropped.
    <div id={WORK_LOG_RESULTS_ID} hx-sync="this:drop">
      {filters}
      <p className="worklog-total" role="status">
        <strong>{t("worklog.total", { hours: formatDecimal(totalHours, lang) })}</strong>
        {openCount > 0 ? <span> · {t("worklog.openNotCounted", { count: openCount })}</span> : null}
      </p>
      {children}
    </div>
  );
}

/** A row's duration: `2,5 h`, or "probíhá" while the worker is still on it. */
export function Duration({ hours }: { hours: number | null }) {
  const { t, lang } = useView();
  return hours === null ? <em>{t("worklog.running")}</em> : <>{t("worklog.hours", { hours: formatDecimal(hours, lang) })}</>;
}
