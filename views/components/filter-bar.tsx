/**
 * The filter bar above a list that filters by more than its own columns (the work logs, the
 * transfer log): a plain GET form, so the URL holds the filters and the pager keeps them. The
 * page gives the form's own attributes (htmx or not); the controls and the actions are shared.
 */
import type { ReactNode } from "react";
import { formatCzechDate } from "@/lib/dates";
import type { FieldOption } from "./form";
import { useView } from "../view-context";

export function FilterBar(props: { path: string; className: string; formAttributes?: Record<string, string>; children: ReactNode }) {
  const { t } = useView();
  return (
    <form method="get" action={props.path} className={`filter-bar ${props.className}`} {...props.formAttributes}>
      {props.children}
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {t("action.filter")}
        </button>
        <a className="button" href={props.path}>
          {t("action.clearFilters")}
        </a>
      </div>
    </form>
  );
}

/** Why a filter was not applied, under its control (an empty line keeps the bar's fields aligned). */
function FilterError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <small id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
      {error ?? ""}
    </small>
  );
}

const fieldClass = (kind: string, error: string | undefined) => `field ${kind}${error ? " field-invalid" : ""}`;

/** A choice with an "any" first option that leaves the filter off. */
export function FilterSelect(props: { id: string; name: string; label: string; any: string; value: string | undefined; options: FieldOption[]; error?: string }) {
  return (
    <div className={fieldClass("field-select", props.error)}>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ""} aria-describedby={`${props.id}-error`}>
        <option value="">{props.any}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FilterError id={props.id} error={props.error} />
    </div>
  );
}

/** A date as the input shows it: an ISO date (a default, a value from the URL) as dd.mm.yyyy, anything typed as it was typed. */
const shownDate = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCzechDate(value) : (value ?? ""));

/**
 * A typed date (dd.mm.yyyy), with the message of a date that could not be read; `placeholder`
 * replaces the format's. A value that came as ISO (a default, the URL) is shown as dd.mm.yyyy too.
 */
export function FilterDate(props: { id: string; name: string; label: string; value: string | undefined; error?: string; placeholder?: string; required?: boolean }) {
  const { t } = useView();
  const { id, error } = props;
  return (
    <div className={fieldClass("field-date", error)}>
      <label htmlFor={id}>{props.label}</label>
      <input id={id} name={props.name} type="text" inputMode="numeric" autoComplete="off" placeholder={props.placeholder ?? t("form.datePlaceholder")} required={props.required} defaultValue={shownDate(props.value)} aria-describedby={`${id}-error`} size={10} />
      <FilterError id={id} error={error} />
    </div>
  );
}

/** A yes-or-no filter: checked sends `name=true`, unchecked leaves the filter off. */
export function FilterCheckbox(props: { id: string; name: string; label: string; text: string; checked: boolean }) {
  return (
    <div className="field field-filter-check">
      <span className="field-label">{props.label}</span>
      <label htmlFor={props.id}>
        <input id={props.id} name={props.name} type="checkbox" value="true" defaultChecked={props.checked} /> {props.text}
      </label>
    </div>
  );
}

/** A short typed value (an id). */
export function FilterText(props: { id: string; name: string; label: string; value: string | undefined; numeric?: boolean; size?: number; error?: string }) {
  return (
    <div className={fieldClass("field-text", props.error)}>
      <label htmlFor={props.id}>{props.label}</label>
      <input id={props.id} name={props.name} type="text" inputMode={props.numeric ? "numeric" : undefined} autoComplete="off" defaultValue={props.value ?? ""} size={props.size} aria-describedby={`${props.id}-error`} />
      <FilterError id={props.id} error={props.error} />
    </div>
  );
}
