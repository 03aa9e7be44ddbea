import type { ReactNode } from "react";
import { formatDecimal } from "@/lib/money";
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

const rowStyle = { display: "flex", flexWrap: "wrap", gap: ".75rem", alignItems: "flex-end", marginBottom: "1rem" } as const;

/**
 * The work log filters: worker, work type and the start's date range. A plain GET form (works
 * without JavaScript); with htmx a chosen option or Enter swaps the filters, total and table, keeping the table's sort and size.
 */
export function WorkLogFilters({ path, state }: { path: string; state: WorkLogFilterState }) {
  const { t } = useView();
  const select = (name: string, label: string, any: string, options: FieldOption[]) => (
    <div className="field field-select">
      <label htmlFor={`worklog-filter-${name}`}>{label}</label>
      <select id={`worklog-filter-${name}`} name={name} defaultValue={state.values[name] ?? ""}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  const date = (name: string, label: string) => {
    const id = `worklog-filter-${name}`;
    const error = state.errors[name];
    return (
      <div className={`field field-date${error ? " field-invalid" : ""}`}>
        <label htmlFor={id}>{label}</label>
        <input id={id} name={name} type="text" inputMode="numeric" autoComplete="off" placeholder={t("form.datePlaceholder")} defaultValue={state.values[name] ?? ""} aria-describedby={`${id}-error`} size={10} />
        <small id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
          {error ?? ""}
        </small>
      </div>
    );
  };
  return (
    <form
      method="get"
      action={path}
      className="worklog-filters"
      style={rowStyle}
      hx-get={path}
      hx-trigger="submit, change from:select"
      hx-sync={`closest #${WORK_LOG_RESULTS_ID}:replace`}
      hx-target={`#${WORK_LOG_RESULTS_ID}`}
      hx-swap="outerHTML"
      hx-push-url="true"
      hx-include={`#${WORK_LOG_TABLE_ID} input[name=sort], #${WORK_LOG_TABLE_ID} input[name=size]`}
    >
      {select("user", t("worklog.user"), t("worklog.anyUser"), state.users)}
      {select("workType", t("worklog.workType"), t("worklog.anyWorkType"), state.workTypes)}
      {date("from", t("worklog.from"))}
      {date("to", t("worklog.to"))}
      <div className="form-actions" style={{ margin: 0 }}>
        <button type="submit" className="button button-primary">
          {t("action.filter")}
        </button>
        <a className="button" href={path}>
          {t("action.clearFilters")}
        </a>
      </div>
    </form>
  );
}

/**
 * The filters, the total of the filtered set and its table: the part htmx swaps when a filter
 * changes (inputs keep their ids, so htmx keeps the focus where it was).
 */
export function WorkLogResults({ filters, totalHours, openCount, children }: { filters: ReactNode; totalHours: number; openCount: number; children: ReactNode }) {
  const { t } = useView();
  return (
    // The shared table's form also listens to every select and input of the page (`from:select`,
    // `from:input`), so a filter change would also send the table's stale filters: while this
    // part has a request in flight, any other request from inside it is dropped.
    <div id={WORK_LOG_RESULTS_ID} hx-sync="this:drop">
      {filters}
      <p className="worklog-total" role="status">
        <strong>{t("worklog.total", { hours: formatDecimal(totalHours) })}</strong>
        {openCount > 0 ? <span> · {t("worklog.openNotCounted", { count: openCount })}</span> : null}
      </p>
      {children}
    </div>
  );
}

/** A row's duration: `2,5 h`, or "probíhá" while the worker is still on it. */
export function Duration({ hours }: { hours: number | null }) {
  const { t } = useView();
  return hours === null ? <em>{t("worklog.running")}</em> : <>{t("worklog.hours", { hours: formatDecimal(hours) })}</>;
}
