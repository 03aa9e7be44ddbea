import type { ReactNode } from "react";
import { formatCzechDate } from "@/lib/dates";
import type { T } from "@/lib/i18n";
import { Icon } from "./icons";
import { useView } from "../view-context";

export type FieldKind = "text" | "email" | "url" | "password" | "decimal" | "integer" | "checkbox" | "date" | "select" | "textarea" | "custom";

export interface FieldOption {
  value: string;
  label: string;
}

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Shown, never posted, never changed (ids). */
  readOnly?: boolean;
  disabled?: boolean;
  options?: FieldOption[];
  /** Adds an empty first option, e.g. `--`. */
  emptyOption?: string;
  hint?: string;
  unit?: string;
  autoFocus?: boolean;
  maxLength?: number;
  autoComplete?: string;
  /** Posts several values under one name (a tree picker's ids); the input gets an array. */
  multiple?: boolean;
  /** The control of a `custom` field (e.g. the category tree picker island). */
  render?: (args: { value: unknown; error?: string }) => ReactNode;
}

export type FormValues = Record<string, unknown>;

/** How a stored value reads in an input: decimal comma, dd.mm.yyyy dates, ids of references. */
export function displayValue(field: FormField, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object" && value !== null && "id" in value) return String((value as { id: unknown }).id);
  if (field.kind === "decimal" && typeof value === "number") return String(value).replace(".", ",");
  if (field.kind === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) return formatCzechDate(value);
  return String(value);
}

/** Turns a posted form into the raw input the module's zod schema validates (the same one the API uses). */
export function formToInput(fields: FormField[], body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.readOnly || field.disabled) continue;
    const posted = body[field.name];
    if (field.multiple) {
      input[field.name] = (Array.isArray(posted) ? posted : posted === undefined || posted === "" ? [] : [posted]).map(String);
      continue;
    }
    const raw = Array.isArray(posted) ? posted[posted.length - 1] : posted;
    // An unticked box sends nothing, which a form means as "no"; what a box sends is read (and refused if garbage) by the schema.
    if (field.kind === "checkbox") input[field.name] = raw === undefined || raw === "" ? false : raw;
    else input[field.name] = typeof raw === "string" ? raw : raw === undefined ? undefined : String(raw);
  }
  return input;
}

/**
 * The shared date input's attributes: typed as dd.mm.yyyy (a placeholder says so), checked in the
 * browser by its pattern (public/app.js); for a date input outside a FieldRow (a table's cell).
 */
export const dateInputAttributes = (t: T) =>
  ({ type: "text", inputMode: "numeric", autoComplete: "off", placeholder: t("form.datePlaceholder"), pattern: "\\s*\\d{1,2}\\.\\s*\\d{1,2}\\.\\s*\\d{4}\\s*", "data-kind": "date" }) as const;

function Control({ field, value, error }: { field: FormField; value: unknown; error?: string }) {
  const { t } = useView();
  if (field.kind === "custom") return <>{field.render?.({ value, error })}</>;
  const id = `field-${field.name}`;
  const common = {
    id,
    name: field.readOnly ? undefined : field.name,
    required: field.required,
    disabled: field.disabled,
    readOnly: field.readOnly,
    autoFocus: field.autoFocus,
    "aria-describedby": `${id}-error${field.hint ? ` ${id}-hint` : ""}`,
  };
  const text = displayValue(field, value);
  switch (field.kind) {
    case "checkbox":
      return <input {...common} type="checkbox" defaultChecked={value === true || value === "on" || value === "true"} disabled={field.disabled || field.readOnly} />;
    case "select":
      return (
        <select {...common} defaultValue={text} disabled={field.disabled || field.readOnly}>
          {field.emptyOption !== undefined ? <option value="">{field.emptyOption}</option> : null}
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "textarea":
      return <textarea {...common} defaultValue={text} maxLength={field.maxLength} rows={4} />;
    case "decimal":
      return <input {...common} type="text" inputMode="decimal" autoComplete="off" pattern="\s*-?[0-9\s]*([.,][0-9]+)?\s*" defaultValue={text} data-kind="decimal" />;
    case "integer":
      return <input {...common} type="text" inputMode="numeric" autoComplete="off" pattern="\s*-?[0-9]+\s*" defaultValue={text} />;
    case "date":
      return <input {...common} {...dateInputAttributes(t)} defaultValue={text} />;
    default:
      return <input {...common} type={field.kind} defaultValue={field.kind === "password" ? undefined : text} maxLength={field.maxLength} autoComplete={field.autoComplete ?? (field.kind === "password" ? "current-password" : undefined)} />;
  }
}

export function FieldRow({ field, value, error }: { field: FormField; value: unknown; error?: string }) {
  const { t } = useView();
  const id = `field-${field.name}`;
  return (
    <div className={`field field-${field.kind}${error ? " field-invalid" : ""}${field.required ? " field-required" : ""}`}>
      <label htmlFor={field.kind === "custom" ? undefined : id}>
        {field.label}
        {field.required ? (
          <span className="required-mark" title={t("form.requiredMark")} aria-hidden="true">
            *
          </span>
        ) : null}
        {field.unit ? <span className="field-unit"> ({field.unit})</span> : null}
      </label>
      <Control field={field} value={value} error={error} />
      {field.hint ? (
        <small id={`${id}-hint`} className="field-hint">
          {field.hint}
        </small>
      ) : null}
      <small id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ?? ""}
      </small>
    </div>
  );
}

/** Attributes that let public/app.js check a form in the browser with our translated messages. */
export function browserValidation(t: T) {
  return {
    "data-validate": "true",
    "data-msg-required": t("validation.required"),
    "data-msg-invalid": t("validation.invalid"),
    "data-msg-email": t("validation.email"),
    "data-msg-url": t("validation.url"),
    "data-msg-date": t("validation.date"),
    "data-msg-number": t("validation.number"),
  };
}

/**
 * The one entity form: labels, required marks, field errors, read-only fields, the
 * FORM_NOT_VALID warning and, in edit mode, a Delete action behind the confirm dialog.
 */
/** A refused form's warning above it: "the form is not valid" and the messages no field shows; nothing when it was not refused. */
export function FormAlert(props: { errors?: Record<string, string>; formErrors?: string[] }) {
  const { t } = useView();
  const invalid = Object.keys(props.errors ?? {}).length > 0 || (props.formErrors?.length ?? 0) > 0;
  if (!invalid) return null;
  return (
    <div className="alert alert-warning" role="alert">
      <Icon name="alert" /> <strong>{t("FORM_NOT_VALID")}</strong>
      {props.formErrors?.length ? (
        <ul>
          {props.formErrors.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function EntityForm(props: {
  action: string;
  fields: FormField[];
  values: FormValues;
  errors?: Record<string, string>;
  formErrors?: string[];
  deleteAction?: string;
  submitLabel?: string;
  cancelHref?: string;
  /** Extra attributes of the <form>, e.g. htmx's `hx-post`/`hx-target` for a form inside a tab. */
  formProps?: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useView();
  const errors = props.errors ?? {};
  return (
    <div className="entity-form-wrap">
      <FormAlert errors={errors} formErrors={props.formErrors} />
      <form
        method="post"
        action={props.action}
        className="entity-form"
        noValidate
        {...browserValidation(t)}
        {...props.formProps}
      >
        {props.fields.map((field) => (
          <FieldRow key={field.name} field={field} value={props.values[field.name]} error={errors[field.name]} />
        ))}
        {props.children}
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {props.submitLabel ?? t("action.save")}
          </button>
          {props.cancelHref ? (
            <a className="button" href={props.cancelHref}>
              {t("action.back")}
            </a>
          ) : null}
        </div>
      </form>
      {props.deleteAction ? (
        <form method="post" action={props.deleteAction} className="delete-form" data-confirm={t("confirm.delete")}>
          <button type="submit" className="link-button danger-link">
            {t("action.delete")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
